import {
  CHECKPOINT_CLAIMS_COLLECTION,
  ManualClock,
  ReadStoreCheckpointStore,
  type ReadStore,
} from '@tradewise/platform';
import { uniqueSuffix } from '../support/servers';
import type { ReadStoreFixture } from './read-store.contract';

/** Compare-and-set checkpoints, over every ReadStore adapter they are stored in. */
export function checkpointStoreContract(
  adapter: string,
  available: () => boolean,
  fixture: () => ReadStoreFixture,
  /** As the adapter factory builds it: claims for a shared MongoDB-wire server. */
  options: { readonly claims: boolean },
): void {
  const describeIf = available() ? describe : describe.skip;
  describeIf(`CheckpointStore contract: ${adapter}`, () => {
    // 50 contended round trips to a shared server: seconds when the machine is busy, not Jest's default 5.
    jest.setTimeout(60_000);
    let harness: ReadStoreFixture;
    let readStore: ReadStore;
    let checkpoints: ReadStoreCheckpointStore;
    let name: string;
    const clock = new ManualClock('2026-05-01T00:00:00.000Z');
    const storeOver = (store: ReadStore) =>
      new ReadStoreCheckpointStore(store, clock, {
        claims: options.claims,
        staleClaimMs: 10_000,
        // Waiting for a claim moves the manual clock, so a dead process's claim goes stale in test time.
        sleep: async (ms) => clock.advance(ms),
      });

    beforeEach(async () => {
      harness = fixture();
      readStore = await harness.open();
      checkpoints = storeOver(readStore);
      name = `projection-${uniqueSuffix()}`;
    });

    afterEach(async () => {
      await checkpoints.delete(name);
      await readStore.close();
      await harness.cleanup();
    });

    it('starts with no checkpoint and moves only from the expected position', async () => {
      expect(await checkpoints.get(name)).toBeNull();
      expect(await checkpoints.compareAndSet(name, null, 5)).toBe(true);
      expect(await checkpoints.compareAndSet(name, null, 6)).toBe(false);
      expect(await checkpoints.compareAndSet(name, 5, 10)).toBe(true);
      expect(await checkpoints.compareAndSet(name, 5, 11)).toBe(false);
      expect(await checkpoints.get(name)).toEqual({
        name,
        position: 10,
        updatedAt: '2026-05-01T00:00:00.000Z',
      });
    });

    it('lets exactly one of concurrent runners move it, round after round', async () => {
      await checkpoints.compareAndSet(name, null, 1);
      let position = 1;
      for (let round = 1; round <= 5; round++) {
        const outcomes = await Promise.all(
          Array.from({ length: 10 }, (_, i) => checkpoints.compareAndSet(name, position, round * 100 + i)),
        );
        expect(outcomes.filter(Boolean)).toHaveLength(1);
        position = round * 100 + outcomes.indexOf(true);
        expect((await checkpoints.get(name))?.position).toBe(position);
      }
    });

    (options.claims ? it : it.skip)('waits out a claim a dead process left behind, then moves', async () => {
      await checkpoints.compareAndSet(name, null, 1);
      const claimedAt = clock.now().getTime();
      await readStore
        .collection<{ _id: string; claimedAt: number }>(CHECKPOINT_CLAIMS_COLLECTION)
        .insertOne({ _id: `${name}@1`, claimedAt });
      expect(await checkpoints.compareAndSet(name, 1, 2)).toBe(true);
      expect(clock.now().getTime() - claimedAt).toBeGreaterThanOrEqual(10_000);
      expect((await checkpoints.get(name))?.position).toBe(2);
      clock.set('2026-05-01T00:00:00.000Z');
    });

    it('survives a restart and can be deleted', async () => {
      await checkpoints.compareAndSet(name, null, 42);
      await readStore.close();
      readStore = await harness.open();
      checkpoints = storeOver(readStore);
      expect((await checkpoints.get(name))?.position).toBe(42);
      await checkpoints.delete(name);
      expect(await checkpoints.get(name)).toBeNull();
    });
  });
}
