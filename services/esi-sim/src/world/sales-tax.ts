import type { RatePpm } from './money';

/**
 * The sales tax in force on each date (spec public-tools.md §9, at Accounting V): each rate applies from its
 * date until the next one. Before the first date the oldest rate applies.
 */
export const SALES_TAX_HISTORY: readonly { readonly from: string; readonly ratePpm: RatePpm }[] = [
  { from: '2025-03-13', ratePpm: 33_750 },
  { from: '2024-07-25', ratePpm: 20_250 },
  { from: '2021-10-13', ratePpm: 36_000 },
  { from: '2021-07-27', ratePpm: 11_250 },
  { from: '2019-08-04', ratePpm: 22_500 },
  { from: '0000-01-01', ratePpm: 10_000 },
];

const HISTORY_MS = SALES_TAX_HISTORY.map((entry) => ({
  fromMs: entry.from === '0000-01-01' ? -Infinity : Date.parse(`${entry.from}T00:00:00Z`),
  ratePpm: entry.ratePpm,
}));

export function salesTaxRateAt(timeMs: number): RatePpm {
  for (const entry of HISTORY_MS) if (timeMs >= entry.fromMs) return entry.ratePpm;
  return HISTORY_MS[HISTORY_MS.length - 1]!.ratePpm;
}
