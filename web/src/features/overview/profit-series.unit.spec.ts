import type { ProfitAggregateRow } from '../../shared/api';
import {
  DAY_MS,
  HOURLY_BUCKETS,
  HOUR_MS,
  brokerFeeSeries,
  bucketStart,
  chartTotal,
  dailyBuckets,
  hourlyBuckets,
  hourlyWindow,
  netProfit,
  profitBuckets,
  stackedProfitData,
} from './profit-series';

const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
const row = (
  timestamp: number,
  tradeProfit: number,
  manufacturingProfit = 0,
  contractProfit = 0,
): ProfitAggregateRow => ({ timestamp, tradeProfit, manufacturingProfit, contractProfit });

describe('net profit', () => {
  it('splits into trade, manufacturing and contracts and adds up in cents', () => {
    const rows = [row(day('2026-11-01'), 0.1, 5, -1.25), row(day('2026-11-02'), 0.2, 0, 2)];
    expect(netProfit(rows)).toEqual({ trade: 0.3, manufacturing: 5, contracts: 0.75, total: 6.05 });
    expect(netProfit([])).toEqual({ trade: 0, manufacturing: 0, contracts: 0, total: 0 });
  });

  it('does not drift over many rows', () => {
    const rows = Array.from({ length: 10_000 }, (_, index) => row(index * DAY_MS, 0.01));
    expect(netProfit(rows).trade).toBe(100);
  });
});

describe('profit buckets', () => {
  it('finds the UTC bucket of a time', () => {
    expect(bucketStart(Date.parse('2026-11-21T13:45:00Z'), DAY_MS)).toBe(day('2026-11-21'));
    expect(bucketStart(Date.parse('2026-11-21T13:45:00Z'), HOUR_MS)).toBe(Date.parse('2026-11-21T13:00:00Z'));
  });

  it('fills the days without a row with zero and keeps a running total', () => {
    const rows = [row(day('2026-11-02'), 100), row(day('2026-11-04'), -30, 10, 5)];
    const buckets = profitBuckets(rows, { from: day('2026-11-01'), to: day('2026-11-05'), sizeMs: DAY_MS });
    expect(buckets.map((bucket) => [bucket.time, bucket.total, bucket.runningTotal])).toEqual([
      [day('2026-11-01'), 0, 0],
      [day('2026-11-02'), 100, 100],
      [day('2026-11-03'), 0, 100],
      [day('2026-11-04'), -15, 85],
      [day('2026-11-05'), 0, 85],
    ]);
    expect(buckets[3]).toMatchObject({ trade: -30, manufacturing: 10, contracts: 5 });
    expect(chartTotal(buckets)).toBe(85);
    expect(chartTotal([])).toBe(0);
  });

  it('widens the window for rows outside it rather than dropping them', () => {
    const buckets = profitBuckets([row(day('2026-10-30'), 7)], {
      from: day('2026-11-01'),
      to: day('2026-11-01'),
      sizeMs: DAY_MS,
    });
    expect(buckets.map((bucket) => bucket.time)).toEqual([
      day('2026-10-30'),
      day('2026-10-31'),
      day('2026-11-01'),
    ]);
    expect(chartTotal(buckets)).toBe(7);
  });

  it('runs the daily chart from the range start to today, or from the first profit for All Time', () => {
    const now = Date.parse('2026-11-21T12:00:00Z');
    const rows = [row(day('2026-11-19'), 1), row(day('2026-11-20'), 2)];
    const lastWeek = dailyBuckets(rows, now - 168 * HOUR_MS, now);
    expect(lastWeek).toHaveLength(8);
    expect(lastWeek[0]!.time).toBe(day('2026-11-14'));
    expect(lastWeek.at(-1)!.time).toBe(day('2026-11-21'));
    expect(chartTotal(lastWeek)).toBe(3);
    const allTime = dailyBuckets(rows, undefined, now);
    expect(allTime.map((bucket) => bucket.time)).toEqual([
      day('2026-11-19'),
      day('2026-11-20'),
      day('2026-11-21'),
    ]);
    expect(dailyBuckets([], undefined, now)).toEqual([]);
  });

  it('covers the last 48 hours in the hourly chart, the current hour included', () => {
    const now = Date.parse('2026-11-21T12:34:00Z');
    expect(hourlyWindow(now)).toEqual({
      startTime: Date.parse('2026-11-19T13:00:00Z'),
      to: Date.parse('2026-11-21T12:00:00Z'),
    });
    const buckets = hourlyBuckets([row(Date.parse('2026-11-21T12:00:00Z'), 4.5)], now);
    expect(buckets).toHaveLength(HOURLY_BUCKETS);
    expect(buckets[0]!.time).toBe(Date.parse('2026-11-19T13:00:00Z'));
    expect(buckets.at(-1)).toMatchObject({ trade: 4.5, runningTotal: 4.5 });
  });

  it('stacks the three sources per bucket and draws the running total as a line', () => {
    const buckets = profitBuckets([row(day('2026-11-01'), 3, 2, 1), row(day('2026-11-02'), -1)], {
      from: day('2026-11-01'),
      to: day('2026-11-02'),
      sizeMs: DAY_MS,
    });
    expect(stackedProfitData(buckets)).toEqual({
      bars: [
        { time: day('2026-11-01'), source: 'Trade', profit: 3 },
        { time: day('2026-11-01'), source: 'Manufacturing', profit: 2 },
        { time: day('2026-11-01'), source: 'Contracts', profit: 1 },
        { time: day('2026-11-02'), source: 'Trade', profit: -1 },
        { time: day('2026-11-02'), source: 'Manufacturing', profit: 0 },
        { time: day('2026-11-02'), source: 'Contracts', profit: 0 },
      ],
      line: [
        { time: day('2026-11-01'), runningTotal: 6 },
        { time: day('2026-11-02'), runningTotal: 5 },
      ],
    });
  });
});

describe('the broker fee chart', () => {
  it('splits each day into sell and buy fees and totals them in cents', () => {
    const series = brokerFeeSeries([
      { date: day('2026-11-02'), total: 0.3, totalSell: 0.2, totalBuy: 0.1 },
      { date: day('2026-11-01'), total: 1.5, totalSell: 1, totalBuy: 0.5 },
    ]);
    expect(series.bars).toEqual([
      { time: day('2026-11-01'), side: 'Sell orders', fee: 1 },
      { time: day('2026-11-01'), side: 'Buy orders', fee: 0.5 },
      { time: day('2026-11-02'), side: 'Sell orders', fee: 0.2 },
      { time: day('2026-11-02'), side: 'Buy orders', fee: 0.1 },
    ]);
    expect([series.totalSell, series.totalBuy, series.total, series.unmatched]).toEqual([1.2, 0.6, 1.8, 0]);
  });

  it('counts the journal’s fees matched to no order in the total only', () => {
    const series = brokerFeeSeries([
      { date: day('2026-11-01'), total: 2.1, totalSell: 1, totalBuy: 0.5 },
      { date: day('2026-11-02'), total: 0.7, totalSell: 0, totalBuy: 0 },
    ]);
    expect(series.bars.filter((bar) => bar.time === day('2026-11-02')).map((bar) => bar.fee)).toEqual([0, 0]);
    expect([series.totalSell, series.totalBuy, series.total, series.unmatched]).toEqual([1, 0.5, 2.8, 1.3]);
  });
});
