import { centsToIsk, divideRounded, priceCents } from './cents';
import { toCubicMetres, toMicroCubicMetres } from './volume';

describe('cents and volumes', () => {
  it('reads ESI prices as whole cents and answers ISK with their two decimals', () => {
    expect(priceCents(0.1 + 0.2)).toBe(30n);
    expect(priceCents(1_234_567.89)).toBe(123_456_789n);
    expect(centsToIsk(123_456_789n)).toBe(1_234_567.89);
    expect(centsToIsk(501n)).toBe(5.01);
    expect(centsToIsk(-5n)).toBe(-0.05);
  });

  it('divides with rounding half away from zero', () => {
    expect(divideRounded(10n, 4n)).toBe(3n);
    expect(divideRounded(9n, 4n)).toBe(2n);
    expect(divideRounded(-10n, 4n)).toBe(-3n);
    expect(() => divideRounded(1n, 0n)).toThrow(RangeError);
  });

  it('sums volumes in micro-m³ without drift', () => {
    expect(toCubicMetres(toMicroCubicMetres(0.1) + toMicroCubicMetres(0.2))).toBe(0.3);
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(toMicroCubicMetres(0.0125)).toBe(12_500n);
    expect(toMicroCubicMetres(Number.NaN)).toBe(0n);
  });
});
