import type {
  CharacterMarketOrder,
  CharacterOrderRange,
  EsiCharacterOrder,
  EsiOrderRange,
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

/**
 * An open order as ESI sent it, with the names the market order tables show: the item, the station (static
 * data) or structure (ESI, when it names it to the character), its system and region.
 */
export function characterMarketOrder(
  order: EsiCharacterOrder,
  names: GameNames,
  structures: ReadonlyMap<number, StructurePlace>,
): CharacterMarketOrder {
  const station = isStructure(order.location_id) ? null : names.station(order.location_id);
  const place = station ?? structures.get(order.location_id) ?? null;
  const system = place ? names.system(place.systemId) : null;
  const range = orderRange(order.range);
  const isBuyOrder = order.is_buy_order ?? false;
  return {
    orderId: order.order_id,
    typeId: order.type_id,
    typeName: names.typeName(order.type_id) ?? `Type ${order.type_id}`,
    isBuyOrder,
    price: order.price,
    volumeRemain: order.volume_remain,
    volumeTotal: order.volume_total,
    minVolume: isBuyOrder ? (order.min_volume ?? 1) : null,
    escrow: isBuyOrder ? (order.escrow ?? 0) : null,
    isCorporation: order.is_corporation,
    issued: new Date(order.issued).toISOString(),
    duration: order.duration,
    range,
    locationId: order.location_id,
    locationName: place?.name ?? null,
    regionId: order.region_id,
    regionName: names.regionName(order.region_id) ?? `Region ${order.region_id}`,
    systemId: place?.systemId ?? null,
    systemName: system?.systemName ?? null,
    security: system?.security ?? null,
  };
}
