import {
  formatIskCents,
  iskToCents,
  priceStatus,
  type MarketOrdersRead,
  type PriceBook,
  type PricedOrder,
  type StoredMarketOrder,
} from '@tradewise/contracts';

const units = (count: number): string => count.toLocaleString('en-US');

function fillLine(
  characterName: string,
  order: StoredMarketOrder,
  filledUnits: number,
  typeName: (typeId: number) => string,
): string {
  const verb = order.isBuyOrder ? 'bought' : 'sold';
  const left =
    order.volumeRemain === 0
      ? 'the order is complete'
      : `${units(order.volumeRemain)} of ${units(order.volumeTotal)} left`;
  return `${characterName} ${verb} ${units(filledUnits)} ${typeName(order.typeId)} at ${formatIskCents(order.priceCents)} (${left}).`;
}

/**
 * One line per order a read found filled: its remainder went down since the last read, or it left the list and
 * the order history (`completedOrderIds`) says it ran out rather than being cancelled or expiring.
 */
export function fillAlerts(
  characterName: string,
  orders: readonly StoredMarketOrder[],
  read: MarketOrdersRead,
  completedOrderIds: ReadonlySet<number>,
  typeName: (typeId: number) => string,
): string[] {
  const open = new Map(orders.map((order) => [order.orderId, order]));
  const partly = read.changed.flatMap(({ orderId, filledUnits }) => {
    const order = open.get(orderId);
    return order && filledUnits > 0 ? [fillLine(characterName, order, filledUnits, typeName)] : [];
  });
  const completed = read.closed
    .filter((order) => completedOrderIds.has(order.orderId) && order.volumeRemain > 0)
    .map((order) => fillLine(characterName, { ...order, volumeRemain: 0 }, order.volumeRemain, typeName));
  return [...partly, ...completed];
}

/** What a server-side check compares with: the whole region, every competitor however small (the page's defaults). */
const ALERT_SETTINGS = { range: 'REGION', minVolumePercent: 0 } as const;

export function pricedOrder(order: StoredMarketOrder): PricedOrder {
  return {
    orderId: order.orderId,
    typeId: order.typeId,
    regionId: order.regionId,
    locationId: order.locationId,
    isBuyOrder: order.isBuyOrder,
    price: order.priceCents / 100,
    volumeRemain: order.volumeRemain,
    issued: order.issued,
  };
}

export interface UndercutCheck {
  /** One line per order undercut now that was not at the last check. */
  readonly lines: string[];
  /** Every order undercut now: the next check reports only those not among them. */
  readonly undercut: number[];
}

/**
 * The orders the public books show undercut (the same rule as the Market Orders page, account-area §4), reported
 * once each: an order stays reported until it is best again or gone.
 */
export function undercutAlerts(
  characterName: string,
  orders: readonly StoredMarketOrder[],
  book: PriceBook,
  reported: ReadonlySet<number>,
  typeName: (typeId: number) => string,
  nowMs: number,
): UndercutCheck {
  const lines: string[] = [];
  const undercut: number[] = [];
  for (const order of orders) {
    const { status, similarOrder } = priceStatus(pricedOrder(order), book, ALERT_SETTINGS, nowMs);
    if (status !== 'UNDERCUT' || !similarOrder) continue;
    undercut.push(order.orderId);
    if (reported.has(order.orderId)) continue;
    const side = order.isBuyOrder ? 'buy' : 'sell';
    lines.push(
      `${characterName}'s ${side} order of ${typeName(order.typeId)} at ${formatIskCents(order.priceCents)} is undercut: ` +
        `${formatIskCents(iskToCents(similarOrder.price))} is ahead of it.`,
    );
  }
  return { lines, undercut };
}
