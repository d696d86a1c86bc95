/** Consecutive slices of at most `size` items: the records of one bus message each. */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}

/** Records newer than the last one published, oldest first (ESI answers newest first). */
export function newerThan<T>(records: readonly T[], idOf: (record: T) => number, lastId: number | null): T[] {
  return records
    .filter((record) => lastId === null || idOf(record) > lastId)
    .sort((a, b) => idOf(a) - idOf(b));
}
