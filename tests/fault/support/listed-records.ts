const HOUR_MS = 3_600_000;

/** The records a character's wallet listed on ESI in each hour from `fromMs` to `toMs` (ESI answers hourly). */
export function listedEachHour(
  list: (atMs: number) => readonly { id: number }[],
  fromMs: number,
  toMs: number,
): Set<number>[] {
  const hours: Set<number>[] = [];
  for (let hour = Math.floor(fromMs / HOUR_MS) * HOUR_MS; hour <= toMs; hour += HOUR_MS) {
    hours.push(new Set(list(hour).map((record) => record.id)));
  }
  return hours;
}

/** What every hour listed: a sync in any of them must have imported it. */
export function inEvery(sets: readonly Set<number>[]): Set<number> {
  return new Set([...sets[0]!].filter((id) => sets.every((set) => set.has(id))));
}

/** What some hour listed: nothing else may have been imported. */
export function inAny(sets: readonly Set<number>[]): Set<number> {
  return new Set(sets.flatMap((set) => [...set]));
}
