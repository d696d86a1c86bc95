import type { Document, ReadCollection } from './read-store.port';

/** DI token of {@link ReadModels}. */
export const READ_MODELS = Symbol('READ_MODELS');

/** A read model did not reach a position in time: the caller answers 503 rather than show stale data. */
export class ReadModelLagError extends Error {
  constructor(
    readonly readModel: string,
    readonly position: number,
  ) {
    super(`The read model ${readModel} has not reached position ${position} yet`);
    this.name = 'ReadModelLagError';
  }
}

/**
 * Part of a read model (an account's ledger, one document) stopped at an event it could not apply, while the
 * rest of the read model goes on. Its documents stay as they were before that event until it is rebuilt.
 */
export interface ReadModelFailure {
  /** The account (a fold's partition) or document id that stopped. */
  readonly partition: string;
  /** Global position of the event it could not apply. */
  readonly position: number;
  readonly streamId: string | null;
  readonly eventType: string | null;
  readonly reason: string;
  readonly failedAt: string;
}

/**
 * How the API reads projections: the collection that serves a read model now (blue-green rebuilds switch it),
 * and a wait for a position a command returned, so a user never reads a state without their own change.
 */
export interface ReadModels {
  /** The serving collection of a read model; null before its first generation exists. */
  serving<T extends Document = Document>(name: string): Promise<ReadCollection<T> | null>;
  /** Resolves once the read model has applied the log up to `position`; rejects with {@link ReadModelLagError}. */
  waitFor(name: string, position: number, timeoutMs?: number): Promise<void>;
  /** Whether a partition of the serving read model has stopped at an event, and why; null when it is current. */
  failure(name: string, partition: string): Promise<ReadModelFailure | null>;
}
