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
  type RecordedEvent,
  type SubscribeOptions,
} from '../../ports/event-store.port';
import { EventCodec, type StoredEventRow } from '../shared/event-codec';
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

  async append(
    streamId: string,
    events: readonly EventToAppend[],
    options: AppendOptions,
  ): Promise<AppendResult> {
    const encoded = events.map((event) => this.codec.encode(event));
    try {
      const result = await this.client.appendToStream(
        streamId,
        encoded.map((event) =>
          jsonEvent({
            id: event.id,
            type: event.type,
            data: JSON.parse(event.data),
            metadata: JSON.parse(event.metadata),
          }),
        ),
        { streamState: toStreamState(options.expectedRevision) },
      );
      const position = result.position ? Number(result.position.prepare) : await this.headPosition();
      for (const subscription of this.subscriptions) subscription.notify();
      return { nextExpectedRevision: Number(result.nextExpectedRevision), position };
    } catch (error) {
      if (error instanceof KurrentWrongExpectedVersionError) {
        const actual = error.actualState;
        throw new WrongExpectedVersionError(
          streamId,
          options.expectedRevision,
          typeof actual === 'bigint' ? Number(actual) : 'no_stream',
        );
      }
      throw error;
    }
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const backwards = options.direction === 'backwards';
    const events: RecordedEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(streamId, {
        direction: backwards ? BACKWARDS : FORWARDS,
        fromRevision:
          options.fromRevision === undefined ? (backwards ? END : START) : BigInt(options.fromRevision),
        maxCount: options.maxCount ?? Number.MAX_SAFE_INTEGER,
      })) {
        const row = toRow(resolved);
        if (row) events.push(this.codec.decode(row));
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

function toRow(resolved: ResolvedEvent | AllStreamResolvedEvent): StoredEventRow | undefined {
  const event = resolved.event;
  if (!event || event.type.startsWith('$') || event.streamId.startsWith('$') || !event.isJson)
    return undefined;
  return {
    id: event.id,
    streamId: event.streamId,
    revision: Number(event.revision),
    position: event.position ? Number(event.position.prepare) : START_POSITION,
    type: event.type,
    data: JSON.stringify(event.data),
    metadata: JSON.stringify(event.metadata),
  };
}
