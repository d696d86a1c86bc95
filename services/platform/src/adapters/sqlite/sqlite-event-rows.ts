import type Database from 'better-sqlite3';
import { START_POSITION, type EventFilter } from '../../ports/event-store.port';
import type { StoredEventRow } from '../shared/event-codec';

export const SELECT_COLUMNS =
  'event_id AS id, stream_id AS streamId, revision, position, type, data, metadata, hash';

/** One batch of the log's rows, read in one transaction: `position` and `caughtUp` describe the same snapshot. */
export interface EventRowBatch {
  readonly rows: StoredEventRow[];
  /** The position up to which the log was scanned (the head when caught up). */
  readonly position: number;
  readonly caughtUp: boolean;
}

/**
 * Reads batches of the event log's rows from one SQLite connection: the event store's own, and the read-ahead
 * thread's (sqlite-read-ahead.ts), which reads the next batch of a subscription that is behind.
 */
export class EventRowReader {
  private readonly statements = new Map<string, Database.Statement<(string | number)[], StoredEventRow>>();
  private readonly everything: Database.Statement<[number, number], StoredEventRow>;
  private readonly headStatement: Database.Statement<[], { position: number | null }>;

  constructor(private readonly db: Database.Database) {
    this.everything = db.prepare<[number, number], StoredEventRow>(
      `SELECT ${SELECT_COLUMNS} FROM events WHERE position > ? ORDER BY position ASC LIMIT ?`,
    );
    this.headStatement = db.prepare<[], { position: number | null }>(
      'SELECT MAX(position) AS position FROM events',
    );
  }

  head(): number {
    return this.headStatement.get()?.position ?? START_POSITION;
  }

  batch(fromPosition: number, maxCount: number, filter: EventFilter | undefined): EventRowBatch {
    return this.db
      .transaction((): EventRowBatch => {
        const rows = this.selectRows(fromPosition, maxCount, filter);
        const caughtUp = rows.length < maxCount;
        const position = caughtUp ? Math.max(this.head(), fromPosition) : rows[rows.length - 1]!.position;
        return { rows, position, caughtUp };
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
    if (!parts) return this.everything.all(fromPosition, maxCount);
    const positions: number[] = [];
    const boundOf = (): number => {
      if (positions.length < maxCount) return Number.MAX_SAFE_INTEGER;
      positions.sort((a, b) => a - b);
      positions.length = maxCount;
      return positions[maxCount - 1]!;
    };
    const indexed = parts.filter((part) => !part.readsData);
    for (const part of indexed) {
      const found = this.prepared<{ position: number }>(
        `SELECT position FROM events WHERE position > ? AND ${part.where} ORDER BY position LIMIT ?`,
      ).all(fromPosition, ...part.parameters, maxCount);
      for (const row of found) positions.push(row.position);
    }
    let bound = boundOf();
    const rows: StoredEventRow[] = [];
    const readUpToBound = (part: FilterPart): void => {
      const found = this.prepared<StoredEventRow>(
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
  prepared<Row>(sql: string): Database.Statement<(string | number)[], Row> {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare<(string | number)[], StoredEventRow>(sql);
      this.statements.set(sql, statement);
    }
    return statement as unknown as Database.Statement<(string | number)[], Row>;
  }
}

/**
 * The rows as one JSON array of events whose `data` and `metadata` are the stored JSON texts themselves: the thread
 * that reads them never parses them, and the one that receives them parses the whole batch at once.
 */
export function eventRowsJson(rows: readonly StoredEventRow[]): string {
  const parts: string[] = [];
  for (const row of rows) {
    parts.push(
      `{"id":${JSON.stringify(row.id)},"streamId":${JSON.stringify(row.streamId)},"revision":${row.revision},` +
        `"position":${row.position},"type":${JSON.stringify(row.type)},` +
        (row.hash ? `"hash":${JSON.stringify(row.hash)},` : '') +
        `"metadata":${row.metadata},"data":${row.data}}`,
    );
  }
  return `[${parts.join(',')}]`;
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
