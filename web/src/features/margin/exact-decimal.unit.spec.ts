import { formatIskFull } from '../../shared/format';
import {
  compareBigInt,
  divideRounded,
  formatHundredths,
  parseScaledDecimal,
  scaledToDecimalText,
} from './exact-decimal';

describe('exact decimals', () => {
  it.each([
    ['1234', 2, 123400n],
    ['0', 2, 0n],
    ['0.5', 2, 50n],
    ['12.', 2, 1200n],
    ['.25', 2, 25n],
    [' 7 ', 2, 700n],
    ['1.004', 2, 100n],
    ['1.005', 2, 101n],
    ['1.999', 2, 200n],
    ['0000.10', 2, 10n],
    ['3.375', 4, 33750n],
    ['1.23456', 4, 12346n],
    ['123456789012345678901234567890.12', 2, 12345678901234567890123456789012n],
  ])('reads %p at scale %p as %p', (text, scale, expected) => {
    expect(parseScaledDecimal(text, scale)).toBe(expected);
  });

  it.each([
    '',
    '  ',
    '.',
    '-1',
    '+1',
    '-0',
    '1e3',
    '1,000',
    "1'000",
    'abc',
    '0x10',
    'Infinity',
    'NaN',
    '1.2.3',
    '1 000',
  ])('refuses %p', (text) => {
    expect(parseScaledDecimal(text, 2)).toBeNull();
  });

  it.each([
    [150n, 2, '1.5'],
    [100n, 2, '1'],
    [5n, 2, '0.05'],
    [0n, 2, '0'],
    [33750n, 4, '3.375'],
    [10000n, 4, '1'],
    [-150n, 2, '-1.5'],
  ])('writes %p at scale %p as %p', (value, scale, expected) => {
    expect(scaledToDecimalText(value, scale)).toBe(expected);
  });

  it.each([
    [5n, 2n, 3n],
    [4n, 2n, 2n],
    [1n, 3n, 0n],
    [2n, 3n, 1n],
    [-5n, 2n, -3n],
    [-1n, 3n, 0n],
    [-2n, 3n, -1n],
    [0n, 7n, 0n],
  ])('divides %p by %p to %p, halves away from zero', (numerator, denominator, expected) => {
    expect(divideRounded(numerator, denominator)).toBe(expected);
  });

  it.each([
    [123456789n, '1,234,567.89'],
    [5n, '0.05'],
    [0n, '0.00'],
    [-100n, '-1.00'],
    [-18405n, '-184.05'],
    [123456789012345678901n, '1,234,567,890,123,456,789.01'],
  ])('formats %p hundredths as %p', (value, expected) => {
    expect(formatHundredths(value)).toBe(expected);
  });

  it('formats cents as the shared full ISK format does, and stays exact where floats cannot', () => {
    for (const cents of [0n, 1n, 99n, 100n, 123456n, -98765432n, 100000000000n]) {
      expect(formatHundredths(cents)).toBe(formatIskFull(Number(cents) / 100));
    }
    // 2^53 + 1 cents: a float would print ...992.
    expect(formatHundredths(9007199254740993n)).toBe('90,071,992,547,409.93');
  });

  it('compares big integers', () => {
    expect(compareBigInt(1n, 2n)).toBe(-1);
    expect(compareBigInt(2n, 1n)).toBe(1);
    expect(compareBigInt(3n, 3n)).toBe(0);
  });
});
