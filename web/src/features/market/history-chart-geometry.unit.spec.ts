import {
  bandPath,
  chartLayout,
  dayAt,
  dayBand,
  labelIndexes,
  linePath,
  linearScale,
  niceTicks,
  priceExtent,
} from './history-chart-geometry';
import { historyPoints } from './history-series';

describe('history chart geometry', () => {
  it('splits the height into a price pane above a volume pane', () => {
    const layout = chartLayout(800, 420);
    expect(layout).toMatchObject({ left: 72, right: 784, priceTop: 12 });
    expect(layout.priceHeight + layout.volumeHeight).toBe(420 - 12 - 28 - 16);
    expect(layout.volumeTop).toBe(12 + layout.priceHeight + 16);
    expect(layout.priceHeight / (layout.priceHeight + layout.volumeHeight)).toBeCloseTo(0.7, 2);
  });

  describe('nice ticks', () => {
    it.each([
      [1.7, 2.31, 5, [1.6, 1.8, 2, 2.2, 2.4]],
      [0, 26_100_000, 3, [0, 10_000_000, 20_000_000, 30_000_000]],
      [95, 1000, 4, [0, 500, 1000]],
      [4.99, 5.01, 4, [4.99, 4.995, 5, 5.005, 5.01]],
    ])('%p..%p in about %p steps', (min, max, count, ticks) => {
      expect(niceTicks(min, max, count)).toEqual(ticks);
    });

    it('widens a single value and accepts a reversed range', () => {
      expect(niceTicks(100, 100, 4)).toEqual([95, 100, 105]);
      expect(niceTicks(0, 0, 2)).toEqual([-1, 0, 1]);
      expect(niceTicks(10, 0, 2)).toEqual([0, 5, 10]);
      expect(niceTicks(Number.NaN, 1, 2)).toEqual([]);
    });
  });

  describe('day bands and bars', () => {
    const layout = chartLayout(800, 420);

    it('centres each day in its band', () => {
      const band = dayBand(layout, 4);
      expect(band.step).toBe(178);
      expect(band.x(0)).toBe(72 + 89);
      expect(band.x(3)).toBe(72 + 3 * 178 + 89);
    });

    it('never draws bars wider than 80 px, nor narrower than 1 px', () => {
      expect(dayBand(layout, 3).barWidth).toBe(80);
      expect(dayBand(layout, 400).barWidth).toBeCloseTo((712 / 400) * 0.7, 6);
      expect(dayBand(layout, 5000).barWidth).toBe(1);
    });

    it('finds the day under the pointer', () => {
      expect(dayAt(72, layout, 4)).toBe(0);
      expect(dayAt(72 + 178, layout, 4)).toBe(1);
      expect(dayAt(784, layout, 4)).toBe(3);
      expect(dayAt(10, layout, 4)).toBeNull();
      expect(dayAt(790, layout, 4)).toBeNull();
      expect(dayAt(100, layout, 0)).toBeNull();
    });

    it('labels about one day per 110 px, from the first', () => {
      expect(labelIndexes(400, 712)).toEqual([0, 67, 134, 201, 268, 335]);
      expect(labelIndexes(3, 712)).toEqual([0, 1, 2]);
      expect(labelIndexes(400, 50)).toEqual([0]);
      expect(labelIndexes(0, 712)).toEqual([]);
    });
  });

  describe('paths', () => {
    const y = linearScale(0, 10, 0, 100);

    it('maps values to pixels with high values at the top', () => {
      expect(y(10)).toBe(0);
      expect(y(0)).toBe(100);
      expect(y(2.5)).toBe(75);
      expect(linearScale(5, 5, 0, 100)(5)).toBe(0);
    });

    it('draws lines, breaking at missing values', () => {
      expect(linePath([0, 10, 20, 30], [1, 2, null, 4], y)).toBe('M0,90L10,80M30,60');
      expect(linePath([0, 10], [null, null], y)).toBe('');
    });

    it('draws the channel as closed shapes between lows and highs', () => {
      expect(bandPath([0, 10, 20], [null, 1, 2], [null, 3, 4], y)).toBe('M10,70L20,60L20,80L10,90Z');
      expect(bandPath([0, 10, 20], [1, null, 2], [3, null, 4], y)).toBe('M0,70L0,90ZM20,60L20,80Z');
    });
  });

  it('spans every price series', () => {
    const day = (index: number, average: number, lowest: number, highest: number) => ({
      date: index,
      average,
      lowest,
      highest,
      volume: 1,
    });
    const points = historyPoints([0, 1, 2, 3, 4].map((index) => day(index, 10 + index, 2 + index, 30)));
    expect(priceExtent(points)).toEqual([2, 30]);
    expect(priceExtent([])).toBeNull();
  });
});
