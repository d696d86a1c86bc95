// The market order rules (docs/market-orders.md). contracts/src/market-orders is the source; the web keeps a copy of
// this file in web/src/features/market-orders/rules (the web imports nothing from contracts), which
// rules-copy.unit.spec.ts holds identical.
import type { PricedOrder } from './price-status';
import { centsToIsk, iskToWholeCents, validPriceCents } from './valid-price';

export interface UndercutPriceSettings {
  /** ISK below a competing sell, or above a competing buy. */
  readonly amount: number;
  /** At most this much ISK more, drawn at random in whole cents, so the new price is harder to predict. */
  readonly randomOffset: number;
}

export interface UndercutRequest {
  readonly order: PricedOrder;
  /** The order that decided the price status; null when the order has the best price. */
  readonly competitor: PricedOrder | null;
  /** The user's orders: one's price the new price may not reach from the other side. */
  readonly ownOrders: readonly PricedOrder[];
  readonly settings: UndercutPriceSettings;
  /** A number in [0, 1), as Math.random gives. */
  readonly random: () => number;
}

const LOWEST_PRICE_CENTS = 1n;

/**
 * The price that puts the order ahead of its competitor (account-area §2 Shift+C): a sell at the competitor's
 * price minus the amount and the random offset, a buy at it plus both, snapped to a price the game accepts on the
 * side's safe side. A sell below 0.01 ISK is raised to 0.01 while that still undercuts.
 *
 * With no competitor, or when the competitor is one of the user's own orders, the order keeps its price: it is
 * already ahead of everyone else's. Null means no valid price exists: one that would undercut reaches the user's
 * own best order on the other side of the same type and region (a sell at or below their best buy, a buy at or
 * above their lowest sell), or a sell cannot go below its competitor's 0.01.
 */
export function undercutPrice(request: UndercutRequest): number | null {
  const { order, competitor, ownOrders, settings } = request;
  const ownIds = new Set(ownOrders.map((own) => own.orderId));
  if (!competitor || ownIds.has(competitor.orderId)) return order.price;

  const side = order.isBuyOrder ? 'buy' : 'sell';
  const competitorCents = iskToWholeCents(competitor.price, side);
  // A fraction of a cent still moves the price: the amount rounds up to whole cents.
  const amountCents = iskToWholeCents(settings.amount, 'buy');
  const offsetCents = BigInt(
    Math.floor(request.random() * (Number(iskToWholeCents(settings.randomOffset, 'sell')) + 1)),
  );
  const step = amountCents + offsetCents;
  const target = order.isBuyOrder ? competitorCents + step : competitorCents - step;
  let cents = validPriceCents(centsToIsk(target), side);
  if (!order.isBuyOrder && cents < LOWEST_PRICE_CENTS) {
    if (competitorCents <= LOWEST_PRICE_CENTS) return null;
    cents = LOWEST_PRICE_CENTS;
  }

  const opposite = ownOrders.filter(
    (own) =>
      own.orderId !== order.orderId &&
      own.isBuyOrder !== order.isBuyOrder &&
      own.typeId === order.typeId &&
      own.regionId === order.regionId,
  );
  const crosses = opposite.some((own) => {
    const ownCents = iskToWholeCents(own.price, side);
    return order.isBuyOrder ? cents >= ownCents : cents <= ownCents;
  });
  return crosses ? null : centsToIsk(cents);
}
