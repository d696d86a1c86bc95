import type {
  CharacterSimilarPrivateOrders,
  EsiCharacterOrder,
  PrivateMarketStructure,
  MarketBookOrder,
} from '@tradewise/contracts';
import { inBookOrder, isStructure, marketBookOrder, type StructurePlace } from './character-orders';
import type { PrivateMarketRead } from './in-game.ports';

/** After ESI failed a structure's market, Refresh Private Prices may ask again this soon. */
export const UNAVAILABLE_RETRY_MS = 60_000;

export interface PrivatePricesInput {
  /** The character's open orders (GET /characters/{id}/orders) and when ESI may have newer ones. */
  readonly orders: readonly EsiCharacterOrder[];
  readonly ordersFreshUntil: Date;
  /**
   * The read of each structure where the character has open orders (`structureIdsOf`): ESI names no list of
   * the structures a character may dock at, and these are the ones it trades in.
   */
  readonly reads: ReadonlyMap<number, PrivateMarketRead>;
  /** Structures ESI named to the character. */
  readonly places: ReadonlyMap<number, StructurePlace>;
  readonly now: Date;
}

/**
 * Account-area §4: the orders similar to the character's, from the markets of its structures: the same types in
 * the same region (a structure's region is that of the character's orders in it). Sell orders come before buy
 * orders of a type, each from the best price; `expires` is the earliest time any read may change.
 */
export function similarPrivateOrders(input: PrivatePricesInput): CharacterSimilarPrivateOrders {
  const regionOfStructure = new Map<number, number>();
  const typesOfRegion = new Map<number, Set<number>>();
  for (const order of input.orders) {
    if (isStructure(order.location_id)) regionOfStructure.set(order.location_id, order.region_id);
    const types = typesOfRegion.get(order.region_id) ?? new Set<number>();
    types.add(order.type_id);
    typesOfRegion.set(order.region_id, types);
  }

  const structures: PrivateMarketStructure[] = [];
  const data: MarketBookOrder[] = [];
  const expiries: number[] = [];
  for (const [structureId, read] of [...input.reads].sort(([a], [b]) => a - b)) {
    const regionId = regionOfStructure.get(structureId);
    if (regionId === undefined) continue;
    structures.push({
      structureId,
      name: input.places.get(structureId)?.name ?? null,
      regionId,
      status: read.status,
    });
    if (read.status === 'UNAVAILABLE') expiries.push(input.now.getTime() + UNAVAILABLE_RETRY_MS);
    if (read.status !== 'READ') continue;
    expiries.push(read.book.freshUntil.getTime());
    const traded = typesOfRegion.get(regionId)!;
    for (const order of read.book.orders) {
      if (!traded.has(order.type_id)) continue;
      data.push(marketBookOrder(order, regionId));
    }
  }
  data.sort(inBookOrder);
  const expiresMs = expiries.length > 0 ? Math.min(...expiries) : input.ordersFreshUntil.getTime();
  return { expires: new Date(expiresMs).toISOString(), structures, data };
}
