import {
  UNKNOWN_JUMPS,
  formatExpiresIn,
  formatJumps,
  formatLastModified,
  formatOrderPrice,
  formatOrderQuantity,
  formatSystem,
  locationNameOf,
  marketOrderRows,
  orderSystemIds,
  regionNameMap,
  sellersAndBuyers,
  type OrderBookLike,
  type PublicOrderLike,
} from './market-orders';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);
const JITA = 30000142;
const AMARR = 30002187;
const TAMA = 30002813;
const JITA_44 = 60003760;
const KEEPSTAR = 1_035_466_617_946;
const PRIVATE_ASTRAHUS = 1_040_000_000_001;

function order(orderId: number, overrides: Partial<PublicOrderLike> = {}): PublicOrderLike {
  return {
    orderId,
    regionId: 10000002,
    systemId: JITA,
    locationId: JITA_44,
    isBuyOrder: false,
    price: 5,
    volumeRemain: 100,
    duration: 90,
    issued: NOW - DAY,
    ...overrides,
  };
}

const book = (orders: PublicOrderLike[]): OrderBookLike => ({
  orders,
  systems: {
    [JITA]: { solarSystemName: 'Jita', security: 0.9459 },
    [AMARR]: { solarSystemName: 'Amarr', security: 1 },
    [TAMA]: { solarSystemName: 'Tama', security: 0.3 },
  },
  stationNames: { [JITA_44]: 'Jita IV - Moon 4 - Caldari Navy Assembly Plant' },
  structureNames: { [KEEPSTAR]: 'Tama - Keepstar' },
});

const regions = regionNameMap([
  { id: 10000002, name: 'The Forge' },
  { id: 10000043, name: 'Domain' },
]);

describe('market order rows', () => {
  it('derives location, system, region, jumps and expiry for each order', () => {
    const rows = marketOrderRows(
      book([
        order(1),
        order(2, {
          systemId: TAMA,
          locationId: KEEPSTAR,
          regionId: 10000043,
          isBuyOrder: true,
          duration: 30,
        }),
      ]),
      regions,
      new Map([[JITA, 0]]),
    );
    expect(rows[0]).toEqual({
      orderId: 1,
      isBuyOrder: false,
      price: 5,
      volumeRemain: 100,
      jumps: 0,
      security: 0.9459,
      locationId: JITA_44,
      locationName: 'Jita IV - Moon 4 - Caldari Navy Assembly Plant',
      systemId: JITA,
      systemName: 'Jita',
      regionId: 10000002,
      regionName: 'The Forge',
      duration: 90,
      issued: NOW - DAY,
      expires: NOW + 89 * DAY,
    });
    expect(rows[1]).toMatchObject({
      jumps: UNKNOWN_JUMPS,
      locationName: 'Tama - Keepstar',
      systemName: 'Tama',
      regionName: 'Domain',
      expires: NOW + 29 * DAY,
    });
  });

  it('names private structures and unknown places without failing', () => {
    const theBook = book([
      order(3, { locationId: PRIVATE_ASTRAHUS, systemId: 31000001, regionId: 11000001 }),
    ]);
    expect(locationNameOf(theBook, PRIVATE_ASTRAHUS)).toBe('Unknown structure');
    expect(locationNameOf(theBook, 60000001)).toBe('Unknown station 60000001');
    expect(marketOrderRows(theBook, regions, new Map())[0]).toMatchObject({
      systemName: 'Unknown system 31000001',
      security: 0,
      regionName: '',
    });
  });

  it('lists sellers cheapest first and buyers highest first, older orders first at equal prices', () => {
    const rows = marketOrderRows(
      book([
        order(1, { price: 6 }),
        order(2, { price: 5, issued: NOW - DAY }),
        order(3, { price: 5, issued: NOW - 2 * DAY }),
        order(4, { price: 4, isBuyOrder: true }),
        order(5, { price: 4.5, isBuyOrder: true }),
      ]),
      regions,
      new Map(),
    );
    const { sellers, buyers } = sellersAndBuyers(rows);
    expect(sellers.map((row) => row.orderId)).toEqual([3, 2, 1]);
    expect(buyers.map((row) => row.orderId)).toEqual([5, 4]);
  });

  it('asks for the jumps to each distinct system once', () => {
    expect(
      orderSystemIds(book([order(1, { systemId: TAMA }), order(2), order(3, { systemId: TAMA })])),
    ).toEqual([JITA, TAMA]);
  });
});

describe('order table formats', () => {
  it.each([
    [0.01, '0.01'],
    [5, '5.00'],
    [1234.5, '1,234.50'],
    [1_234_567_890.1, '1,234,567,890.10'],
  ])('price %p reads %p', (price, text) => {
    expect(formatOrderPrice(price)).toBe(text);
  });

  it.each([
    [1, '1'],
    [10_000, '10,000'],
    [10_001, '10.0K'],
    [2_500_000, '2.50M'],
  ])('quantity %p reads %p', (quantity, text) => {
    expect(formatOrderQuantity(quantity)).toBe(text);
  });

  it.each([
    [-1, '-'],
    [0, '0'],
    [12, '12'],
  ])('jumps %p read %p', (jumps, text) => {
    expect(formatJumps(jumps)).toBe(text);
  });

  it.each([
    [0.9459, 'Jita 0.9'],
    [0.45, 'Jita 0.5'],
    [0.04, 'Jita 0'],
    [-0.6, 'Jita 0'],
  ])('security %p reads %p', (security, text) => {
    expect(formatSystem({ systemName: 'Jita', security })).toBe(text);
  });

  it('says when an order expires and when it was last modified', () => {
    expect(formatExpiresIn(NOW + 89 * DAY, NOW)).toBe('in 3 months');
    expect(formatExpiresIn(NOW + 3 * 3_600_000, NOW)).toBe('in 3 hours');
    expect(formatExpiresIn(NOW - 1, NOW)).toBe('expired');
    expect(formatLastModified(NOW - 5 * 60_000, NOW)).toBe('5 minutes ago');
    expect(formatLastModified(NOW - 2 * DAY, NOW)).toBe('2 days ago');
    expect(formatLastModified(NOW + 10_000, NOW)).toBe('a few seconds ago');
  });
});
