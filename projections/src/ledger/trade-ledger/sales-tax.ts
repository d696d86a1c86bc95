import { SPEC_TRADE_RULES, type SalesTaxRate } from '@tradewise/contracts';
import { type RatePpm } from './money';

export type { SalesTaxRate };

/**
 * The sales tax history at Accounting V before any change is recorded in the rules stream (spec public-tools.md
 * §9), newest first, the same table the ESI simulator charges by. Before the oldest date the oldest rate applies.
 */
export const SPEC_SALES_TAX_HISTORY: readonly SalesTaxRate[] = SPEC_TRADE_RULES.salesTaxHistory;

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
