import { formatIsk, formatIskFull } from './isk';
import { formatQuantity } from './quantity';
import { formatRelativeTime, formatUtcClock, formatUtcDate } from './relative-time';
import { displaySecurity, formatSecurity } from './security';

describe('formatIsk: k, m, b, t with 3 significant digits', () => {
  it.each([
    [0, '0.00'],
    [0.004, '0.00'],
    [0.05, '0.05'],
    [0.999, '1.00'],
    [5, '5.00'],
    [12.345, '12.3'],
    [999, '999'],
    [999.4, '999'],
    [999.5, '1.00k'],
    [1000, '1.00k'],
    [1234, '1.23k'],
    [12_345, '12.3k'],
    [123_456, '123k'],
    [999_999, '1.00m'],
    [1_500_000, '1.50m'],
    [45_678_901, '45.7m'],
    [100_000_000, '100m'],
    [2_345_678_901, '2.35b'],
    [1e12, '1.00t'],
    [987_654_321_098_765, '988t'],
    [1e15, '1000t'],
    [1_234_567e12, '1234567t'],
    [-1234, '-1.23k'],
    [-45_678_901, '-45.7m'],
    [-12.345, '-12.3'],
    [Number.NaN, '-'],
  ])('%p -> %p', (value, text) => {
    expect(formatIsk(value)).toBe(text);
  });
});

describe('formatIskFull: 2 decimals with thousands separators', () => {
  it.each([
    [0, '0.00'],
    [1234567.891, '1,234,567.89'],
    [100_000_000, '100,000,000.00'],
    [0.005, '0.01'],
    [-42.5, '-42.50'],
    [-0.001, '0.00'],
    [Number.POSITIVE_INFINITY, '-'],
  ])('%p -> %p', (value, text) => {
    expect(formatIskFull(value)).toBe(text);
  });
});

describe('formatQuantity: K above 1e4, M above 1e6', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [9999, '9,999'],
    [10_000, '10,000'],
    [10_001, '10.0K'],
    [12_345, '12.3K'],
    [456_789, '457K'],
    [999_999, '1000K'],
    [1_000_000, '1000K'],
    [1_000_001, '1.00M'],
    [7_890_123, '7.89M'],
    [1_234_567_890, '1235M'],
    [-20_000, '-20.0K'],
  ])('%p -> %p', (value, text) => {
    expect(formatQuantity(value)).toBe(text);
  });
});

describe('security status', () => {
  it.each([
    [1, 1, '1.0'],
    [0.9459, 0.9, '0.9'],
    [0.45, 0.5, '0.5'],
    [0.44, 0.4, '0.4'],
    [0.04, 0, '0'],
    [0, 0, '0'],
    [-0.04, 0, '0'],
    [-0.99, 0, '0'],
  ])('%p is shown as %p', (raw, shown, text) => {
    expect(displaySecurity(raw)).toBe(shown);
    expect(formatSecurity(raw)).toBe(text);
  });
});

describe('relative times', () => {
  const now = Date.UTC(2026, 10, 21, 12, 0, 0);
  const second = 1000;
  const minute = 60 * second;
  const hour = 60 * minute;
  const day = 24 * hour;

  it.each([
    [10 * second, 'in a few seconds'],
    [-10 * second, 'a few seconds ago'],
    [60 * second, 'in a minute'],
    [-5 * minute, '5 minutes ago'],
    [44 * minute, 'in 44 minutes'],
    [61 * minute, 'in an hour'],
    [-3 * hour, '3 hours ago'],
    [23 * hour, 'in a day'],
    [-5 * day, '5 days ago'],
    [30 * day, 'in a month'],
    [-100 * day, '3 months ago'],
    [400 * day, 'in a year'],
    [-800 * day, '2 years ago'],
  ])('%p ms from now reads %p', (offset, text) => {
    expect(formatRelativeTime(now + offset, now)).toBe(text);
  });

  it('accepts ISO strings and reports bad input', () => {
    expect(formatRelativeTime('2026-11-21T11:00:00Z', now)).toBe('an hour ago');
    expect(formatRelativeTime('not a date', now)).toBe('-');
  });

  it('formats the UTC clock as HH:mm and dates as YYYY-MM-DD', () => {
    expect(formatUtcClock(Date.UTC(2026, 0, 2, 3, 4, 59))).toBe('03:04');
    expect(formatUtcClock(Date.UTC(2026, 0, 2, 23, 59))).toBe('23:59');
    expect(formatUtcDate(Date.UTC(2026, 0, 2, 23, 59))).toBe('2026-01-02');
  });
});
