import type { EsiCharacterOrder, EsiCharacterOrderHistory } from '@tradewise/contracts';
import { cacheWindow } from '../http/esi-gateway';
import { ESI_OPERATIONS } from '../http/esi-operations';
import { characterOrderBody, characterOrderHistoryBody } from '../http/handlers/market.handlers';
import type { SimulatedWorld } from '../world/simulated-world';
import { orderStateAt, type OrderRecord } from '../world/world-records';

/** One read of a character's orders by a product that syncs them every few minutes. */
export interface EsiOrderRead {
  readonly readAtMs: number;
  /** What `GET /characters/{id}/orders` answers at `readAtMs`, by order id. */
  readonly open: readonly EsiCharacterOrder[];
  /** The orders that closed since the previous read, as `/characters/{id}/orders/history` lists them. */
  readonly closedSince: readonly EsiCharacterOrderHistory[];
}

const ORDERS_CACHE = ESI_OPERATIONS.find((op) => op.operationId === 'GetCharactersCharacterIdOrders')!.cache;

interface Watched {
  readonly order: OrderRecord;
  /** The order's last step at or before the read. */
  step: number;
  /** Its entry as last read, kept while the order does not change (entries are shared between reads). */
  body?: EsiCharacterOrder;
}

/**
 * The reads of a character's market orders (personal and for the corporation) that a product syncing every
 * `everyMs` would have made over [fromMs, toMs], at fromMs, fromMs + everyMs, … ≤ toMs: `open` is exactly what the
 * simulator's `/characters/{id}/orders` answers then (its 20-minute cache snapshot, by the route's own body
 * function), `closedSince` the orders that closed after the previous read's snapshot, up to this one's, by the
 * history route's body function, newest order first (the first read takes the closes of the `everyMs` before it).
 * Reads where nothing changed from the previous one (no order closed, and every open order's `issued`, `price` and
 * `volume_remain` as before, none new) are omitted; the first read is always there. An order unchanged between
 * reads is the same object in both: do not mutate them. Fast enough for a year of the heavy trader at 20 minutes
 * (26,280 reads), so tests and benchmarks can replay order syncs without running them.
 */
export function esiOrderReads(
  world: SimulatedWorld,
  characterId: number,
  fromMs: number,
  toMs: number,
  everyMs = 20 * 60_000,
): EsiOrderRead[] {
  if (!(everyMs > 0)) throw new Error(`esiOrderReads: everyMs must be positive, not ${everyMs}`);
  const snapshot = (atMs: number): number => cacheWindow(ORDERS_CACHE, atMs).snapshotMs;
  const slots = world.plan.slots.filter((slot) => slot.character.characterId === characterId);
  const longest = Math.max(0, ...slots.map((slot) => slot.periodMs));
  let previousMs = snapshot(fromMs - everyMs);
  const lastMs = snapshot(toMs);
  const pending = world
    .campaignsBetween(slots, previousMs - longest, lastMs)
    .flatMap((campaign) => campaign.orders)
    .filter((order) => order.closedMs > previousMs && order.steps[0]!.timeMs <= lastMs)
    .sort((a, b) => a.steps[0]!.timeMs - b.steps[0]!.timeMs || a.orderId - b.orderId);

  const reads: EsiOrderRead[] = [];
  let watched: Watched[] = [];
  let next = 0;
  for (let readAtMs = fromMs; readAtMs <= toMs; readAtMs += everyMs) {
    const atMs = snapshot(readAtMs);
    let changed = reads.length === 0;
    while (next < pending.length && pending[next]!.steps[0]!.timeMs <= atMs) {
      watched.push({ order: pending[next++]!, step: -1 });
      changed = true;
    }
    const closed: OrderRecord[] = [];
    const stillOpen: Watched[] = [];
    for (const entry of watched) {
      const { order } = entry;
      if (order.closedMs <= atMs) {
        if (order.closedMs > previousMs) closed.push(order);
        continue;
      }
      const steps = order.steps;
      let step = entry.step;
      while (step + 1 < steps.length && steps[step + 1]!.timeMs <= atMs) step++;
      if (step !== entry.step) {
        entry.step = step;
        entry.body = undefined;
        changed = true;
      }
      stillOpen.push(entry);
    }
    watched = stillOpen;
    previousMs = atMs;
    if (!changed && closed.length === 0) continue;
    reads.push({
      readAtMs,
      open: [...watched]
        .sort((a, b) => a.order.orderId - b.order.orderId)
        .map(
          (entry) =>
            (entry.body ??= characterOrderBody({
              order: entry.order,
              state: orderStateAt(entry.order, atMs)!,
            })),
        ),
      closedSince: closed
        .sort((a, b) => b.orderId - a.orderId)
        .map((order) => characterOrderHistoryBody({ order, state: orderStateAt(order, order.closedMs)! })),
    });
  }
  return reads;
}
