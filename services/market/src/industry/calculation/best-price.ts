import type { EsiRegionOrder } from '@tradewise/contracts';

/**
 * The price a calculator line uses from one region's order book: the highest buy order (`fromBuyOrders`) or the
 * lowest sell order; null when that side has no order.
 */
export function bestPrice(orders: readonly EsiRegionOrder[], fromBuyOrders: boolean): number | null {
  let best: number | null = null;
  for (const order of orders) {
    if (order.is_buy_order !== fromBuyOrders || order.volume_remain <= 0) continue;
    if (best === null || (fromBuyOrders ? order.price > best : order.price < best)) best = order.price;
  }
  return best;
}
