import type { EsiCharacterOrder, SolarSystem } from '@tradewise/contracts';
import { characterMarketOrder, storedMarketOrder } from './character-orders';
import type { GameNames } from './in-game.ports';

const JITA: SolarSystem = {
  systemId: 30000142,
  systemName: 'Jita',
  security: 0.9459,
  constellationId: 20000020,
  regionId: 10000002,
  regionName: 'The Forge',
};
const PERIMETER: SolarSystem = { ...JITA, systemId: 30000144, systemName: 'Perimeter', security: 0.9072 };

const names: GameNames = {
  typeName: (typeId) => (typeId === 34 ? 'Tritanium' : null),
  system: (systemId) => [JITA, PERIMETER].find((system) => system.systemId === systemId) ?? null,
  station: (stationId) =>
    stationId === 60003760
      ? { name: 'Jita IV - Moon 4 - Caldari Navy Assembly Plant', systemId: JITA.systemId }
      : null,
  regionName: (regionId) => (regionId === 10000002 ? 'The Forge' : null),
  jumps: (_, toSystemIds) => toSystemIds.map(() => null),
};
const named = (
  order: EsiCharacterOrder,
  structures: ReadonlyMap<number, { name: string; systemId: number }> = new Map(),
  jumpsTo: ReadonlyMap<number, number | null> = new Map(),
) => characterMarketOrder(storedMarketOrder(order, structures), names, jumpsTo);

const sell: EsiCharacterOrder = {
  order_id: 7001,
  type_id: 34,
  region_id: 10000002,
  location_id: 60003760,
  range: 'region',
  price: 5.01,
  volume_total: 1000,
  volume_remain: 400,
  issued: '2026-11-20T08:30:00Z',
  duration: 90,
  is_corporation: false,
};

describe('character market orders', () => {
  it('names a sell order at an NPC station from the static data, with the jumps to it', () => {
    expect(named(sell, new Map(), new Map([[JITA.systemId, 3]]))).toEqual({
      orderId: 7001,
      typeId: 34,
      typeName: 'Tritanium',
      isBuyOrder: false,
      price: 5.01,
      volumeRemain: 400,
      volumeTotal: 1000,
      minVolume: null,
      escrow: null,
      isCorporation: false,
      issued: '2026-11-20T08:30:00.000Z',
      duration: 90,
      range: 'REGION',
      locationId: 60003760,
      locationName: 'Jita IV - Moon 4 - Caldari Navy Assembly Plant',
      regionId: 10000002,
      regionName: 'The Forge',
      systemId: 30000142,
      systemName: 'Jita',
      security: 0.9459,
      jumps: 3,
    });
  });

  it('names a ranged buy order in a structure as ESI named it, with its escrow and minimum volume', () => {
    const structureId = 1_035_466_617_946;
    const buy: EsiCharacterOrder = {
      ...sell,
      order_id: 7002,
      location_id: structureId,
      is_buy_order: true,
      range: '5',
      escrow: 1234.56,
      min_volume: 10,
      is_corporation: true,
    };
    const structures = new Map([
      [structureId, { name: 'Perimeter - Tranquility Trading Tower', systemId: 30000144 }],
    ]);
    expect(named(buy, structures)).toMatchObject({
      isBuyOrder: true,
      range: '_5',
      escrow: 1234.56,
      minVolume: 10,
      isCorporation: true,
      locationName: 'Perimeter - Tranquility Trading Tower',
      systemId: 30000144,
      systemName: 'Perimeter',
      security: 0.9072,
    });
  });

  it('leaves the place of a structure ESI would not name unknown, and names unknown ids plainly', () => {
    const order = named({ ...sell, type_id: 99999999, region_id: 10000999, location_id: 1_040_000_000_000 });
    expect(order).toMatchObject({
      typeName: 'Type 99999999',
      regionName: 'Region 10000999',
      locationName: null,
      systemId: null,
      systemName: null,
      security: null,
      jumps: null,
    });
  });
});
