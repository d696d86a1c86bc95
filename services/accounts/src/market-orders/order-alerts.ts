import { formatIskCents, type MarketOrdersRead, type StoredMarketOrder } from '@tradewise/contracts';

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
