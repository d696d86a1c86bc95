import type { EsiRegionOrder } from '@tradewise/contracts';
import { topOfBook, walkBuyOrders } from './order-book.walk';

type Order = Pick<EsiRegionOrder, 'is_buy_order' | 'price' | 'volume_remain' | 'min_volume'>;
const buy = (price: number, volume: number, minVolume = 1): Order => ({
  is_buy_order: true,
  price,
  volume_remain: volume,
  min_volume: minVolume,
});
const sell = (price: number, volume: number): Order => ({
  is_buy_order: false,
  price,
  volume_remain: volume,
  min_volume: 1,
});

describe('top of book', () => {
  it('takes the lowest sell and the highest buy, in cents', () => {
    const top = topOfBook([sell(5.02, 10), sell(4.99, 1), buy(4.5, 100), buy(4.51, 3), sell(7, 1)]);
    expect(top).toEqual({ lowestSellCents: 499n, highestBuyCents: 451n, sellOrders: 3, buyOrders: 2 });
  });

  it('has no price on a side without orders, and ignores emptied orders', () => {
    expect(topOfBook([buy(10, 0), sell(3, 0)])).toEqual({
      lowestSellCents: null,
      highestBuyCents: null,
      sellOrders: 0,
      buyOrders: 0,
    });
    expect(topOfBook([buy(10, 5)]).lowestSellCents).toBeNull();
  });
});

describe('sell now: walking the buy side for the pasted quantity', () => {
  it('fills the best buy orders first and reports the proceeds and the slippage against the top price', () => {
    const walk = walkBuyOrders([buy(90, 50), buy(100, 10), sell(120, 1000), buy(95, 20)], 50);
    // 10 × 100 + 20 × 95 + 20 × 90 = 4,700 ISK; at the top price 50 × 100 = 5,000 ISK.
    expect(walk).toEqual({
      filledQuantity: 50,
      unfilledQuantity: 0,
      proceedsCents: 470_000n,
      ordersFilled: 3,
      worstPriceCents: 9_000n,
      slippageCents: 30_000n,
    });
  });

  it('has no slippage when the top order takes everything', () => {
    const walk = walkBuyOrders([buy(12.34, 1_000), buy(12, 1_000)], 999);
    expect(walk.proceedsCents).toBe(1_234n * 999n);
    expect(walk.slippageCents).toBe(0n);
    expect(walk.ordersFilled).toBe(1);
  });

  it('leaves what the book cannot take unfilled', () => {
    const walk = walkBuyOrders([buy(10, 3), buy(9, 2)], 10);
    expect(walk).toMatchObject({ filledQuantity: 5, unfilledQuantity: 5, proceedsCents: 4_800n });
    expect(walk.slippageCents).toBe(1_000n * 5n - 4_800n);
  });

  it('passes over an order whose minimum volume is more than what is left to sell', () => {
    // The 100 ISK order wants at least 40 units; only 25 are being sold, so they all go to the 80 ISK order.
    const walk = walkBuyOrders([buy(100, 100, 40), buy(80, 100)], 25);
    expect(walk).toMatchObject({ filledQuantity: 25, proceedsCents: 200_000n, ordersFilled: 1 });
    // Slippage is measured from the highest buy the appraisal shows, which this quantity could not reach.
    expect(walk.slippageCents).toBe(10_000n * 25n - 200_000n);
  });

  it('sells the remainder of an order that has less left than its minimum', () => {
    const walk = walkBuyOrders([buy(50, 3, 10)], 3);
    expect(walk).toMatchObject({ filledQuantity: 3, proceedsCents: 15_000n });
  });

  it('fills nothing from an empty buy side', () => {
    expect(walkBuyOrders([sell(5, 100)], 7)).toEqual({
      filledQuantity: 0,
      unfilledQuantity: 7,
      proceedsCents: 0n,
      ordersFilled: 0,
      worstPriceCents: null,
      slippageCents: 0n,
    });
  });

  it('stays exact beyond 2^53 cents', () => {
    const walk = walkBuyOrders([buy(999_999_999_999.99, 100_000_000_000)], 100_000_000_000);
    expect(walk.proceedsCents).toBe(99_999_999_999_999n * 100_000_000_000n);
  });
});
