// The market order rules (docs/market-orders.md). contracts/src/market-orders is the source; the web keeps a copy of
// this file in web/src/features/market-orders/rules (the web imports nothing from contracts), which
// rules-copy.unit.spec.ts holds identical.

/** The fields of an order the price rules read: a character's own order and an order of a market's book alike. */
export interface PricedOrder {
  readonly orderId: number;
  readonly typeId: number;
  readonly regionId: number;
  /** The station or structure. */
  readonly locationId: number;
  readonly isBuyOrder: boolean;
  /** ISK per unit. */
  readonly price: number;
  readonly volumeRemain: number;
  /** When the order was placed or last modified (ESI's `issued`), an ISO time. */
  readonly issued: string;
}

/** When one region's book may be read anew (ESI's Expires for it), as GET .../similar reports it. */
export interface PriceBookRegion {
  readonly regionId: number;
  readonly expires: string;
}

/** What the price status is decided from: the market's books and which orders are the user's own. */
export interface PriceBook {
  /** The public books (GET .../similar) merged with the private structure ones (GET .../similarPrivate). */
  readonly orders: readonly PricedOrder[];
  readonly regions: readonly PriceBookRegion[];
  /** Every order id of the user's own orders: a competitor among them is not an undercut. */
  readonly ownOrderIds: ReadonlySet<number>;
}

/** Which orders compete: every order in the region, or only those at the order's own station or structure. */
export type UndercutRange = 'REGION' | 'STATION';

export interface PriceStatusSettings {
  readonly range: UndercutRange;
  /** A competitor whose remaining volume is below this share of the order's remaining volume is ignored. */
  readonly minVolumePercent: number;
}

export const PRICE_STATUSES = [
  'NOT_LOADED',
  'NO_PRICE_DATA',
  'PRICE_OUT_OF_DATE',
  'UNDERCUT',
  'OWN_BEST_PRICE',
  'BEST_PRICE',
] as const;
export type PriceStatus = (typeof PRICE_STATUSES)[number];

export const PRICE_STATUS_LABELS: Readonly<Record<PriceStatus, string>> = {
  NOT_LOADED: 'Not loaded',
  NO_PRICE_DATA: 'No price data',
  PRICE_OUT_OF_DATE: 'Price out of date',
  UNDERCUT: 'Undercut',
  OWN_BEST_PRICE: 'Own best price',
  BEST_PRICE: 'Best price',
};

/**
 * ESI's cache time of a region's orders (GET /markets/{region_id}/orders): a book that expires at T shows the
 * market as it was at T minus this.
 */
export const MARKET_BOOK_CACHE_MS = 300_000;

export interface PriceStatusResult {
  readonly status: PriceStatus;
  /** The order that decided: the undercutting competitor, or the user's own better order; null otherwise. */
  readonly similarOrder: PricedOrder | null;
}

function undecided(status: PriceStatus): PriceStatusResult {
  return { status, similarOrder: null };
}

/**
 * Whether `a` is ahead of `b` in the game's queue for a buyer (sells) or seller (buys): the better price, and at
 * an equal price the earlier issued one, as the game fills the oldest order first.
 */
function isAhead(a: PricedOrder, b: PricedOrder): boolean {
  if (a.price !== b.price) return a.isBuyOrder ? a.price > b.price : a.price < b.price;
  return Date.parse(a.issued) < Date.parse(b.issued);
}

/**
 * The price status of one of the user's orders (account-area §4), decided in this order:
 * - NOT_LOADED: no book has been read (`book` null);
 * - NO_PRICE_DATA: the book holds no order of the type in the order's region, not even the user's own;
 * - PRICE_OUT_OF_DATE: the region's book was not read, shows the market from before the order was placed or
 *   last modified (its expiry minus {@link MARKET_BOOK_CACHE_MS} is before `issued`), or has expired at `nowMs`;
 * - otherwise the walk: the same type's orders on the order's side in its region (at its station with range
 *   STATION), best price first. Reaching the order first gives BEST_PRICE. Otherwise the first competitor that is
 *   not too small decides: the user's own gives OWN_BEST_PRICE, anyone else's UNDERCUT.
 * At an equal price the earlier issued order is ahead; with the same time too, the competitor is ahead (the
 * order is not better than it), so the order is first only when strictly better or strictly older.
 */
export function priceStatus(
  order: PricedOrder,
  book: PriceBook | null,
  settings: PriceStatusSettings,
  nowMs: number,
): PriceStatusResult {
  if (!book) return undecided('NOT_LOADED');
  const sameMarket = book.orders.filter(
    (other) => other.typeId === order.typeId && other.regionId === order.regionId,
  );
  if (sameMarket.length === 0) return undecided('NO_PRICE_DATA');
  const region = book.regions.find((candidate) => candidate.regionId === order.regionId);
  const expiresMs = region ? Date.parse(region.expires) : Number.NaN;
  if (
    !region ||
    Number.isNaN(expiresMs) ||
    nowMs >= expiresMs ||
    expiresMs - MARKET_BOOK_CACHE_MS < Date.parse(order.issued)
  ) {
    return undecided('PRICE_OUT_OF_DATE');
  }

  const minimumVolume = (settings.minVolumePercent / 100) * order.volumeRemain;
  const ahead = sameMarket
    .filter(
      (other) =>
        other.orderId !== order.orderId &&
        other.isBuyOrder === order.isBuyOrder &&
        (settings.range === 'REGION' || other.locationId === order.locationId) &&
        other.volumeRemain >= minimumVolume &&
        !isAhead(order, other),
    )
    .sort((a, b) => (isAhead(a, b) ? -1 : isAhead(b, a) ? 1 : a.orderId - b.orderId));
  const deciding = ahead[0];
  if (!deciding) return undecided('BEST_PRICE');
  return {
    status: book.ownOrderIds.has(deciding.orderId) ? 'OWN_BEST_PRICE' : 'UNDERCUT',
    similarOrder: deciding,
  };
}
