import type { EsiRegionOrder } from '@tradewise/contracts';
import { ordersAtStation } from './hub-orders';

const JITA = { stationId: 60003760, systemId: 30000142 };
const PERIMETER = 30000144;
const FAR = 30000999;
const jumps = (systemId: number) => ({ [JITA.systemId]: 0, [PERIMETER]: 1, [FAR]: 12 })[systemId] ?? 1_000;

type Order = Pick<EsiRegionOrder, 'order_id' | 'is_buy_order' | 'location_id' | 'system_id' | 'range'>;
const order = (id: number, buy: boolean, location: number, system: number, range: Order['range']): Order => ({
  order_id: id,
  is_buy_order: buy,
  location_id: location,
  system_id: system,
  range,
});

// Issue 25, failure class 6: price where the player trades.
describe('the orders a trader at a hub station can deal with', () => {
  it('keeps sell orders in the station and buy orders whose range reaches it, and nothing a hauler cannot fill', () => {
    const orders = [
      order(1, false, JITA.stationId, JITA.systemId, 'region'),
      order(2, false, 60003761, JITA.systemId, 'region'), // another Jita station: not here
      order(3, true, JITA.stationId, JITA.systemId, 'station'),
      order(4, true, 1_000_000_000_001, PERIMETER, 'station'), // a Perimeter structure, station range
      order(5, true, 60000001, PERIMETER, '1'), // one jump from Jita: reaches
      order(6, true, 60000002, FAR, '10'), // 12 jumps away: does not
      order(7, true, 60000003, FAR, 'region'),
      order(8, true, 60003761, JITA.systemId, 'solarsystem'),
      order(9, true, 60000004, PERIMETER, 'solarsystem'),
    ];
    expect(ordersAtStation(orders, JITA, jumps).map((kept) => kept.order_id)).toEqual([1, 3, 5, 7, 8]);
  });
});
