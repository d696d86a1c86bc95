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
import {
  EventCodec,
  type EncodedEvent,
  type ParsedEventRow,
  type StoredEventRow,
} from '../shared/event-codec';
import { PollingSubscription } from '../shared/polling-subscription';
import { openSqliteFile } from './sqlite-database';
import { EventRowReader, SELECT_COLUMNS } from './sqlite-event-rows';
import { SqliteReadAhead, type ReadAheadBatch } from './sqlite-read-ahead';

/** 'TWEV': stamped in the file so a foreign SQLite file is refused. */
export const EVENT_STORE_APPLICATION_ID = 0x54574556;

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
  private readonly rows: EventRowReader;
  private readonly readAhead: SqliteReadAhead;

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
    this.rows = new EventRowReader(this.db);
    this.readAhead = new SqliteReadAhead(options.path);
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
      streamForwards: this.db.prepare<[string, number, number], StoredEventRow>(
        `SELECT ${SELECT_COLUMNS} FROM events WHERE stream_id = ? AND revision >= ? ORDER BY revision ASC LIMIT ?`,
      ),
      streamBackwards: this.db.prepare<[string, number, number], StoredEventRow>(
        `SELECT ${SELECT_COLUMNS} FROM events WHERE stream_id = ? AND revision <= ? ORDER BY revision DESC LIMIT ?`,
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

  private readAllSync(options: ReadAllOptions): EventBatch {
    const fromPosition = options.fromPosition ?? START_POSITION;
    const { rows, position, caughtUp } = this.rows.batch(
      fromPosition,
      options.maxCount ?? 1000,
      options.filter,
    );
    return { events: rows.map((row) => this.codec.decode(row)), position, caughtUp };
  }

  /**
   * A subscription's reads: when a batch comes back full, the subscriber is behind, and the read-ahead thread reads
   * the next batch while the subscriber applies this one. A caught-up subscriber reads for itself, at once. Until
   * the subscription first reaches the head (a rebuild, a fold's replay at start), the thread also reads the batch
   * after that one before it is asked, so the subscriber never waits for a read; a live subscription that falls
   * behind an import does not, and leaves the second core to the import (docs/PERFORMANCE.md).
   */
  private readingAhead(): (options: ReadAllOptions) => Promise<EventBatch> {
    let ahead: { readonly fromPosition: number; readonly batch: Promise<EventBatch | undefined> } | undefined;
    let reachedHead = false;
    return async (options) => {
      const fromPosition = options.fromPosition ?? START_POSITION;
      const next = ahead?.fromPosition === fromPosition ? ahead.batch : undefined;
      ahead = undefined;
      const read = next ? await next : undefined;
      // Read here when the thread failed, and again when the batch read ahead reached the head: an append since may
      // have been announced to the subscriber already, and it waits for the next announcement only after a read
      // that could not hold it.
      const batch = read && !read.caughtUp ? read : this.readAllSync(options);
      if (batch.caughtUp) {
        reachedHead = true;
        return batch;
      }
      const reading = this.readAhead.read({
        fromPosition: batch.position,
        maxCount: options.maxCount ?? 1000,
        filter: options.filter,
        readFurther: !reachedHead,
      });
      if (reading) {
        const decoded = reading.then(
          (reply) => this.decodeBatch(reply),
          () => undefined,
        );
        // Awaited only if the subscriber reads on; a closed subscription leaves it.
        decoded.catch(() => undefined);
        ahead = { fromPosition: batch.position, batch: decoded };
      }
      return batch;
    };
  }

  private decodeBatch(batch: ReadAheadBatch): EventBatch {
    const parsed = JSON.parse(batch.json) as ParsedEventRow[];
    return {
      events: parsed.map((event) => this.codec.decodeParsed(event)),
      position: batch.position,
      caughtUp: batch.caughtUp,
    };
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
    return this.rows.prepared<StoredEvent>(sql).all(...parameters, options.maxCount);
  }

  subscribeToAll(options: SubscribeOptions = {}): EventSubscription {
    const subscription = new PollingSubscription(
      this.readingAhead(),
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
    return this.rows.head();
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((subscription) => subscription.close()));
    await this.readAhead.close();
    if (this.db.open) this.db.close();
  }
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
