import { join } from 'node:path';
import type { EventCatalogue } from '@tradewise/contracts';
import { DEFAULT_EVENT_STORE_FILE, type PlatformConfig } from '../config/platform-config';
import type { CheckpointStore } from '../ports/checkpoint-store.port';
import type { Clock } from '../ports/clock.port';
import type { EventStore } from '../ports/event-store.port';
import type { MessageBus } from '../ports/message-bus.port';
import type { ReadStore } from '../ports/read-store.port';
import { EmbeddedReadStore } from './embedded/embedded-read-store';
import { EventStoreDbEventStore } from './eventstoredb/eventstoredb-event-store';
import { InProcessBus } from './inprocess/in-process-bus';
import { KafkaBus } from './kafka/kafka-bus';
import { MongoDbReadStore } from './mongodb/mongodb-read-store';
import { ReadStoreCheckpointStore } from './shared/read-store-checkpoint-store';
import { acquireDataDirLock } from './sqlite/data-dir-lock';
import { SqliteEventStore } from './sqlite/sqlite-event-store';

export interface PlatformAdapters {
  readonly eventStore: EventStore;
  readonly readStore: ReadStore;
  readonly checkpointStore: CheckpointStore;
  readonly bus: MessageBus;
  readonly clock: Clock;
  close(): Promise<void>;
}

export const EMBEDDED_FILES = {
  /** Where EVENT_STORE_PATH does not put it elsewhere. */
  events: DEFAULT_EVENT_STORE_FILE,
  readStore: 'read-store.sqlite',
  bus: 'bus.sqlite',
} as const;

export function createEventStore(
  config: PlatformConfig,
  catalogue: EventCatalogue,
  clock: Clock,
): EventStore {
  return config.eventStore.kind === 'sqlite'
    ? new SqliteEventStore({ path: config.eventStore.path, catalogue, clock })
    : new EventStoreDbEventStore({ connectionString: config.eventStore.url, catalogue, clock });
}

export async function createReadStore(config: PlatformConfig): Promise<ReadStore> {
  return config.readStore.kind === 'embedded'
    ? new EmbeddedReadStore(join(config.dataDir, EMBEDDED_FILES.readStore))
    : MongoDbReadStore.connect(config.readStore.url, config.readStore.database);
}

export function createBus(config: PlatformConfig): MessageBus {
  return config.bus.kind === 'inprocess'
    ? new InProcessBus(join(config.dataDir, EMBEDDED_FILES.bus))
    : new KafkaBus({
        brokers: config.bus.brokers,
        clientId: config.bus.clientId,
        topicPrefix: config.bus.topicPrefix,
      });
}

/**
 * Whether this process keeps stores only it may use, so it claims its data directory: the embedded read store
 * holds its collections in this process's memory, and the in-process bus delivers only to this process. The
 * SQLite event store is not one of them: any number of processes on one machine may append to its file and read
 * it (ADR 0019).
 */
export function usesProcessLocalStores(config: PlatformConfig): boolean {
  return config.readStore.kind === 'embedded' || config.bus.kind === 'inprocess';
}

/** Opens every adapter the configuration names; if one fails, those already open are closed again. */
export async function createAdapters(
  config: PlatformConfig,
  catalogue: EventCatalogue,
  clock: Clock,
): Promise<PlatformAdapters> {
  const lock = usesProcessLocalStores(config)
    ? acquireDataDirLock(config.dataDir, config.roles.includes('api') ? config.port : null)
    : undefined;
  const opened: { close(): Promise<void> }[] = [];
  try {
    const eventStore = createEventStore(config, catalogue, clock);
    opened.push(eventStore);
    const readStore = await createReadStore(config);
    opened.push(readStore);
    const bus = createBus(config);
    opened.push(bus);
    return {
      eventStore,
      readStore,
      bus,
      clock,
      // Processes sharing a MongoDB-wire server move checkpoints behind claims (ADR 0002); the embedded store
      // belongs to one process.
      checkpointStore: new ReadStoreCheckpointStore(readStore, clock, {
        claims: config.readStore.kind === 'mongodb',
      }),
      close: async () => {
        await bus.close();
        await eventStore.close();
        await readStore.close();
        lock?.release();
      },
    };
  } catch (error) {
    await Promise.allSettled(opened.map((adapter) => adapter.close()));
    lock?.release();
    throw error;
  }
}
