import {
  MARKET_BOOK_CACHE_MS,
  PRICE_STATUS_LABELS,
  priceStatus,
  type PriceBook,
  type PriceStatusSettings,
  type PricedOrder,
} from './price-status';

const THE_FORGE = 10000002;
const DOMAIN = 10000043;
const JITA_4_4 = 60003760;
const PERIMETER_STRUCTURE = 1_035_466_617_946;
const TRITANIUM = 34;
const PYERITE = 35;

const NOW = Date.parse('2026-11-25T12:00:00Z');
const EARLIER = '2026-11-25T10:00:00Z';
const LATER = '2026-11-25T11:00:00Z';
const BOOK_EXPIRES = new Date(NOW + 120_000).toISOString();

const REGION: PriceStatusSettings = { range: 'REGION', minVolumePercent: 0 };
const STATION: PriceStatusSettings = { range: 'STATION', minVolumePercent: 0 };

let nextOrderId = 1000;
function order(overrides: Partial<PricedOrder> = {}): PricedOrder {
  nextOrderId += 1;
  return {
    orderId: nextOrderId,
    typeId: TRITANIUM,
    regionId: THE_FORGE,
    locationId: JITA_4_4,
    isBuyOrder: false,
    price: 5,
    volumeRemain: 1000,
    issued: LATER,
    ...overrides,
  };
}

/** The user's orders and the book: the user's are on it too, as ESI lists them. */
function given(mine: readonly PricedOrder[], others: readonly PricedOrder[]): PriceBook {
  return {
    orders: [...others, ...mine],
    regions: [
      { regionId: THE_FORGE, expires: BOOK_EXPIRES },
      { regionId: DOMAIN, expires: BOOK_EXPIRES },
    ],
    ownOrderIds: new Set(mine.map((own) => own.orderId)),
  };
}

describe('priceStatus (account-area §4)', () => {
  describe('a sell order: the walk from the lowest price upward', () => {
    const mine = order({ price: 5 });

    it('is the best price when it is reached first', () => {
      const book = given([mine], [order({ price: 5.01 }), order({ price: 6 })]);
      expect(priceStatus(mine, book, REGION, NOW)).toEqual({ status: 'BEST_PRICE', similarOrder: null });
    });

    it('is undercut by a cheaper seller, who is the similar order', () => {
      const cheaper = order({ price: 4.99 });
      const book = given(
        [mine],
        [order({ price: 4.5, isBuyOrder: true }), cheaper, order({ price: 4.98, typeId: PYERITE })],
      );
      expect(priceStatus(mine, book, REGION, NOW)).toEqual({ status: 'UNDERCUT', similarOrder: cheaper });
    });

    it('is the own best price when the cheaper seller is another of the user’s orders', () => {
      const myCheaper = order({ price: 4.9 });
      const book = given([mine, myCheaper], [order({ price: 4.95 })]);
      expect(priceStatus(mine, book, REGION, NOW)).toEqual({
        status: 'OWN_BEST_PRICE',
        similarOrder: myCheaper,
      });
    });

    it('reads its own price from the order, not from the book’s older copy of it', () => {
      const book = given([{ ...mine, price: 7 }], [order({ price: 6 })]);
      expect(priceStatus(mine, book, REGION, NOW).status).toBe('BEST_PRICE');
    });

    it('ignores sellers in other regions', () => {
      const book = given([mine], [order({ price: 1, regionId: DOMAIN })]);
      expect(priceStatus(mine, book, REGION, NOW).status).toBe('BEST_PRICE');
    });
  });

  describe('a buy order: the walk from the highest price downward', () => {
    const mine = order({ isBuyOrder: true, price: 4 });

    it('is the best price when no buyer pays more', () => {
      const book = given([mine], [order({ isBuyOrder: true, price: 3.99 }), order({ price: 4.5 })]);
      expect(priceStatus(mine, book, REGION, NOW).status).toBe('BEST_PRICE');
    });

    it('is undercut by a buyer who pays more', () => {
      const higher = order({ isBuyOrder: true, price: 4.01 });
      const book = given([mine], [order({ isBuyOrder: true, price: 3 }), higher]);
      expect(priceStatus(mine, book, REGION, NOW)).toEqual({ status: 'UNDERCUT', similarOrder: higher });
    });

    it('is the own best price behind the user’s own higher buy', () => {
      const myHigher = order({ isBuyOrder: true, price: 4.2 });
      const book = given([mine, myHigher], []);
      expect(priceStatus(mine, book, REGION, NOW).status).toBe('OWN_BEST_PRICE');
    });
  });

  describe('the undercut range', () => {
    const mine = order({ price: 5 });
    const elsewhere = order({ price: 4, locationId: PERIMETER_STRUCTURE });

    it('with Region, a cheaper seller anywhere in the region undercuts', () => {
      expect(priceStatus(mine, given([mine], [elsewhere]), REGION, NOW).status).toBe('UNDERCUT');
    });

    it('with Station, only sellers at the same station or structure compete', () => {
      expect(priceStatus(mine, given([mine], [elsewhere]), STATION, NOW).status).toBe('BEST_PRICE');
      const here = order({ price: 4.5 });
      expect(priceStatus(mine, given([mine], [elsewhere, here]), STATION, NOW)).toEqual({
        status: 'UNDERCUT',
        similarOrder: here,
      });
    });
  });

  describe('the minimum volume', () => {
    const mine = order({ price: 5, volumeRemain: 1000 });

    it('ignores a competitor with less than the percentage of the order’s remaining volume', () => {
      const small = order({ price: 4, volumeRemain: 99 });
      const settings = { range: 'REGION', minVolumePercent: 10 } as const;
      expect(priceStatus(mine, given([mine], [small]), settings, NOW).status).toBe('BEST_PRICE');
    });

    it('counts a competitor at exactly the percentage, and the next one that is big enough decides', () => {
      const small = order({ price: 3, volumeRemain: 50 });
      const enough = order({ price: 4, volumeRemain: 100 });
      const settings = { range: 'REGION', minVolumePercent: 10 } as const;
      expect(priceStatus(mine, given([mine], [small, enough]), settings, NOW)).toEqual({
        status: 'UNDERCUT',
        similarOrder: enough,
      });
    });

    it('ignores nothing at 0%', () => {
      const tiny = order({ price: 4, volumeRemain: 1 });
      expect(priceStatus(mine, given([mine], [tiny]), REGION, NOW).status).toBe('UNDERCUT');
    });
  });

  describe('ties: at an equal price the earlier issued order is ahead', () => {
    it('a competitor issued earlier at the same price undercuts', () => {
      const mine = order({ price: 5, issued: LATER });
      const older = order({ price: 5, issued: EARLIER });
      expect(priceStatus(mine, given([mine], [older]), REGION, NOW).status).toBe('UNDERCUT');
    });

    it('a competitor issued later at the same price does not', () => {
      const mine = order({ price: 5, issued: EARLIER });
      const newer = order({ price: 5, issued: LATER });
      expect(priceStatus(mine, given([mine], [newer]), REGION, NOW).status).toBe('BEST_PRICE');
    });

    it('a competitor issued at the same instant and price is ahead: the order is not better than it', () => {
      const mine = order({ isBuyOrder: true, price: 5, issued: LATER });
      const twin = order({ isBuyOrder: true, price: 5, issued: LATER });
      expect(priceStatus(mine, given([mine], [twin]), REGION, NOW).status).toBe('UNDERCUT');
    });
  });

  describe('before the walk', () => {
    const mine = order({ price: 5 });

    it('is not loaded while no book has been read', () => {
      expect(priceStatus(mine, null, REGION, NOW)).toEqual({ status: 'NOT_LOADED', similarOrder: null });
    });

    it('has no price data when the book holds no order of the type in the region, not even the user’s', () => {
      const book = given([], [order({ typeId: PYERITE }), order({ regionId: DOMAIN })]);
      expect(priceStatus(mine, book, REGION, NOW).status).toBe('NO_PRICE_DATA');
    });

    it('is out of date when the book shows the market from before the order was last modified', () => {
      const readAt = Date.parse(BOOK_EXPIRES) - MARKET_BOOK_CACHE_MS;
      const modifiedAfter = { ...mine, issued: new Date(readAt + 1000).toISOString() };
      const modifiedBefore = { ...mine, issued: new Date(readAt - 1000).toISOString() };
      const book = given([mine], [order({ price: 6 })]);
      expect(priceStatus(modifiedAfter, book, REGION, NOW).status).toBe('PRICE_OUT_OF_DATE');
      expect(priceStatus(modifiedBefore, book, REGION, NOW).status).toBe('BEST_PRICE');
    });

    it('is out of date once the region’s book has expired', () => {
      const book = given([mine], [order({ price: 4 })]);
      expect(priceStatus(mine, book, REGION, Date.parse(BOOK_EXPIRES) - 1).status).toBe('UNDERCUT');
      expect(priceStatus(mine, book, REGION, Date.parse(BOOK_EXPIRES)).status).toBe('PRICE_OUT_OF_DATE');
    });

    it('is out of date when orders of its region are known but the region’s book was not read', () => {
      const book: PriceBook = { ...given([mine], [order({ price: 4 })]), regions: [] };
      expect(priceStatus(mine, book, REGION, NOW).status).toBe('PRICE_OUT_OF_DATE');
    });
  });

  it('labels the statuses in the spec’s words', () => {
    expect(Object.values(PRICE_STATUS_LABELS)).toEqual([
      'Not loaded',
      'No price data',
      'Price out of date',
      'Undercut',
      'Own best price',
      'Best price',
    ]);
  });
});
