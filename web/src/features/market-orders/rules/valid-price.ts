// The market order rules (docs/market-orders.md). contracts/src/market-orders is the source; the web keeps a copy of
// this file in web/src/features/market-orders/rules (the web imports nothing from contracts), which
// rules-copy.unit.spec.ts holds identical.

/** Which way a price may move to become valid: a seller rounds down (stays cheaper), a buyer up (stays higher). */
export type OrderSide = 'sell' | 'buy';

/** The game accepts at most 4 significant figures in an order's price (the tick rule since 2020-03-10). */
export const PRICE_SIGNIFICANT_FIGURES = 4;

/** A decimal as an exact integer count of 10^-scale: 12.34 is { units: 1234n, scale: 2 }. */
interface ExactDecimal {
  readonly units: bigint;
  readonly scale: number;
}

/**
 * The number as the decimal it prints as (0.015 is 15 thousandths, not the binary double just below it), so the
 * rule snaps what the user and ESI wrote rather than its floating-point neighbour.
 */
function exactDecimal(value: number): ExactDecimal {
  if (!Number.isFinite(value)) throw new RangeError(`A price must be finite, got ${value}`);
  const [mantissa = '0', exponentText = '0'] = String(value).toLowerCase().split('e');
  const negative = mantissa.startsWith('-');
  const [whole = '0', fraction = ''] = mantissa.replace('-', '').split('.');
  const exponent = Number(exponentText);
  let units = BigInt(`${whole}${fraction}`);
  let scale = fraction.length - exponent;
  if (scale < 0) {
    units *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { units: negative ? -units : units, scale };
}

function divideRounding(dividend: bigint, divisor: bigint, side: OrderSide): bigint {
  const quotient = dividend / divisor;
  const remainder = dividend % divisor;
  if (remainder === 0n) return quotient;
  // BigInt division truncates toward zero: step down for negatives (sell) or up for positives (buy).
  if (side === 'sell') return remainder < 0n ? quotient - 1n : quotient;
  return remainder > 0n ? quotient + 1n : quotient;
}

function digitCount(units: bigint): number {
  return (units < 0n ? -units : units).toString().length;
}

/** The price in whole cents, snapped as {@link snapToValidPrice} does. */
export function validPriceCents(price: number, side: OrderSide): bigint {
  const { units, scale } = exactDecimal(price);
  const excessDigits = digitCount(units) - PRICE_SIGNIFICANT_FIGURES;
  const tick = excessDigits > 0 ? 10n ** BigInt(excessDigits) : 1n;
  const significant = divideRounding(units, tick, side) * tick;
  if (scale <= 2) return significant * 10n ** BigInt(2 - scale);
  return divideRounding(significant, 10n ** BigInt(scale - 2), side);
}

/**
 * The nearest price the game accepts on the side's safe side: at most 4 significant figures, then whole cents;
 * a sell rounds down and a buy up (1234.5 sells at 1234 and buys at 1235; 0.015 sells at 0.01, buys at 0.02).
 * Exact decimal arithmetic: no floating-point step is ever added up.
 */
export function snapToValidPrice(price: number, side: OrderSide): number {
  return centsToIsk(validPriceCents(price, side));
}

/** ISK in whole cents, exactly: a price as ESI sends it has at most 2 decimals. */
export function iskToWholeCents(isk: number, side: OrderSide): bigint {
  const { units, scale } = exactDecimal(isk);
  if (scale <= 2) return units * 10n ** BigInt(2 - scale);
  return divideRounding(units, 10n ** BigInt(scale - 2), side);
}

export function centsToIsk(cents: bigint): number {
  return Number(cents) / 100;
}

/** The price as the game's price field takes it: a plain number with 2 decimals and no separators (1234.00). */
export function priceFieldText(price: number): string {
  const cents = iskToWholeCents(price, 'sell');
  const sign = cents < 0n ? '-' : '';
  const magnitude = (cents < 0n ? -cents : cents).toString().padStart(3, '0');
  return `${sign}${magnitude.slice(0, -2)}.${magnitude.slice(-2)}`;
}
