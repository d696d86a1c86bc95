import type Database from 'better-sqlite3';
import type { EventCatalogue } from '@tradewise/contracts';
import { streamCategory } from '@tradewise/contracts';
import type { Clock } from '../../ports/clock.port';
import {
  START_POSITION,
  WrongExpectedVersionError,
  type AppendOptions,
  type AppendResult,
  type EventBatch,
  type EventFilter,
  type EventStore,
  type EventSubscription,
  type EventToAppend,
  type ReadAllOptions,
  type ReadStreamOptions,
  type ReadStoredOptions,
  type RecordedEvent,
  type StoredEvent,
  type SubscribeOptions,
} from '../../ports/event-store.port';
import { GENESIS_HASH, chainHash } from '../../audit/event-hash-chain';
import { EventCodec, type EncodedEvent, type StoredEventRow } from '../shared/event-codec';
import { PollingSubscription } from '../shared/polling-subscription';
import { openSqliteFile } from './sqlite-database';

/** 'TWEV': stamped in the file so a foreign SQLite file is refused. */
export const EVENT_STORE_APPLICATION_ID = 0x54574556;

const SELECT_COLUMNS =
  'event_id AS id, stream_id AS streamId, revision, position, type, data, metadata, hash';

// The same expressions in the indexes and the queries, so SQLite uses the indexes.
const CORRELATION_ID = `json_extract(metadata, '$."$correlationId"')`;
const CAUSATION_ID = `json_extract(metadata, '$."$causationId"')`;
const RECORDED_AT = `json_extract(metadata, '$.recordedAt')`;
const STREAM_ENTITY_ID = `substr(stream_id, instr(stream_id, '-') + 1)`;

/**
 * Inspection finds a correlation group by index, and follows causation inside it. One more index (on the causation
 * id) cost appends about a tenth of their rate, so a selection by causation id alone scans the log.
 */
const INSPECTION_INDEXES = `CREATE INDEX IF NOT EXISTS events_by_correlation ON events (${CORRELATION_ID}, position)`;

export interface SqliteEventStoreOptions {
  readonly path: string;
  readonly catalogue: EventCatalogue;
  readonly clock: Clock;
  /** How often a caught-up subscription looks for appends made by other processes. */
  readonly pollIntervalMs?: number;
}

/** The embedded event store: one SQLite file in WAL mode; the global position is the row id. */
export class SqliteEventStore implements EventStore {
  private readonly db: Database.Database;
  private readonly codec: EventCodec;
  private readonly subscriptions = new Set<PollingSubscription>();
  private readonly statements;
  private readonly filteredStatements = new Map<
    string,
    Database.Statement<(string | number)[], StoredEventRow>
  >();

  constructor(private readonly options: SqliteEventStoreOptions) {
    this.db = openSqliteFile({
      path: options.path,
      applicationId: EVENT_STORE_APPLICATION_ID,
      requiredTables: ['events'],
      createSchema: (db) => {
        db.exec(`
          CREATE TABLE events (
            position INTEGER PRIMARY KEY AUTOINCREMENT,
            event_id TEXT NOT NULL,
            stream_id TEXT NOT NULL,
            category TEXT NOT NULL,
            revision INTEGER NOT NULL,
            type TEXT NOT NULL,
            data TEXT NOT NULL,
            metadata TEXT NOT NULL,
            hash TEXT
          );
          CREATE UNIQUE INDEX events_by_stream ON events (stream_id, revision);
          CREATE INDEX events_by_type ON events (type, position);
          CREATE INDEX events_by_category ON events (category, position);
        `);
      },
    });
    addHashChain(this.db);
    this.db.exec(INSPECTION_INDEXES);
    this.codec = new EventCodec(options.catalogue, options.clock);
    this.statements = {
      lastRevision: this.db.prepare<[string], { revision: number; hash: string | null }>(
        'SELECT revision, hash FROM events WHERE stream_id = ? ORDER BY revision DESC LIMIT 1',
      ),
      idsFrom: this.db.prepare<[string, number, number], { id: string; position: number }>(
        'SELECT event_id AS id, position FROM events WHERE stream_id = ? AND revision >= ? ORDER BY revision LIMIT ?',
      ),
      insert: this.db.prepare(
        'INSERT INTO events (event_id, stream_id, category, revision, type, data, metadata, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      ),
      head: this.db.prepare<[], { position: number | null }>('SELECT MAX(position) AS position FROM events'),
      streamForwards: this.db.prepare<[string, number, number], StoredEventRow>(
        `SELECT ${SELECT_COLUMNS} FROM events WHERE stream_id = ? AND revision >= ? ORDER BY revision ASC LIMIT ?`,
      ),
      streamBackwards: this.db.prepare<[string, number, number], StoredEventRow>(
        `SELECT ${SELECT_COLUMNS} FROM events WHERE stream_id = ? AND revision <= ? ORDER BY revision DESC LIMIT ?`,
      ),
      all: this.db.prepare<[number, number], StoredEventRow>(
        `SELECT ${SELECT_COLUMNS} FROM events WHERE position > ? ORDER BY position ASC LIMIT ?`,
      ),
    };
  }

  async append(
    streamId: string,
    events: readonly EventToAppend[],
    options: AppendOptions,
  ): Promise<AppendResult> {
    const encoded = events.map((event) => this.codec.encode(event));
    // Immediate: another connection (the wallet import thread) may append between this one's read of the stream's
    // revision and its insert, and a deferred transaction could not then take the write lock.
    const result = this.db
      .transaction(() => this.appendInTransaction(streamId, encoded, options))
      .immediate();
    if (encoded.length > 0) for (const subscription of this.subscriptions) subscription.notify();
    return result;
  }

  private appendInTransaction(
    streamId: string,
    encoded: readonly EncodedEvent[],
    options: AppendOptions,
  ): AppendResult {
    const last = this.statements.lastRevision.get(streamId);
    const current = last ? last.revision : -1;
    const alreadyAppended = this.findAlreadyAppended(streamId, encoded, options.expectedRevision, current);
    if (alreadyAppended) return alreadyAppended;
    checkExpectedRevision(streamId, options.expectedRevision, current);
    const category = streamCategory(streamId);
    let revision = current;
    let position = START_POSITION;
    let hash = last?.hash ?? GENESIS_HASH;
    for (const stored of encoded) {
      revision += 1;
      hash = chainHash(hash, { streamId, revision, ...stored });
      const info = this.statements.insert.run(
        stored.id,
        streamId,
        category,
        revision,
        stored.type,
        stored.data,
        stored.metadata,
        hash,
      );
      position = Number(info.lastInsertRowid);
    }
    if (encoded.length === 0) position = this.headPositionSync();
    return { nextExpectedRevision: revision, position };
  }

  /**
   * Idempotency as EventStoreDB has it: when the stream already holds these event ids right after the expected
   * revision (or, for `any` and `stream_exists`, at its end), the append was done before and is a no-op.
   */
  private findAlreadyAppended(
    streamId: string,
    encoded: readonly { id: string }[],
    expected: AppendOptions['expectedRevision'],
    current: number,
  ): AppendResult | undefined {
    if (encoded.length === 0 || current === -1) return undefined;
    const from =
      expected === 'no_stream'
        ? 0
        : typeof expected === 'number'
          ? expected + 1
          : current - encoded.length + 1;
    if (from < 0) return undefined;
    const stored = this.statements.idsFrom.all(streamId, from, encoded.length);
    if (stored.length !== encoded.length || stored.some((row, index) => row.id !== encoded[index]!.id))
      return undefined;
    return { nextExpectedRevision: from + encoded.length - 1, position: stored[stored.length - 1]!.position };
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const maxCount = options.maxCount ?? Number.MAX_SAFE_INTEGER;
    const rows =
      options.direction === 'backwards'
        ? this.statements.streamBackwards.all(
            streamId,
            options.fromRevision ?? Number.MAX_SAFE_INTEGER,
            maxCount,
          )
        : this.statements.streamForwards.all(streamId, options.fromRevision ?? 0, maxCount);
    return rows.map((row) => this.codec.decode(row));
  }

  async readAll(options: ReadAllOptions = {}): Promise<EventBatch> {
    return this.readAllSync(options);
  }

  /** Reads one batch inside one read transaction, so `position` and `caughtUp` describe the same snapshot. */
  private readAllSync(options: ReadAllOptions): EventBatch {
    const fromPosition = options.fromPosition ?? START_POSITION;
    const maxCount = options.maxCount ?? 1000;
    return this.db
      .transaction((): EventBatch => {
        const rows = this.selectRows(fromPosition, maxCount, options.filter);
        const caughtUp = rows.length < maxCount;
        const lastRow = rows[rows.length - 1];
        const position = caughtUp ? Math.max(this.headPositionSync(), fromPosition) : lastRow!.position;
        return { events: rows.map((row) => this.codec.decode(row)), position, caughtUp };
      })
      .deferred();
  }

  /**
   * One ordered, limited query per event type (or per category when no type is named), merged: each walks its
   * index in position order and stops at the limit. A single query with `type IN (...)` made SQLite gather and
   * sort every later event of those types for each batch, so reading the log cost its length squared.
   *
   * The merge reads no more rows than the batch returns where it can: the positions of the types filtered on
   * type and category alone come from the index (no row is read), and they bound the batch; the types with a data
   * condition, which must read each row to test it, are read up to that bound (and tighten it); only then are the
   * rows inside the bound read. Reading every part in full to the limit read about twice the rows a batch keeps.
   */
  private selectRows(
    fromPosition: number,
    maxCount: number,
    filter: EventFilter | undefined,
  ): StoredEventRow[] {
    const parts = filterParts(filter);
    if (!parts) return this.statements.all.all(fromPosition, maxCount);
    const positions: number[] = [];
    const boundOf = (): number => {
      if (positions.length < maxCount) return Number.MAX_SAFE_INTEGER;
      positions.sort((a, b) => a - b);
      positions.length = maxCount;
      return positions[maxCount - 1]!;
    };
    const indexed = parts.filter((part) => !part.readsData);
    for (const part of indexed) {
      const found = this.filtered<{ position: number }>(
        `SELECT position FROM events WHERE position > ? AND ${part.where} ORDER BY position LIMIT ?`,
      ).all(fromPosition, ...part.parameters, maxCount);
      for (const row of found) positions.push(row.position);
    }
    let bound = boundOf();
    const rows: StoredEventRow[] = [];
    const readUpToBound = (part: FilterPart): void => {
      const found = this.filtered<StoredEventRow>(
        `SELECT ${SELECT_COLUMNS} FROM events WHERE position > ? AND position <= ? AND ${part.where} ORDER BY position LIMIT ?`,
      ).all(fromPosition, bound, ...part.parameters, maxCount);
      for (const row of found) rows.push(row);
    };
    for (const part of parts) {
      if (!part.readsData) continue;
      const before = rows.length;
      readUpToBound(part);
      for (let index = before; index < rows.length; index++) positions.push(rows[index]!.position);
      bound = boundOf();
    }
    for (const part of indexed) readUpToBound(part);
    rows.sort((a, b) => a.position - b.position);
    let kept = 0;
    while (kept < rows.length && kept < maxCount && rows[kept]!.position <= bound) kept++;
    rows.length = kept;
    return rows;
  }

  /** Prepared once per query: each projection's subscription asks the same queries batch after batch. */
  private filtered<Row>(sql: string): Database.Statement<(string | number)[], Row> {
    let statement = this.filteredStatements.get(sql);
    if (!statement) {
      statement = this.db.prepare<(string | number)[], StoredEventRow>(sql);
      this.filteredStatements.set(sql, statement);
    }
    return statement as unknown as Database.Statement<(string | number)[], Row>;
  }

  async readStored(options: ReadStoredOptions): Promise<StoredEvent[]> {
    const newest = options.order === 'newest';
    const conditions: string[] = [];
    const parameters: (string | number)[] = [];
    if (options.after !== undefined) {
      conditions.push(newest ? 'position < ?' : 'position > ?');
      parameters.push(options.after);
    }
    const selection = options.selection ?? {};
    const where = (condition: string, ...values: (string | number)[]): void => {
      conditions.push(condition);
      parameters.push(...values);
    };
    if (selection.eventId !== undefined) where('event_id = ?', selection.eventId);
    if (selection.streamId !== undefined) where('stream_id = ?', selection.streamId);
    if (selection.eventTypes?.length)
      where(`type IN (${selection.eventTypes.map(() => '?').join(', ')})`, ...selection.eventTypes);
    if (selection.correlationId !== undefined) where(`${CORRELATION_ID} = ?`, selection.correlationId);
    if (selection.causationId !== undefined) where(`${CAUSATION_ID} = ?`, selection.causationId);
    if (selection.recordedFrom !== undefined) where(`${RECORDED_AT} >= ?`, selection.recordedFrom);
    if (selection.recordedTo !== undefined) where(`${RECORDED_AT} < ?`, selection.recordedTo);
    // As streamBelongsTo: the stream's id part is the entity's id or ends with `.<id>`.
    const ownedBy = (entityId: string): [string, ...string[]] => [
      `(${STREAM_ENTITY_ID} = ? OR substr(stream_id, -?) = ?)`,
      entityId,
      String(entityId.length + 1),
      `.${entityId}`,
    ];
    if (selection.accountId !== undefined) {
      const [owned, ...values] = ownedBy(selection.accountId);
      where(`(json_extract(data, '$.accountId') = ? OR ${owned})`, selection.accountId, ...values);
    }
    if (selection.characterId !== undefined) {
      const [owned, ...values] = ownedBy(String(selection.characterId));
      where(`(json_extract(data, '$.characterId') = ? OR ${owned})`, selection.characterId, ...values);
    }
    const sql =
      `SELECT ${SELECT_COLUMNS} FROM events` +
      (conditions.length > 0 ? ` WHERE ${conditions.join(' AND ')}` : '') +
      ` ORDER BY position ${newest ? 'DESC' : 'ASC'} LIMIT ?`;
    return this.filtered<StoredEvent>(sql).all(...parameters, options.maxCount);
  }

  subscribeToAll(options: SubscribeOptions = {}): EventSubscription {
    const subscription = new PollingSubscription(
      (readOptions) => this.readAll(readOptions),
      options,
      this.options.pollIntervalMs ?? 100,
      (closed) => this.subscriptions.delete(closed),
    );
    this.subscriptions.add(subscription);
    return subscription;
  }

  async headPosition(): Promise<number> {
    return this.headPositionSync();
  }

  private headPositionSync(): number {
    return this.statements.head.get()?.position ?? START_POSITION;
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((subscription) => subscription.close()));
    if (this.db.open) this.db.close();
  }
}

interface FilterPart {
  /** Conditions besides the position, with `?` for {@link parameters}. */
  readonly where: string;
  readonly parameters: readonly (string | number)[];
  /** Whether the part tests event data, so it reads each row rather than an index alone. */
  readonly readsData: boolean;
}

/** A filter as one part per event type (or per category when no type is named); undefined reads everything. */
function filterParts(filter: EventFilter | undefined): FilterPart[] | undefined {
  const types = [...new Set(filter?.eventTypes ?? [])];
  const categories = [...new Set(filter?.streamCategories ?? [])];
  const dataValues = filter?.dataValues ?? {};
  if (types.length === 0 && categories.length === 0 && Object.keys(dataValues).length === 0) return undefined;
  const byType = types.length > 0 || categories.length === 0;
  const keys: readonly (string | null)[] =
    types.length > 0 ? types : categories.length > 0 ? categories : [null];
  return keys.map((key) => {
    const conditions: string[] = [];
    const parameters: (string | number)[] = [];
    if (key !== null) {
      conditions.push(byType ? 'type = ?' : 'category = ?');
      parameters.push(key);
    }
    if (byType && categories.length > 0) {
      conditions.push(`category IN (${categories.map(() => '?').join(', ')})`);
      parameters.push(...categories);
    }
    const oneType = byType && key !== null;
    let readsData = false;
    for (const [type, { field, values }] of Object.entries(dataValues)) {
      if (oneType && key !== type) continue;
      if (!/^[A-Za-z_]\w*$/.test(field)) throw new Error(`Cannot filter events on the data field '${field}'`);
      readsData = true;
      // Read inside SQLite: the rows left out are never copied out or decoded. The values are strings and the
      // data is stored as JSON.stringify wrote it, so finding a value's JSON text is a cheap first test before
      // the JSON is parsed.
      const found = values.map(() => 'instr(data, ?) > 0').join(' OR ');
      const matching = `(${found || '0'}) AND json_extract(data, ?) IN (${values.map(() => '?').join(', ')})`;
      const matchingParameters = [...values.map((value) => JSON.stringify(value)), `$.${field}`, ...values];
      if (oneType) conditions.push(`(${matching})`);
      else {
        conditions.push(`(type <> ? OR (${matching}))`);
        parameters.push(type);
      }
      parameters.push(...matchingParameters);
    }
    return { where: conditions.length > 0 ? conditions.join(' AND ') : '1', parameters, readsData };
  });
}

/**
 * Gives a file written before events were hash-chained its `hash` column, chaining the events it holds in one
 * pass (in one transaction, so a crash leaves the file as it was). The chain then vouches for those events only
 * from this moment on: what was changed before cannot be told apart.
 */
function addHashChain(db: Database.Database): void {
  const hasHash = (): boolean =>
    (db.pragma('table_info(events)') as { name: string }[]).some((column) => column.name === 'hash');
  if (hasHash()) return;
  db.transaction(() => {
    if (hasHash()) return;
    db.exec('ALTER TABLE events ADD COLUMN hash TEXT');
    const page = db.prepare<[string, number, number], StoredEventRow>(
      `SELECT ${SELECT_COLUMNS} FROM events WHERE (stream_id, revision) > (?, ?) ORDER BY stream_id, revision LIMIT ?`,
    );
    const update = db.prepare<[string, number]>('UPDATE events SET hash = ? WHERE position = ?');
    let streamId = '';
    let revision = -1;
    let hash = GENESIS_HASH;
    for (;;) {
      const rows = page.all(streamId, revision, 10_000);
      if (rows.length === 0) break;
      for (const row of rows) {
        if (row.streamId !== streamId) hash = GENESIS_HASH;
        hash = chainHash(hash, row);
        update.run(hash, row.position);
        streamId = row.streamId;
        revision = row.revision;
      }
    }
  }).immediate();
}

export function checkExpectedRevision(
  streamId: string,
  expected: AppendOptions['expectedRevision'],
  current: number,
): void {
  const actual = current === -1 ? 'no_stream' : current;
  const ok =
    expected === 'any' ||
    (expected === 'no_stream' && current === -1) ||
    (expected === 'stream_exists' && current !== -1) ||
    (typeof expected === 'number' && expected === current);
  if (!ok) throw new WrongExpectedVersionError(streamId, expected, actual);
}
