import type { EsiStructureOrder } from '@tradewise/contracts';

type StructureOrder = Pick<EsiStructureOrder, 'type_id' | 'location_id'>;

/**
 * A structure's market as books per type, for the appraisal priced there: only the orders located in the structure.
 * ESI's structure route lists the structure's own orders, but a buy order's range may reach neighbouring
 * structures and stations; orders placed elsewhere (should ESI list any) are left out, so the price is the one a
 * trader docked there sees in the structure's own market window. Types not in `typeIds` are dropped.
 */
export function structureBooks<T extends StructureOrder>(
  orders: readonly T[],
  structureId: number,
  typeIds: readonly number[],
): ReadonlyMap<number, { readonly orders: readonly T[] }> {
  const wanted = new Set(typeIds);
  const books = new Map<number, T[]>();
  for (const order of orders) {
    if (order.location_id !== structureId || !wanted.has(order.type_id)) continue;
    const book = books.get(order.type_id);
    if (book) book.push(order);
    else books.set(order.type_id, [order]);
  }
  return new Map([...books].map(([typeId, typeOrders]) => [typeId, { orders: typeOrders }]));
}
