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
 * How the API reads projections: the collection that serves a read model now (blue-green rebuilds switch it),
 * and a wait for a position a command returned, so a user never reads a state without their own change.
 */
export interface ReadModels {
  /** The serving collection of a read model; null before its first generation exists. */
  serving<T extends Document = Document>(name: string): Promise<ReadCollection<T> | null>;
  /** Resolves once the read model has applied the log up to `position`; rejects with {@link ReadModelLagError}. */
  waitFor(name: string, position: number, timeoutMs?: number): Promise<void>;
}
