import { type RatePpm } from './money';

/** A sales tax rate in force from `from` (a UTC date, `YYYY-MM-DD`, from 00:00) until the next one starts. */
export interface SalesTaxRate {
  readonly from: string;
  readonly ratePpm: RatePpm;
}

/**
 * The sales tax history at Accounting V (spec public-tools.md §9), newest first, the same table the ESI simulator
 * charges by. Before the oldest date the oldest rate applies.
 */
export const SPEC_SALES_TAX_HISTORY: readonly SalesTaxRate[] = [
  { from: '2025-03-13', ratePpm: 33_750 },
  { from: '2024-07-25', ratePpm: 20_250 },
  { from: '2021-10-13', ratePpm: 36_000 },
  { from: '2021-07-27', ratePpm: 11_250 },
  { from: '2019-08-04', ratePpm: 22_500 },
  { from: '0000-01-01', ratePpm: 10_000 },
];

export interface SalesTaxSchedule {
  /** Newest first. */
  readonly rates: readonly { readonly fromMs: number; readonly ratePpm: RatePpm }[];
}

export function salesTaxSchedule(history: readonly SalesTaxRate[]): SalesTaxSchedule {
  if (history.length === 0) throw new RangeError('a sales tax history needs at least one rate');
  const rates = history
    .map((rate) => ({ fromMs: Date.parse(`${rate.from}T00:00:00Z`), ratePpm: rate.ratePpm }))
    .sort((a, b) => b.fromMs - a.fromMs);
  return { rates };
}

export function salesTaxRateAt(schedule: SalesTaxSchedule, timeMs: number): RatePpm {
  for (const rate of schedule.rates) if (timeMs >= rate.fromMs) return rate.ratePpm;
  return schedule.rates[schedule.rates.length - 1]!.ratePpm;
}
