import {
  ReadModelLagError,
  type CheckpointStore,
  type Clock,
  type Document,
  type ReadCollection,
  type ReadModelFailure,
  type ReadModels,
  type ReadStore,
} from '@tradewise/platform';
import { PartitionFailures, readModelFailure } from './partition-failures';
import { ProjectionRegistry } from './projection-registry';

const SERVING_CACHE_MS = 1000;
const DEFAULT_WAIT_MS = 5000;
const FIRST_POLL_MS = 2;
const LONGEST_POLL_MS = 50;

/**
 * Read models as the projection registry describes them. Works in any process that shares the read store, so
 * an API process finds what a separate projections process builds: the checkpoint of the serving collection
 * tells how far it has read the log.
 */
export class RegistryReadModels implements ReadModels {
  private readonly registry: ProjectionRegistry;
  private readonly failures: PartitionFailures;
  private readonly servingCache = new Map<string, { collection: string | null; readAt: number }>();

  constructor(
    private readonly readStore: ReadStore,
    private readonly checkpoints: CheckpointStore,
    private readonly clock: Clock,
  ) {
    this.registry = new ProjectionRegistry(readStore);
    this.failures = new PartitionFailures(readStore);
  }

  async failure(name: string, partition: string): Promise<ReadModelFailure | null> {
    const collection = await this.servingCollection(name);
    if (collection === null) return null;
    const failure = await this.failures.get(collection, partition);
    return failure ? readModelFailure(failure) : null;
  }

  async serving<T extends Document = Document>(name: string): Promise<ReadCollection<T> | null> {
    const collection = await this.servingCollection(name);
    return collection === null ? null : this.readStore.collection<T>(collection);
  }

  async waitFor(name: string, position: number, timeoutMs = DEFAULT_WAIT_MS): Promise<void> {
    const deadline = this.clock.now().getTime() + timeoutMs;
    let pause = FIRST_POLL_MS;
    for (;;) {
      const collection = await this.servingCollection(name, pause > FIRST_POLL_MS);
      if (collection !== null) {
        const checkpoint = await this.checkpoints.get(collection);
        if ((checkpoint?.position ?? 0) >= position) return;
      }
      if (this.clock.now().getTime() >= deadline) throw new ReadModelLagError(name, position);
      await new Promise((resolve) => setTimeout(resolve, pause));
      pause = Math.min(pause * 2, LONGEST_POLL_MS);
    }
  }

  private async servingCollection(name: string, fresh = false): Promise<string | null> {
    const cached = this.servingCache.get(name);
    const now = this.clock.now().getTime();
    if (!fresh && cached && now - cached.readAt < SERVING_CACHE_MS) return cached.collection;
    const entry = await this.registry.get(name);
    const collection = entry.serving?.collection ?? null;
    this.servingCache.set(name, { collection, readAt: now });
    return collection;
  }
}
