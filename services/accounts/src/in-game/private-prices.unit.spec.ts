import type { EsiCharacterOrder, EsiStructureOrder } from '@tradewise/contracts';
import type { PrivateMarketRead } from './in-game.ports';
import { structureIdsOf } from './character-orders';
import { similarPrivateOrders, UNAVAILABLE_RETRY_MS } from './private-prices';

const THE_FORGE = 10000002;
const DOMAIN = 10000043;
const JITA_IV_4 = 60003760;
const KEEPSTAR = 1_035_000_000_017;
const MEMBERS_ONLY = 1_039_000_000_001;
const DOMAIN_FORTIZAR = 1_036_000_000_005;
const TRITANIUM = 34;
const PYERITE = 35;
const MEXALLON = 36;

const now = new Date('2026-11-22T08:00:00Z');
const ordersFreshUntil = new Date('2026-11-22T08:20:00Z');
const bookFreshUntil = new Date('2026-11-22T08:05:00Z');

function characterOrder(
  orderId: number,
  typeId: number,
  locationId: number,
  regionId = THE_FORGE,
): EsiCharacterOrder {
  return {
    order_id: orderId,
    type_id: typeId,
    region_id: regionId,
    location_id: locationId,
    range: 'region',
    price: 5,
    volume_total: 100,
    volume_remain: 100,
    issued: '2026-11-21T10:00:00Z',
    duration: 90,
    is_corporation: false,
  };
}

function structureOrder(
  orderId: number,
  typeId: number,
  locationId: number,
  price: number,
  side: 'sell' | 'buy' = 'sell',
): EsiStructureOrder {
  return {
    order_id: orderId,
    type_id: typeId,
    location_id: locationId,
    volume_total: 50,
    volume_remain: 40,
    min_volume: 2,
    price,
    is_buy_order: side === 'buy',
    duration: 30,
    issued: '2026-11-21T12:30:00Z',
    range: side === 'buy' ? '5' : 'region',
  };
}

const read = (orders: EsiStructureOrder[], freshUntil = bookFreshUntil): PrivateMarketRead => ({
  status: 'READ',
  book: { orders, freshUntil },
});

describe('private prices', () => {
  describe('structureIdsOf', () => {
    it('given orders in stations and structures, then each structure once, in id order', () => {
      const orders = [
        characterOrder(1, TRITANIUM, MEMBERS_ONLY),
        characterOrder(2, PYERITE, JITA_IV_4),
        characterOrder(3, MEXALLON, KEEPSTAR),
        characterOrder(4, PYERITE, MEMBERS_ONLY),
      ];
      expect(structureIdsOf(orders)).toEqual([KEEPSTAR, MEMBERS_ONLY]);
    });

    it('given orders in NPC stations only, then no structure is read', () => {
      expect(structureIdsOf([characterOrder(1, TRITANIUM, JITA_IV_4)])).toEqual([]);
    });
  });

  describe('similarPrivateOrders', () => {
    it('given a read market, then the orders of the types the character trades in that region, sells from the lowest and buys from the highest', () => {
      const answer = similarPrivateOrders({
        orders: [characterOrder(1, TRITANIUM, KEEPSTAR), characterOrder(2, PYERITE, JITA_IV_4)],
        ordersFreshUntil,
        reads: new Map([
          [
            KEEPSTAR,
            read([
              structureOrder(11, TRITANIUM, KEEPSTAR, 5.2),
              structureOrder(12, MEXALLON, KEEPSTAR, 60),
              structureOrder(13, TRITANIUM, KEEPSTAR, 4.9),
              structureOrder(14, TRITANIUM, KEEPSTAR, 4.1, 'buy'),
              structureOrder(15, PYERITE, KEEPSTAR, 9.5),
              structureOrder(16, TRITANIUM, KEEPSTAR, 4.4, 'buy'),
            ]),
          ],
        ]),
        places: new Map([[KEEPSTAR, { name: 'Perimeter - Tranquility Trading Tower', systemId: 30000144 }]]),
        now,
      });
      expect(answer.data.map((order) => order.orderId)).toEqual([13, 11, 16, 14, 15]);
      expect(answer.data[0]).toEqual({
        orderId: 13,
        typeId: TRITANIUM,
        isBuyOrder: false,
        price: 4.9,
        volumeRemain: 40,
        volumeTotal: 50,
        minVolume: null,
        range: 'REGION',
        locationId: KEEPSTAR,
        regionId: THE_FORGE,
        issued: '2026-11-21T12:30:00.000Z',
        duration: 30,
      });
      expect(answer.data[2]).toMatchObject({ orderId: 16, isBuyOrder: true, minVolume: 2, range: '_5' });
      expect(answer.structures).toEqual([
        {
          structureId: KEEPSTAR,
          name: 'Perimeter - Tranquility Trading Tower',
          regionId: THE_FORGE,
          status: 'READ',
        },
      ]);
      expect(answer.expires).toBe(bookFreshUntil.toISOString());
    });

    it('given structures in two regions, then each market keeps only the types traded in its own region', () => {
      const answer = similarPrivateOrders({
        orders: [characterOrder(1, TRITANIUM, KEEPSTAR), characterOrder(2, PYERITE, DOMAIN_FORTIZAR, DOMAIN)],
        ordersFreshUntil,
        reads: new Map([
          [
            KEEPSTAR,
            read([structureOrder(11, TRITANIUM, KEEPSTAR, 5), structureOrder(12, PYERITE, KEEPSTAR, 9)]),
          ],
          [
            DOMAIN_FORTIZAR,
            read(
              [
                structureOrder(21, TRITANIUM, DOMAIN_FORTIZAR, 5),
                structureOrder(22, PYERITE, DOMAIN_FORTIZAR, 9),
              ],
              new Date('2026-11-22T08:03:00Z'),
            ),
          ],
        ]),
        places: new Map(),
        now,
      });
      expect(answer.data.map((order) => [order.orderId, order.regionId])).toEqual([
        [11, THE_FORGE],
        [22, DOMAIN],
      ]);
      expect(answer.structures.map((structure) => [structure.structureId, structure.name])).toEqual([
        [KEEPSTAR, null],
        [DOMAIN_FORTIZAR, null],
      ]);
      expect(answer.expires).toBe('2026-11-22T08:03:00.000Z');
    });

    it('given a refused and a failed market, then they are listed without orders and the failed one may be asked again in a minute', () => {
      const answer = similarPrivateOrders({
        orders: [characterOrder(1, TRITANIUM, KEEPSTAR), characterOrder(2, TRITANIUM, MEMBERS_ONLY)],
        ordersFreshUntil,
        reads: new Map<number, PrivateMarketRead>([
          [KEEPSTAR, { status: 'UNAVAILABLE' }],
          [MEMBERS_ONLY, { status: 'NO_ACCESS' }],
        ]),
        places: new Map(),
        now,
      });
      expect(answer.data).toEqual([]);
      expect(answer.structures.map((structure) => structure.status)).toEqual(['UNAVAILABLE', 'NO_ACCESS']);
      expect(answer.expires).toBe(new Date(now.getTime() + UNAVAILABLE_RETRY_MS).toISOString());
    });

    it('given no market could be read, then the next read is due when the character’s orders may change', () => {
      const refused = similarPrivateOrders({
        orders: [characterOrder(1, TRITANIUM, MEMBERS_ONLY)],
        ordersFreshUntil,
        reads: new Map<number, PrivateMarketRead>([[MEMBERS_ONLY, { status: 'NO_ACCESS' }]]),
        places: new Map(),
        now,
      });
      expect(refused.expires).toBe(ordersFreshUntil.toISOString());
      const none = similarPrivateOrders({
        orders: [characterOrder(1, TRITANIUM, JITA_IV_4)],
        ordersFreshUntil,
        reads: new Map(),
        places: new Map(),
        now,
      });
      expect(none).toEqual({ expires: ordersFreshUntil.toISOString(), structures: [], data: [] });
    });
  });
});
