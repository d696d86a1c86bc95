/** DI token of the {@link CheckpointStore}. */
export const CHECKPOINT_STORE = Symbol('CHECKPOINT_STORE');

export interface Checkpoint {
  readonly name: string;
  readonly position: number;
  readonly updatedAt: string;
}

/**
 * Where a projector is in the event log. Kept in the same store as its documents and moved only by
 * compare-and-set, so two runners of one projection cannot both advance it.
 */
export interface CheckpointStore {
  get(name: string): Promise<Checkpoint | null>;
  /** Sets the position only if it currently is `expected` (`null`: no checkpoint yet). Returns whether it did. */
  compareAndSet(name: string, expected: number | null, next: number): Promise<boolean>;
  delete(name: string): Promise<void>;
}
