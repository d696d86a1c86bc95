import {
  iskToCents,
  type CharacterMarketOrder,
  type CharacterOrderRange,
  type EsiCharacterOrder,
  type EsiOrderRange,
  type EsiStructureOrder,
  type MarketBookOrder,
  type StoredMarketOrder,
} from '@tradewise/contracts';
import type { GameNames } from './in-game.ports';

/** Location ids from here up are player structures (spec §9); below are NPC stations. */
export const FIRST_STRUCTURE_ID = 1_000_000_000_000;

const RANGE_WORDS: Readonly<Record<EsiOrderRange, CharacterOrderRange>> = {
  station: 'STATION',
  solarsystem: 'SOLARSYSTEM',
  region: 'REGION',
  '1': '_1',
  '2': '_2',
  '3': '_3',
  '4': '_4',
  '5': '_5',
  '10': '_10',
  '20': '_20',
  '30': '_30',
  '40': '_40',
};

/** ESI's order range in the spec's words. */
export function orderRange(range: EsiOrderRange): CharacterOrderRange {
  const words = RANGE_WORDS[range];
  if (words === undefined) throw new Error(`ESI sent an order range the API does not know: '${range}'`);
  return words;
}

/** A player structure as ESI named it to the character. */
export interface StructurePlace {
  readonly name: string;
  readonly systemId: number;
}

export function isStructure(locationId: number): boolean {
  return locationId >= FIRST_STRUCTURE_ID;
}

/** The player structures the orders sit in, each once, in id order. */
export function structureIdsOf(orders: readonly Pick<EsiCharacterOrder, 'location_id'>[]): number[] {
  return [...new Set(orders.map((order) => order.location_id).filter(isStructure))].sort((a, b) => a - b);
}

/** An open order as ESI sent it, in cents, with the place ESI gave a structure (the order's event payload). */
export function storedMarketOrder(
  order: EsiCharacterOrder,
  structures: ReadonlyMap<number, StructurePlace>,
): StoredMarketOrder {
  const isBuyOrder = order.is_buy_order ?? false;
  return {
    orderId: order.order_id,
    typeId: order.type_id,
    regionId: order.region_id,
    locationId: order.location_id,
    isBuyOrder,
    priceCents: iskToCents(order.price),
    volumeRemain: order.volume_remain,
    volumeTotal: order.volume_total,
    minVolume: isBuyOrder ? (order.min_volume ?? 1) : null,
    escrowCents: isBuyOrder ? iskToCents(order.escrow ?? 0) : null,
    isCorporation: order.is_corporation,
    issued: new Date(order.issued).toISOString(),
    duration: order.duration,
    range: orderRange(order.range),
    structure: structures.get(order.location_id) ?? null,
  };
}

/**
 * A stored order with the names the market order tables show: the item, the station (static data) or structure
 * (as ESI named it to the character), its system and region, and the jumps from where the character last was.
 */
export function characterMarketOrder(
  order: StoredMarketOrder,
  names: GameNames,
  jumpsTo: ReadonlyMap<number, number | null>,
): CharacterMarketOrder {
  const station = isStructure(order.locationId) ? null : names.station(order.locationId);
  const place = station ?? order.structure;
  const system = place ? names.system(place.systemId) : null;
  return {
    orderId: order.orderId,
    typeId: order.typeId,
    typeName: names.typeName(order.typeId) ?? `Type ${order.typeId}`,
    isBuyOrder: order.isBuyOrder,
    price: order.priceCents / 100,
    volumeRemain: order.volumeRemain,
    volumeTotal: order.volumeTotal,
    minVolume: order.minVolume,
    escrow: order.escrowCents === null ? null : order.escrowCents / 100,
    isCorporation: order.isCorporation,
    issued: order.issued,
    duration: order.duration,
    range: order.range,
    locationId: order.locationId,
    locationName: place?.name ?? null,
    regionId: order.regionId,
    regionName: names.regionName(order.regionId) ?? `Region ${order.regionId}`,
    systemId: place?.systemId ?? null,
    systemName: system?.systemName ?? null,
    security: system?.security ?? null,
    jumps: place ? (jumpsTo.get(place.systemId) ?? null) : null,
  };
}

/** The solar system of each order's place, where static data or ESI says it. */
export function orderSystemIds(orders: readonly StoredMarketOrder[], names: GameNames): number[] {
  const systems = orders.map(
    (order) => (isStructure(order.locationId) ? order.structure : names.station(order.locationId))?.systemId,
  );
  return [...new Set(systems.filter((systemId): systemId is number => systemId !== undefined))];
}

/** An order of a region's or a structure's book as the similar-orders answers carry it. */
export function marketBookOrder(order: EsiStructureOrder, regionId: number): MarketBookOrder {
  return {
    orderId: order.order_id,
    typeId: order.type_id,
    isBuyOrder: order.is_buy_order,
    price: order.price,
    volumeRemain: order.volume_remain,
    volumeTotal: order.volume_total,
    minVolume: order.is_buy_order ? order.min_volume : null,
    range: orderRange(order.range),
    locationId: order.location_id,
    regionId,
    issued: new Date(order.issued).toISOString(),
    duration: order.duration,
  };
}

/** By type, sells before buys, each from the best price (the order the price status walks them in). */
export function inBookOrder(a: MarketBookOrder, b: MarketBookOrder): number {
  return (
    a.typeId - b.typeId ||
    Number(a.isBuyOrder) - Number(b.isBuyOrder) ||
    (a.isBuyOrder ? b.price - a.price : a.price - b.price) ||
    a.orderId - b.orderId
  );
}

/** The types the orders are of, per region: the books the price status of those orders reads. */
export function typesByRegion(
  orders: readonly Pick<StoredMarketOrder, 'regionId' | 'typeId'>[],
): Map<number, number[]> {
  const regions = new Map<number, Set<number>>();
  for (const { regionId, typeId } of orders) {
    regions.set(regionId, (regions.get(regionId) ?? new Set<number>()).add(typeId));
  }
  return new Map([...regions].map(([regionId, types]) => [regionId, [...types]]));
}
