import type {
  AggregateOptions,
  AnyBulkWriteOperation,
  BulkWriteOptions,
  CountDocumentsOptions,
  CreateIndexesOptions,
  Document,
  Filter,
  FindOptions,
  IndexSpecification,
  OptionalUnlessRequiredId,
  UpdateFilter,
  UpdateOptions,
  WithId,
} from 'mongodb';

export type { Document, Filter, UpdateFilter, AnyBulkWriteOperation, IndexSpecification };

/** DI token of the {@link ReadStore}. */
export const READ_STORE = Symbol('READ_STORE');

/** The error code MongoDB uses for a unique-index violation; every adapter raises errors carrying it. */
export const DUPLICATE_KEY_ERROR_CODE = 11000;

/**
 * Whether a write failed on a unique index. FerretDB v1 (our MongoDB-wire test server) reports a violation by an
 * update as an internal error carrying its storage's message instead of code 11000 (SQLite's "UNIQUE constraint
 * failed", PostgreSQL's SQLSTATE 23505, unique_violation); the write is refused all the same.
 */
export function isDuplicateKeyError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return (
    code === DUPLICATE_KEY_ERROR_CODE ||
    (typeof message === 'string' &&
      (message.includes('UNIQUE constraint failed') || message.includes('(SQLSTATE 23505)')))
  );
}

export interface ReadCursor<T> extends AsyncIterable<T> {
  sort(sort: Record<string, 1 | -1>): ReadCursor<T>;
  skip(count: number): ReadCursor<T>;
  limit(count: number): ReadCursor<T>;
  toArray(): Promise<T[]>;
}

export interface InsertOneResult {
  readonly insertedId: unknown;
}
export interface InsertManyResult {
  readonly insertedCount: number;
}
export interface UpdateResult {
  readonly matchedCount: number;
  readonly modifiedCount: number;
  readonly upsertedCount: number;
  readonly upsertedId: unknown;
}
export interface DeleteResult {
  readonly deletedCount: number;
}
export interface BulkWriteResult {
  readonly insertedCount: number;
  readonly matchedCount: number;
  readonly modifiedCount: number;
  readonly deletedCount: number;
  readonly upsertedCount: number;
}

export type FindOptionsSubset = Pick<FindOptions, 'sort' | 'skip' | 'limit' | 'projection'>;

/**
 * A MongoDB-style collection: the part of the official driver's `Collection` API the project uses, with the
 * driver's own filter and update types, so the MongoDB adapter is the driver itself and the embedded adapter
 * follows MongoDB semantics.
 */
export interface ReadCollection<T extends Document = Document> {
  readonly collectionName: string;
  find(filter?: Filter<T>, options?: FindOptionsSubset): ReadCursor<WithId<T>>;
  findOne(filter?: Filter<T>, options?: FindOptionsSubset): Promise<WithId<T> | null>;
  countDocuments(filter?: Filter<T>, options?: CountDocumentsOptions): Promise<number>;
  insertOne(document: OptionalUnlessRequiredId<T>): Promise<InsertOneResult>;
  insertMany(
    documents: readonly OptionalUnlessRequiredId<T>[],
    options?: BulkWriteOptions,
  ): Promise<InsertManyResult>;
  updateOne(filter: Filter<T>, update: UpdateFilter<T>, options?: UpdateOptions): Promise<UpdateResult>;
  updateMany(filter: Filter<T>, update: UpdateFilter<T>, options?: UpdateOptions): Promise<UpdateResult>;
  replaceOne(filter: Filter<T>, replacement: T, options?: { upsert?: boolean }): Promise<UpdateResult>;
  deleteOne(filter: Filter<T>): Promise<DeleteResult>;
  deleteMany(filter?: Filter<T>): Promise<DeleteResult>;
  bulkWrite(
    operations: readonly AnyBulkWriteOperation<T>[],
    options?: BulkWriteOptions,
  ): Promise<BulkWriteResult>;
  aggregate<R extends Document = Document>(
    pipeline: Document[],
    options?: AggregateOptions,
  ): { toArray(): Promise<R[]> };
  createIndex(
    keys: Record<string, 1 | -1>,
    options?: Pick<CreateIndexesOptions, 'unique' | 'name'>,
  ): Promise<string>;
}

/** A database of collections for read models and checkpoints. */
export interface ReadStore {
  collection<T extends Document = Document>(name: string): ReadCollection<T>;
  listCollectionNames(): Promise<string[]>;
  dropCollection(name: string): Promise<void>;
  close(): Promise<void>;
}
