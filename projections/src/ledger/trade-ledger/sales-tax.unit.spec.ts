import { salesTaxRateAt, salesTaxSchedule, SPEC_SALES_TAX_HISTORY } from './sales-tax';

const at = (date: string) => salesTaxRateAt(salesTaxSchedule(SPEC_SALES_TAX_HISTORY), Date.parse(date));

describe('sales tax in force (spec public-tools.md §9)', () => {
  it('given the spec history, when asked at and around each change, then each rate runs from 00:00 UTC of its date', () => {
    expect(at('2026-01-01T00:00:00Z')).toBe(33_750);
    expect(at('2025-03-13T00:00:00Z')).toBe(33_750);
    expect(at('2025-03-12T23:59:59Z')).toBe(20_250);
    expect(at('2024-07-25T00:00:00Z')).toBe(20_250);
    expect(at('2024-07-24T23:59:59Z')).toBe(36_000);
    expect(at('2021-10-13T00:00:00Z')).toBe(36_000);
    expect(at('2021-10-12T23:59:59Z')).toBe(11_250);
    expect(at('2021-07-27T00:00:00Z')).toBe(11_250);
    expect(at('2021-07-26T23:59:59Z')).toBe(22_500);
    expect(at('2019-08-04T00:00:00Z')).toBe(22_500);
    expect(at('2019-08-03T23:59:59Z')).toBe(10_000);
  });

  it('given a history listed in any order, when asked, then the newest start at or before the time wins', () => {
    const schedule = salesTaxSchedule([
      { from: '2020-01-01', ratePpm: 20_000 },
      { from: '2030-01-01', ratePpm: 30_000 },
      { from: '2010-01-01', ratePpm: 10_000 },
    ]);
    expect(salesTaxRateAt(schedule, Date.parse('2025-06-01T00:00:00Z'))).toBe(20_000);
    expect(salesTaxRateAt(schedule, Date.parse('2000-06-01T00:00:00Z'))).toBe(10_000);
  });
});
