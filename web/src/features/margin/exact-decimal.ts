/**
 * Exact decimals as scaled integers (bigint): ISK as cents (scale 2), percentages as ten-thousandths of a percent
 * (scale 4, so a rate of 1 is one ppm of the amount). Nothing passes through a float.
 */

const DECIMAL_TEXT = /^(\d*)(?:\.(\d*))?$/;
const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/**
 * A non-negative plain decimal ('1234', '0.5', '12.', '.25') as an integer of 10^-scale units, rounded half up
 * beyond the scale. Anything else (empty, signs, exponents, separators, words) is null.
 */
export function parseScaledDecimal(text: string, scale: number): bigint | null {
  const match = DECIMAL_TEXT.exec(text.trim());
  if (!match) return null;
  const whole = match[1] ?? '';
  const fraction = match[2] ?? '';
  if (whole === '' && fraction === '') return null;
  const kept = fraction.slice(0, scale).padEnd(scale, '0');
  const value = BigInt(`${whole || '0'}${kept}`);
  const firstDropped = fraction.charAt(scale);
  return firstDropped !== '' && firstDropped >= '5' ? value + 1n : value;
}

/** The shortest plain decimal of a scaled integer: 150n at scale 2 is '1.5', 100n is '1'. */
export function scaledToDecimalText(value: bigint, scale: number): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** numerator / denominator rounded to the nearest integer, halves away from zero. The denominator is positive. */
export function divideRounded(numerator: bigint, denominator: bigint): bigint {
  if (numerator < 0n) return -divideRounded(-numerator, denominator);
  return (2n * numerator + denominator) / (2n * denominator);
}

/** Hundredths in full with thousands separators and 2 decimals (cents as ISK: 123456789n is 1,234,567.89). */
export function formatHundredths(value: bigint): string {
  const negative = value < 0n;
  const magnitude = negative ? -value : value;
  const cents = (magnitude % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${grouped.format(magnitude / 100n)}.${cents}`;
}

export function compareBigInt(a: bigint, b: bigint): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
