import {
  PRICE_SERIES,
  historyChartData,
  historyPoints,
  movingAverage,
  rollingHigh,
  rollingLow,
  type HistoryDay,
} from './history-series';

const DAY = 86_400_000;
const START = Date.UTC(2026, 0, 1);

function day(
  index: number,
  average: number,
  lowest = average - 1,
  highest = average + 1,
  volume = 100,
): HistoryDay {
  return { date: START + index * DAY, average, lowest, highest, volume };
}

describe('price history series', () => {
  describe('moving average', () => {
    it('averages the last n points, null until the window is full', () => {
      expect(movingAverage([1, 2, 3, 4, 5, 6], 3)).toEqual([null, null, 2, 3, 4, 5]);
      expect(movingAverage([10, 20], 5)).toEqual([null, null]);
      expect(movingAverage([], 5)).toEqual([]);
    });

    it('is the value itself for a 1-point window', () => {
      expect(movingAverage([4.5, 5.25, 6], 1)).toEqual([4.5, 5.25, 6]);
    });

    it('sums in cents, so long series do not drift, and rounds to the cent', () => {
      const prices = Array.from({ length: 10_000 }, () => 0.1);
      const averages = movingAverage(prices, 20);
      expect(averages.at(-1)).toBe(0.1);
      expect(new Set(averages.slice(19))).toEqual(new Set([0.1]));
      expect(movingAverage([1.01, 1.02, 1.02], 3)).toEqual([null, null, 1.02]);
      expect(movingAverage([1_234_567_890.12, 1_234_567_890.13], 2)).toEqual([null, 1_234_567_890.13]);
    });
  });

  describe('rolling low and high', () => {
    const values = [5, 3, 8, 1, 9, 2, 7];

    it('takes the lowest and highest of the last n points', () => {
      expect(rollingLow(values, 3)).toEqual([null, null, 3, 1, 1, 1, 2]);
      expect(rollingHigh(values, 3)).toEqual([null, null, 8, 8, 9, 9, 9]);
    });

    it('follows the values for a 1-point window', () => {
      expect(rollingLow(values, 1)).toEqual(values);
      expect(rollingHigh(values, 1)).toEqual(values);
    });
  });

  describe('history points', () => {
    const days = Array.from({ length: 25 }, (_, index) =>
      day(index, 100 + index, 90 + index, 110 + index, index),
    );

    it('has the 1-, 5- and 20-day averages and a 5-point Donchian channel', () => {
      const points = historyPoints(days);
      expect(points).toHaveLength(25);
      expect(points[0]).toEqual({
        date: START,
        average: 100,
        average5: null,
        average20: null,
        donchianLow: null,
        donchianHigh: null,
        volume: 0,
      });
      // Day 4: averages 100..104, lows 90..94, highs 110..114.
      expect(points[4]).toMatchObject({
        average: 104,
        average5: 102,
        average20: null,
        donchianLow: 90,
        donchianHigh: 114,
      });
      // Day 19: the 20-day average of 100..119 is 109.5; the channel spans days 15..19.
      expect(points[19]).toMatchObject({
        average5: 117,
        average20: 109.5,
        donchianLow: 105,
        donchianHigh: 129,
      });
      expect(points[24]).toMatchObject({
        average5: 122,
        average20: 114.5,
        donchianLow: 110,
        donchianHigh: 134,
        volume: 24,
      });
    });

    it('sorts the days by date first', () => {
      const shuffled = [days[3]!, days[0]!, days[4]!, days[2]!, days[1]!];
      expect(historyPoints(shuffled).map((point) => point.date)).toEqual(days.slice(0, 5).map((d) => d.date));
      expect(historyPoints(shuffled)[4]?.average5).toBe(102);
    });

    it('uses the spikes of single days for the channel', () => {
      const spiky = [
        day(0, 10),
        day(1, 10, 1, 50),
        day(2, 10),
        day(3, 10),
        day(4, 10),
        day(5, 10),
        day(6, 10),
      ];
      expect(historyPoints(spiky).map((point) => [point.donchianLow, point.donchianHigh])).toEqual([
        [null, null],
        [null, null],
        [null, null],
        [null, null],
        [1, 50],
        [1, 50],
        [9, 11],
      ]);
    });
  });

  describe('chart data', () => {
    it('has a price row per series and day (from where each series starts), a channel row and a bar per day', () => {
      const days = Array.from({ length: 400 }, (_, index) =>
        day(index, 4 + (index % 7), 3, 12, 1000 + index),
      );
      const data = historyChartData(historyPoints(days));
      const count = (series: string) => data.prices.filter((row) => row.series === series).length;
      expect(count(PRICE_SERIES.average)).toBe(400);
      expect(count(PRICE_SERIES.average5)).toBe(396);
      expect(count(PRICE_SERIES.average20)).toBe(381);
      expect(data.channel).toHaveLength(396);
      expect(data.channel[0]).toEqual({ date: START + 4 * DAY, low: 3, high: 12 });
      expect(data.volumes).toHaveLength(400);
      expect(data.volumes[399]).toEqual({ date: START + 399 * DAY, volume: 1399 });
    });

    it('is empty without history', () => {
      expect(historyChartData(historyPoints([]))).toEqual({ prices: [], channel: [], volumes: [] });
    });
  });
});
