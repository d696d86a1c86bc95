/**
 * ISK in integer cents. A `number` holding a safe integer: exact up to 90 trillion ISK, plain JSON in events and
 * read models, and fast; products that can pass 2^53 (amount × rate, total × units) go through BigInt.
 */
export type Cents = number;

/** A rate in parts per million: 3.375% is 33,750 and the UI's finest fee step (0.001%) is 10. */
export type RatePpm = number;

export const PPM = 1_000_000;

// Bound once: global lookups are slow inside Jest's sandbox, and these run per fill.
const { floor, round } = Math;
const { isFinite: isFiniteNumber, isSafeInteger, MAX_SAFE_INTEGER: MAX_SAFE } = Number;

export function assertCents(value: number, what: string): Cents {
  if (!isSafeInteger(value)) throw new RangeError(`${what} must be a whole number of cents, got ${value}`);
  return value;
}

/** ESI's doubles to cents: one definition, in contracts, shared with the importer. */
export { iskToCents } from '@tradewise/contracts';
/** Units that fit in a budget: one definition, in contracts, shared with the API's checks. */
export { unitsWithin } from '@tradewise/contracts';

export function centsToIsk(cents: Cents): number {
  return cents / 100;
}

/** `0.5` (per cent) becomes 5,000 ppm. */
export function percentToPpm(percent: number): RatePpm {
  if (!isFiniteNumber(percent) || percent < 0)
    throw new RangeError(`a rate must be a percentage ≥ 0, got ${percent}`);
  return round(percent * 10_000);
}

/** `a × b`, refusing to lose precision. */
export function multiplyExact(a: number, b: number): number {
  const product = a * b;
  if (!isSafeInteger(product)) throw new RangeError(`${a} × ${b} is beyond exact integer arithmetic`);
  return product;
}

/** `round(a × b / divisor)` for whole a, b ≥ 0 and divisor > 0, halves up, exact for any safe inputs. */
export function multiplyDivideRounded(a: number, b: number, divisor: number): number {
  if (a < 0 || b < 0 || divisor <= 0) throw new RangeError(`cannot scale ${a} × ${b} / ${divisor}`);
  const product = a * b;
  if (product + divisor <= MAX_SAFE) {
    // The float quotient can be off by one; the remainder, computed in exact integers, corrects it.
    let quotient = floor(product / divisor);
    let remainder = product - quotient * divisor;
    if (remainder < 0) {
      quotient -= 1;
      remainder += divisor;
    } else if (remainder >= divisor) {
      quotient += 1;
      remainder -= divisor;
    }
    return remainder * 2 >= divisor ? quotient + 1 : quotient;
  }
  const big = BigInt(a) * BigInt(b);
  const bigDivisor = BigInt(divisor);
  return assertCents(Number((big * 2n + bigDivisor) / (bigDivisor * 2n)), 'rounded product');
}

/** `amount × rate`, rounded half up to whole cents. */
export function applyRate(amount: Cents, rate: RatePpm): Cents {
  return multiplyDivideRounded(amount, rate, PPM);
}

/**
 * The part of `total` that belongs to units [fromUnit, toUnit) of `quantity`: the difference of the rounded running
 * shares at both ends. Any split of the units into ranges therefore adds up to `total` to the cent, whatever order
 * the ranges are taken in, and no part is negative.
 */
export function shareOfUnits(total: Cents, quantity: number, fromUnit: number, toUnit: number): Cents {
  if (fromUnit === toUnit) return 0;
  return multiplyDivideRounded(total, toUnit, quantity) - multiplyDivideRounded(total, fromUnit, quantity);
}
