import type { EventFilter, RecordedEvent } from '@tradewise/platform';

/** Every projected document carries the global position of the last event applied to it. */
export interface ProjectedDocument {
  readonly _id: string;
  readonly _position?: number;
}

export interface ProjectionIndex {
  readonly keys: Record<string, 1 | -1>;
  readonly unique?: boolean;
  readonly name?: string;
}

/**
 * Numbers a read model folds with that are data in the log (DESIGN.md convention 7, ADR 0017): a generation is
 * built with the rules stream as it stood when the generation started, and keeps them until it is replaced.
 */
export interface ProjectionRules {
  /** The rules stream, read up to its head when a generation starts. */
  readonly stream: string;
  /** The projection folding with the rules these events make (none: the spec's values). */
  withRules(events: readonly RecordedEvent[]): AnyProjection;
}

/** What a rebuild's diff report says of one document: its partition, and the profit it counts (integer cents). */
export interface DiffRow {
  readonly partition: string;
  /** Null for a document that is not a profit row; counted rows add up to the partition's total profit. */
  readonly profitCents: number | null;
}

/** What every projection may declare besides its fold: the rules it reads, and what its diff report lists. */
interface ProjectionOptions<TDocument extends ProjectedDocument> {
  readonly rules?: ProjectionRules;
  /**
   * The report's view of a document; null leaves it out of the report (a marker, a cache). Absent: every document
   * is listed, under its `accountId` (else its id), with no profit.
   */
  diffRow?(document: TDocument): DiffRow | null;
}

/**
 * A read model as a pure function of the event log. The runner loads the documents an event touches, calls
 * `evolve`, and stores the results with the event's position; it never calls `evolve` twice for one event and
 * document, so `evolve` needs no idempotency of its own.
 */
export interface Projection<
  TDocument extends ProjectedDocument = ProjectedDocument,
> extends ProjectionOptions<TDocument> {
  readonly kind?: 'document';
  /** Kebab-case read-model name, stable across versions. */
  readonly name: string;
  /** Bump when `evolve` changes meaning: the new version is built beside the serving one (blue-green). */
  readonly version: number;
  /** Only events of these types are delivered (all types when absent). */
  readonly eventTypes?: readonly string[];
  readonly streamCategories?: readonly string[];
  /** Of these types, only events with one of the data values are delivered (the store leaves the rest out). */
  readonly dataValues?: EventFilter['dataValues'];
  readonly indexes?: readonly ProjectionIndex[];
  /** Ids of the documents an event changes; empty for events the projection ignores. */
  documentIds(event: RecordedEvent): readonly string[];
  /** The document after the event; `null` deletes it. Must not mutate its input. */
  evolve(document: TDocument | null, event: RecordedEvent): TDocument | null;
}

/**
 * A read model folded per partition (an account) in memory, for rules that need a partition's whole history at
 * once (FIFO matching). The runner keeps each partition's state, replays the log up to its checkpoint at start
 * without writing, and after each batch writes the documents the batch changed, each with the position of the
 * last event that changed it (so a rebuild writes the same bytes whatever the batch boundaries).
 */
export interface FoldProjection<
  TState = unknown,
  TDocument extends ProjectedDocument = ProjectedDocument,
> extends ProjectionOptions<TDocument> {
  readonly kind: 'fold';
  readonly name: string;
  readonly version: number;
  readonly eventTypes?: readonly string[];
  readonly streamCategories?: readonly string[];
  readonly dataValues?: EventFilter['dataValues'];
  readonly indexes?: readonly ProjectionIndex[];
  /** The partition an event belongs to; null for events the projection ignores. */
  partitionOf(event: RecordedEvent): string | null;
  initialState(partition: string): TState;
  /** Applies the event to its partition's state in place; returns the ids of the documents it changed. */
  apply(state: TState, event: RecordedEvent): Iterable<string>;
  /**
   * Event types (among `eventTypes`) the fold applies before the rest of the log whenever it folds from the start:
   * each partition's, in log order, then every event in its place, these again. Applied again, one must change
   * nothing, and the fold must end where it would in log order (the trade ledger's recorded broker fee matches,
   * which keep their orders out of the matching: docs/profit-rules.md §6.6).
   */
  readonly readFirst?: readonly string[];
  /**
   * Work the fold leaves to the end of a batch, because doing it once is far cheaper than after every event (the
   * trade ledger's broker fee matching); called for each partition the batch touched, after its events. Returns the
   * ids of the documents it changed; they are stored with the position of the partition's last event in the batch.
   * What it finds must not depend on where batches end.
   */
  settle?(state: TState): Iterable<string>;
  /**
   * The document as the state has it now (a function of the state alone), a new object each time: the runner sets
   * its `_id` and `_position` before writing it. Null deletes it.
   */
  document(state: TState, id: string): TDocument | null;
  /**
   * Documents that tell readers the rest of a batch is stored (a partition's version): written after the others,
   * so a reader that sees one finds every document the same events changed.
   */
  isMarker?(id: string): boolean;
}

export type AnyProjection = Projection | FoldProjection;
