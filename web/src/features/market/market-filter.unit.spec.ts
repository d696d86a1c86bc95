import {
  DEFAULT_MARKET_FILTER,
  activeFilterCount,
  applyMarketFilter,
  filterProblems,
  isNpcOrder,
  isStructure,
  securityClass,
  type FilterableOrder,
  type MarketFilter,
} from './market-filter';

const JITA_44 = 60003760;
const AMARR_HUB = 60008494;
const PERIMETER_STATION = 60000004;
const KEEPSTAR = 1_035_466_617_946;

function order(orderId: number, overrides: Partial<FilterableOrder> = {}): FilterableOrder {
  return {
    orderId,
    price: 100,
    volumeRemain: 10,
    jumps: 3,
    security: 0.9459,
    locationId: JITA_44,
    locationName: 'Jita IV - Moon 4 - Caldari Navy Assembly Plant',
    regionName: 'The Forge',
    duration: 90,
    ...overrides,
  };
}

const filterWith = (overrides: Partial<MarketFilter>): MarketFilter => ({
  ...DEFAULT_MARKET_FILTER,
  ...overrides,
});

function shownIds(
  orders: readonly FilterableOrder[],
  overrides: Partial<MarketFilter>,
  own: ReadonlySet<number> | null = null,
) {
  return applyMarketFilter(orders, filterWith(overrides), own).orders.map((shown) => shown.orderId);
}

describe('market browser filter', () => {
  it('has the spec defaults: prices and quantities 0 to 1,000,000, jumps 0 to 100, nothing switched on', () => {
    expect(DEFAULT_MARKET_FILTER).toMatchObject({
      minPrice: 0,
      maxPrice: 1_000_000,
      minQuantity: 0,
      maxQuantity: 1_000_000,
      minJumps: 0,
      maxJumps: 100,
    });
    expect(activeFilterCount(DEFAULT_MARKET_FILTER)).toBe(0);
    const orders = [order(1), order(2, { price: 5e9, jumps: -1, duration: 365 })];
    expect(shownIds(orders, {})).toEqual([1, 2]);
  });

  describe('price range', () => {
    const orders = [order(1, { price: 0.01 }), order(2, { price: 100 }), order(3, { price: 100.01 })];

    it('keeps prices within the bounds, both inclusive', () => {
      expect(shownIds(orders, { filterPrice: true, minPrice: 100, maxPrice: 100 })).toEqual([2]);
      expect(shownIds(orders, { filterPrice: true, minPrice: 0, maxPrice: 100 })).toEqual([1, 2]);
      expect(shownIds(orders, { filterPrice: true, minPrice: 100.01, maxPrice: 1e9 })).toEqual([3]);
    });

    it('treats an empty bound as open', () => {
      expect(shownIds(orders, { filterPrice: true, minPrice: null, maxPrice: 50 })).toEqual([1]);
      expect(shownIds(orders, { filterPrice: true, minPrice: 50, maxPrice: null })).toEqual([2, 3]);
    });

    it('ignores the values while switched off', () => {
      expect(shownIds(orders, { filterPrice: false, minPrice: 500, maxPrice: 1 })).toEqual([1, 2, 3]);
    });

    it('shows nothing, and says why, when the minimum is above the maximum', () => {
      const result = applyMarketFilter(
        orders,
        filterWith({ filterPrice: true, minPrice: 500, maxPrice: 1 }),
        null,
      );
      expect(result.orders).toEqual([]);
      expect(result.problems).toEqual([
        { part: 'price', message: 'The minimum price (500) is above the maximum (1).' },
      ]);
    });

    it('refuses bounds outside 0 to 1,000,000,000', () => {
      expect(filterProblems(filterWith({ filterPrice: true, minPrice: -1 }), null)).toEqual([
        { part: 'price', message: 'The minimum price must be from 0 to 1,000,000,000.' },
      ]);
      expect(filterProblems(filterWith({ filterPrice: true, maxPrice: 1_000_000_001 }), null)).toEqual([
        { part: 'price', message: 'The maximum price must be from 0 to 1,000,000,000.' },
      ]);
      expect(filterProblems(filterWith({ filterPrice: true, maxPrice: 1e9 }), null)).toEqual([]);
    });
  });

  describe('quantity range', () => {
    const orders = [
      order(1, { volumeRemain: 1 }),
      order(2, { volumeRemain: 1000 }),
      order(3, { volumeRemain: 2e9 }),
    ];

    it('keeps remaining quantities within the bounds', () => {
      expect(shownIds(orders, { filterQuantity: true })).toEqual([1, 2]);
      expect(shownIds(orders, { filterQuantity: true, minQuantity: 2, maxQuantity: 1000 })).toEqual([2]);
    });

    it('shows nothing when the minimum is above the maximum, and wants whole numbers', () => {
      const result = applyMarketFilter(
        orders,
        filterWith({ filterQuantity: true, minQuantity: 1001, maxQuantity: 1000 }),
        null,
      );
      expect(result.orders).toEqual([]);
      expect(result.problems[0]?.message).toBe('The minimum quantity (1,001) is above the maximum (1,000).');
      expect(filterProblems(filterWith({ filterQuantity: true, minQuantity: 1.5 }), null)).toEqual([
        { part: 'quantity', message: 'The minimum quantity must be a whole number.' },
      ]);
    });
  });

  describe('jump range', () => {
    const orders = [
      order(1, { jumps: 0 }),
      order(2, { jumps: 5 }),
      order(3, { jumps: -1 }),
      order(4, { jumps: 101 }),
    ];

    it('keeps 0 to 100 jumps by default and drops orders with unknown jumps', () => {
      expect(shownIds(orders, { filterJumps: true })).toEqual([1, 2]);
      expect(shownIds(orders, { filterJumps: true, minJumps: 1, maxJumps: 5 })).toEqual([2]);
      expect(shownIds(orders, { filterJumps: true, minJumps: null, maxJumps: null })).toEqual([1, 2, 4]);
    });

    it('shows nothing when the minimum is above the maximum', () => {
      const result = applyMarketFilter(
        orders,
        filterWith({ filterJumps: true, minJumps: 6, maxJumps: 5 }),
        null,
      );
      expect(result.orders).toEqual([]);
      expect(result.problems).toEqual([
        { part: 'jumps', message: 'The minimum jumps (6) is above the maximum (5).' },
      ]);
    });
  });

  describe('security', () => {
    it.each([
      [1, 'HIGH'],
      [0.5, 'HIGH'],
      [0.45, 'HIGH'], // shown as 0.5
      [0.44, 'LOW'],
      [0.1, 'LOW'],
      [0.05, 'LOW'],
      [0.04, 'NULL'], // shown as 0.0
      [0, 'NULL'],
      [-0.35, 'NULL'],
      [-1, 'NULL'],
    ])('security %p is %p', (security, expected) => {
      expect(securityClass(security)).toBe(expected);
    });

    const orders = [order(1, { security: 0.9 }), order(2, { security: 0.3 }), order(3, { security: -0.2 })];

    it('filters null-sec, low-sec and high-sec; several classes are alternatives', () => {
      expect(shownIds(orders, { filterNullSec: true })).toEqual([3]);
      expect(shownIds(orders, { filterLowSec: true })).toEqual([2]);
      expect(shownIds(orders, { filterHighSec: true })).toEqual([1]);
      expect(shownIds(orders, { filterHighSec: true, filterLowSec: true })).toEqual([1, 2]);
      expect(shownIds(orders, { filterHighSec: true, filterLowSec: true, filterNullSec: true })).toEqual([
        1, 2, 3,
      ]);
    });
  });

  describe('stations, structures and market hubs', () => {
    it('tells stations from structures at 1e12', () => {
      expect(isStructure(999_999_999_999)).toBe(false);
      expect(isStructure(1e12)).toBe(true);
    });

    const orders = [
      order(1, { locationId: JITA_44 }),
      order(2, { locationId: PERIMETER_STATION }),
      order(3, { locationId: KEEPSTAR }),
      order(4, { locationId: AMARR_HUB }),
    ];

    it('keeps stations only, structures only, or the five hub stations; choices are alternatives', () => {
      expect(shownIds(orders, { filterStations: true })).toEqual([1, 2, 4]);
      expect(shownIds(orders, { filterStructures: true })).toEqual([3]);
      expect(shownIds(orders, { filterMarketHubs: true })).toEqual([1, 4]);
      expect(shownIds(orders, { filterMarketHubs: true, filterStructures: true })).toEqual([1, 3, 4]);
    });

    it('knows every hub station of the spec', () => {
      const hubs = [60008494, 60011866, 60005686, 60003760, 60004588];
      const hubOrders = hubs.map((locationId, index) => order(index, { locationId }));
      expect(
        shownIds([...hubOrders, order(9, { locationId: 60008495 })], { filterMarketHubs: true }),
      ).toEqual([0, 1, 2, 3, 4]);
    });
  });

  describe('location and region names', () => {
    const orders = [
      order(1, { locationName: 'Jita IV - Moon 4 - Caldari Navy Assembly Plant', regionName: 'The Forge' }),
      order(2, { locationName: 'Amarr VIII (Oris) - Emperor Family Academy', regionName: 'Domain' }),
      order(3, { locationName: 'Perimeter - Tranquility Trading Tower', regionName: 'The Forge' }),
    ];

    it('matches trimmed, case-insensitive regular expressions', () => {
      expect(shownIds(orders, { filterLocation: true, locationName: '  jita  ' })).toEqual([1]);
      expect(shownIds(orders, { filterLocation: true, locationName: '^(jita|amarr)' })).toEqual([1, 2]);
      expect(shownIds(orders, { filterRegion: true, regionName: 'FORGE' })).toEqual([1, 3]);
      expect(shownIds(orders, { filterRegion: true, regionName: '^domain$' })).toEqual([2]);
      expect(
        shownIds(orders, {
          filterLocation: true,
          locationName: 'tower',
          filterRegion: true,
          regionName: 'forge',
        }),
      ).toEqual([3]);
    });

    it('lets everything through with an empty expression, and nothing for an invalid one', () => {
      expect(shownIds(orders, { filterLocation: true, locationName: '   ' })).toEqual([1, 2, 3]);
      const result = applyMarketFilter(
        orders,
        filterWith({ filterRegion: true, regionName: 'forge(' }),
        null,
      );
      expect(result.orders).toEqual([]);
      expect(result.problems).toHaveLength(1);
      expect(result.problems[0]).toMatchObject({ part: 'region' });
      expect(result.problems[0]?.message).toMatch(/^The region name is not a valid regular expression/);
    });
  });

  describe('own orders', () => {
    const orders = [order(1), order(2), order(3)];

    it("keeps the account's own orders", () => {
      expect(shownIds(orders, { filterOwn: true }, new Set([2, 3, 99]))).toEqual([2, 3]);
      expect(shownIds(orders, { filterOwn: true }, new Set())).toEqual([]);
      expect(shownIds(orders, { filterOwn: false }, new Set([2]))).toEqual([1, 2, 3]);
    });

    it('shows nothing while the own orders are unknown', () => {
      const result = applyMarketFilter(orders, filterWith({ filterOwn: true }), null);
      expect(result.orders).toEqual([]);
      expect(result.problems).toEqual([{ part: 'own', message: 'Your orders are not known yet.' }]);
    });
  });

  describe('NPC orders', () => {
    it('counts orders lasting longer than 90 days as NPC orders', () => {
      expect(isNpcOrder(90)).toBe(false);
      expect(isNpcOrder(91)).toBe(true);
      expect(isNpcOrder(365)).toBe(true);
    });

    it('keeps orders of 90 days or less when switched on', () => {
      const orders = [order(1, { duration: 365 }), order(2, { duration: 90 }), order(3, { duration: 30 })];
      expect(shownIds(orders, { filterNpc: true })).toEqual([2, 3]);
    });
  });

  it('combines every part, and counts the parts switched on', () => {
    const filter = filterWith({
      filterPrice: true,
      maxPrice: 200,
      filterHighSec: true,
      filterStations: true,
      filterRegion: true,
      regionName: 'forge',
      filterNpc: true,
    });
    const orders = [
      order(1),
      order(2, { price: 201 }),
      order(3, { security: 0.2 }),
      order(4, { locationId: KEEPSTAR }),
      order(5, { regionName: 'Domain' }),
      order(6, { duration: 365 }),
    ];
    expect(applyMarketFilter(orders, filter, null).orders.map((shown) => shown.orderId)).toEqual([1]);
    expect(activeFilterCount(filter)).toBe(5);
  });

  it('reports every problem at once', () => {
    const filter = filterWith({
      filterPrice: true,
      minPrice: 10,
      maxPrice: 5,
      filterQuantity: true,
      minQuantity: 10,
      maxQuantity: 5,
      filterLocation: true,
      locationName: '[',
    });
    expect(filterProblems(filter, null).map((problem) => problem.part)).toEqual([
      'price',
      'quantity',
      'location',
    ]);
  });
});
