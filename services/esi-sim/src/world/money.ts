// Bound once, as in prng.ts: global lookups are slow inside Jest's sandbox.
const { abs, floor, log10, max, round } = Math;

/**
 * ISK is kept in integer cents (DESIGN.md: sums must not drift) and becomes ESI's float with two decimals only
 * on the wire. Rates are integers in parts per million, so 3.375% is 33,750.
 */
export type Cents = number;
export type RatePpm = number;

export const PPM = 1_000_000;

export function centsToIsk(cents: Cents): number {
  return cents / 100;
}

export function iskToCents(isk: number): Cents {
  return round(isk * 100);
}

/** `amount × rate`, rounded half away from zero to whole cents, exact for any amount below 9e15 cents. */
export function applyRate(amount: Cents, rate: RatePpm): Cents {
  // amount = high·1e6 + low, so high·rate is whole and only low·rate / 1e6 has a fraction; both stay exact doubles.
  const magnitude = abs(amount);
  const high = floor(magnitude / PPM);
  const low = magnitude - high * PPM;
  const product = low * rate;
  const quotient = floor(product / PPM);
  const remainder = product - quotient * PPM;
  const result = high * rate + quotient + (remainder * 2 >= PPM ? 1 : 0);
  return amount < 0 ? -result : result;
}

/** `amount × a × b` with two ppm rates, rounded once. */
export function applyRates(amount: Cents, a: RatePpm, b: RatePpm): Cents {
  const numerator = BigInt(amount) * BigInt(a) * BigInt(b);
  const denominator = BigInt(PPM) * BigInt(PPM);
  const negative = numerator < 0n;
  const magnitude = negative ? -numerator : numerator;
  const rounded = Number((magnitude * 2n + denominator) / (denominator * 2n));
  return negative ? -rounded : rounded;
}

/** Rounds to whole ISK (the industry formulas round each component to ISK). */
export function roundToWholeIsk(cents: Cents): Cents {
  return round(cents / 100) * 100;
}

/**
 * Market prices have at most four significant figures (tick size since 2020-03-10) and two decimals.
 * 1,234.5678 ISK becomes 1,235.00; 5.678 becomes 5.68.
 */
export function tickPrice(isk: number): Cents {
  let cents = max(1, round(isk * 100));
  const digits = floor(log10(cents)) + 1;
  if (digits > 4) {
    const unit = 10 ** (digits - 4);
    cents = round(cents / unit) * unit;
  }
  return cents;
}

/** The smallest price step at this price under the tick rule. */
export function tickUnit(cents: Cents): Cents {
  const digits = floor(log10(max(1, cents))) + 1;
  return digits > 4 ? 10 ** (digits - 4) : 1;
}

/**
 * The valid price `ticks` steps away under the tick rule: up when positive, down when negative (one tick below
 * 1,000.00 ISK is 999.90), never below 0.01 ISK.
 */
export function ticksAway(cents: Cents, ticks: number): Cents {
  let price = cents;
  for (let step = 0; step < abs(ticks); step++) {
    price = ticks > 0 ? price + tickUnit(price) : max(1, price - tickUnit(price - 1));
  }
  return price;
}

/**
 * Splits `total` over quantities in proportion. Each part is the difference of rounded running shares, so the
 * parts always add up to `total` exactly (and the same way every time).
 */
export function allocateByQuantity(total: Cents, quantities: readonly number[]): Cents[] {
  const sum = quantities.reduce((a, b) => a + b, 0);
  if (sum === 0) return quantities.map(() => 0);
  const parts: Cents[] = [];
  let cumulative = 0;
  let allocated = 0;
  for (const quantity of quantities) {
    cumulative += quantity;
    const upTo = cumulative === sum ? total : roundedShare(total, cumulative, sum);
    parts.push(upTo - allocated);
    allocated = upTo;
  }
  return parts;
}

/** round(total × part / whole), halves up, exact even where the product passes 2^53 (a contract's value shares). */
function roundedShare(total: Cents, part: number, whole: number): Cents {
  const product = total * part;
  if (Number.isSafeInteger(product)) return round(product / whole);
  const twice = 2n * BigInt(total) * BigInt(part) + BigInt(whole);
  return Number(twice / (2n * BigInt(whole)));
}

/**
 * round(amount × numerator / denominator), halves up, in exact integer arithmetic (a positive denominator): the
 * share of a fee that units [0, numerator) of `denominator` carry. Exact wherever the product passes 2^53 too.
 */
export function multiplyDivideRounded(amount: number, numerator: number, denominator: number): number {
  if (!(denominator > 0))
    throw new Error(`multiplyDivideRounded: denominator ${denominator} is not positive`);
  const twice = 2 * amount * numerator;
  const divisor = 2 * denominator;
  if (abs(twice) + divisor <= Number.MAX_SAFE_INTEGER) {
    // floor((2an + d) / 2d), the float quotient corrected by its exact remainder.
    const dividend = twice + denominator;
    let quotient = floor(dividend / divisor);
    const remainder = dividend - quotient * divisor;
    if (remainder < 0) quotient--;
    else if (remainder >= divisor) quotient++;
    return quotient;
  }
  const dividend = 2n * BigInt(amount) * BigInt(numerator) + BigInt(denominator);
  const big = BigInt(divisor);
  const quotient = dividend / big;
  // BigInt division truncates toward zero; floor it.
  return Number(dividend % big < 0n ? quotient - 1n : quotient);
}

/** `1,234,567.89 ISK` for descriptions. */
export function formatIsk(cents: Cents): string {
  const negative = cents < 0;
  const magnitude = abs(cents);
  const whole = floor(magnitude / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const fraction = (magnitude % 100).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${whole}.${fraction} ISK`;
}
