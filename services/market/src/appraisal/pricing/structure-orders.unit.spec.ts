import type { EsiStructureOrder } from '@tradewise/contracts';
import { structureBooks } from './structure-orders';

const KEEPSTAR = 1_035_466_617_946;
const NEIGHBOUR = 1_000_000_000_999;

type Order = Pick<EsiStructureOrder, 'order_id' | 'type_id' | 'location_id' | 'is_buy_order'>;
const order = (id: number, typeId: number, locationId: number, buy = false): Order => ({
  order_id: id,
  type_id: typeId,
  location_id: locationId,
  is_buy_order: buy,
});

describe("a structure's market as books per type", () => {
  it('keeps the orders located in the structure, of the types asked for, grouped by type in ESI order', () => {
    const orders = [
      order(1, 34, KEEPSTAR),
      order(2, 35, KEEPSTAR, true),
      order(3, 34, NEIGHBOUR, true),
      order(4, 34, KEEPSTAR, true),
      order(5, 36, KEEPSTAR),
      order(6, 35, 60003760),
    ];
    const books = structureBooks(orders, KEEPSTAR, [34, 35, 37]);
    expect([...books.keys()]).toEqual([34, 35]);
    expect(books.get(34)!.orders.map((o) => o.order_id)).toEqual([1, 4]);
    expect(books.get(35)!.orders.map((o) => o.order_id)).toEqual([2]);
    expect(books.has(37)).toBe(false);
  });

  it('is empty for a structure none of the orders is located in', () => {
    expect(structureBooks([order(1, 34, NEIGHBOUR)], KEEPSTAR, [34]).size).toBe(0);
  });
});
