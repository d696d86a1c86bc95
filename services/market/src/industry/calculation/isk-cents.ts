import { ExactDecimal } from '../formulas';

/**
 * ISK in whole cents (bigint): prices enter as the decimals ESI or the user sent, products are exact, and each
 * amount is rounded half up to the cent once, where the page shows it. Sums are sums of those cents.
 */
export type Cents = bigint;

/** A price in ISK (`3.1582815355` or `1250000.5`) to cents, half up. */
export function iskToCents(isk: number): Cents {
  return ExactDecimal.of(isk).shift(2).roundHalfUp(0).coefficient;
}

/** `quantity × unit price`, to the cent. */
export function lineCents(unitPrice: number, quantity: number): Cents {
  return ExactDecimal.of(unitPrice).times(quantity).shift(2).roundHalfUp(0).coefficient;
}

/** `amount × percent / 100`, to the cent: a broker fee or the sales tax. */
export function percentOf(amount: Cents, percent: number): Cents {
  return ExactDecimal.of(amount).times(ExactDecimal.percent(percent)).roundHalfUp(0).coefficient;
}

/** Cents as ISK with two decimals for JSON: exact while the cents are a safe integer (up to 90 trillion ISK). */
export function centsToIsk(cents: Cents): number {
  const whole = Number(cents);
  if (!Number.isSafeInteger(whole)) throw new AmountTooLargeError(cents);
  return whole / 100;
}

/** `numerator / denominator` as a percentage with two decimals, half up; null when the denominator is 0. */
export function percentage(numerator: Cents, denominator: Cents): number | null {
  if (denominator === 0n) return null;
  const basisPoints = divideRounded(numerator * 10_000n, denominator);
  return Number(basisPoints) / 100;
}

function divideRounded(numerator: bigint, denominator: bigint): bigint {
  if (denominator < 0n) return divideRounded(-numerator, -denominator);
  if (numerator < 0n) return -divideRounded(-numerator, denominator);
  return (2n * numerator + denominator) / (2n * denominator);
}

export class AmountTooLargeError extends RangeError {
  constructor(readonly cents: bigint) {
    super(`An amount of ${cents} cents is too large to answer exactly`);
  }
}
