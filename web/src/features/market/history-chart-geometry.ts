import { HISTORY_BAR_MAX_WIDTH_PX } from './market-constants';
import type { HistoryPoint } from './history-series';

/** Where the history chart draws: a price pane above a volume pane, both over the same days. */
export interface ChartLayout {
  readonly width: number;
  readonly height: number;
  readonly left: number;
  readonly right: number;
  readonly priceTop: number;
  readonly priceHeight: number;
  readonly volumeTop: number;
  readonly volumeHeight: number;
  /** The baseline of the x-axis labels. */
  readonly labelTop: number;
}

export const CHART_MARGIN = { left: 72, right: 16, top: 12, bottom: 28, gap: 16 } as const;
/** Share of the panes' height the price pane takes. */
const PRICE_SHARE = 0.7;

export function chartLayout(width: number, height: number): ChartLayout {
  const inner = Math.max(0, height - CHART_MARGIN.top - CHART_MARGIN.bottom - CHART_MARGIN.gap);
  const priceHeight = Math.round(inner * PRICE_SHARE);
  const volumeTop = CHART_MARGIN.top + priceHeight + CHART_MARGIN.gap;
  const volumeHeight = inner - priceHeight;
  return {
    width,
    height,
    left: CHART_MARGIN.left,
    right: Math.max(CHART_MARGIN.left, width - CHART_MARGIN.right),
    priceTop: CHART_MARGIN.top,
    priceHeight,
    volumeTop,
    volumeHeight,
    labelTop: volumeTop + volumeHeight + CHART_MARGIN.bottom - 8,
  };
}

/**
 * Round tick values covering [min, max]: steps of 1, 2 or 5 times a power of ten, about `count` of them. The
 * first tick is at or below min, the last at or above max.
 */
export function niceTicks(min: number, max: number, count: number): number[] {
  if (!Number.isFinite(min) || !Number.isFinite(max)) return [];
  if (max < min) [min, max] = [max, min];
  if (max === min) {
    const pad = min === 0 ? 1 : Math.abs(min) * 0.05;
    min -= pad;
    max += pad;
  }
  const rough = (max - min) / Math.max(1, count);
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= rough)!;
  const first = Math.floor(min / step + 1e-9);
  const last = Math.ceil(max / step - 1e-9);
  const ticks: number[] = [];
  for (let index = first; index <= last; index += 1) ticks.push(Number((index * step).toPrecision(12)));
  return ticks;
}

/** Day i's band on the x axis: its centre and the bar width (never more than 80 px, at least 1). */
export function dayBand(
  layout: ChartLayout,
  dayCount: number,
): { step: number; barWidth: number; x(index: number): number } {
  const step = (layout.right - layout.left) / Math.max(1, dayCount);
  const barWidth = Math.max(1, Math.min(HISTORY_BAR_MAX_WIDTH_PX, step * 0.7));
  return { step, barWidth, x: (index) => layout.left + (index + 0.5) * step };
}

/** A linear scale from a domain to pixels (top = high values). */
export function linearScale(
  domainMin: number,
  domainMax: number,
  top: number,
  height: number,
): (value: number) => number {
  const span = domainMax - domainMin || 1;
  return (value) => top + ((domainMax - value) / span) * height;
}

const round = (value: number) => Math.round(value * 10) / 10;

/** An SVG path through the points, broken where a value is missing (null). */
export function linePath(
  xs: readonly number[],
  values: readonly (number | null)[],
  y: (value: number) => number,
): string {
  let path = '';
  let drawing = false;
  values.forEach((value, index) => {
    if (value === null) {
      drawing = false;
      return;
    }
    path += `${drawing ? 'L' : 'M'}${round(xs[index]!)},${round(y(value))}`;
    drawing = true;
  });
  return path;
}

/** A closed SVG area between the high and low values, one shape per run of days where both are known. */
export function bandPath(
  xs: readonly number[],
  lows: readonly (number | null)[],
  highs: readonly (number | null)[],
  y: (value: number) => number,
): string {
  let path = '';
  let run: number[] = [];
  const close = () => {
    if (run.length > 0) {
      const top = run.map(
        (index, position) => `${position === 0 ? 'M' : 'L'}${round(xs[index]!)},${round(y(highs[index]!))}`,
      );
      const bottom = [...run].reverse().map((index) => `L${round(xs[index]!)},${round(y(lows[index]!))}`);
      path += `${top.join('')}${bottom.join('')}Z`;
    }
    run = [];
  };
  lows.forEach((low, index) => {
    if (low === null || highs[index] === null || highs[index] === undefined) close();
    else run.push(index);
  });
  close();
  return path;
}

/** The price range the chart must show: every average and the channel. */
export function priceExtent(points: readonly HistoryPoint[]): [number, number] | null {
  let low = Number.POSITIVE_INFINITY;
  let high = Number.NEGATIVE_INFINITY;
  for (const point of points) {
    for (const value of [
      point.average,
      point.average5,
      point.average20,
      point.donchianLow,
      point.donchianHigh,
    ]) {
      if (value === null) continue;
      if (value < low) low = value;
      if (value > high) high = value;
    }
  }
  return Number.isFinite(low) ? [low, high] : null;
}

/** About one date label per `spacing` pixels, evenly spread, always including the first day. */
export function labelIndexes(dayCount: number, plotWidth: number, spacing = 110): number[] {
  if (dayCount === 0) return [];
  const wanted = Math.max(1, Math.min(dayCount, Math.floor(plotWidth / spacing)));
  const every = Math.ceil(dayCount / wanted);
  const indexes: number[] = [];
  for (let index = 0; index < dayCount; index += every) indexes.push(index);
  return indexes;
}

/** The day under a horizontal position, or null outside the plot. */
export function dayAt(x: number, layout: ChartLayout, dayCount: number): number | null {
  if (dayCount === 0 || x < layout.left || x > layout.right) return null;
  const step = (layout.right - layout.left) / dayCount;
  return Math.min(dayCount - 1, Math.max(0, Math.floor((x - layout.left) / step)));
}
