import type { BrokerFeeEstimateRow, ProfitAggregateRow } from '../../shared/api';

/**
 * The Overview's figures from the aggregate rows (account-area §2): net profit split by source, the stacked
 * daily and hourly charts with their running total, and the broker fee chart. Sums run in integer cents, so
 * thousands of rows add up to the cent the server meant.
 */

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;
/** The hourly chart covers the last 48 hours, the current hour included. */
export const HOURLY_BUCKETS = 48;

export const PROFIT_SOURCES = ['Trade', 'Manufacturing', 'Contracts'] as const;
export type ProfitSource = (typeof PROFIT_SOURCES)[number];

export const toCents = (isk: number): number => Math.round(isk * 100);
const toIsk = (cents: number): number => cents / 100;

/** The start of the UTC bucket (day or hour) that holds `time`. */
export function bucketStart(time: number, sizeMs: number): number {
  return time - (((time % sizeMs) + sizeMs) % sizeMs);
}

export interface NetProfit {
  readonly trade: number;
  readonly manufacturing: number;
  readonly contracts: number;
  readonly total: number;
}

export function netProfit(rows: readonly ProfitAggregateRow[]): NetProfit {
  let trade = 0;
  let manufacturing = 0;
  let contracts = 0;
  for (const row of rows) {
    trade += toCents(row.tradeProfit);
    manufacturing += toCents(row.manufacturingProfit);
    contracts += toCents(row.contractProfit);
  }
  return {
    trade: toIsk(trade),
    manufacturing: toIsk(manufacturing),
    contracts: toIsk(contracts),
    total: toIsk(trade + manufacturing + contracts),
  };
}

/** One bar of a profit chart: the three sources of one day or hour, and the running total up to its end. */
export interface ProfitBucket {
  readonly time: number;
  readonly trade: number;
  readonly manufacturing: number;
  readonly contracts: number;
  readonly total: number;
  readonly runningTotal: number;
}

/**
 * Every bucket from `from` to `to` (both bucket starts, inclusive), with zero where the server sent no row, so
 * the bars stand at their true place in time. Rows outside the window widen it rather than being dropped.
 */
export function profitBuckets(
  rows: readonly ProfitAggregateRow[],
  window: { readonly from: number; readonly to: number; readonly sizeMs: number },
): ProfitBucket[] {
  const { sizeMs } = window;
  const byBucket = new Map<number, { trade: number; manufacturing: number; contracts: number }>();
  for (const row of rows) {
    const time = bucketStart(row.timestamp, sizeMs);
    const sum = byBucket.get(time) ?? { trade: 0, manufacturing: 0, contracts: 0 };
    sum.trade += toCents(row.tradeProfit);
    sum.manufacturing += toCents(row.manufacturingProfit);
    sum.contracts += toCents(row.contractProfit);
    byBucket.set(time, sum);
  }
  const times = [...byBucket.keys()];
  const from = Math.min(bucketStart(window.from, sizeMs), ...times);
  const to = Math.max(bucketStart(window.to, sizeMs), ...times);
  const buckets: ProfitBucket[] = [];
  let running = 0;
  for (let time = from; time <= to; time += sizeMs) {
    const sum = byBucket.get(time) ?? { trade: 0, manufacturing: 0, contracts: 0 };
    const total = sum.trade + sum.manufacturing + sum.contracts;
    running += total;
    buckets.push({
      time,
      trade: toIsk(sum.trade),
      manufacturing: toIsk(sum.manufacturing),
      contracts: toIsk(sum.contracts),
      total: toIsk(total),
      runningTotal: toIsk(running),
    });
  }
  return buckets;
}

/**
 * The days of the daily chart: from the day the time range starts (for All Time, the first day with a profit)
 * to today. No rows over All Time: no days.
 */
export function dailyBuckets(
  rows: readonly ProfitAggregateRow[],
  startTime: number | undefined,
  now: number,
): ProfitBucket[] {
  const first = startTime ?? rows[0]?.timestamp;
  if (first === undefined) return [];
  return profitBuckets(rows, { from: first, to: now, sizeMs: DAY_MS });
}

/** The hourly chart's window: the current hour and the 47 before it. `startTime` is what the call sends. */
export function hourlyWindow(now: number): { readonly startTime: number; readonly to: number } {
  const to = bucketStart(now, HOUR_MS);
  return { startTime: to - (HOURLY_BUCKETS - 1) * HOUR_MS, to };
}

export function hourlyBuckets(rows: readonly ProfitAggregateRow[], now: number): ProfitBucket[] {
  const window = hourlyWindow(now);
  return profitBuckets(rows, { from: window.startTime, to: window.to, sizeMs: HOUR_MS });
}

export interface StackedDatum {
  readonly time: number;
  readonly source: ProfitSource;
  readonly profit: number;
}

export interface RunningTotalDatum {
  readonly time: number;
  readonly runningTotal: number;
}

/** The long form the chart draws: one bar segment per source and bucket, and one line point per bucket. */
export function stackedProfitData(buckets: readonly ProfitBucket[]): {
  readonly bars: StackedDatum[];
  readonly line: RunningTotalDatum[];
} {
  const bars: StackedDatum[] = [];
  for (const bucket of buckets) {
    bars.push({ time: bucket.time, source: 'Trade', profit: bucket.trade });
    bars.push({ time: bucket.time, source: 'Manufacturing', profit: bucket.manufacturing });
    bars.push({ time: bucket.time, source: 'Contracts', profit: bucket.contracts });
  }
  return {
    bars,
    line: buckets.map((bucket) => ({ time: bucket.time, runningTotal: bucket.runningTotal })),
  };
}

/** The last running total: what the chart adds up to. */
export function chartTotal(buckets: readonly ProfitBucket[]): number {
  return buckets.at(-1)?.runningTotal ?? 0;
}

export const BROKER_FEE_SIDES = ['Sell orders', 'Buy orders'] as const;
export type BrokerFeeSide = (typeof BROKER_FEE_SIDES)[number];

export interface BrokerFeeDatum {
  readonly time: number;
  readonly side: BrokerFeeSide;
  readonly fee: number;
}

export interface BrokerFeeSeries {
  readonly bars: BrokerFeeDatum[];
  readonly totalSell: number;
  readonly totalBuy: number;
  /** Every fee of the journal, those matched to no order included. */
  readonly total: number;
  /** The fees matched to no order: in the total, in neither side's bars. */
  readonly unmatched: number;
}

/**
 * The Beta broker fee chart: the journal's broker fees per day by the side of their order, and the totals over the
 * range; a fee matched to no order has no side and counts in the total only.
 */
export function brokerFeeSeries(rows: readonly BrokerFeeEstimateRow[]): BrokerFeeSeries {
  const bars: BrokerFeeDatum[] = [];
  let sell = 0;
  let buy = 0;
  let total = 0;
  for (const row of [...rows].sort((a, b) => a.date - b.date)) {
    sell += toCents(row.totalSell);
    buy += toCents(row.totalBuy);
    total += toCents(row.total);
    bars.push({ time: row.date, side: 'Sell orders', fee: row.totalSell });
    bars.push({ time: row.date, side: 'Buy orders', fee: row.totalBuy });
  }
  return {
    bars,
    totalSell: toIsk(sell),
    totalBuy: toIsk(buy),
    total: toIsk(total),
    unmatched: toIsk(total - sell - buy),
  };
}
