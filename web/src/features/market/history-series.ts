/** The series of the price history chart (public-tools §9): averages, the Donchian channel, volumes. */

/** A day of regional history as GET /market/history answers it (date: epoch ms of the UTC day). */
export interface HistoryDay {
  readonly date: number;
  readonly average: number;
  readonly highest: number;
  readonly lowest: number;
  readonly volume: number;
}

/** The 5-day and 20-day averages; the Donchian channel spans the last 5 points. */
export const SHORT_AVERAGE_POINTS = 5;
export const LONG_AVERAGE_POINTS = 20;
export const DONCHIAN_POINTS = 5;

const toCents = (isk: number) => Math.round(isk * 100);

/**
 * The simple moving average of the last `window` values at each point (null until the window is full). Sums run
 * in integer cents, so a long series does not drift; the result is rounded to the cent.
 */
export function movingAverage(values: readonly number[], window: number): (number | null)[] {
  const cents = values.map(toCents);
  const averages: (number | null)[] = [];
  let sum = 0;
  for (let index = 0; index < cents.length; index += 1) {
    sum += cents[index]!;
    if (index >= window) sum -= cents[index - window]!;
    averages.push(index + 1 >= window ? Math.round(sum / window) / 100 : null);
  }
  return averages;
}

function rolling(
  values: readonly number[],
  window: number,
  pick: (a: number, b: number) => number,
): (number | null)[] {
  return values.map((_, index) => {
    if (index + 1 < window) return null;
    let extreme = values[index]!;
    for (let back = 1; back < window; back += 1) extreme = pick(extreme, values[index - back]!);
    return extreme;
  });
}

/** The lowest value of the last `window` points at each point (null until the window is full). */
export function rollingLow(values: readonly number[], window: number): (number | null)[] {
  return rolling(values, window, Math.min);
}

/** The highest value of the last `window` points at each point (null until the window is full). */
export function rollingHigh(values: readonly number[], window: number): (number | null)[] {
  return rolling(values, window, Math.max);
}

export interface HistoryPoint {
  readonly date: number;
  /** The day's average: the 1-day average. */
  readonly average: number;
  readonly average5: number | null;
  readonly average20: number | null;
  /** The Donchian channel: the lowest low and the highest high of the last 5 points. */
  readonly donchianLow: number | null;
  readonly donchianHigh: number | null;
  readonly volume: number;
}

/** Every series at each day, oldest first (the answer's order is not relied on). Points are trading days. */
export function historyPoints(days: readonly HistoryDay[]): HistoryPoint[] {
  const sorted = [...days].sort((a, b) => a.date - b.date);
  const averages = sorted.map((day) => day.average);
  const average5 = movingAverage(averages, SHORT_AVERAGE_POINTS);
  const average20 = movingAverage(averages, LONG_AVERAGE_POINTS);
  const donchianLow = rollingLow(
    sorted.map((day) => day.lowest),
    DONCHIAN_POINTS,
  );
  const donchianHigh = rollingHigh(
    sorted.map((day) => day.highest),
    DONCHIAN_POINTS,
  );
  return sorted.map((day, index) => ({
    date: day.date,
    average: day.average,
    average5: average5[index] ?? null,
    average20: average20[index] ?? null,
    donchianLow: donchianLow[index] ?? null,
    donchianHigh: donchianHigh[index] ?? null,
    volume: day.volume,
  }));
}

export const PRICE_SERIES = {
  average: 'Average (1 day)',
  average5: 'Average (5 days)',
  average20: 'Average (20 days)',
} as const;
export type PriceSeriesName = (typeof PRICE_SERIES)[keyof typeof PRICE_SERIES];

export interface PriceDatum {
  readonly date: number;
  readonly series: PriceSeriesName;
  readonly price: number;
}

export interface ChannelDatum {
  readonly date: number;
  readonly low: number;
  readonly high: number;
}

export interface VolumeDatum {
  readonly date: number;
  readonly volume: number;
}

export interface HistoryChartData {
  readonly prices: PriceDatum[];
  readonly channel: ChannelDatum[];
  readonly volumes: VolumeDatum[];
}

/** The chart's data in the long form the chart library draws: one row per line point, band point and bar. */
export function historyChartData(points: readonly HistoryPoint[]): HistoryChartData {
  const prices: PriceDatum[] = [];
  const channel: ChannelDatum[] = [];
  for (const point of points) {
    prices.push({ date: point.date, series: PRICE_SERIES.average, price: point.average });
    if (point.average5 !== null)
      prices.push({ date: point.date, series: PRICE_SERIES.average5, price: point.average5 });
    if (point.average20 !== null)
      prices.push({ date: point.date, series: PRICE_SERIES.average20, price: point.average20 });
    if (point.donchianLow !== null && point.donchianHigh !== null)
      channel.push({ date: point.date, low: point.donchianLow, high: point.donchianHigh });
  }
  return { prices, channel, volumes: points.map((point) => ({ date: point.date, volume: point.volume })) };
}
