/** A new sync finished when the account's lastUpdate moves to another time. */
export function syncedSince(
  previous: string | null | undefined,
  current: string | null | undefined,
): boolean {
  return current != null && current !== previous;
}
