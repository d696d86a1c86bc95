import type { Checkpoint, CheckpointStore } from '../../ports/checkpoint-store.port';
import type { Clock } from '../../ports/clock.port';
import { isDuplicateKeyError, type ReadStore } from '../../ports/read-store.port';

export const CHECKPOINTS_COLLECTION = 'checkpoints';
export const CHECKPOINT_CLAIMS_COLLECTION = 'checkpoint_claims';
/** A claim older than this was left by a process that died mid-move; it no longer blocks the checkpoint. */
const STALE_CLAIM_MS = 60_000;

interface ClaimDocument {
  /** `<checkpoint>@<expected position>`. */
  _id: string;
  claimedAt: number;
}

interface CheckpointDocument {
  _id: string;
  position: number;
  updatedAt: string;
}

/**
 * Checkpoints as documents beside the read models they describe. Compare-and-set is a conditional update behind
 * a claim: a conditional update alone is atomic on MongoDB but not on every MongoDB-wire server (FerretDB v1
 * reads, then writes, so two concurrent updates can both match), while inserting a unique `_id` is atomic on all
 * of them. Only the mover whose claim of `<name>@<expected>` is inserted may update.
 */
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
    const claim = `${name}@${expected}`;
    if (!(await this.claim(claim))) return false;
    try {
      const result = await this.checkpoints.updateOne(
        { _id: name, position: expected },
        { $set: { position: next, updatedAt } },
      );
      return result.matchedCount === 1;
    } finally {
      // A later mover with the same expected position then claims, updates nothing and returns false.
      await this.claims.deleteOne({ _id: claim });
    }
  }

  private get claims() {
    return this.readStore.collection<ClaimDocument>(CHECKPOINT_CLAIMS_COLLECTION);
  }

  private async claim(id: string): Promise<boolean> {
    const now = this.clock.now().getTime();
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        await this.claims.insertOne({ _id: id, claimedAt: now });
        return true;
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
        const held = await this.claims.findOne({ _id: id });
        if (!held || now - held.claimedAt < STALE_CLAIM_MS) return false;
        await this.claims.deleteOne({ _id: id, claimedAt: held.claimedAt });
      }
    }
    return false;
  }

  async delete(name: string): Promise<void> {
    await this.checkpoints.deleteOne({ _id: name });
  }
}
