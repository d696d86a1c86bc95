import { Aggregator, Query } from 'mingo';
import { update as applyModifier } from 'mingo/updater';
import type { AnyBulkWriteOperation, Document, Filter, UpdateFilter, WithId } from 'mongodb';
import { sortDocuments } from './document-order';
import {
  DUPLICATE_KEY_ERROR_CODE,
  type BulkWriteResult,
  type DeleteResult,
  type FindOptionsSubset,
  type InsertManyResult,
  type InsertOneResult,
  type ReadCollection,
  type ReadCursor,
  type UpdateResult,
} from '../../ports/read-store.port';

export interface StoredIndex {
  readonly name: string;
  readonly keys: Record<string, 1 | -1>;
  readonly unique: boolean;
}

export interface DocumentChange {
  readonly key: string;
  /** The new document, or null when it is deleted. */
  readonly document: Document | null;
  /** The new document as JSON, when the collection has it at hand already. */
  readonly json?: string;
}

export interface CollectionPersistence {
  load(collection: string): { documents: Document[]; indexes: StoredIndex[] };
  write(collection: string, changes: readonly DocumentChange[]): void;
  saveIndex(collection: string, index: StoredIndex): void;
  /** Runs `work` at once (memory changes then); settles once its writes are in the file. */
  inTransaction<R>(work: () => R): Promise<R>;
}

/** An error shaped like the driver's server errors, so callers handle both adapters alike. */
export class ReadStoreError extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
    this.name = 'ReadStoreError';
  }
}

interface IndexState {
  readonly spec: StoredIndex;
  readonly fields: string[];
  /**
   * Documents (by key) by the value of the index's first field (each element for arrays): the query planner's
   * lookup.
   */
  readonly byFirstField: Map<string, Map<string, Document>>;
  /** For unique indexes: the owning document of each key tuple. */
  readonly owners: Map<string, string> | undefined;
}

type Primitive = string | number | boolean | null;

const ID_INDEX = '_id_';

interface CachedAnswer {
  readonly matched: Document[];
  /** `matched` in the order of each sort asked (by the sort's JSON). */
  readonly sorted: Map<string, Document[]>;
}

const CACHED_ANSWERS = 16;
/** Smaller answers are cheaper to compute again than to keep. */
const CACHED_ANSWER_MIN_DOCUMENTS = 1_000;

/** Maps an `_id` to the key of the documents map: strings as they are, anything else as tagged JSON. */
export function documentKey(id: unknown): string {
  return typeof id === 'string' && !id.startsWith('#') ? id : `#${JSON.stringify(id)}`;
}

function getPath(document: Document, path: string): unknown {
  let current: unknown = document;
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

function setPath(document: Document, path: string, value: unknown): void {
  const parts = path.split('.');
  let current: Record<string, unknown> = document;
  for (const part of parts.slice(0, -1)) {
    if (typeof current[part] !== 'object' || current[part] === null) current[part] = {};
    current = current[part] as Record<string, unknown>;
  }
  current[parts[parts.length - 1]!] = value;
}

function isPrimitive(value: unknown): value is Primitive {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}

function isOperatorObject(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.keys(value).length > 0 &&
    Object.keys(value).every((key) => key.startsWith('$'))
  );
}

function valueKey(value: unknown): string {
  return JSON.stringify(value === undefined ? null : value);
}

export class EmbeddedCollection<T extends Document> implements ReadCollection<T> {
  private documents: Map<string, Document> | undefined;
  /** Recent answers to filters of plain equalities, newest last; any write clears them. */
  private readonly answers = new Map<string, CachedAnswer>();
  private indexes: IndexState[] = [];

  constructor(
    readonly collectionName: string,
    private readonly persistence: CollectionPersistence,
    private readonly newId: () => string,
  ) {}

  exists(): boolean {
    return (this.documents?.size ?? 0) > 0 || this.indexes.length > 0;
  }

  private loaded(): Map<string, Document> {
    if (!this.documents) {
      const { documents, indexes } = this.persistence.load(this.collectionName);
      this.documents = new Map(documents.map((document) => [documentKey(document._id), document]));
      this.indexes = indexes.map((spec) => this.buildIndex(spec));
    }
    return this.documents;
  }

  // ---- reads ----

  find(filter: Filter<T> = {}, options: FindOptionsSubset = {}): ReadCursor<WithId<T>> {
    return new EmbeddedCursor((cursorOptions) => this.runFind(filter as Document, cursorOptions), {
      sort: options.sort as Record<string, 1 | -1> | undefined,
      skip: options.skip,
      limit: options.limit,
      projection: options.projection,
    }) as unknown as ReadCursor<WithId<T>>;
  }

  async findOne(filter: Filter<T> = {}, options: FindOptionsSubset = {}): Promise<WithId<T> | null> {
    const [first] = this.runFind(filter as Document, {
      sort: options.sort as Record<string, 1 | -1> | undefined,
      skip: options.skip,
      limit: 1,
      projection: options.projection,
    });
    return (first as WithId<T> | undefined) ?? null;
  }

  async countDocuments(
    filter: Filter<T> = {},
    options: { skip?: number; limit?: number } = {},
  ): Promise<number> {
    const matched = this.answerFor(filter as Document).matched.length;
    const afterSkip = Math.max(0, matched - (options.skip ?? 0));
    return options.limit ? Math.min(afterSkip, options.limit) : afterSkip;
  }

  aggregate<R extends Document = Document>(pipeline: Document[]): { toArray(): Promise<R[]> } {
    return {
      toArray: async () => {
        const first = pipeline[0];
        const source =
          first && '$match' in first ? this.candidates(first.$match as Document).documents : this.all();
        const output = new Aggregator(pipeline).run(source) as R[];
        return structuredClone(output);
      },
    };
  }

  /** As MongoDB runs a find: filter, sort, skip, limit, then the projection of what is left. */
  private runFind(filter: Document, options: CursorOptions): Document[] {
    const answer = this.answerFor(filter);
    let documents = answer.matched;
    const skip = options.skip ?? 0;
    if (options.sort && Object.keys(options.sort).length > 0) {
      const sortKey = JSON.stringify(options.sort);
      const sorted = answer.sorted.get(sortKey) ?? sortDocuments(documents, options.sort);
      answer.sorted.set(sortKey, sorted);
      documents = sorted;
    }
    if (skip > 0 || options.limit)
      documents = documents.slice(skip, options.limit ? skip + options.limit : undefined);
    if (options.projection)
      documents = new Query({})
        .find(documents, options.projection as Record<string, unknown>)
        .all() as Document[];
    return structuredClone(documents);
  }

  private all(): Document[] {
    return [...this.loaded().values()];
  }

  /**
   * The documents a filter matches, and their orders by sort. The answer to a filter of plain equalities that
   * matches many documents is kept until the next write: paging through an account's journal filters and sorts
   * a year's rows once, not for every page and its count.
   */
  private answerFor(filter: Document): CachedAnswer {
    const key = plainEqualities(filter) ? JSON.stringify(filter) : undefined;
    const cached = key === undefined ? undefined : this.answers.get(key);
    if (key !== undefined && cached) {
      this.answers.delete(key);
      this.answers.set(key, cached);
      return cached;
    }
    const answer: CachedAnswer = { matched: this.matching(filter), sorted: new Map() };
    if (key !== undefined && answer.matched.length >= CACHED_ANSWER_MIN_DOCUMENTS) {
      this.answers.set(key, answer);
      if (this.answers.size > CACHED_ANSWERS) this.answers.delete(this.answers.keys().next().value!);
    }
    return answer;
  }

  private matching(filter: Document): Document[] {
    const { documents: candidates, exactField } = this.candidates(filter);
    // The lookup found exactly the documents meeting its own condition (an `_id` or an index's first field equal
    // to a value or `$in` values), so only the rest of the filter is tested: testing each against a long `$in`
    // list would cost ids × candidates.
    const rest = Object.keys(filter).filter((field) => field !== exactField);
    if (rest.length === 0) return candidates;
    const remaining = Object.fromEntries(rest.map((field) => [field, filter[field]]));
    const equalities = plainEqualities(remaining);
    if (equalities) {
      return candidates.filter((document) =>
        equalities.every(([field, value]) => {
          const actual = (document as Record<string, unknown>)[field];
          return actual === value || (Array.isArray(actual) && actual.includes(value));
        }),
      );
    }
    const query = new Query(remaining);
    return candidates.filter((document) => query.test(document));
  }

  /**
   * Narrows the documents a filter can match with `_id` or an index's first field; falls back to all. Names the
   * field whose condition the narrowing met exactly.
   */
  private candidates(filter: Document): { documents: Document[]; exactField?: string } {
    const documents = this.loaded();
    const idLookup = this.lookupValues(filter._id);
    if (idLookup) {
      const found: Document[] = [];
      for (const id of idLookup) {
        const document = documents.get(documentKey(id));
        if (document) found.push(document);
      }
      return { documents: found, exactField: '_id' };
    }
    for (const index of this.indexes) {
      const field = index.fields[0]!;
      const values = this.lookupValues(filter[field]);
      if (!values) continue;
      if (values.length === 1) {
        const indexed = index.byFirstField.get(valueKey(values[0]));
        return { documents: indexed ? [...indexed.values()] : [], exactField: field };
      }
      const found = new Map<string, Document>();
      for (const value of values)
        index.byFirstField.get(valueKey(value))?.forEach((document, key) => found.set(key, document));
      return { documents: [...found.values()], exactField: field };
    }
    return { documents: [...documents.values()] };
  }

  /** The values an equality or `$in` condition can take, when they are all primitives. */
  private lookupValues(condition: unknown): Primitive[] | undefined {
    if (condition === undefined) return undefined;
    if (isPrimitive(condition)) return condition === null ? undefined : [condition];
    if (isOperatorObject(condition) && Object.keys(condition).length === 1) {
      if ('$eq' in condition && isPrimitive(condition.$eq) && condition.$eq !== null) return [condition.$eq];
      if (
        '$in' in condition &&
        Array.isArray(condition.$in) &&
        condition.$in.every((v) => isPrimitive(v) && v !== null)
      ) {
        return condition.$in as Primitive[];
      }
    }
    return undefined;
  }

  // ---- writes ----

  async insertOne(document: Document): Promise<InsertOneResult> {
    const stored = await this.persistence.inTransaction(() => this.insert(document));
    return { insertedId: stored._id };
  }

  async insertMany(
    documents: readonly Document[],
    options: { ordered?: boolean } = {},
  ): Promise<InsertManyResult> {
    const result = await this.bulkWrite(
      documents.map((document) => ({ insertOne: { document } })),
      options,
    );
    return { insertedCount: result.insertedCount };
  }

  async updateOne(
    filter: Filter<T>,
    update: UpdateFilter<T>,
    options: { upsert?: boolean } = {},
  ): Promise<UpdateResult> {
    return this.persistence.inTransaction(() =>
      this.update(filter as Document, update as Document, false, options.upsert),
    );
  }

  async updateMany(
    filter: Filter<T>,
    update: UpdateFilter<T>,
    options: { upsert?: boolean } = {},
  ): Promise<UpdateResult> {
    return this.persistence.inTransaction(() =>
      this.update(filter as Document, update as Document, true, options.upsert),
    );
  }

  async replaceOne(
    filter: Filter<T>,
    replacement: T,
    options: { upsert?: boolean } = {},
  ): Promise<UpdateResult> {
    return this.persistence.inTransaction(() =>
      this.replace(filter as Document, replacement, options.upsert),
    );
  }

  async deleteOne(filter: Filter<T>): Promise<DeleteResult> {
    return this.persistence.inTransaction(() => this.delete(filter as Document, false));
  }

  async deleteMany(filter: Filter<T> = {}): Promise<DeleteResult> {
    return this.persistence.inTransaction(() => this.delete(filter as Document, true));
  }

  async bulkWrite(
    operations: readonly AnyBulkWriteOperation<T>[] | readonly Document[],
    options: { ordered?: boolean } = {},
  ): Promise<BulkWriteResult> {
    const ordered = options.ordered ?? true;
    const totals = { insertedCount: 0, matchedCount: 0, modifiedCount: 0, deletedCount: 0, upsertedCount: 0 };
    let firstError: unknown;
    await this.persistence.inTransaction(() => {
      for (const operation of operations as Document[]) {
        try {
          this.applyBulkOperation(operation, totals);
        } catch (error) {
          firstError ??= error;
          if (ordered) break;
        }
      }
    });
    if (firstError) throw firstError;
    return totals;
  }

  private applyBulkOperation(operation: Document, totals: Record<keyof BulkWriteResult, number>): void {
    const addUpdate = (result: UpdateResult): void => {
      totals.matchedCount += result.matchedCount;
      totals.modifiedCount += result.modifiedCount;
      totals.upsertedCount += result.upsertedCount;
    };
    if (operation.insertOne) {
      this.insert(operation.insertOne.document as Document);
      totals.insertedCount += 1;
    } else if (operation.updateOne) {
      const { filter, update, upsert } = operation.updateOne as Document;
      addUpdate(this.update(filter, update, false, upsert));
    } else if (operation.updateMany) {
      const { filter, update, upsert } = operation.updateMany as Document;
      addUpdate(this.update(filter, update, true, upsert));
    } else if (operation.replaceOne) {
      const { filter, replacement, upsert } = operation.replaceOne as Document;
      addUpdate(this.replace(filter, replacement, upsert));
    } else if (operation.deleteOne) {
      totals.deletedCount += this.delete(operation.deleteOne.filter as Document, false).deletedCount;
    } else if (operation.deleteMany) {
      totals.deletedCount += this.delete(operation.deleteMany.filter as Document, true).deletedCount;
    } else {
      throw new ReadStoreError(`Unsupported bulk operation ${Object.keys(operation).join(', ')}`, 2);
    }
  }

  /**
   * Stores a copy as its JSON reads back: what memory holds is exactly what the file holds (and what a restart
   * loads), and serialising once both copies the document and gives the row to write.
   */
  private insert(document: Document): Document {
    let json = JSON.stringify(document);
    const stored = JSON.parse(json) as Document;
    if (stored._id === undefined) {
      stored._id = this.newId();
      json = JSON.stringify(stored);
    }
    const key = documentKey(stored._id);
    if (this.loaded().has(key)) throw this.duplicateKey(ID_INDEX, { _id: stored._id });
    this.commit(key, undefined, stored, json);
    return stored;
  }

  private update(filter: Document, update: Document, many: boolean, upsert = false): UpdateResult {
    if (Array.isArray(update) || Object.keys(update).some((key) => !key.startsWith('$'))) {
      throw new ReadStoreError('Update document requires atomic operators', 9);
    }
    const matches = this.matching(filter);
    const targets = many ? matches : matches.slice(0, 1);
    if (targets.length === 0) {
      if (!upsert) return { matchedCount: 0, modifiedCount: 0, upsertedCount: 0, upsertedId: null };
      const created = this.applyUpdate(seedFromFilter(filter), update, true);
      if (created._id === undefined) created._id = this.newId();
      this.insert(created);
      return { matchedCount: 0, modifiedCount: 0, upsertedCount: 1, upsertedId: created._id };
    }
    let modifiedCount = 0;
    for (const target of targets) {
      const next = this.applyUpdate(target, update, false);
      if (JSON.stringify(next) === JSON.stringify(target)) continue;
      this.commit(documentKey(target._id), target, next);
      modifiedCount += 1;
    }
    return { matchedCount: targets.length, modifiedCount, upsertedCount: 0, upsertedId: null };
  }

  private applyUpdate(document: Document, update: Document, inserting: boolean): Document {
    const next = structuredClone(document);
    const { $setOnInsert, ...modifier } = update;
    if (inserting && $setOnInsert) modifier.$set = { ...(modifier.$set ?? {}), ...$setOnInsert };
    if (Object.keys(modifier).length > 0) applyModifier(next, modifier);
    if (!inserting && valueKey(next._id) !== valueKey(document._id)) {
      throw new ReadStoreError(
        "Performing an update on the path '_id' would modify the immutable field '_id'",
        66,
      );
    }
    return next;
  }

  private replace(filter: Document, replacement: Document, upsert = false): UpdateResult {
    if (Object.keys(replacement).some((key) => key.startsWith('$'))) {
      throw new ReadStoreError('Replacement document must not contain atomic operators', 2);
    }
    const [target] = this.matching(filter);
    if (!target) {
      if (!upsert) return { matchedCount: 0, modifiedCount: 0, upsertedCount: 0, upsertedId: null };
      // Inserting stores a copy of its own.
      const created = this.insert({ ...seedFromFilter(filter), ...replacement });
      return { matchedCount: 0, modifiedCount: 0, upsertedCount: 1, upsertedId: created._id };
    }
    if (replacement._id !== undefined && valueKey(replacement._id) !== valueKey(target._id)) {
      throw new ReadStoreError('The _id field cannot be changed by a replacement', 66);
    }
    // Serialised once: the text tells whether anything changed, is the row to write, and reads back as the copy
    // memory keeps (as an insert's).
    const json = JSON.stringify({ _id: target._id, ...replacement });
    const modified = json !== JSON.stringify(target);
    if (modified) this.commit(documentKey(target._id), target, JSON.parse(json) as Document, json);
    return { matchedCount: 1, modifiedCount: modified ? 1 : 0, upsertedCount: 0, upsertedId: null };
  }

  private delete(filter: Document, many: boolean): DeleteResult {
    const matches = this.matching(filter);
    const targets = many ? matches : matches.slice(0, 1);
    for (const target of targets) this.commit(documentKey(target._id), target, null);
    return { deletedCount: targets.length };
  }

  /** Checks unique indexes, persists, then updates memory and indexes: memory never holds what is not stored. */
  private commit(key: string, before: Document | undefined, after: Document | null, json?: string): void {
    this.answers.clear();
    if (after) {
      for (const index of this.indexes) {
        if (!index.owners) continue;
        const owner = index.owners.get(this.tupleKey(index, after));
        if (owner !== undefined && owner !== key) {
          throw this.duplicateKey(
            index.spec.name,
            Object.fromEntries(index.fields.map((f) => [f, getPath(after, f)])),
          );
        }
      }
    }
    this.persistence.write(this.collectionName, [{ key, document: after, json }]);
    if (before) this.unindex(key, before);
    if (after) {
      this.loaded().set(key, after);
      this.indexDocument(key, after);
    } else {
      this.loaded().delete(key);
    }
  }

  // ---- indexes ----

  async createIndex(
    keys: Record<string, 1 | -1>,
    options: { unique?: boolean; name?: string } = {},
  ): Promise<string> {
    const name =
      options.name ??
      Object.entries(keys)
        .map(([field, direction]) => `${field}_${direction}`)
        .join('_');
    const spec: StoredIndex = { name, keys, unique: options.unique ?? false };
    this.loaded();
    const existing = this.indexes.find((index) => index.spec.name === name);
    if (existing) {
      if (JSON.stringify(existing.spec) !== JSON.stringify(spec)) {
        throw new ReadStoreError(`An index named ${name} already exists with different options`, 86);
      }
      return name;
    }
    const index = this.buildIndex(spec);
    this.indexes.push(index);
    await this.persistence.inTransaction(() => this.persistence.saveIndex(this.collectionName, spec));
    return name;
  }

  private buildIndex(spec: StoredIndex): IndexState {
    const index: IndexState = {
      spec,
      fields: Object.keys(spec.keys),
      byFirstField: new Map(),
      owners: spec.unique ? new Map() : undefined,
    };
    for (const [key, document] of this.documents ?? []) {
      if (index.owners) {
        const tuple = this.tupleKey(index, document);
        if (index.owners.has(tuple)) {
          throw this.duplicateKey(
            spec.name,
            Object.fromEntries(index.fields.map((f) => [f, getPath(document, f)])),
          );
        }
      }
      this.addToIndex(index, key, document);
    }
    return index;
  }

  private tupleKey(index: IndexState, document: Document): string {
    return valueKey(index.fields.map((field) => getPath(document, field) ?? null));
  }

  private firstFieldKeys(index: IndexState, document: Document): string[] {
    const value = getPath(document, index.fields[0]!);
    return Array.isArray(value) ? value.map(valueKey) : [valueKey(value)];
  }

  private addToIndex(index: IndexState, key: string, document: Document): void {
    for (const first of this.firstFieldKeys(index, document)) {
      let documents = index.byFirstField.get(first);
      if (!documents) index.byFirstField.set(first, (documents = new Map()));
      documents.set(key, document);
    }
    index.owners?.set(this.tupleKey(index, document), key);
  }

  private indexDocument(key: string, document: Document): void {
    for (const index of this.indexes) this.addToIndex(index, key, document);
  }

  private unindex(key: string, document: Document): void {
    for (const index of this.indexes) {
      for (const first of this.firstFieldKeys(index, document)) {
        const documents = index.byFirstField.get(first);
        documents?.delete(key);
        if (documents?.size === 0) index.byFirstField.delete(first);
      }
      if (index.owners) {
        const tuple = this.tupleKey(index, document);
        if (index.owners.get(tuple) === key) index.owners.delete(tuple);
      }
    }
  }

  private duplicateKey(indexName: string, keyValue: Document): ReadStoreError {
    return new ReadStoreError(
      `E11000 duplicate key error collection: ${this.collectionName} index: ${indexName} dup key: ${JSON.stringify(keyValue)}`,
      DUPLICATE_KEY_ERROR_CODE,
    );
  }
}

/**
 * A filter of top-level fields each equal to a string, number or boolean (the common page filter: an account, a
 * type, a character), tested without mingo; undefined for anything else.
 */
function plainEqualities(filter: Document): [string, string | number | boolean][] | undefined {
  const equalities: [string, string | number | boolean][] = [];
  for (const [field, value] of Object.entries(filter)) {
    if (field.startsWith('$') || field.includes('.')) return undefined;
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean')
      return undefined;
    if (Number.isNaN(value)) return undefined;
    equalities.push([field, value]);
  }
  return equalities;
}

/** The fields an upsert's new document starts with: the filter's equality conditions. */
function seedFromFilter(filter: Document): Document {
  const seed: Document = {};
  for (const [path, condition] of Object.entries(filter)) {
    if (path.startsWith('$')) continue;
    if (isOperatorObject(condition)) {
      if ('$eq' in condition) setPath(seed, path, structuredClone(condition.$eq));
      continue;
    }
    setPath(seed, path, structuredClone(condition));
  }
  return seed;
}

interface CursorOptions {
  readonly sort?: Record<string, 1 | -1>;
  readonly skip?: number;
  readonly limit?: number;
  readonly projection?: Document;
}

class EmbeddedCursor<T> implements ReadCursor<T> {
  constructor(
    private readonly run: (options: CursorOptions) => T[],
    private readonly options: CursorOptions,
  ) {}

  sort(sort: Record<string, 1 | -1>): ReadCursor<T> {
    return new EmbeddedCursor(this.run, { ...this.options, sort });
  }

  skip(skip: number): ReadCursor<T> {
    return new EmbeddedCursor(this.run, { ...this.options, skip });
  }

  limit(limit: number): ReadCursor<T> {
    return new EmbeddedCursor(this.run, { ...this.options, limit });
  }

  async toArray(): Promise<T[]> {
    return this.run(this.options);
  }

  async *[Symbol.asyncIterator](): AsyncIterator<T> {
    yield* this.run(this.options);
  }
}
