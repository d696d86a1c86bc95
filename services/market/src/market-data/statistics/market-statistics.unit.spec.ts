import fc from 'fast-check';
import { marketStatistics, type StatisticsOrder } from './market-statistics';

const buy = (price: number, volume_remain: number): StatisticsOrder => ({
  is_buy_order: true,
  price,
  volume_remain,
});
const sell = (price: number, volume_remain: number): StatisticsOrder => ({
  is_buy_order: false,
  price,
  volume_remain,
});

const ZERO_SIDE_BUY = {
  buyVolume: 0,
  buyOrders: 0,
  buyOutliers: 0,
  buyThreshold: 0,
  maxBuy: 0,
  buyAvgFivePercent: 0,
};
const ZERO_SIDE_SELL = {
  sellVolume: 0,
  sellOrders: 0,
  sellOutliers: 0,
  sellThreshold: 0,
  minSell: 0,
  sellAvgFivePercent: 0,
};

describe('marketStatistics', () => {
  describe('empty sides', () => {
    it('given no orders, then every figure is zero', () => {
      expect(marketStatistics([])).toEqual({ ...ZERO_SIDE_BUY, ...ZERO_SIDE_SELL });
    });

    it('given only sell orders, then the buy side is zeros and the sell side is computed', () => {
      expect(marketStatistics([sell(5, 100), sell(6, 100)])).toEqual({
        ...ZERO_SIDE_BUY,
        sellVolume: 200,
        sellOrders: 2,
        sellOutliers: 0,
        sellThreshold: 50,
        minSell: 5,
        sellAvgFivePercent: 5,
      });
    });

    it('given only buy orders, then the sell side is zeros', () => {
      expect(marketStatistics([buy(4, 10)])).toEqual({
        ...ZERO_SIDE_SELL,
        buyVolume: 10,
        buyOrders: 1,
        buyOutliers: 0,
        buyThreshold: 0.4,
        maxBuy: 4,
        buyAvgFivePercent: 4,
      });
    });

    it('given orders with nothing remaining, then they are not counted at all', () => {
      expect(marketStatistics([sell(5, 0), buy(4, 0)])).toEqual({ ...ZERO_SIDE_BUY, ...ZERO_SIDE_SELL });
    });
  });

  describe('single order', () => {
    it('given one sell order, then its price is the minimum, the threshold and the 5% average', () => {
      const stats = marketStatistics([sell(1234.56, 7)]);
      expect(stats).toMatchObject({
        sellVolume: 7,
        sellOrders: 1,
        sellOutliers: 0,
        minSell: 1234.56,
        sellThreshold: 12345.6,
        sellAvgFivePercent: 1234.56,
      });
    });

    it('given one buy order of one unit, then 5% of a unit is still priced at that order', () => {
      expect(marketStatistics([buy(0.01, 1)])).toMatchObject({
        buyVolume: 1,
        maxBuy: 0.01,
        buyThreshold: 0.001,
        buyAvgFivePercent: 0.01,
      });
    });
  });

  describe('outliers', () => {
    it('given buy orders below 10% of the top buy, then they are left out and counted', () => {
      const stats = marketStatistics([buy(100, 10), buy(10, 20), buy(9.99, 30), buy(0.01, 40)]);
      expect(stats).toMatchObject({
        maxBuy: 100,
        buyThreshold: 10,
        buyOrders: 2,
        buyOutliers: 2,
        buyVolume: 30,
      });
    });

    it('given a buy at exactly 10% of the top buy, then it is kept (only below is an outlier)', () => {
      expect(marketStatistics([buy(55.5, 1), buy(5.55, 1)])).toMatchObject({
        buyThreshold: 5.55,
        buyOrders: 2,
        buyOutliers: 0,
      });
    });

    it('given a sell at exactly ten times the lowest sell, then it is an outlier (at or above)', () => {
      const stats = marketStatistics([sell(3.33, 5), sell(33.29, 6), sell(33.3, 7), sell(1000, 8)]);
      expect(stats).toMatchObject({
        minSell: 3.33,
        sellThreshold: 33.3,
        sellOrders: 2,
        sellOutliers: 2,
        sellVolume: 11,
      });
    });

    it('given every other order is an outlier, then only the best order on each side is kept', () => {
      const orders = [
        sell(1, 1),
        ...Array.from({ length: 50 }, (_, index) => sell(10 + index, 1000)),
        buy(1000, 2),
        ...Array.from({ length: 50 }, (_, index) => buy(99.99 - index, 1000)),
      ];
      expect(marketStatistics(orders)).toEqual({
        buyVolume: 2,
        sellVolume: 1,
        buyOrders: 1,
        sellOrders: 1,
        buyOutliers: 50,
        sellOutliers: 50,
        buyThreshold: 100,
        sellThreshold: 10,
        maxBuy: 1000,
        minSell: 1,
        buyAvgFivePercent: 1000,
        sellAvgFivePercent: 1,
      });
    });

    it('given a buy order priced at zero as the top, then nothing is below its threshold', () => {
      expect(marketStatistics([buy(0, 5), buy(0, 5)])).toMatchObject({
        maxBuy: 0,
        buyThreshold: 0,
        buyOrders: 2,
        buyOutliers: 0,
        buyAvgFivePercent: 0,
      });
    });

    it('given outliers, then the 5% volume is 5% of the kept volume only', () => {
      // Kept: 100 units at 10 and 100 at 20 → 5% is 10 units, all at 10. The outlier's volume would make it 60.
      const stats = marketStatistics([sell(10, 100), sell(20, 100), sell(100, 1000)]);
      expect(stats).toMatchObject({ sellVolume: 200, sellOutliers: 1, sellAvgFivePercent: 10 });
    });
  });

  describe('the 5% average', () => {
    it('given the best order covers more than 5%, then the average is its price', () => {
      expect(marketStatistics([sell(10, 50), sell(20, 950)])).toMatchObject({ sellAvgFivePercent: 10 });
    });

    it('given the best orders cover 5% only together, then the last one counts in part', () => {
      // 1000 units → 50 units: 20 at 10, 20 at 11, 10 of the 960 at 12 → (200 + 220 + 120) / 50 = 10.8
      const stats = marketStatistics([sell(12, 960), sell(10, 20), sell(11, 20)]);
      expect(stats.sellAvgFivePercent).toBe(10.8);
    });

    it('given buy orders, then the highest buys form the 5%', () => {
      // 400 units → 20 units: 10 at 50, 10 of the next at 40 → 45
      expect(marketStatistics([buy(30, 300), buy(50, 10), buy(40, 90)])).toMatchObject({
        maxBuy: 50,
        buyAvgFivePercent: 45,
      });
    });

    it('given 5% of the volume is a fraction of a unit, then the fraction is priced exactly', () => {
      // 30 units → 1.5 units: 1 at 10 and 0.5 at 13 → 11
      expect(marketStatistics([sell(10, 1), sell(13, 29)])).toMatchObject({ sellAvgFivePercent: 11 });
    });

    it('given the best order ends exactly at the 5% boundary, then the next order contributes nothing', () => {
      expect(marketStatistics([sell(10, 10), sell(20, 190)])).toMatchObject({ sellAvgFivePercent: 10 });
    });

    it('given ties at the boundary, then equal prices give the same average whichever order is taken', () => {
      const tied = [sell(10, 5), sell(10.5, 5), sell(10.5, 5), sell(30, 185)];
      // 200 units → 10: 5 at 10 and 5 at 10.5 → 10.25
      expect(marketStatistics(tied).sellAvgFivePercent).toBe(10.25);
      expect(marketStatistics([...tied].reverse()).sellAvgFivePercent).toBe(10.25);
    });

    it('given averages between cents, then they are rounded half up to the cent', () => {
      // 60 units → 3: 1 at 0.01 and 2 at 0.02 → 0.05 / 3 = 0.01666… → 0.02
      expect(marketStatistics([sell(0.01, 1), sell(0.02, 59)]).sellAvgFivePercent).toBe(0.02);
      // 40 units → 2: 1 at 0.01 and 1 at 0.02 → 0.015 → 0.02 (half up)
      expect(marketStatistics([sell(0.01, 1), sell(0.02, 39)]).sellAvgFivePercent).toBe(0.02);
    });

    it('given ISK amounts that floats would blur, then the sums stay exact', () => {
      // 0.1 + 0.2 style noise: three orders of 0.1 ISK and one of 0.2 over 20 units each → 5% is 4 units at 0.1
      const stats = marketStatistics([sell(0.1, 20), sell(0.1, 20), sell(0.1, 20), sell(0.2, 20)]);
      expect(stats.sellAvgFivePercent).toBe(0.1);
      // Prices near the game's maximum and large volumes: price × volume is far beyond 2^53 cents.
      const huge = marketStatistics([buy(9_000_000_000_000, 4_000_000_000), buy(8_999_999_999_999.99, 1)]);
      expect(huge).toMatchObject({
        maxBuy: 9_000_000_000_000,
        buyOrders: 2,
        buyVolume: 4_000_000_001,
        buyAvgFivePercent: 9_000_000_000_000,
      });
    });
  });

  describe('invariants', () => {
    const orderArbitrary = fc.record({
      is_buy_order: fc.boolean(),
      price: fc.integer({ min: 1, max: 10_000_000 }).map((cents) => cents / 100),
      volume_remain: fc.integer({ min: 1, max: 100_000 }),
    });

    it('keeps the best price, counts every order once, and keeps the 5% average between best and threshold', () => {
      fc.assert(
        fc.property(fc.array(orderArbitrary, { maxLength: 60 }), (orders) => {
          const stats = marketStatistics(orders);
          const buys = orders.filter((order) => order.is_buy_order);
          const sells = orders.filter((order) => !order.is_buy_order);
          expect(stats.buyOrders + stats.buyOutliers).toBe(buys.length);
          expect(stats.sellOrders + stats.sellOutliers).toBe(sells.length);
          if (buys.length > 0) {
            expect(stats.maxBuy).toBe(Math.max(...buys.map((order) => order.price)));
            expect(stats.buyAvgFivePercent).toBeLessThanOrEqual(stats.maxBuy);
            expect(stats.buyAvgFivePercent).toBeGreaterThanOrEqual(stats.buyThreshold - 0.005);
          }
          if (sells.length > 0) {
            expect(stats.minSell).toBe(Math.min(...sells.map((order) => order.price)));
            expect(stats.sellAvgFivePercent).toBeGreaterThanOrEqual(stats.minSell);
            expect(stats.sellAvgFivePercent).toBeLessThan(stats.sellThreshold);
          }
        }),
      );
    });

    /** The 5% average the slow way: sort best first, walk the units, exact in twentieths of a unit. */
    function sortedReference(orders: readonly StatisticsOrder[], isBuy: boolean): number {
      const side = orders.filter((order) => order.is_buy_order === isBuy);
      if (side.length === 0) return 0;
      const cents = (order: StatisticsOrder) => Math.round(order.price * 100);
      const best = isBuy ? Math.max(...side.map(cents)) : Math.min(...side.map(cents));
      const kept = side
        .filter((order) => (isBuy ? cents(order) * 10 >= best : cents(order) < best * 10))
        .sort((a, b) => (isBuy ? cents(b) - cents(a) : cents(a) - cents(b)));
      const total = BigInt(kept.reduce((sum, order) => sum + order.volume_remain, 0));
      let remaining = total;
      let weighted = 0n;
      for (const order of kept) {
        const taken =
          BigInt(order.volume_remain) * 20n < remaining ? BigInt(order.volume_remain) * 20n : remaining;
        weighted += BigInt(cents(order)) * taken;
        remaining -= taken;
      }
      return Number((2n * weighted + total) / (2n * total)) / 100;
    }

    it('finds the same 5% averages as sorting the whole book would, ties and all', () => {
      const tiedOrder = fc.record({
        is_buy_order: fc.boolean(),
        price: fc.integer({ min: 1, max: 40 }).map((cents) => cents / 4),
        volume_remain: fc.integer({ min: 1, max: 50 }),
      });
      fc.assert(
        fc.property(fc.array(fc.oneof(orderArbitrary, tiedOrder), { maxLength: 300 }), (orders) => {
          const stats = marketStatistics(orders);
          expect(stats.buyAvgFivePercent).toBe(sortedReference(orders, true));
          expect(stats.sellAvgFivePercent).toBe(sortedReference(orders, false));
        }),
        { numRuns: 300 },
      );
    });

    it('does not depend on the order the book lists its orders in', () => {
      fc.assert(
        fc.property(fc.array(orderArbitrary, { maxLength: 40 }), fc.integer(), (orders, seed) => {
          const shuffled = [...orders].sort(
            (a, b) => ((a.price * 7919 + seed) % 13) - ((b.price * 7919 + seed) % 13),
          );
          expect(marketStatistics(shuffled)).toEqual(marketStatistics(orders));
        }),
      );
    });
  });
});
