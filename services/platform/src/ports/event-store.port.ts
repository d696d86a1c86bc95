import type { EventMetadata, EventMetadataInput } from '@tradewise/contracts';

/** DI token of the {@link EventStore}. */
export const EVENT_STORE = Symbol('EVENT_STORE');

/**
 * Optimistic concurrency for an append:
 * - `no_stream`: the stream must not exist yet;
 * - `stream_exists`: the stream must have at least one event;
 * - `any`: no check;
 * - a number: the revision of the stream's last event (revisions start at 0).
 */
export type ExpectedRevision = 'no_stream' | 'stream_exists' | 'any' | number;

/** The global log position before the first event. Positions are unique per event and increase along the log. */
export const START_POSITION = 0;

export interface EventToAppend<TData = unknown> {
  /**
   * A stable id derived from the source (for example a UUIDv5 of `esi:transaction:<id>`). As in EventStoreDB, an
   * append whose ids the stream already holds right after the expected revision (for `any` and `stream_exists`:
   * at its end) is a no-op, so a redelivered append does not store its events twice. Deciders remain the first
   * line of idempotency: they return no events for a record they have already seen.
   */
  readonly id: string;
  readonly type: string;
  readonly data: TData;
  readonly metadata: EventMetadataInput;
}

export interface RecordedEvent<TData = unknown> {
  readonly id: string;
  readonly streamId: string;
  /** 0-based index of the event in its stream. */
  readonly revision: number;
  /** Position in the global log. */
  readonly position: number;
  readonly type: string;
  /** Already upcast to the current schema version of `type`. */
  readonly data: TData;
  readonly metadata: EventMetadata;
  /** The event's link in its stream's hash chain (see {@link StoredEvent.hash}). */
  readonly hash?: string;
}

/**
 * An event exactly as the store holds it, for audits and exports: `data` and `metadata` are the stored JSON text,
 * never upcast, so the chain hash can be checked against them.
 */
export interface StoredEvent {
  readonly id: string;
  readonly streamId: string;
  readonly revision: number;
  readonly position: number;
  readonly type: string;
  readonly data: string;
  /** The stored metadata without the hash. */
  readonly metadata: string;
  /**
   * `sha256(hash of the stream's previous event, or the genesis hash || canonical form of this event)`, computed
   * at append (`chainHash`); null only where a store holds an event it never hashed.
   */
  readonly hash: string | null;
}

/** Which events an inspection or export reads; every condition given must hold. */
export interface EventLogSelection {
  /** Events whose data names the account (`accountId`) or whose stream is the account's. */
  readonly accountId?: string;
  /** Events whose data names the character (`characterId`) or whose stream is the character's. */
  readonly characterId?: number;
  readonly streamId?: string;
  readonly eventTypes?: readonly string[];
  /** Inclusive, UTC ISO-8601, compared with `recordedAt`. */
  readonly recordedFrom?: string;
  /** Exclusive, UTC ISO-8601. */
  readonly recordedTo?: string;
  readonly correlationId?: string;
  readonly causationId?: string;
  readonly eventId?: string;
}

export interface ReadStoredOptions {
  readonly selection?: EventLogSelection;
  /** `oldest` (default) reads up the log, `newest` down it. */
  readonly order?: 'oldest' | 'newest';
  /** Exclusive cursor: the position of the last event of the previous page. */
  readonly after?: number;
  readonly maxCount: number;
}

export interface AppendOptions {
  readonly expectedRevision: ExpectedRevision;
}

export interface AppendResult {
  /** Revision of the stream's last event after the append: pass it as the next expected revision. */
  readonly nextExpectedRevision: number;
  /** Global position of the last appended event; reads can wait for a projection to reach it. */
  readonly position: number;
}

export interface ReadStreamOptions {
  readonly direction?: 'forwards' | 'backwards';
  /** Inclusive. Defaults to the first event (forwards) or the last one (backwards). */
  readonly fromRevision?: number;
  readonly maxCount?: number;
}

/** Selects events by type or by stream category (the part of the stream name before the first `-`). */
export interface EventFilter {
  readonly eventTypes?: readonly string[];
  readonly streamCategories?: readonly string[];
  /**
   * Of the event types named here, only events whose top-level data field holds one of the values (a string);
   * events of other types pass as the rest of the filter says. An adapter filters inside the store where it can.
   */
  readonly dataValues?: Readonly<Record<string, EventDataValues>>;
}

export interface EventDataValues {
  readonly field: string;
  readonly values: readonly string[];
}

/** Whether an event's data passes the filter's `dataValues` (for adapters that filter what they read). */
export function dataValuesMatch(type: string, data: unknown, filter: EventFilter | undefined): boolean {
  const wanted = filter?.dataValues?.[type];
  if (!wanted) return true;
  const value = (data as Record<string, unknown> | null)?.[wanted.field];
  return typeof value === 'string' && wanted.values.includes(value);
}

export interface ReadAllOptions {
  /** Exclusive: events after this position. Defaults to {@link START_POSITION}. */
  readonly fromPosition?: number;
  readonly maxCount?: number;
  readonly filter?: EventFilter;
}

export interface EventBatch {
  readonly events: readonly RecordedEvent[];
  /**
   * The position up to which the log has been scanned, at least the last event's position. With a filter it
   * moves past skipped events, so a checkpoint can advance even when a batch is empty.
   */
  readonly position: number;
  /** True when this batch reached the end of the log as it was when the batch was read. */
  readonly caughtUp: boolean;
}

export interface SubscribeOptions extends ReadAllOptions {
  /** Upper bound of events per batch; the default suits projections (a few thousand). */
  readonly batchSize?: number;
}

/** A catch-up subscription: batches from the start position to the head, then live batches as events arrive. */
export interface EventSubscription extends AsyncIterable<EventBatch> {
  /** Stops the subscription; a pending iteration ends without a further batch. */
  close(): Promise<void>;
}

/** Raised when an append's expected revision does not match the stream. */
export class WrongExpectedVersionError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | 'no_stream',
  ) {
    super(`Wrong expected version on ${streamId}: expected ${String(expected)}, actual ${String(actual)}`);
    this.name = 'WrongExpectedVersionError';
  }
}

/**
 * The event log: streams with optimistic concurrency, one global order, catch-up subscriptions.
 * Every adapter upcasts on read through the catalogue, in one place (`EventCodec`).
 */
export interface EventStore {
  append(streamId: string, events: readonly EventToAppend[], options: AppendOptions): Promise<AppendResult>;
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  readAll(options?: ReadAllOptions): Promise<EventBatch>;
  subscribeToAll(options?: SubscribeOptions): EventSubscription;
  /** Position of the last event in the log ({@link START_POSITION} when empty). */
  headPosition(): Promise<number>;
  /** One page of stored events (see {@link StoredEvent}) in log order, selected for audits and exports. */
  readStored(options: ReadStoredOptions): Promise<StoredEvent[]>;
  close(): Promise<void>;
}
