import type { EsiRegionOrder } from '@tradewise/contracts';
import { DEFAULT_PRICE_REGION_ID, type MarketOrderBooks, type TypeOrderBook } from '@tradewise/market';
import { ledgerMarketPrices } from './ledger-market-prices';

const order = (price: number, isBuy: boolean): EsiRegionOrder => ({
  order_id: Math.round(price * 100),
  type_id: 34,
  location_id: 60003760,
  system_id: 30000142,
  volume_total: 10,
  volume_remain: 10,
  min_volume: 1,
  price,
  is_buy_order: isBuy,
  duration: 90,
  issued: '2026-11-21T00:00:00Z',
  range: 'region',
});

const book = (typeId: number, orders: EsiRegionOrder[]): TypeOrderBook => ({
  regionId: DEFAULT_PRICE_REGION_ID,
  typeId,
  orders,
  fetchedAt: new Date(),
  freshUntil: new Date(),
});

function booksAnswering(answer: () => Promise<ReadonlyMap<number, TypeOrderBook>>) {
  const asked: { regionId: number; typeIds: readonly number[] }[] = [];
  const books: MarketOrderBooks = {
    typeBook: () => Promise.reject(new Error('not used')),
    typeBooks: (regionId, typeIds) => {
      asked.push({ regionId, typeIds });
      return answer();
    },
  };
  return { books, asked };
}

describe('Item Analysis market sell prices', () => {
  afterEach(() => jest.useRealTimers());

  it("answers each type's lowest sell in The Forge, and leaves out a type without sell orders", async () => {
    const { books, asked } = booksAnswering(
      async () =>
        new Map([
          [34, book(34, [order(5.01, false), order(4.99, false), order(6, true)])],
          [35, book(35, [order(10, true)])],
        ]),
    );
    const prices = await ledgerMarketPrices(books).sellPrices([34, 35]);
    expect([...prices]).toEqual([[34, 4.99]]);
    expect(asked).toEqual([{ regionId: 10000002, typeIds: [34, 35] }]);
  });

  it('answers no prices when the books fail, rather than fail the page', async () => {
    const { books } = booksAnswering(() => Promise.reject(new Error('ESI is down')));
    const warn = jest.fn();
    expect(await ledgerMarketPrices(books, { warn }).sellPrices([34])).toEqual(new Map());
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('answers without the prices after two seconds when the books are slow', async () => {
    jest.useFakeTimers();
    const { books } = booksAnswering(() => new Promise(() => undefined));
    const answer = ledgerMarketPrices(books).sellPrices([34]);
    await jest.advanceTimersByTimeAsync(2_000);
    expect(await answer).toEqual(new Map());
  });

  it('asks nothing for no types, or without a market', async () => {
    const { books, asked } = booksAnswering(async () => new Map());
    expect(await ledgerMarketPrices(books).sellPrices([])).toEqual(new Map());
    expect(await ledgerMarketPrices(undefined).sellPrices([34])).toEqual(new Map());
    expect(asked).toEqual([]);
  });
});
