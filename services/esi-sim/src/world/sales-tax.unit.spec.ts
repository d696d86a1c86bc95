import { salesTaxRateAt } from './sales-tax';

const at = (date: string): number => salesTaxRateAt(Date.parse(`${date}Z`));

describe('sales tax by date (spec public-tools.md §9)', () => {
  it('applies each rate from its date until the next', () => {
    expect(at('2019-01-01T00:00:00')).toBe(10_000);
    expect(at('2019-08-03T23:59:59')).toBe(10_000);
    expect(at('2019-08-04T00:00:00')).toBe(22_500);
    expect(at('2021-07-27T00:00:00')).toBe(11_250);
    expect(at('2021-10-13T00:00:00')).toBe(36_000);
    expect(at('2024-07-24T23:59:59')).toBe(36_000);
    expect(at('2024-07-25T00:00:00')).toBe(20_250);
    expect(at('2025-03-12T23:59:59')).toBe(20_250);
    expect(at('2025-03-13T00:00:00')).toBe(33_750);
    expect(at('2026-11-21T12:00:00')).toBe(33_750);
  });
});
