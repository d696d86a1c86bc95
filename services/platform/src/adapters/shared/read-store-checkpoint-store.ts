import type { Checkpoint, CheckpointStore } from '../../ports/checkpoint-store.port';
import type { Clock } from '../../ports/clock.port';
import { isDuplicateKeyError, type ReadStore } from '../../ports/read-store.port';

export const CHECKPOINTS_COLLECTION = 'checkpoints';

interface CheckpointDocument {
  _id: string;
  position: number;
  updatedAt: string;
}

/** Checkpoints as documents beside the read models they describe; compare-and-set by a conditional update. */
export class ReadStoreCheckpointStore implements CheckpointStore {
  constructor(
    private readonly readStore: ReadStore,
    private readonly clock: Clock,
  ) {}

  private get checkpoints() {
    return this.readStore.collection<CheckpointDocument>(CHECKPOINTS_COLLECTION);
  }

  async get(name: string): Promise<Checkpoint | null> {
    const document = await this.checkpoints.findOne({ _id: name });
    return document ? { name, position: document.position, updatedAt: document.updatedAt } : null;
  }

  async compareAndSet(name: string, expected: number | null, next: number): Promise<boolean> {
    const updatedAt = this.clock.now().toISOString();
    if (expected === null) {
      try {
        await this.checkpoints.insertOne({ _id: name, position: next, updatedAt });
        return true;
      } catch (error) {
        if (isDuplicateKeyError(error)) return false;
        throw error;
      }
    }
    const result = await this.checkpoints.updateOne(
      { _id: name, position: expected },
      { $set: { position: next, updatedAt } },
    );
    return result.matchedCount === 1;
  }

  async delete(name: string): Promise<void> {
    await this.checkpoints.deleteOne({ _id: name });
  }
}
