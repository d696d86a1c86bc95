import type { ItemHistoryPoint } from '../../shared/api';
import {
  ITEM_HISTORY_GAP_MS,
  historyChartData,
  historyChartPoints,
  trailingAverage,
  trailingExtreme,
} from './item-history-series';

const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
const point = (date: number, avgPrice: number, minPrice = avgPrice, maxPrice = avgPrice, quantity = 1) =>
  ({ date, avgPrice, minPrice, maxPrice, quantity }) satisfies ItemHistoryPoint;

describe('moving averages and the rolling channel (account-area §9)', () => {
  it('average the last 5 or 20 points once there are that many, exact to the cent', () => {
    expect(trailingAverage([1, 2, 3, 4, 5, 6], 5)).toEqual([null, null, null, null, 3, 4]);
    expect(trailingAverage([0.1, 0.2, 0.3, 0.4, 0.5], 5)).toEqual([null, null, null, null, 0.3]);
    const long = Array.from({ length: 25 }, (_, index) => index + 1);
    const average20 = trailingAverage(long, 20);
    expect(average20.slice(0, 19).every((value) => value === null)).toBe(true);
    expect(average20.slice(19)).toEqual([10.5, 11.5, 12.5, 13.5, 14.5, 15.5]);
    expect(
      trailingAverage(
        Array.from({ length: 10_000 }, () => 0.01),
        5,
      ).at(-1),
    ).toBe(0.01);
  });

  it('take the lowest low and the highest high of the last 5 points', () => {
    const values = [5, 3, 8, 1, 9, 7, 6];
    expect(trailingExtreme(values, 5, 'low')).toEqual([null, null, null, null, 1, 1, 1]);
    expect(trailingExtreme(values, 5, 'high')).toEqual([null, null, null, null, 9, 9, 9]);
  });
});

describe('the item history chart', () => {
  it('sorts the days and breaks the lines where points are more than 86400 s apart', () => {
    expect(ITEM_HISTORY_GAP_MS).toBe(86_400_000);
    const points = historyChartPoints([
      point(day('2026-11-05'), 50),
      point(day('2026-11-01'), 10, 9, 11, 100),
      point(day('2026-11-02'), 20),
    ]);
    expect(points.map((entry) => [entry.date, entry.segment])).toEqual([
      [day('2026-11-01'), 0],
      [day('2026-11-02'), 0],
      [day('2026-11-05'), 1],
    ]);
    expect(points[0]).toMatchObject({ low: 9, high: 11, average: 10, volume: 100, average5: null });
  });

  it('keeps points a day apart in one line', () => {
    const points = historyChartPoints([
      point(day('2026-11-01'), 1),
      point(day('2026-11-01') + ITEM_HISTORY_GAP_MS, 2),
      point(day('2026-11-01') + 2 * ITEM_HISTORY_GAP_MS + 1, 3),
    ]);
    expect(points.map((entry) => entry.segment)).toEqual([0, 0, 1]);
  });

  it('draws every day on the axis, the averages once their window is full, and one line per segment', () => {
    const stats = [1, 2, 3, 4, 5].map((value, index) => point(day('2026-11-01') + index * 86_400_000, value));
    stats.push(point(day('2026-11-08'), 6));
    const data = historyChartData(historyChartPoints(stats));
    expect(data.days).toEqual([
      '2026-11-01',
      '2026-11-02',
      '2026-11-03',
      '2026-11-04',
      '2026-11-05',
      '2026-11-06',
      '2026-11-07',
      '2026-11-08',
    ]);
    expect(data.volumes).toHaveLength(6);
    const averages = data.prices.filter((datum) => datum.series === 'Average');
    expect(averages.map((datum) => datum.line)).toEqual([
      'Average #0',
      'Average #0',
      'Average #0',
      'Average #0',
      'Average #0',
      'Average #1',
    ]);
    expect(data.prices.filter((datum) => datum.series === '5-point average')).toEqual([
      { label: '2026-11-05', series: '5-point average', line: '5-point average #0', price: 3 },
      { label: '2026-11-08', series: '5-point average', line: '5-point average #1', price: 4 },
    ]);
    expect(data.prices.some((datum) => datum.series === '20-point average')).toBe(false);
    expect(historyChartData([])).toEqual({ days: [], prices: [], volumes: [] });
  });
});
