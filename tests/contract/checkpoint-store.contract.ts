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
): void {
  const describeIf = available() ? describe : describe.skip;
  describeIf(`CheckpointStore contract: ${adapter}`, () => {
    let harness: ReadStoreFixture;
    let readStore: ReadStore;
    let checkpoints: ReadStoreCheckpointStore;
    let name: string;
    const clock = new ManualClock('2026-05-01T00:00:00.000Z');

    beforeEach(async () => {
      harness = fixture();
      readStore = await harness.open();
      checkpoints = new ReadStoreCheckpointStore(readStore, clock);
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

    it('is not blocked for long by a claim a dead process left behind', async () => {
      await checkpoints.compareAndSet(name, null, 1);
      await readStore
        .collection<{ _id: string; claimedAt: number }>(CHECKPOINT_CLAIMS_COLLECTION)
        .insertOne({ _id: `${name}@1`, claimedAt: clock.now().getTime() });
      expect(await checkpoints.compareAndSet(name, 1, 2)).toBe(false);
      clock.advance(61_000);
      expect(await checkpoints.compareAndSet(name, 1, 2)).toBe(true);
      expect((await checkpoints.get(name))?.position).toBe(2);
      clock.set('2026-05-01T00:00:00.000Z');
    });

    it('survives a restart and can be deleted', async () => {
      await checkpoints.compareAndSet(name, null, 42);
      await readStore.close();
      readStore = await harness.open();
      checkpoints = new ReadStoreCheckpointStore(readStore, clock);
      expect((await checkpoints.get(name))?.position).toBe(42);
      await checkpoints.delete(name);
      expect(await checkpoints.get(name)).toBeNull();
    });
  });
}
