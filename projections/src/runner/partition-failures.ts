import type { ReadModelFailure, ReadStore } from '@tradewise/platform';

export const PARTITION_FAILURES_COLLECTION = 'projection_failures';

/**
 * A partition of a read model (a fold's account, a document projection's document) that stopped at an event it
 * could not apply. The rest of the read model goes on; this partition is frozen until it is rebuilt alone.
 */
export interface PartitionFailure extends ReadModelFailure {
  readonly _id: string;
  readonly projection: string;
  /** The generation's collection: a rebuilt generation starts with no failures of its own. */
  readonly collection: string;
}

/** What readers are told of a failure (without where it is stored). */
export function readModelFailure(failure: PartitionFailure): ReadModelFailure {
  const { partition, position, streamId, eventType, reason, failedAt } = failure;
  return { partition, position, streamId, eventType, reason, failedAt };
}

export function partitionFailureId(collection: string, partition: string): string {
  return `${collection}|${partition}`;
}

/** Failed partitions, stored beside the read models so every process that serves them can tell readers. */
export class PartitionFailures {
  constructor(private readonly readStore: ReadStore) {}

  private get failures() {
    return this.readStore.collection<PartitionFailure>(PARTITION_FAILURES_COLLECTION);
  }

  of(collection: string): Promise<PartitionFailure[]> {
    return this.failures.find({ collection }).sort({ position: 1 }).toArray();
  }

  get(collection: string, partition: string): Promise<PartitionFailure | null> {
    return this.failures.findOne({ _id: partitionFailureId(collection, partition) });
  }

  async record(failures: readonly PartitionFailure[]): Promise<void> {
    if (failures.length === 0) return;
    await this.failures.bulkWrite(
      failures.map((failure) => ({
        replaceOne: { filter: { _id: failure._id }, replacement: failure, upsert: true },
      })),
      { ordered: true },
    );
  }

  async clear(collection: string, partition: string): Promise<void> {
    await this.failures.deleteOne({ _id: partitionFailureId(collection, partition) });
  }

  /** A dropped generation takes its failures with it. */
  async clearCollection(collection: string): Promise<void> {
    await this.failures.deleteMany({ collection });
  }
}

export const PASSED_OVER_COLLECTION = 'projection_passed_over';

/**
 * An event support chose to pass over for one partition of a read model (an import ESI got wrong, an entry a past
 * version let through), with who decided and why. Kept per read model, not per generation, so every rebuild
 * passes it over the same way and the decision stays auditable.
 */
export interface PassedOverEvent {
  readonly _id: string;
  readonly projection: string;
  readonly partition: string;
  readonly position: number;
  readonly reason: string;
  readonly by: string;
  readonly at: string;
}

export function passedOverKey(partition: string, position: number): string {
  return `${partition}|${position}`;
}

export class PassedOverEvents {
  constructor(private readonly readStore: ReadStore) {}

  private get events() {
    return this.readStore.collection<PassedOverEvent>(PASSED_OVER_COLLECTION);
  }

  /** The partition-and-position keys passed over in a read model. */
  async keys(projection: string): Promise<Set<string>> {
    const events = await this.events.find({ projection }).toArray();
    return new Set(events.map((event) => passedOverKey(event.partition, event.position)));
  }

  async record(event: Omit<PassedOverEvent, '_id'>): Promise<void> {
    const _id = `${event.projection}|${passedOverKey(event.partition, event.position)}`;
    await this.events.replaceOne({ _id }, { _id, ...event }, { upsert: true });
  }
}
