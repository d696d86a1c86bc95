export interface FromIdBatch<T> {
  readonly items: readonly T[];
  /** The batch came from the cache or as a 304. */
  readonly unchanged: boolean;
}

export interface FromIdWalk<T> {
  /** Newest first, each record once. */
  readonly items: T[];
  readonly batches: number;
  readonly unchanged: boolean;
}

export interface FromIdWalkOptions {
  /** Stop at records the caller already has: only ids above this are returned, and older batches not fetched. */
  readonly newerThanId?: number;
  /** A walk needing more batches fails instead of looping on a misbehaving server. */
  readonly maxBatches?: number;
}

/**
 * Walks a from_id resource (wallet transactions): newest records first; `from_id=<id>` returns older ones. ESI's
 * docs say the from_id record itself comes back again, the spec's text says only older ones: either way the walk
 * ends when a batch brings no record not seen before.
 */
export async function walkFromId<T>(
  fetchBatch: (fromId: number | undefined) => Promise<FromIdBatch<T>>,
  idOf: (item: T) => number,
  options: FromIdWalkOptions = {},
): Promise<FromIdWalk<T>> {
  const maxBatches = options.maxBatches ?? 1_000;
  const seen = new Set<number>();
  const items: T[] = [];
  let unchanged = true;
  let fromId: number | undefined;
  for (let batches = 1; batches <= maxBatches; batches++) {
    const batch = await fetchBatch(fromId);
    unchanged &&= batch.unchanged;
    let added = 0;
    let reachedKnown = false;
    for (const item of batch.items) {
      const id = idOf(item);
      if (options.newerThanId !== undefined && id <= options.newerThanId) {
        reachedKnown = true;
      } else if (!seen.has(id)) {
        seen.add(id);
        items.push(item);
        added += 1;
      }
    }
    if (added === 0 || reachedKnown) return { items, batches, unchanged };
    fromId = Math.min(...batch.items.map(idOf));
  }
  throw new Error(`A from_id walk did not end within ${maxBatches} batches`);
}
