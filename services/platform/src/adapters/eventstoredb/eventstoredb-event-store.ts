import {
  BACKWARDS,
  END,
  FORWARDS,
  KurrentDBClient,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError as KurrentWrongExpectedVersionError,
  eventTypeFilter,
  jsonEvent,
  streamNameFilter,
  type AllStreamResolvedEvent,
  type AppendStreamState,
  type Filter,
  type ResolvedEvent,
} from '@kurrent/kurrentdb-client';
import type { EventCatalogue } from '@tradewise/contracts';
import { streamCategory } from '@tradewise/contracts';
import type { Clock } from '../../ports/clock.port';
import {
  START_POSITION,
  WrongExpectedVersionError,
  dataValuesMatch,
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
import { EventCodec, type StoredEventRow } from '../shared/event-codec';
import { storedEventMatches } from '../shared/stored-event-selection';
import { PollingSubscription } from '../shared/polling-subscription';

export interface EventStoreDbOptions {
  readonly connectionString: string;
  readonly catalogue: EventCatalogue;
  readonly clock: Clock;
  readonly pollIntervalMs?: number;
}

/**
 * EventStoreDB / KurrentDB through its official client. The port's global position is the event's prepare
 * position (unique per event, increasing along $all); system events (types and streams starting with `$`) are
 * never returned.
 */
export class EventStoreDbEventStore implements EventStore {
  private readonly client: KurrentDBClient;
  private readonly codec: EventCodec;
  private readonly subscriptions = new Set<PollingSubscription>();

  constructor(private readonly options: EventStoreDbOptions) {
    this.client = KurrentDBClient.connectionString`${options.connectionString}`;
    this.codec = new EventCodec(options.catalogue, options.clock);
  }

  /**
   * The hash chain needs the event the append follows, so an append without an exact expected revision (`any`,
   * `stream_exists`) reads the stream's last event and appends after exactly it, trying again when another writer
   * came first; the caller asked for no concurrency check, so that writer's events are simply chained before.
   */
  async append(
    streamId: string,
    events: readonly EventToAppend[],
    options: AppendOptions,
  ): Promise<AppendResult> {
    for (let attempt = 1; ; attempt += 1) {
      const exact = typeof options.expectedRevision === 'number' || options.expectedRevision === 'no_stream';
      const previous = await this.chainPoint(streamId, options.expectedRevision);
      if (!exact) {
        if (options.expectedRevision === 'stream_exists' && previous.revision === -1)
          throw new WrongExpectedVersionError(streamId, 'stream_exists', 'no_stream');
        const already = await this.alreadyAtEnd(streamId, events, previous.revision);
        if (already) return already;
      }
      const expectedRevision: AppendOptions['expectedRevision'] = exact
        ? options.expectedRevision
        : previous.revision === -1
          ? 'no_stream'
          : previous.revision;
      try {
        return await this.appendChained(streamId, events, expectedRevision, previous);
      } catch (error) {
        if (exact || attempt >= 5 || !(error instanceof WrongExpectedVersionError)) throw error;
      }
    }
  }

  /** The revision and hash an append chains from: the expected revision's event, or the stream's last. */
  private async chainPoint(
    streamId: string,
    expected: AppendOptions['expectedRevision'],
  ): Promise<{ revision: number; hash: string }> {
    if (expected === 'no_stream') return { revision: -1, hash: GENESIS_HASH };
    const [event] =
      typeof expected === 'number'
        ? await this.readStoredStream(streamId, { fromRevision: expected, maxCount: 1 })
        : await this.readStoredStream(streamId, { direction: 'backwards', maxCount: 1 });
    return event
      ? { revision: event.revision, hash: event.hash ?? GENESIS_HASH }
      : { revision: -1, hash: GENESIS_HASH };
  }

  /** As the SQLite adapter: the same ids already at the stream's end make a redelivered append a no-op. */
  private async alreadyAtEnd(
    streamId: string,
    events: readonly EventToAppend[],
    lastRevision: number,
  ): Promise<AppendResult | undefined> {
    if (events.length === 0 || lastRevision === -1) return undefined;
    const stored = (
      await this.readStoredStream(streamId, { direction: 'backwards', maxCount: events.length })
    ).reverse();
    if (stored.length !== events.length || stored.some((event, index) => event.id !== events[index]!.id))
      return undefined;
    return { nextExpectedRevision: lastRevision, position: stored[stored.length - 1]!.position };
  }

  private async appendChained(
    streamId: string,
    events: readonly EventToAppend[],
    expectedRevision: AppendOptions['expectedRevision'],
    previous: { revision: number; hash: string },
  ): Promise<AppendResult> {
    const encoded = events.map((event) => this.codec.encode(event));
    let hash = previous.hash;
    const chained = encoded.map((event, index) => {
      hash = chainHash(hash, { streamId, revision: previous.revision + 1 + index, ...event });
      const metadata = JSON.parse(event.metadata) as Record<string, unknown>;
      // Last, so the metadata read back without it is the text that was hashed.
      return jsonEvent({
        id: event.id,
        type: event.type,
        data: JSON.parse(event.data),
        metadata: { ...metadata, hash },
      });
    });
    try {
      const result = await this.client.appendToStream(streamId, chained, {
        streamState: toStreamState(expectedRevision),
      });
      const position = result.position ? Number(result.position.prepare) : await this.headPosition();
      for (const subscription of this.subscriptions) subscription.notify();
      return { nextExpectedRevision: Number(result.nextExpectedRevision), position };
    } catch (error) {
      if (error instanceof KurrentWrongExpectedVersionError) {
        const actual = error.actualState;
        throw new WrongExpectedVersionError(
          streamId,
          expectedRevision,
          typeof actual === 'bigint' ? Number(actual) : 'no_stream',
        );
      }
      throw error;
    }
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    return (await this.readRows(streamId, options)).map((row) => this.codec.decode(row));
  }

  private async readStoredStream(streamId: string, options: ReadStreamOptions): Promise<StoredEvent[]> {
    return (await this.readRows(streamId, options)).map(toStored);
  }

  private async readRows(streamId: string, options: ReadStreamOptions): Promise<StoredEventRow[]> {
    const backwards = options.direction === 'backwards';
    const events: StoredEventRow[] = [];
    try {
      for await (const resolved of this.client.readStream(streamId, {
        direction: backwards ? BACKWARDS : FORWARDS,
        fromRevision:
          options.fromRevision === undefined ? (backwards ? END : START) : BigInt(options.fromRevision),
        maxCount: options.maxCount ?? Number.MAX_SAFE_INTEGER,
      })) {
        const row = toRow(resolved);
        if (row) events.push(row);
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  }

  async readAll(options: ReadAllOptions = {}): Promise<EventBatch> {
    const fromPosition = options.fromPosition ?? START_POSITION;
    const maxCount = options.maxCount ?? 1000;
    const events: RecordedEvent[] = [];
    let scanned = 0;
    const start =
      fromPosition === START_POSITION
        ? START
        : { commit: BigInt(fromPosition), prepare: BigInt(fromPosition) };
    for await (const resolved of this.client.readAll({
      fromPosition: start,
      direction: FORWARDS,
      maxCount,
      filter: serverFilter(options.filter),
    })) {
      scanned += 1;
      const row = toRow(resolved);
      if (!row || row.position <= fromPosition) continue;
      if (!matches(row, options.filter)) continue;
      const event = this.codec.decode(row);
      if (dataValuesMatch(event.type, event.data, options.filter)) events.push(event);
    }
    const caughtUp = scanned < maxCount;
    const last = events[events.length - 1];
    const position = caughtUp
      ? Math.max(await this.headPosition(), fromPosition)
      : (last?.position ?? fromPosition);
    return { events, position, caughtUp };
  }

  /** A scan of $all with the selection tested on each event: EventStoreDB has no index on metadata or data. */
  async readStored(options: ReadStoredOptions): Promise<StoredEvent[]> {
    const newest = options.order === 'newest';
    const found: StoredEvent[] = [];
    const from =
      options.after === undefined
        ? newest
          ? END
          : START
        : { commit: BigInt(options.after), prepare: BigInt(options.after) };
    for await (const resolved of this.client.readAll({
      fromPosition: from,
      direction: newest ? BACKWARDS : FORWARDS,
      filter: options.selection?.eventTypes?.length
        ? serverFilter({ eventTypes: options.selection.eventTypes })
        : undefined,
    })) {
      const row = toRow(resolved);
      if (!row) continue;
      if (
        options.after !== undefined &&
        (newest ? row.position >= options.after : row.position <= options.after)
      )
        continue;
      const event = toStored(row);
      if (!storedEventMatches(event, options.selection)) continue;
      found.push(event);
      if (found.length >= options.maxCount) break;
    }
    return found;
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
    for await (const resolved of this.client.readAll({
      fromPosition: END,
      direction: BACKWARDS,
      maxCount: 50,
    })) {
      const row = toRow(resolved);
      if (row) return row.position;
    }
    return START_POSITION;
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((subscription) => subscription.close()));
    await this.client.dispose();
  }
}

function toStreamState(expected: AppendOptions['expectedRevision']): AppendStreamState {
  if (typeof expected === 'number') return BigInt(expected);
  return expected;
}

function serverFilter(filter: EventFilter | undefined): Filter | undefined {
  const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  if (filter?.eventTypes?.length) {
    return eventTypeFilter({ regex: `^(${filter.eventTypes.map(escape).join('|')})$` });
  }
  if (filter?.streamCategories?.length) {
    return streamNameFilter({ regex: `^(${filter.streamCategories.map(escape).join('|')})(-|$)` });
  }
  return undefined;
}

function matches(row: StoredEventRow, filter: EventFilter | undefined): boolean {
  if (filter?.eventTypes?.length && !filter.eventTypes.includes(row.type)) return false;
  if (filter?.streamCategories?.length && !filter.streamCategories.includes(streamCategory(row.streamId)))
    return false;
  return true;
}

function toStored(row: StoredEventRow): StoredEvent {
  return { ...row, hash: row.hash ?? null };
}

/** The hash is kept in the event's metadata; the row carries it beside the metadata, as SQLite stores it. */
function toRow(resolved: ResolvedEvent | AllStreamResolvedEvent): StoredEventRow | undefined {
  const event = resolved.event;
  if (!event || event.type.startsWith('$') || event.streamId.startsWith('$') || !event.isJson)
    return undefined;
  const { hash, ...metadata } = (event.metadata ?? {}) as Record<string, unknown>;
  return {
    id: event.id,
    streamId: event.streamId,
    revision: Number(event.revision),
    position: event.position ? Number(event.position.prepare) : START_POSITION,
    type: event.type,
    data: JSON.stringify(event.data),
    metadata: JSON.stringify(metadata),
    hash: typeof hash === 'string' ? hash : null,
  };
}
