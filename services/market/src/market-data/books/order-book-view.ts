import type { EsiMarketHistoryDay, EsiOrderRange, EsiRegionOrder } from '@tradewise/contracts';
import type {
  MarketHistoryDay,
  MarketOrders,
  MarketOrdersItemType,
  MarketOrdersSystem,
  OrderRangeWord,
  PublicMarketOrder,
} from '../market-api.dto';
import type { TypeOrderBook } from '../market-data.ports';

/** Location ids from here up are player structures (public-tools.md §9). */
export const FIRST_STRUCTURE_ID = 1_000_000_000_000;

export function isStructureId(locationId: number): boolean {
  return locationId >= FIRST_STRUCTURE_ID;
}

/** Which orders of a book to show: all, or those in one system and/or at one location. */
export interface OrderLocationFilter {
  readonly systemId?: number;
  readonly locationId?: number;
}

export function matchesLocation(
  order: { readonly system_id: number; readonly location_id: number },
  filter: OrderLocationFilter,
): boolean {
  return (
    (filter.systemId === undefined || order.system_id === filter.systemId) &&
    (filter.locationId === undefined || order.location_id === filter.locationId)
  );
}

/** What the view needs of the static data (StaticData provides it). */
export interface OrderBookLookups {
  system(systemId: number): { readonly systemName: string; readonly security: number } | null;
  station(stationId: number): { readonly name: string } | null;
}

const JUMP_RANGES: Readonly<Record<EsiOrderRange, OrderRangeWord>> = {
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

export function rangeWord(range: EsiOrderRange): OrderRangeWord {
  const word = JUMP_RANGES[range];
  if (word === undefined) throw new Error(`ESI sent an order range the API does not know: '${range}'`);
  return word;
}

export function publicOrder(order: EsiRegionOrder, regionId: number): PublicMarketOrder {
  return {
    orderId: order.order_id,
    typeId: order.type_id,
    regionId,
    systemId: order.system_id,
    locationId: order.location_id,
    isBuyOrder: order.is_buy_order,
    price: order.price,
    volumeRemain: order.volume_remain,
    volumeTotal: order.volume_total,
    minVolume: order.min_volume,
    duration: order.duration,
    issued: Date.parse(order.issued),
    range: rangeWord(order.range),
  };
}

/** Cheapest sells first, then the highest buys; equal prices oldest first, then by order id. */
function bookOrder(a: PublicMarketOrder, b: PublicMarketOrder): number {
  if (a.isBuyOrder !== b.isBuyOrder) return a.isBuyOrder ? 1 : -1;
  const byPrice = a.isBuyOrder ? b.price - a.price : a.price - b.price;
  return byPrice || a.issued - b.issued || a.orderId - b.orderId;
}

/** The orders of the books that pass the filter, as the API shows them. */
export function filteredOrders(
  books: readonly TypeOrderBook[],
  filter: OrderLocationFilter,
): PublicMarketOrder[] {
  const orders: PublicMarketOrder[] = [];
  for (const book of books) {
    for (const order of book.orders) {
      if (matchesLocation(order, filter)) orders.push(publicOrder(order, book.regionId));
    }
  }
  return orders.sort(bookOrder);
}

/**
 * The answer of GET /market/orders/{typeId}: the orders with the systems, stations and (public) structures they
 * name. `structureNames` holds the names known for the structures among the orders.
 */
export function orderBookView(
  itemType: MarketOrdersItemType,
  orders: readonly PublicMarketOrder[],
  lookups: OrderBookLookups,
  structureNames: ReadonlyMap<number, string>,
): MarketOrders {
  const systems: Record<string, MarketOrdersSystem> = {};
  const stationNames: Record<string, string> = {};
  const structureNameById: Record<string, string> = {};
  for (const order of orders) {
    const systemKey = String(order.systemId);
    if (!(systemKey in systems)) {
      const system = lookups.system(order.systemId);
      if (system) {
        systems[systemKey] = {
          solarSystemID: order.systemId,
          solarSystemName: system.systemName,
          security: system.security,
        };
      }
    }
    const locationKey = String(order.locationId);
    if (isStructureId(order.locationId)) {
      const name = structureNames.get(order.locationId);
      if (name !== undefined) structureNameById[locationKey] = name;
    } else if (!(locationKey in stationNames)) {
      const station = lookups.station(order.locationId);
      if (station) stationNames[locationKey] = station.name;
    }
  }
  return { itemType, systems, stationNames, structureNames: structureNameById, orders };
}

/** The structure ids among the orders, once each. */
export function structureIdsOf(orders: readonly PublicMarketOrder[]): number[] {
  const ids = new Set<number>();
  for (const order of orders) if (isStructureId(order.locationId)) ids.add(order.locationId);
  return [...ids];
}

/** ESI's daily rows as the API answers them; the day becomes epoch milliseconds of its UTC start. */
export function historyView(
  regionId: number,
  typeId: number,
  days: readonly EsiMarketHistoryDay[],
): MarketHistoryDay[] {
  return days
    .map((day) => ({
      date: Date.parse(`${day.date}T00:00:00Z`),
      regionId,
      typeId,
      average: day.average,
      highest: day.highest,
      lowest: day.lowest,
      orderCount: day.order_count,
      volume: day.volume,
    }))
    .sort((a, b) => a.date - b.date);
}
