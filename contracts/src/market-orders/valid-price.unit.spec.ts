import fc from 'fast-check';
import { priceFieldText, snapToValidPrice, validPriceCents } from './valid-price';

describe('snapToValidPrice: 4 significant figures, then whole cents (the tick rule since 2020)', () => {
  it.each([
    // price, sell (down), buy (up)
    [1234.5, 1234, 1235],
    [1234, 1234, 1234],
    [12_345_678, 12_340_000, 12_350_000],
    [99_999_999, 99_990_000, 100_000_000],
    [9999.5, 9999, 10_000],
    [1_000_000, 1_000_000, 1_000_000],
    [1_000_001, 1_000_000, 1_001_000],
    [999_900, 999_900, 999_900],
    [999_901, 999_900, 1_000_000],
    [100.05, 100, 100.1],
    [12.345, 12.34, 12.35],
    [9.9951, 9.99, 10],
    [1.005, 1, 1.01],
    [0.015, 0.01, 0.02],
    [0.01, 0.01, 0.01],
    [0.005, 0, 0.01],
    [5e-7, 0, 0.01],
    [1.5e21, 1.5e21, 1.5e21],
  ])('given %p, a sell snaps to %p and a buy to %p', (price, sell, buy) => {
    expect(snapToValidPrice(price, 'sell')).toBe(sell);
    expect(snapToValidPrice(price, 'buy')).toBe(buy);
  });

  it('takes a number as the decimal it prints as, not its binary neighbour', () => {
    // 0.1 + 0.2 prints as 0.30000000000000004; 1.1 * 3 as 3.3000000000000003.
    expect(snapToValidPrice(0.1 + 0.2, 'sell')).toBe(0.3);
    expect(snapToValidPrice(0.1 + 0.2, 'buy')).toBe(0.31);
    expect(snapToValidPrice(1.1 * 3, 'sell')).toBe(3.3);
  });

  it('gives a price with at most 4 significant figures and 2 decimals, on the side of the input', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000_000_000 }), (cents) => {
        const price = cents / 100;
        const sell = validPriceCents(price, 'sell');
        const buy = validPriceCents(price, 'buy');
        expect(sell <= BigInt(cents) && BigInt(cents) <= buy).toBe(true);
        for (const snapped of [sell, buy]) {
          expect(snapped.toString().replace(/0+$/, '').length).toBeLessThanOrEqual(4);
        }
        // Valid prices are fixed points.
        expect(validPriceCents(Number(sell) / 100, 'buy')).toBe(sell);
        expect(validPriceCents(Number(buy) / 100, 'sell')).toBe(buy);
      }),
    );
  });
});

describe('priceFieldText: what the game client’s price field accepts', () => {
  it.each([
    [1234, '1234.00'],
    [0.01, '0.01'],
    [0.3, '0.30'],
    [100_000_000, '100000000.00'],
    [1.5e21, '1500000000000000000000.00'],
  ])('writes %p as %p', (price, text) => {
    expect(priceFieldText(price)).toBe(text);
  });
});
