/**
 * Security status as shown: rounded to one decimal, and 0 for values of 0 or less (Jita's 0.9459 shows 0.9, every
 * null-sec system 0). Filters and calculations use the raw value.
 */
export function displaySecurity(security: number): number {
  const rounded = Math.round(security * 10) / 10;
  return rounded <= 0 ? 0 : rounded;
}

/** '0.9', '0.1', and '0' (not '0.0') for 0 or less, as the spec shows it. */
export function formatSecurity(security: number): string {
  const shown = displaySecurity(security);
  return shown === 0 ? '0' : shown.toFixed(1);
}
