import { z } from 'zod';
import { iskToCents } from './money';

/**
 * The largest ISK amount the product accepts: one price, cost, fee or profit figure, and the total of one line
 * (unit price × quantity). Ten times the dearest items ever traded, and small enough that a profit row, one figure
 * minus four others, stays an exact integer of cents (docs/profit-rules.md, "Bounds on money and quantities").
 */
export const MAX_ISK = 10_000_000_000_000;
export const MAX_ISK_CENTS = MAX_ISK * 100;
/** The largest quantity: ESI's quantities are signed 32-bit integers. */
export const MAX_QUANTITY = 2_147_483_647;
/** Type ids are positive signed 32-bit integers in ESI. */
export const MAX_TYPE_ID = 2_147_483_647;

const grouped = (value: number): string => value.toLocaleString('en-US');

/**
 * Cents as messages show ISK, with grouped thousands and two decimals, in exact integers:
 * `2762430939226` is `27,624,309,392.26 ISK`.
 */
export function formatIskCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${grouped(Math.floor(abs / 100))}.${String(abs % 100).padStart(2, '0')} ISK`;
}

const MAX_ISK_TEXT = `${grouped(MAX_ISK)} ISK`;

/** At most two decimals; amounts beyond the limit are left to the limit's message. */
function wholeCents(isk: number): boolean {
  return Math.abs(isk) > MAX_ISK || iskToCents(isk) / 100 === isk;
}

/** The refinement above as the OpenAPI document says it (JSON Schema's multipleOf is decimal-exact). */
const WHOLE_CENTS_IN_OPENAPI = { multipleOf: 0.01 };

/** An ISK amount sent to the API: 0 or more, whole cents, at most {@link MAX_ISK}. */
export const iskAmountInput = z
  .number()
  .min(0, 'must be 0 or more')
  .max(MAX_ISK, `must be at most ${MAX_ISK_TEXT}`)
  .refine(wholeCents, 'must be whole cents (at most two decimals)')
  .meta(WHOLE_CENTS_IN_OPENAPI);

/** An ISK amount that may be negative (a profit filter), within {@link MAX_ISK} either way. */
export const signedIskAmountInput = z
  .number()
  .min(-MAX_ISK, `must be at least -${MAX_ISK_TEXT}`)
  .max(MAX_ISK, `must be at most ${MAX_ISK_TEXT}`)
  .refine(wholeCents, 'must be whole cents (at most two decimals)')
  .meta(WHOLE_CENTS_IN_OPENAPI);

/** A number of units: whole, 0 or more, at most {@link MAX_QUANTITY}. */
export const quantityInput = z
  .number()
  .int('must be a whole number')
  .min(0, 'must be 0 or more')
  .max(MAX_QUANTITY, `must be at most ${grouped(MAX_QUANTITY)}`);

export const typeIdInput = z
  .number()
  .int('must be a whole number')
  .min(1, 'must be a type id (1 or more)')
  .max(MAX_TYPE_ID, `must be at most ${grouped(MAX_TYPE_ID)}`);

/** How many whole units at `unitPriceCents` (> 0) fit in `budgetCents`; exact for budgets up to 2^52 cents. */
export function unitsWithin(budgetCents: number, unitPriceCents: number): number {
  if (budgetCents < unitPriceCents) return 0;
  // The float quotient may round up to the next whole number; the product (at most twice the budget) corrects it.
  const units = Math.floor(budgetCents / unitPriceCents);
  return units * unitPriceCents > budgetCents ? units - 1 : units;
}

/**
 * Why `units` at `unitPriceCents` each do not fit in one line, naming the largest unit price that would; null when
 * they fit.
 */
export function lineLimitProblem(unitPriceCents: number, units: number): string | null {
  if (unitPriceCents === 0 || units <= unitsWithin(MAX_ISK_CENTS, unitPriceCents)) return null;
  const largest = formatIskCents(Number(BigInt(MAX_ISK_CENTS) / BigInt(units)));
  return `must be at most ${largest} for ${grouped(units)} units (a line is at most ${MAX_ISK_TEXT})`;
}
