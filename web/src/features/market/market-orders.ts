import { formatIskFull, formatQuantity, formatRelativeTime, formatSecurity } from '../../shared/format';
import type { FilterableOrder } from './market-filter';
import { DAY_MS, STRUCTURE_ID_START } from './market-constants';

/** What the browser reads of an order of GET /market/orders/{typeId} (shared/facts/public-api.md). */
export interface PublicOrderLike {
  readonly orderId: number;
  readonly regionId: number;
  readonly systemId: number;
  readonly locationId: number;
  readonly isBuyOrder: boolean;
  readonly price: number;
  readonly volumeRemain: number;
  readonly duration: number;
  /** Epoch milliseconds. */
  readonly issued: number;
}

/** What the browser reads of the order book answer: the orders and the names of their places. */
export interface OrderBookLike {
  readonly orders: readonly PublicOrderLike[];
  readonly systems: Readonly<
    Record<string, { readonly solarSystemName: string; readonly security: number } | undefined>
  >;
  readonly stationNames: Readonly<Record<string, string | undefined>>;
  readonly structureNames: Readonly<Record<string, string | undefined>>;
}

/** An order as the sellers and buyers tables show it, with what the client derives (public-tools §3). */
export interface MarketOrderRow extends FilterableOrder {
  readonly isBuyOrder: boolean;
  readonly systemId: number;
  readonly systemName: string;
  readonly regionId: number;
  readonly issued: number;
  /** Epoch milliseconds: issued plus the duration in days. */
  readonly expires: number;
}

export const UNKNOWN_JUMPS = -1;

/** The name of a station or structure; private structures have none the server can know. */
export function locationNameOf(book: OrderBookLike, locationId: number): string {
  const key = String(locationId);
  if (locationId >= STRUCTURE_ID_START) return book.structureNames[key] ?? 'Unknown structure';
  return book.stationNames[key] ?? `Unknown station ${locationId}`;
}

/**
 * The rows of the order book: names of location, system and region, and jumps from the character's system
 * (UNKNOWN_JUMPS when not known).
 */
export function marketOrderRows(
  book: OrderBookLike,
  regionNames: ReadonlyMap<number, string>,
  jumpsBySystem: ReadonlyMap<number, number>,
): MarketOrderRow[] {
  return book.orders.map((order) => {
    const system = book.systems[String(order.systemId)];
    return {
      orderId: order.orderId,
      isBuyOrder: order.isBuyOrder,
      price: order.price,
      volumeRemain: order.volumeRemain,
      jumps: jumpsBySystem.get(order.systemId) ?? UNKNOWN_JUMPS,
      security: system?.security ?? 0,
      locationId: order.locationId,
      locationName: locationNameOf(book, order.locationId),
      systemId: order.systemId,
      systemName: system?.solarSystemName ?? `Unknown system ${order.systemId}`,
      regionId: order.regionId,
      regionName: regionNames.get(order.regionId) ?? '',
      duration: order.duration,
      issued: order.issued,
      expires: order.issued + order.duration * DAY_MS,
    };
  });
}

/** Sellers cheapest first, buyers highest first; equal prices by the older order first (it fills first). */
export function sellersAndBuyers<Row extends MarketOrderRow>(
  rows: readonly Row[],
): { sellers: Row[]; buyers: Row[] } {
  const sellers = rows
    .filter((row) => !row.isBuyOrder)
    .sort((a, b) => a.price - b.price || a.issued - b.issued);
  const buyers = rows
    .filter((row) => row.isBuyOrder)
    .sort((a, b) => b.price - a.price || a.issued - b.issued);
  return { sellers, buyers };
}

/** The distinct systems of the orders, for one jumps request. */
export function orderSystemIds(book: OrderBookLike): number[] {
  return [...new Set(book.orders.map((order) => order.systemId))].sort((a, b) => a - b);
}

/** The price column: full ISK with 2 decimals. */
export const formatOrderPrice = (price: number): string => formatIskFull(price);

/** The quantity column: K above 1e4, M above 1e6. */
export const formatOrderQuantity = (quantity: number): string => formatQuantity(quantity);

/** The jumps column: '-' when unknown. */
export function formatJumps(jumps: number): string {
  if (jumps < 0 || !Number.isFinite(jumps)) return '-';
  return String(jumps);
}

/** System and its security status as shown: rounded to one decimal, 0 or less as 0.0. */
export function formatSystem(row: Pick<MarketOrderRow, 'systemName' | 'security'>): string {
  return `${row.systemName} ${formatSecurity(row.security)}`;
}

/** 'in 3 months' (or 'expired' once past). */
export function formatExpiresIn(expires: number, now: number): string {
  return expires <= now ? 'expired' : formatRelativeTime(expires, now);
}

/** When the order was issued or last changed its price: '5 minutes ago'. */
export function formatLastModified(issued: number, now: number): string {
  return formatRelativeTime(Math.min(issued, now), now);
}

/** Region names by id, from GET /market/regions. */
export function regionNameMap(
  regions: readonly { id: number; name: string }[] | undefined,
): Map<number, string> {
  return new Map((regions ?? []).map((region) => [region.id, region.name]));
}
