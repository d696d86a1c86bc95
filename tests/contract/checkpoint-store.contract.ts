import { ManualClock, ReadStoreCheckpointStore, type ReadStore } from '@tradewise/platform';
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

    it('lets exactly one of concurrent runners move it', async () => {
      await checkpoints.compareAndSet(name, null, 1);
      const outcomes = await Promise.all(
        Array.from({ length: 10 }, (_, i) => checkpoints.compareAndSet(name, 1, 100 + i)),
      );
      expect(outcomes.filter(Boolean)).toHaveLength(1);
      const winner = 100 + outcomes.indexOf(true);
      expect((await checkpoints.get(name))?.position).toBe(winner);
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
