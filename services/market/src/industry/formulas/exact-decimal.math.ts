/**
 * An exact decimal: `coefficient / 10^scale`, with a bigint coefficient, so sums and products of the game's
 * decimal inputs (ME 0.9, role bonus 0.99, rig -2.4% x 1.9, adjusted price 3.1582815355153264) never pick up
 * binary float noise. A JS number enters by its shortest round-trip decimal (`String(x)`), which is the decimal
 * it was written as in the data (and what Java's `BigDecimal.valueOf(double)` reads, as the reference
 * calculator does).
 */
export class ExactDecimal {
  static readonly ZERO = new ExactDecimal(0n, 0);
  static readonly ONE = new ExactDecimal(1n, 0);

  private constructor(
    readonly coefficient: bigint,
    readonly scale: number,
  ) {}

  static of(value: number | bigint | string): ExactDecimal {
    if (typeof value === 'bigint') return new ExactDecimal(value, 0);
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) throw new RangeError(`not a finite number: ${value}`);
      if (Number.isInteger(value) && Number.isSafeInteger(value)) return new ExactDecimal(BigInt(value), 0);
    }
    return ExactDecimal.parse(String(value));
  }

  /** `percent / 100`, e.g. ME 10 -> 0.1, rig -2.4 -> -0.024. */
  static percent(value: number): ExactDecimal {
    return ExactDecimal.of(value).shift(-2);
  }

  private static parse(text: string): ExactDecimal {
    const match = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i.exec(text.trim());
    if (!match || (match[2] === '' && (match[3] ?? '') === ''))
      throw new RangeError(`not a decimal: '${text}'`);
    const [, sign, whole = '', fraction = '', exponent = '0'] = match;
    const digits = BigInt(`${whole}${fraction}` || '0');
    return new ExactDecimal(sign === '-' ? -digits : digits, fraction.length).shift(Number(exponent));
  }

  /** Multiplies by 10^places (negative: divides), exactly. */
  shift(places: number): ExactDecimal {
    if (places <= this.scale) return new ExactDecimal(this.coefficient, this.scale - places);
    return new ExactDecimal(this.coefficient * 10n ** BigInt(places - this.scale), 0);
  }

  plus(other: ExactDecimal | number): ExactDecimal {
    const that = toDecimal(other);
    const scale = Math.max(this.scale, that.scale);
    return new ExactDecimal(this.coefficientAt(scale) + that.coefficientAt(scale), scale);
  }

  minus(other: ExactDecimal | number): ExactDecimal {
    return this.plus(toDecimal(other).negated());
  }

  times(other: ExactDecimal | number): ExactDecimal {
    const that = toDecimal(other);
    return new ExactDecimal(this.coefficient * that.coefficient, this.scale + that.scale);
  }

  /**
   * `this / divisor` rounded half up to `places` decimals: the one place a quotient that is not a short decimal
   * (a third, an invention chance) is rounded, at the precision the caller shows.
   */
  dividedBy(divisor: ExactDecimal | number, places: number): ExactDecimal {
    const that = toDecimal(divisor);
    if (that.coefficient === 0n) throw new RangeError('division by zero');
    // this / that = (c1 / 10^s1) / (c2 / 10^s2); scaled to 10^places: c1 * 10^(s2 + places) / (c2 * 10^s1).
    let numerator = this.coefficient * 10n ** BigInt(that.scale + places);
    let denominator = that.coefficient * 10n ** BigInt(this.scale);
    if (denominator < 0n) {
      numerator = -numerator;
      denominator = -denominator;
    }
    const magnitude = numerator < 0n ? -numerator : numerator;
    let quotient = magnitude / denominator;
    if ((magnitude % denominator) * 2n >= denominator) quotient += 1n;
    return new ExactDecimal(numerator < 0n ? -quotient : quotient, places);
  }

  negated(): ExactDecimal {
    return new ExactDecimal(-this.coefficient, this.scale);
  }

  /** Rounds to `places` decimals, halves away from zero (Java's HALF_UP): 2.345 -> 2.35, -0.5 -> -1. */
  roundHalfUp(places = 0): ExactDecimal {
    if (this.scale <= places) return this;
    const divisor = 10n ** BigInt(this.scale - places);
    const magnitude = this.coefficient < 0n ? -this.coefficient : this.coefficient;
    let quotient = magnitude / divisor;
    if ((magnitude % divisor) * 2n >= divisor) quotient += 1n;
    return new ExactDecimal(this.coefficient < 0n ? -quotient : quotient, places);
  }

  /** The smallest integer not below this value. */
  ceil(): bigint {
    if (this.scale === 0) return this.coefficient;
    const divisor = 10n ** BigInt(this.scale);
    const quotient = this.coefficient / divisor; // truncates toward zero
    return this.coefficient > 0n && this.coefficient % divisor !== 0n ? quotient + 1n : quotient;
  }

  /** A whole value as a safe JS integer; throws when it is not whole or too large for one. */
  toSafeInteger(): number {
    const whole = this.roundHalfUp(0);
    if (whole.coefficientAt(this.scale) !== this.coefficient) throw new RangeError(`not whole: ${this}`);
    return safeInteger(whole.coefficient);
  }

  /** The nearest JS number (correctly rounded through the decimal string). */
  toNumber(): number {
    return Number(this.toString());
  }

  compare(other: ExactDecimal | number): number {
    const that = toDecimal(other);
    const scale = Math.max(this.scale, that.scale);
    const difference = this.coefficientAt(scale) - that.coefficientAt(scale);
    return difference === 0n ? 0 : difference < 0n ? -1 : 1;
  }

  toString(): string {
    const negative = this.coefficient < 0n;
    const digits = (negative ? -this.coefficient : this.coefficient).toString().padStart(this.scale + 1, '0');
    const whole = digits.slice(0, digits.length - this.scale);
    const fraction = digits.slice(digits.length - this.scale).replace(/0+$/, '');
    return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
  }

  private coefficientAt(scale: number): bigint {
    return this.coefficient * 10n ** BigInt(scale - this.scale);
  }
}

function toDecimal(value: ExactDecimal | number): ExactDecimal {
  return value instanceof ExactDecimal ? value : ExactDecimal.of(value);
}

/** A bigint as a JS number, refusing values beyond 2^53 where integers stop being exact. */
export function safeInteger(value: bigint): number {
  const result = Number(value);
  if (!Number.isSafeInteger(result)) throw new RangeError(`${value} is beyond the exact integer range`);
  return result;
}
