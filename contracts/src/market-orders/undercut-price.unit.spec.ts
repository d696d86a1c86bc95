import type { PricedOrder } from './price-status';
import { undercutPrice, type UndercutPriceSettings } from './undercut-price';

const THE_FORGE = 10000002;
const DOMAIN = 10000043;
const TRITANIUM = 34;
const PYERITE = 35;

let nextOrderId = 2000;
function order(overrides: Partial<PricedOrder> = {}): PricedOrder {
  nextOrderId += 1;
  return {
    orderId: nextOrderId,
    typeId: TRITANIUM,
    regionId: THE_FORGE,
    locationId: 60003760,
    isBuyOrder: false,
    price: 100,
    volumeRemain: 1000,
    issued: '2026-11-25T10:00:00Z',
    ...overrides,
  };
}

const PLAIN: UndercutPriceSettings = { amount: 0.01, randomOffset: 0 };
const lowest = () => 0;
const highest = () => 0.999_999;

describe('undercutPrice (Shift+C)', () => {
  describe('a sell order', () => {
    const mine = order({ price: 110 });

    it('goes the amount below the competitor, snapped down to 4 significant figures', () => {
      const competitor = order({ price: 100 });
      // 99.99 has 4 significant figures already.
      expect(
        undercutPrice({ order: mine, competitor, ownOrders: [mine], settings: PLAIN, random: lowest }),
      ).toBe(99.99);
      const big = order({ price: 1_234_000 });
      // 1,233,999.99 is not a price the game takes: the next one down is 1,233,000.
      expect(
        undercutPrice({ order: mine, competitor: big, ownOrders: [mine], settings: PLAIN, random: lowest }),
      ).toBe(1_233_000);
    });

    it('subtracts a random offset of up to the setting, in whole cents', () => {
      const competitor = order({ price: 50 });
      const settings = { amount: 1, randomOffset: 2 };
      expect(undercutPrice({ order: mine, competitor, ownOrders: [mine], settings, random: lowest })).toBe(
        49,
      );
      expect(undercutPrice({ order: mine, competitor, ownOrders: [mine], settings, random: highest })).toBe(
        47,
      );
      expect(undercutPrice({ order: mine, competitor, ownOrders: [mine], settings, random: () => 0.5 })).toBe(
        48,
      );
    });

    it('never goes below 0.01, and gives no price when the competitor already sells at 0.01', () => {
      const cheap = order({ price: 0.05 });
      const settings = { amount: 1, randomOffset: 0 };
      expect(
        undercutPrice({ order: mine, competitor: cheap, ownOrders: [mine], settings, random: lowest }),
      ).toBe(0.01);
      const cheapest = order({ price: 0.01 });
      expect(
        undercutPrice({ order: mine, competitor: cheapest, ownOrders: [mine], settings, random: lowest }),
      ).toBeNull();
    });

    it('gives no price that reaches the user’s own best buy of the same type and region', () => {
      const competitor = order({ price: 100 });
      const myBuy = order({ isBuyOrder: true, price: 99.99 });
      expect(
        undercutPrice({ order: mine, competitor, ownOrders: [mine, myBuy], settings: PLAIN, random: lowest }),
      ).toBeNull();
      const myLowerBuy = order({ isBuyOrder: true, price: 99.98 });
      expect(
        undercutPrice({
          order: mine,
          competitor,
          ownOrders: [mine, myLowerBuy],
          settings: PLAIN,
          random: lowest,
        }),
      ).toBe(99.99);
    });

    it('ignores the user’s buys of other types and regions', () => {
      const competitor = order({ price: 100 });
      const otherType = order({ isBuyOrder: true, price: 200, typeId: PYERITE });
      const otherRegion = order({ isBuyOrder: true, price: 200, regionId: DOMAIN });
      expect(
        undercutPrice({
          order: mine,
          competitor,
          ownOrders: [mine, otherType, otherRegion],
          settings: PLAIN,
          random: lowest,
        }),
      ).toBe(99.99);
    });
  });

  describe('a buy order', () => {
    const mine = order({ isBuyOrder: true, price: 90 });

    it('goes the amount above the competitor, snapped up to 4 significant figures', () => {
      const competitor = order({ isBuyOrder: true, price: 99.99 });
      expect(
        undercutPrice({ order: mine, competitor, ownOrders: [mine], settings: PLAIN, random: lowest }),
      ).toBe(100);
      const big = order({ isBuyOrder: true, price: 1_234_000 });
      expect(
        undercutPrice({ order: mine, competitor: big, ownOrders: [mine], settings: PLAIN, random: lowest }),
      ).toBe(1_235_000);
    });

    it('adds the random offset', () => {
      const competitor = order({ isBuyOrder: true, price: 10 });
      const settings = { amount: 0.01, randomOffset: 0.05 };
      expect(undercutPrice({ order: mine, competitor, ownOrders: [mine], settings, random: highest })).toBe(
        10.06,
      );
    });

    it('gives no price that reaches the user’s own lowest sell', () => {
      const competitor = order({ isBuyOrder: true, price: 99.99 });
      const mySell = order({ price: 100 });
      expect(
        undercutPrice({
          order: mine,
          competitor,
          ownOrders: [mine, mySell],
          settings: PLAIN,
          random: lowest,
        }),
      ).toBeNull();
      const myHigherSell = order({ price: 100.1 });
      expect(
        undercutPrice({
          order: mine,
          competitor,
          ownOrders: [mine, myHigherSell],
          settings: PLAIN,
          random: lowest,
        }),
      ).toBe(100);
    });

    it('rounds a fraction-of-a-cent amount up to a whole cent', () => {
      const competitor = order({ isBuyOrder: true, price: 10 });
      const settings = { amount: 0.001, randomOffset: 0 };
      expect(undercutPrice({ order: mine, competitor, ownOrders: [mine], settings, random: lowest })).toBe(
        10.01,
      );
    });
  });

  describe('an order already ahead of everyone else', () => {
    it('keeps its price with the best price (no competitor)', () => {
      const mine = order({ price: 123.45 });
      expect(
        undercutPrice({ order: mine, competitor: null, ownOrders: [mine], settings: PLAIN, random: lowest }),
      ).toBe(123.45);
    });

    it('keeps its price behind the user’s own better order (own best price)', () => {
      const mine = order({ price: 123.45 });
      const myCheaper = order({ price: 120 });
      expect(
        undercutPrice({
          order: mine,
          competitor: myCheaper,
          ownOrders: [mine, myCheaper],
          settings: PLAIN,
          random: lowest,
        }),
      ).toBe(123.45);
    });
  });
});
