import type { EsiMarketPrice, EsiRegionOrder } from '@tradewise/contracts';
import {
  mergeLines,
  needsOrderBook,
  priceAppraisal,
  type AppraisalTypeInfo,
  type PricingSources,
} from './appraisal-pricing';

type Order = Pick<EsiRegionOrder, 'is_buy_order' | 'price' | 'volume_remain' | 'min_volume'>;
const order = (isBuy: boolean, price: number, volume: number): Order => ({
  is_buy_order: isBuy,
  price,
  volume_remain: volume,
  min_volume: 1,
});

const TYPES: Record<number, AppraisalTypeInfo> = {
  34: { typeId: 34, typeName: 'Tritanium', unitVolume: 0.01, blueprint: false, marketType: true },
  // A ship: the catalog hands over its packaged volume.
  587: { typeId: 587, typeName: 'Rifter', unitVolume: 2_500, blueprint: false, marketType: true },
  971: { typeId: 971, typeName: 'Vexor Blueprint', unitVolume: 0.01, blueprint: true, marketType: true },
  670: { typeId: 670, typeName: 'Capsule', unitVolume: 500, blueprint: false, marketType: false },
  40520: {
    typeId: 40520,
    typeName: 'Large Skill Injector',
    unitVolume: 0.01,
    blueprint: false,
    marketType: true,
  },
  11399: { typeId: 11399, typeName: 'Morphite', unitVolume: 0.01, blueprint: false, marketType: true },
};
const typeInfo = (typeId: number) => TYPES[typeId]!;

function sources(
  books: Record<number, readonly Order[]>,
  esi: Record<number, EsiMarketPrice> | null = {},
): PricingSources {
  return {
    books: new Map(Object.entries(books).map(([typeId, orders]) => [Number(typeId), { orders }])),
    esiPrices: esi && new Map(Object.entries(esi).map(([typeId, price]) => [Number(typeId), price])),
  };
}

describe('appraisal pricing', () => {
  it('prices from the region orders: sell is the lowest sell, buy the highest buy, totals in cents', () => {
    const priced = priceAppraisal(
      [{ typeId: 34, quantity: 1_000_003 }],
      typeInfo,
      sources({ 34: [order(false, 5.01, 10), order(false, 4.99, 5), order(true, 4.5, 2_000_000)] }),
    );
    expect(priced.items).toEqual([
      expect.objectContaining({
        index: 0,
        typeId: 34,
        typeName: 'Tritanium',
        quantity: 1_000_003,
        method: 'MARKET_ORDERS',
        sellCents: 499n,
        buyCents: 450n,
        totalSellCents: 499n * 1_000_003n,
        totalBuyCents: 450n * 1_000_003n,
        unitVolume: 0.01,
        totalVolumeMicro: 10_000n * 1_000_003n,
      }),
    ]);
    expect(priced.totalSellCents).toBe(499_001_497n);
    expect(priced.totalBuyCents).toBe(450_001_350n);
    expect(priced.items[0]!.sellNow).toMatchObject({ filledQuantity: 1_000_003, slippageCents: 0n });
  });

  // Issue 25, failure class 5: a side without orders is never a silent 0 under 'Market orders'.
  it("prices a side without orders from ESI's average, and says so on that side and on the row", () => {
    const priced = priceAppraisal(
      [{ typeId: 34, quantity: 3 }],
      typeInfo,
      sources({ 34: [order(false, 6, 1)] }, { 34: { type_id: 34, average_price: 5 } }),
    );
    expect(priced.items[0]).toMatchObject({
      method: 'ESI_PRICE',
      sellMethod: 'MARKET_ORDERS',
      buyMethod: 'ESI_PRICE',
      sellCents: 600n,
      buyCents: 500n,
      totalBuyCents: 1_500n,
    });
    expect(priced.items[0]!.sellNow).toMatchObject({ filledQuantity: 0, unfilledQuantity: 3 });
    expect([priced.unpricedSellRows, priced.unpricedBuyRows]).toEqual([0, 0]);
  });

  it('leaves a side without orders nor ESI price unpriced, marks the row INSUFFICIENT_DATA and counts it', () => {
    const priced = priceAppraisal(
      [
        { typeId: 34, quantity: 3 },
        { typeId: 11399, quantity: 2 },
      ],
      typeInfo,
      sources({ 34: [order(true, 4, 1)], 11399: [order(false, 9, 1), order(true, 8, 1)] }, null),
    );
    expect(
      priced.items.map((item) => [item.method, item.sellMethod, item.buyMethod, item.sellCents]),
    ).toEqual([
      ['INSUFFICIENT_DATA', 'INSUFFICIENT_DATA', 'MARKET_ORDERS', 0n],
      ['MARKET_ORDERS', 'MARKET_ORDERS', 'MARKET_ORDERS', 900n],
    ]);
    expect([priced.unpricedSellRows, priced.unpricedBuyRows]).toEqual([1, 0]);
  });

  it("falls back to ESI's average price without orders, and to INSUFFICIENT_DATA without that", () => {
    const esi = { 11399: { type_id: 11399, average_price: 12_345.67, adjusted_price: 1 } };
    const priced = priceAppraisal(
      [
        { typeId: 11399, quantity: 2 },
        { typeId: 40520, quantity: 1 },
      ],
      typeInfo,
      sources({ 11399: [], 40520: [] }, { ...esi, 40520: { type_id: 40520, adjusted_price: 900_000 } }),
    );
    expect(priced.items.map((item) => [item.method, item.sellCents, item.buyCents, item.sellNow])).toEqual([
      ['ESI_PRICE', 1_234_567n, 1_234_567n, null],
      ['INSUFFICIENT_DATA', 0n, 0n, null],
    ]);
    expect(priced.totalSellCents).toBe(2_469_134n);
    const withoutEsi = priceAppraisal([{ typeId: 11399, quantity: 1 }], typeInfo, sources({}, null));
    expect(withoutEsi.items[0]!.method).toBe('INSUFFICIENT_DATA');
  });

  it('does not appraise blueprints, nor types the market does not list, whatever the books say', () => {
    const books = { 971: [order(false, 1_000_000, 1)], 670: [order(false, 10, 1)] };
    const esi = { 971: { type_id: 971, average_price: 5 }, 670: { type_id: 670, average_price: 5 } };
    const priced = priceAppraisal(
      [
        { typeId: 971, quantity: 1 },
        { typeId: 670, quantity: 2 },
      ],
      typeInfo,
      sources(books, esi),
    );
    expect(priced.items.map((item) => [item.method, item.totalSellCents, item.totalBuyCents])).toEqual([
      ['BLUEPRINT', 0n, 0n],
      ['NONE', 0n, 0n],
    ]);
    // They still take space.
    expect(priced.totalVolumeMicro).toBe(10_000n + 2n * 500_000_000n);
    expect(needsOrderBook(TYPES[971]!)).toBe(false);
    expect(needsOrderBook(TYPES[670]!)).toBe(false);
    expect(needsOrderBook(TYPES[34]!)).toBe(true);
  });

  it('uses the unit volume the catalog gives (packaged for ships) for row and total volumes', () => {
    const priced = priceAppraisal(
      [
        { typeId: 587, quantity: 3 },
        { typeId: 34, quantity: 7 },
      ],
      typeInfo,
      sources({ 587: [order(false, 400_000, 5)], 34: [order(false, 4, 100)] }),
    );
    expect(priced.items.map((item) => item.totalVolumeMicro)).toEqual([7_500_000_000n, 70_000n]);
    expect(priced.totalVolumeMicro).toBe(7_500_070_000n);
  });

  it('sums the sell-now proceeds and slippage of the rows priced from orders', () => {
    const priced = priceAppraisal(
      [
        { typeId: 34, quantity: 30 },
        { typeId: 587, quantity: 2 },
        { typeId: 11399, quantity: 1 },
      ],
      typeInfo,
      sources(
        {
          34: [order(true, 5, 10), order(true, 4, 100)],
          587: [order(true, 300_000, 1), order(true, 250_000.5, 1)],
        },
        { 11399: { type_id: 11399, average_price: 9_000 } },
      ),
    );
    // Tritanium: 10 × 5 + 20 × 4 = 130 ISK (slippage 20); Rifter: 300,000 + 250,000.50 (slippage 49,999.50).
    expect(priced.totalSellNowCents).toBe(13_000n + 55_000_050n);
    expect(priced.totalSlippageCents).toBe(2_000n + 4_999_950n);
    expect(priced.totalBuyCents).toBe(15_000n + 60_000_000n + 900_000n);
  });

  it('merges repeated types into one row in order of first appearance', () => {
    expect(
      mergeLines([
        { typeId: 35, quantity: 1 },
        { typeId: 34, quantity: 2 },
        { typeId: 35, quantity: 10 },
      ]),
    ).toEqual([
      { typeId: 35, quantity: 11 },
      { typeId: 34, quantity: 2 },
    ]);
  });
});
