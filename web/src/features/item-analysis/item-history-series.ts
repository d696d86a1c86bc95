import type { ItemHistoryPoint } from '../../shared/api';
import { formatUtcDate } from '../../shared/format';

/**
 * The Item Analysis charts (account-area §2, §9): per day the lowest, highest and average price paid (or unit
 * cost built) and the units, with the 5-point and 20-point moving averages of the average and the rolling
 * 5-point low and high. A line breaks where two points are more than a day (86400 s) apart.
 */

export const ITEM_HISTORY_GAP_MS = 86_400_000;
export const SHORT_AVERAGE_POINTS = 5;
export const LONG_AVERAGE_POINTS = 20;
export const CHANNEL_POINTS = 5;

const DAY_MS = 86_400_000;
const cents = (isk: number) => Math.round(isk * 100);

/** The mean of the last `window` values at each index (null until there are that many), exact to the cent. */
export function trailingAverage(values: readonly number[], window: number): (number | null)[] {
  let sum = 0;
  return values.map((value, index) => {
    sum += cents(value);
    if (index >= window) sum -= cents(values[index - window]!);
    return index + 1 < window ? null : Math.round(sum / window) / 100;
  });
}

/** The lowest or highest of the last `window` values at each index (null until there are that many). */
export function trailingExtreme(
  values: readonly number[],
  window: number,
  extreme: 'low' | 'high',
): (number | null)[] {
  const pick = extreme === 'low' ? Math.min : Math.max;
  return values.map((_, index) =>
    index + 1 < window ? null : pick(...values.slice(index + 1 - window, index + 1)),
  );
}

export interface HistoryChartPoint {
  readonly date: number;
  readonly low: number;
  readonly high: number;
  readonly average: number;
  readonly average5: number | null;
  readonly average20: number | null;
  readonly channelLow: number | null;
  readonly channelHigh: number | null;
  readonly volume: number;
  /** Points of one segment are joined by lines; a gap of more than a day starts the next segment. */
  readonly segment: number;
}

/** Every point with its indicators, oldest first, each in its line segment. */
export function historyChartPoints(stats: readonly ItemHistoryPoint[]): HistoryChartPoint[] {
  const sorted = [...stats].sort((a, b) => a.date - b.date);
  const averages = sorted.map((point) => point.avgPrice);
  const average5 = trailingAverage(averages, SHORT_AVERAGE_POINTS);
  const average20 = trailingAverage(averages, LONG_AVERAGE_POINTS);
  const channelLow = trailingExtreme(
    sorted.map((point) => point.minPrice),
    CHANNEL_POINTS,
    'low',
  );
  const channelHigh = trailingExtreme(
    sorted.map((point) => point.maxPrice),
    CHANNEL_POINTS,
    'high',
  );
  let segment = 0;
  return sorted.map((point, index) => {
    const previous = sorted[index - 1];
    if (previous && point.date - previous.date > ITEM_HISTORY_GAP_MS) segment += 1;
    return {
      date: point.date,
      low: point.minPrice,
      high: point.maxPrice,
      average: point.avgPrice,
      average5: average5[index] ?? null,
      average20: average20[index] ?? null,
      channelLow: channelLow[index] ?? null,
      channelHigh: channelHigh[index] ?? null,
      volume: point.quantity,
      segment,
    };
  });
}

export const PRICE_SERIES = {
  average: 'Average',
  low: 'Low',
  high: 'High',
  average5: '5-point average',
  average20: '20-point average',
  channelLow: '5-point low',
  channelHigh: '5-point high',
} as const;
type PriceKey = keyof typeof PRICE_SERIES;
export type PriceSeriesName = (typeof PRICE_SERIES)[PriceKey];
const PRICE_KEYS = Object.keys(PRICE_SERIES) as PriceKey[];

export interface PriceDatum {
  readonly label: string;
  readonly series: PriceSeriesName;
  /** The line this point belongs to: the series and its segment, so a gap breaks the line. */
  readonly line: string;
  readonly price: number;
}

export interface VolumeDatum {
  readonly label: string;
  readonly volume: number;
}

export interface HistoryChartData {
  /** Every UTC day from the first point to the last: the x axis shows the gaps at their true width. */
  readonly days: string[];
  readonly prices: PriceDatum[];
  readonly volumes: VolumeDatum[];
}

/** The long form the chart draws: one row per line point and one per volume bar, over every day. */
export function historyChartData(points: readonly HistoryChartPoint[]): HistoryChartData {
  const first = points[0];
  const last = points.at(-1);
  const days: string[] = [];
  if (first && last)
    for (let day = first.date; day <= last.date; day += DAY_MS) days.push(formatUtcDate(day));
  const prices: PriceDatum[] = [];
  for (const point of points) {
    const label = formatUtcDate(point.date);
    for (const key of PRICE_KEYS) {
      const price = point[key];
      if (price === null) continue;
      const series = PRICE_SERIES[key];
      prices.push({ label, series, line: `${series} #${point.segment}`, price });
    }
  }
  return {
    days,
    prices,
    volumes: points.map((point) => ({ label: formatUtcDate(point.date), volume: point.volume })),
  };
}
