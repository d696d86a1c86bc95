import { ESI_ORDER_RANGES, type EsiRegionOrder } from '@tradewise/contracts';
import type { MarketOrdersItemType } from '../market-api.dto';
import type { TypeOrderBook } from '../market-data.ports';
import {
  filteredOrders,
  historyView,
  orderBookView,
  publicOrder,
  rangeWord,
  structureIdsOf,
  type OrderBookLookups,
} from './order-book-view';

const FORGE = 10000002;
const DOMAIN = 10000043;
const JITA = 30000142;
const PERIMETER = 30000144;
const AMARR = 30002187;
const JITA_4_4 = 60003760;
const AMARR_VIII = 60008494;
const PUBLIC_STRUCTURE = 1035000000017;
const PRIVATE_STRUCTURE = 1039000000001;

let nextOrderId = 1;
function esiOrder(overrides: Partial<EsiRegionOrder>): EsiRegionOrder {
  return {
    order_id: nextOrderId++,
    type_id: 34,
    location_id: JITA_4_4,
    system_id: JITA,
    volume_total: 100,
    volume_remain: 60,
    min_volume: 1,
    price: 5,
    is_buy_order: false,
    duration: 90,
    issued: '2026-11-21T08:50:31Z',
    range: 'region',
    ...overrides,
  };
}

function book(regionId: number, orders: EsiRegionOrder[]): TypeOrderBook {
  return {
    regionId,
    typeId: 34,
    orders,
    fetchedAt: new Date('2026-11-21T12:00:00Z'),
    freshUntil: new Date('2026-11-21T12:05:00Z'),
  };
}

const lookups: OrderBookLookups = {
  system: (systemId) =>
    ({
      [JITA]: { systemName: 'Jita', security: 0.9459 },
      [PERIMETER]: { systemName: 'Perimeter', security: 0.9073 },
      [AMARR]: { systemName: 'Amarr', security: 1 },
    })[systemId] ?? null,
  station: (stationId) =>
    ({
      [JITA_4_4]: { name: 'Jita IV - Moon 4 - Caldari Navy Assembly Plant' },
      [AMARR_VIII]: { name: 'Amarr VIII (Oris) - Emperor Family Academy' },
    })[stationId] ?? null,
};

const tritanium: MarketOrdersItemType = {
  typeID: 34,
  groupID: 18,
  typeName: 'Tritanium',
  iconID: 22,
  marketGroupID: 1857,
  description: 'The main building block in space structures.',
  published: true,
  volume: 0.01,
};

describe('order book view', () => {
  it('writes every ESI range in the words of the spec', () => {
    expect(ESI_ORDER_RANGES.map(rangeWord)).toEqual([
      'STATION',
      'SOLARSYSTEM',
      'REGION',
      '_1',
      '_2',
      '_3',
      '_4',
      '_5',
      '_10',
      '_20',
      '_30',
      '_40',
    ]);
  });

  it('given an ESI order, then the public order has camel-case fields, the region and issued in epoch ms', () => {
    const order = esiOrder({
      order_id: 4506301178577440,
      is_buy_order: true,
      price: 4.37,
      min_volume: 1000,
      range: '5',
      issued: '2026-11-21T08:50:31Z',
    });
    expect(publicOrder(order, FORGE)).toEqual({
      orderId: 4506301178577440,
      typeId: 34,
      regionId: FORGE,
      systemId: JITA,
      locationId: JITA_4_4,
      isBuyOrder: true,
      price: 4.37,
      volumeRemain: 60,
      volumeTotal: 100,
      minVolume: 1000,
      duration: 90,
      issued: Date.UTC(2026, 10, 21, 8, 50, 31),
      range: '_5',
    });
  });

  it('given books of two regions, then the cheapest sells come first, then the highest buys', () => {
    const orders = filteredOrders(
      [
        book(FORGE, [
          esiOrder({ order_id: 1, price: 6 }),
          esiOrder({ order_id: 2, price: 4, is_buy_order: true }),
          esiOrder({ order_id: 3, price: 5 }),
        ]),
        book(DOMAIN, [
          esiOrder({
            order_id: 4,
            price: 4.5,
            is_buy_order: true,
            system_id: AMARR,
            location_id: AMARR_VIII,
          }),
          esiOrder({ order_id: 5, price: 5, system_id: AMARR, issued: '2026-11-20T00:00:00Z' }),
        ]),
      ],
      {},
    );
    expect(orders.map((order) => [order.orderId, order.regionId])).toEqual([
      [5, DOMAIN], // 5 ISK, placed before order 3
      [3, FORGE],
      [1, FORGE],
      [4, DOMAIN],
      [2, FORGE],
    ]);
  });

  it('given a system or a location, then only the orders there are kept', () => {
    const forge = book(FORGE, [
      esiOrder({ order_id: 10 }),
      esiOrder({ order_id: 11, system_id: PERIMETER, location_id: PUBLIC_STRUCTURE }),
      esiOrder({ order_id: 12, system_id: PERIMETER, location_id: 60000004 }),
    ]);
    const ids = (filter: Parameters<typeof filteredOrders>[1]) =>
      filteredOrders([forge], filter).map((order) => order.orderId);
    expect(ids({ systemId: PERIMETER })).toEqual([11, 12]);
    expect(ids({ locationId: PUBLIC_STRUCTURE })).toEqual([11]);
    expect(ids({ systemId: JITA, locationId: PUBLIC_STRUCTURE })).toEqual([]);
  });

  it('names the systems and stations of the orders, and only the structures it was given names for', () => {
    const orders = filteredOrders(
      [
        book(FORGE, [
          esiOrder({}),
          esiOrder({ is_buy_order: true, system_id: PERIMETER, location_id: PUBLIC_STRUCTURE, range: '20' }),
          esiOrder({ is_buy_order: true, location_id: PRIVATE_STRUCTURE, range: 'solarsystem' }),
          esiOrder({ system_id: 31000005, location_id: 60099999 }), // neither known to the static data
        ]),
      ],
      {},
    );
    expect(structureIdsOf(orders).sort()).toEqual([PUBLIC_STRUCTURE, PRIVATE_STRUCTURE].sort());
    const view = orderBookView(tritanium, orders, lookups, new Map([[PUBLIC_STRUCTURE, 'Jita Trade Hub']]));
    expect(view).toEqual({
      itemType: tritanium,
      systems: {
        [JITA]: { solarSystemID: JITA, solarSystemName: 'Jita', security: 0.9459 },
        [PERIMETER]: { solarSystemID: PERIMETER, solarSystemName: 'Perimeter', security: 0.9073 },
      },
      stationNames: { [JITA_4_4]: 'Jita IV - Moon 4 - Caldari Navy Assembly Plant' },
      structureNames: { [PUBLIC_STRUCTURE]: 'Jita Trade Hub' },
      orders,
    });
    expect(JSON.parse(JSON.stringify(view)).structureNames).toEqual({ '1035000000017': 'Jita Trade Hub' });
  });

  it('given an empty book, then the view is empty but complete', () => {
    expect(orderBookView(tritanium, [], lookups, new Map())).toEqual({
      itemType: tritanium,
      systems: {},
      stationNames: {},
      structureNames: {},
      orders: [],
    });
  });

  it('turns ESI history days into rows with the day in epoch ms (UTC), oldest first', () => {
    const rows = historyView(FORGE, 34, [
      { date: '2026-11-20', average: 4.5, highest: 4.6, lowest: 4.4, order_count: 1200, volume: 98765432 },
      { date: '2026-11-19', average: 4.2, highest: 4.3, lowest: 4.1, order_count: 1100, volume: 12345678 },
    ]);
    expect(rows).toEqual([
      {
        date: Date.UTC(2026, 10, 19),
        regionId: FORGE,
        typeId: 34,
        average: 4.2,
        highest: 4.3,
        lowest: 4.1,
        orderCount: 1100,
        volume: 12345678,
      },
      {
        date: Date.UTC(2026, 10, 20),
        regionId: FORGE,
        typeId: 34,
        average: 4.5,
        highest: 4.6,
        lowest: 4.4,
        orderCount: 1200,
        volume: 98765432,
      },
    ]);
  });
});
