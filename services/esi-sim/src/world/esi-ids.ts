// Bound once, as in prng.ts: global lookups are slow inside Jest's sandbox.
const { floor } = Math;

/**
 * Ids the simulator hands out. Journal rows, transactions, orders, jobs and contracts are numbered by the second
 * they happen, the source that made them (one campaign slot or wallet-level activity, up to 2,048) and a
 * sub-index within that second, so ids grow with time, are unique without any counter, and come out the same
 * whichever part of the world is generated first.
 */
export const ID_EPOCH_MS = Date.UTC(2020, 0, 1);

export const MAX_SOURCES = 2048;
export const MAX_SUB_INDEX = 32;

export function eventId(timeMs: number, source: number, subIndex: number): number {
  if (source < 0 || source >= MAX_SOURCES) throw new Error(`Event source ${source} is out of range`);
  if (subIndex < 0 || subIndex >= MAX_SUB_INDEX) throw new Error(`Sub-index ${subIndex} is out of range`);
  const seconds = floor((timeMs - ID_EPOCH_MS) / 1000);
  if (seconds < 0) throw new Error('Events before 2020 have no ids');
  return seconds * MAX_SOURCES * MAX_SUB_INDEX + source * MAX_SUB_INDEX + subIndex;
}

/** Offsets keep the kinds of id apart, so a test mixing them up fails loudly. */
export const IdSpace = {
  journal: 0,
  transaction: 1_000_000_000_000_000,
  order: 2_000_000_000_000_000,
  job: 3_000_000_000_000_000,
  contract: 3_500_000_000_000_000,
  contractItem: 4_000_000_000_000_000,
} as const;

/**
 * Orders of the simulated market books, by region index, type, slot (up to 1,024 a book) and generation: 2^52 +
 * packed fields, never meeting the event-based ids above (all below 2^52 = 4.5e15).
 */
export function bookOrderId(regionIndex: number, typeId: number, slot: number, generation: number): number {
  const packed =
    ((generation * 128 + (regionIndex % 128)) * 1_048_576 + (typeId % 1_048_576)) * 1024 + (slot % 1024);
  return 4_503_599_627_370_496 + (packed % 4_503_599_627_370_496);
}
