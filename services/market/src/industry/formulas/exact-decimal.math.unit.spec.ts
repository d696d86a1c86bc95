import { ExactDecimal, safeInteger } from './exact-decimal.math';

describe('ExactDecimal', () => {
  it('reads a number as the decimal it prints as, exponents included', () => {
    expect(ExactDecimal.of(0.1).toString()).toBe('0.1');
    expect(ExactDecimal.of(3.1582815355153264).toString()).toBe('3.1582815355153264');
    expect(ExactDecimal.of(1e-7).toString()).toBe('0.0000001');
    expect(ExactDecimal.of(1.5e21).toString()).toBe('1500000000000000000000');
    expect(ExactDecimal.of(-2.4).toString()).toBe('-2.4');
    expect(ExactDecimal.of('0.07461088416212872945').toString()).toBe('0.07461088416212872945');
    expect(ExactDecimal.percent(-2.4).toString()).toBe('-0.024');
  });

  it('refuses what is not a finite decimal', () => {
    expect(() => ExactDecimal.of(Number.NaN)).toThrow(RangeError);
    expect(() => ExactDecimal.of(Infinity)).toThrow(RangeError);
    expect(() => ExactDecimal.of('1,5')).toThrow(RangeError);
    expect(() => ExactDecimal.of('.')).toThrow(RangeError);
  });

  it('adds and multiplies without float noise', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(ExactDecimal.of(0.1).plus(0.2).toString()).toBe('0.3');
    expect(0.024 * 1.1).not.toBe(0.0264);
    expect(ExactDecimal.of(0.024).times(1.1).toString()).toBe('0.0264');
    expect(ExactDecimal.ONE.minus(ExactDecimal.of(0.02).times(1.9)).toString()).toBe('0.962');
    expect(ExactDecimal.of(8_000_000).times(0.9).times(0.99).times(0.962).toString()).toBe('6857136');
  });

  it('rounds halves away from zero', () => {
    expect(ExactDecimal.of(2.345).roundHalfUp(2).toString()).toBe('2.35');
    expect(ExactDecimal.of(2.3449).roundHalfUp(2).toString()).toBe('2.34');
    expect(ExactDecimal.of(1138.005).roundHalfUp(2).toString()).toBe('1138.01');
    expect(ExactDecimal.of(-0.5).roundHalfUp().toString()).toBe('-1');
    expect(ExactDecimal.of(-6043512.825).roundHalfUp().toString()).toBe('-6043513');
    expect(ExactDecimal.of(7).roundHalfUp(2).toString()).toBe('7');
  });

  it('takes the ceiling', () => {
    expect(ExactDecimal.of(48.8).ceil()).toBe(49n);
    expect(ExactDecimal.of(976).ceil()).toBe(976n);
    expect(ExactDecimal.of(-1.5).ceil()).toBe(-1n);
    expect(ExactDecimal.of(0.001).ceil()).toBe(1n);
  });

  it('compares and converts', () => {
    expect(ExactDecimal.of(0.962).compare(0.96)).toBe(1);
    expect(ExactDecimal.of(0.96).compare(0.962)).toBe(-1);
    expect(ExactDecimal.of('1.50').compare(1.5)).toBe(0);
    expect(ExactDecimal.of(0.95238).toNumber()).toBe(0.95238);
    expect(ExactDecimal.of('42.000').toSafeInteger()).toBe(42);
    expect(() => ExactDecimal.of(42.5).toSafeInteger()).toThrow(RangeError);
    expect(() => safeInteger(2n ** 60n)).toThrow(RangeError);
  });
});
