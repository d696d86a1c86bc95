import { applyPercent, orderSidePrices } from './price-mode';

const order = (buy: boolean, price: number, volume: number) => ({
  is_buy_order: buy,
  price,
  volume_remain: volume,
  min_volume: 1,
});

describe('price modes', () => {
  const book = [order(false, 10, 10), order(false, 12, 90), order(true, 8, 50), order(true, 7, 50)];

  it('reads the best order (top of book), the middle of both (split) or the best 5% average', () => {
    expect(orderSidePrices(book, 'top')).toEqual({ sellCents: 1_000n, buyCents: 800n });
    expect(orderSidePrices(book, 'split')).toEqual({ sellCents: 900n, buyCents: 900n });
    // 5% of 100 units is 5, all within the best order on each side.
    expect(orderSidePrices(book, 'fivePercent')).toEqual({ sellCents: 1_000n, buyCents: 800n });
    const thin = [order(false, 10, 1), order(false, 20, 1), order(false, 30, 38)];
    expect(orderSidePrices(thin, 'fivePercent').sellCents).toBe(1_500n);
  });

  it('leaves a side without orders empty in every mode, split included', () => {
    const sellsOnly = [order(false, 10, 5)];
    expect(orderSidePrices(sellsOnly, 'split')).toEqual({ sellCents: 1_000n, buyCents: null });
    expect(orderSidePrices(sellsOnly, 'fivePercent')).toEqual({ sellCents: 1_000n, buyCents: null });
  });

  it('quotes a percentage of a price for buybacks, rounded half up to the cent', () => {
    expect(applyPercent(1_000n, 90)).toBe(900n);
    expect(applyPercent(1_005n, 90)).toBe(905n);
    expect(applyPercent(333n, 100)).toBe(333n);
    expect(applyPercent(1_000n, 87.5)).toBe(875n);
  });
});
