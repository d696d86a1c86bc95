import type { Checkpoint, CheckpointStore } from '../../ports/checkpoint-store.port';
import type { Clock } from '../../ports/clock.port';
import { isDuplicateKeyError, type ReadStore } from '../../ports/read-store.port';

export const CHECKPOINTS_COLLECTION = 'checkpoints';
export const CHECKPOINT_CLAIMS_COLLECTION = 'checkpoint_claims';
export interface CheckpointStoreOptions {
  /**
   * Serialize movers through claims: for stores whose conditional update is not atomic across clients (a
   * MongoDB-wire server shared by processes). The embedded store runs in one process and needs none.
   */
  readonly claims?: boolean;
  /** A claim is held for one update; one older than this was left by a process that died holding it. */
  readonly staleClaimMs?: number;
  readonly sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

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
 * Checkpoints as documents beside the read models they describe; compare-and-set is a conditional update. With
 * `claims` (shared MongoDB-wire servers) it runs behind a claim: a conditional update alone is atomic on MongoDB
 * but not on every MongoDB-wire server (FerretDB v1 reads, then writes, so two concurrent updates can both
 * match), while inserting a unique `_id` is atomic on all of them. Movers from one position take turns.
 */
export class ReadStoreCheckpointStore implements CheckpointStore {
  constructor(
    private readonly readStore: ReadStore,
    private readonly clock: Clock,
    private readonly options: CheckpointStoreOptions = {},
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
    if (!this.options.claims) return this.moveFrom(name, expected, next, updatedAt);
    const claim = `${name}@${expected}`;
    await this.claim(claim);
    try {
      return await this.moveFrom(name, expected, next, updatedAt);
    } finally {
      // The next mover from the same position then claims, matches nothing and returns false.
      await this.claims.deleteOne({ _id: claim });
    }
  }

  private async moveFrom(name: string, expected: number, next: number, updatedAt: string): Promise<boolean> {
    const result = await this.checkpoints.updateOne(
      { _id: name, position: expected },
      { $set: { position: next, updatedAt } },
    );
    return result.matchedCount === 1;
  }

  private get claims() {
    return this.readStore.collection<ClaimDocument>(CHECKPOINT_CLAIMS_COLLECTION);
  }

  /** Waits while another mover holds the claim (one update's time), or takes over one a dead process left. */
  private async claim(id: string): Promise<void> {
    const staleAfter = this.options.staleClaimMs ?? 10_000;
    const sleep = this.options.sleep ?? defaultSleep;
    for (let pause = 2; ; pause = Math.min(pause * 2, 100)) {
      const now = this.clock.now().getTime();
      try {
        await this.claims.insertOne({ _id: id, claimedAt: now });
        return;
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
      }
      const held = await this.claims.findOne({ _id: id });
      if (held && now - held.claimedAt >= staleAfter) {
        await this.claims.deleteOne({ _id: id, claimedAt: held.claimedAt });
      } else if (held) {
        await sleep(pause);
      }
    }
  }

  async delete(name: string): Promise<void> {
    await this.checkpoints.deleteOne({ _id: name });
  }
}
