/**
 * Exact ISK for list rows and their edits: the API sends ISK with at most 2 decimals; rows are computed in
 * integer cents (products through BigInt, so no float drift) and turned back into ISK only to send or show.
 */

/** ISK with at most 2 decimals as integer cents. */
export function toCents(isk: number): number {
  return Math.round(isk * 100);
}

export function fromCents(cents: number): number {
  return cents / 100;
}

/** a ÷ b for BigInts, rounded half away from zero. */
function divideRounded(a: bigint, b: bigint): bigint {
  const negative = a < 0n !== b < 0n;
  const absA = a < 0n ? -a : a;
  const absB = b < 0n ? -b : b;
  const quotient = (absA * 2n + absB) / (absB * 2n);
  return negative ? -quotient : quotient;
}

/** value × numerator ÷ denominator for integers, exactly, rounded half away from zero. */
export function scaleRounded(value: number, numerator: number, denominator: number): number {
  if (denominator === 0) throw new RangeError('scaleRounded: denominator is 0');
  return Number(divideRounded(BigInt(value) * BigInt(numerator), BigInt(denominator)));
}

/** Cents as plain decimal text with 2 decimals and no separators ('1234.50', '-0.07'): clipboard and queries. */
export function centsText(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const magnitude = Math.abs(cents);
  return `${sign}${Math.floor(magnitude / 100)}.${String(magnitude % 100).padStart(2, '0')}`;
}

/**
 * part ÷ whole as a percentage with at most `decimals` decimals (trailing zeros dropped): 12.5 for 1/8. Null
 * when whole is 0.
 */
export function percentText(part: number, whole: number, decimals = 4): string | null {
  if (whole === 0) return null;
  const scale = 10 ** decimals;
  const scaled = scaleRounded(part, 100 * scale, whole);
  const sign = scaled < 0 ? '-' : '';
  const magnitude = Math.abs(scaled);
  const fraction = String(magnitude % scale)
    .padStart(decimals, '0')
    .replace(/0+$/, '');
  return `${sign}${Math.floor(magnitude / scale)}${fraction ? `.${fraction}` : ''}`;
}

/** What an inline number field holds, as a finite number, or null when it is not a valid number (§5). */
export function parsedNumber(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') {
    const trimmed = value.trim().replace(/,/g, '');
    if (trimmed === '' || !/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(trimmed)) return null;
    return Number(trimmed);
  }
  return Number.isFinite(value) ? value : null;
}

/** A typed decimal ('5.555') in cents, rounded half up from its digits; null when it is not plain digits. */
function typedDecimalCents(text: string): number | null {
  const match = /^\+?(\d*)(?:\.(\d*))?$/.exec(text.trim().replace(/,/g, ''));
  if (!match) return null;
  const fraction = (match[2] ?? '').padEnd(3, '0');
  const roundUp = (fraction[2] ?? '0') >= '5' ? 1n : 0n;
  return Number(BigInt(match[1] || '0') * 100n + BigInt(fraction.slice(0, 2)) + roundUp);
}

/** An ISK field's value in cents (rounded to the cent), or null when it is not a number or negative. */
export function iskInputCents(value: number | string | null | undefined): number | null {
  const number = parsedNumber(value);
  if (number === null || number < 0) return null;
  const cents = (typeof value === 'string' ? typedDecimalCents(value) : null) ?? Math.round(number * 100);
  return Number.isSafeInteger(cents) ? cents : null;
}

/** A units field's value, floored (§5 'Units is floored'), or null when it is not a number or negative. */
export function unitsInput(value: number | string | null | undefined): number | null {
  const number = parsedNumber(value);
  if (number === null || number < 0) return null;
  const units = Math.floor(number);
  return Number.isSafeInteger(units) ? units : null;
}
