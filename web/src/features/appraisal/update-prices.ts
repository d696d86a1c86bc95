/** Public-tools §9: prices may be updated 5 minutes after the appraisal was created. */
export const UPDATE_PRICES_AFTER_MS = 5 * 60_000;

/** Milliseconds until Update prices is allowed (0 when it is). */
export function updatePricesWaitMs(created: string, now: number): number {
  const createdAt = Date.parse(created);
  if (Number.isNaN(createdAt)) return 0;
  return Math.max(0, createdAt + UPDATE_PRICES_AFTER_MS - now);
}

/** The remaining time on the disabled button, as m:ss. */
export function formatWait(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
