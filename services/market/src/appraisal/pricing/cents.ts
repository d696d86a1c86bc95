import { iskToCents } from '@tradewise/contracts';

/** ISK amounts inside an appraisal are whole cents as bigints: a price times a quantity can pass 2^53. */
export type Cents = bigint;

/** An ESI price (a double with at most two decimals) as exact cents. */
export function priceCents(isk: number): Cents {
  return BigInt(iskToCents(isk));
}

/**
 * Cents as the ISK number the API answers with: one correctly rounded division, so below 2^53 cents (90 trillion
 * ISK) the number is the nearest double to the exact amount and prints with its two decimals.
 */
export function centsToIsk(cents: Cents): number {
  return Number(cents) / 100;
}

/** `numerator / denominator` rounded half away from zero, both in cents: averages of a walk. */
export function divideRounded(numerator: Cents, denominator: bigint): Cents {
  if (denominator === 0n) throw new RangeError('division by zero');
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const rounded = (n * 2n + d) / (d * 2n);
  return negative ? -rounded : rounded;
}
