import type { EsiRegionOrder } from '@tradewise/contracts';

type HubOrder = Pick<EsiRegionOrder, 'is_buy_order' | 'location_id' | 'system_id' | 'range'>;

/** A station players trade at: its id and solar system. */
export interface TradeStation {
  readonly stationId: number;
  readonly systemId: number;
}

/**
 * The orders of a region's book a trader at `station` can deal with: sell orders in that station, and buy orders
 * whose range reaches it (placed there, region-wide, system-wide in its system, or within their jump count of it).
 * A buy order limited to another station, or to jumps that do not reach, cannot take items sold here.
 * `jumpsToStation` gives the jumps from a system to the station's (unreachable: a large number).
 */
export function ordersAtStation<T extends HubOrder>(
  orders: readonly T[],
  station: TradeStation,
  jumpsToStation: (systemId: number) => number,
): T[] {
  return orders.filter((order) => {
    if (order.location_id === station.stationId) return true;
    if (!order.is_buy_order) return false;
    switch (order.range) {
      case 'region':
        return true;
      case 'station':
        return false;
      case 'solarsystem':
        return order.system_id === station.systemId;
      default:
        return jumpsToStation(order.system_id) <= Number(order.range);
    }
  });
}
