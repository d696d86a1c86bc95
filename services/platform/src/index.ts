export * from './ports';
export * from './commands/decider-runner';
export * from './config/platform-config';
export * from './adapters/create-adapters';
export { DataFileError } from './adapters/sqlite/sqlite-database';
export * from './adapters/sqlite/data-dir-lock';
export { ensurePrivateDataDir, ensurePrivateDir, OWNER_ONLY_FILE } from './files/private-files';
export { SqliteEventStore } from './adapters/sqlite/sqlite-event-store';
export { EmbeddedReadStore } from './adapters/embedded/embedded-read-store';
export { InProcessBus } from './adapters/inprocess/in-process-bus';
export { KafkaBus } from './adapters/kafka/kafka-bus';
export { MongoDbReadStore } from './adapters/mongodb/mongodb-read-store';
export { EventStoreDbEventStore } from './adapters/eventstoredb/eventstoredb-event-store';
export {
  ReadStoreCheckpointStore,
  CHECKPOINTS_COLLECTION,
  CHECKPOINT_CLAIMS_COLLECTION,
} from './adapters/shared/read-store-checkpoint-store';
export { ManualClock } from './testkit/manual-clock';
export { AdvancingClock } from './testkit/advancing-clock';
export { CollectionReadModels } from './testkit/collection-read-models';
export * from './logging/logger';
export * from './nest/platform.module';
export * from './eve-sso';
export * from './ids/uuid-v5';
export * from './nest/account-session.guard';
export * from './nest/staff-roles';
export * from './esi';
export * from './nest/query-params';
export * from './nest/request-body';
export * from './threads/typescript-worker';
export * from './threads/thread-requests';
export * from './operations/operator-token';
export * from './scheduling/periodic-task';
export * from './audit';
export * from './files/csv';
