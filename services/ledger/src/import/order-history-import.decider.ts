import {
  iskToCents,
  type EsiCharacterOrder,
  type EsiCharacterOrderHistory,
  type MarketOrderClosed,
  type MarketOrderObserved,
  type OrderHistoryImported,
} from '@tradewise/contracts';

/**
 * The closed orders a stream has recorded, and the last recorded observation of each open order it has seen (its
 * {@link observationOf} signature). As for contracts, the fold owns the set and map it built (`owned`) and adds to
 * them in place; `decide` only reads them, and the initial state's set and map are never written.
 */
export interface OrderHistoryState {
  readonly orderIds: ReadonlySet<number>;
  readonly observed: ReadonlyMap<number, string>;
  readonly owned: boolean;
}

export const NO_ORDER_HISTORY: OrderHistoryState = { orderIds: new Set(), observed: new Map(), owned: false };

/**
 * An event with the key of its source: the same closed order, or the same read of an open order (its `issued`,
 * price and volume remaining), on the same character's stream always has the same key, so the id derived from it
 * makes a repeated append store nothing.
 */
export type RecordedOrderHistoryEvent =
  | { readonly type: 'MarketOrderClosed'; readonly source: string; readonly data: MarketOrderClosed }
  | { readonly type: 'MarketOrderObserved'; readonly source: string; readonly data: MarketOrderObserved };

type Folded<Event> = Event extends { readonly type: string; readonly data: unknown }
  ? Pick<Event, 'type' | 'data'>
  : never;

/** What an open order's read is compared by: a change of any of these is a new observation. */
const observationOf = (issued: string, priceCents: number, volumeRemain: number): string =>
  `${issued}:${priceCents}:${volumeRemain}`;

export function evolveOrderHistory(
  state: OrderHistoryState,
  event: Folded<RecordedOrderHistoryEvent>,
): OrderHistoryState {
  const orderIds = state.owned ? (state.orderIds as Set<number>) : new Set(state.orderIds);
  const observed = state.owned ? (state.observed as Map<number, string>) : new Map(state.observed);
  if (event.type === 'MarketOrderClosed') orderIds.add(event.data.orderId);
  else {
    const { orderId, issued, priceCents, volumeRemain } = event.data;
    observed.set(orderId, observationOf(issued, priceCents, volumeRemain));
  }
  return state.owned ? state : { orderIds, observed, owned: true };
}

const centsOf = (isk: number | undefined): number | null => (isk === undefined ? null : iskToCents(isk));

/** What every read of an order says, open or closed (the fields the two events share). */
function orderRead(batch: OrderHistoryImported, esi: EsiCharacterOrder) {
  return {
    accountId: batch.accountId,
    characterId: batch.characterId,
    orderId: esi.order_id,
    typeId: esi.type_id,
    regionId: esi.region_id,
    locationId: esi.location_id,
    isBuyOrder: esi.is_buy_order ?? false,
    isCorporation: esi.is_corporation,
    priceCents: iskToCents(esi.price),
    volumeTotal: esi.volume_total,
    volumeRemain: esi.volume_remain,
    issued: esi.issued,
    readAt: batch.fetchedAt,
  };
}

function closedOrder(batch: OrderHistoryImported, esi: EsiCharacterOrderHistory): MarketOrderClosed {
  return {
    ...orderRead(batch, esi),
    minVolume: esi.min_volume ?? null,
    range: esi.range,
    duration: esi.duration,
    escrowCents: centsOf(esi.escrow),
    state: esi.state,
    esi,
  };
}

function observedOrder(batch: OrderHistoryImported, esi: EsiCharacterOrder): MarketOrderObserved {
  return { ...orderRead(batch, esi), esi };
}

/**
 * Each open order of the batch is recorded as the read showed it, its ISK in cents, when its `issued`, price or
 * volume remaining differ from the order's last recorded observation (or it has none): a redelivered batch, or an
 * unchanged order read again, records nothing. Then each closed order the stream has not recorded is recorded
 * once, as ESI's history showed it. A history record is final (a closed order never changes), so an order recorded
 * already records nothing, whatever a later read says: a redelivered or repeated batch, or one read again after
 * the sync lost its state, records nothing. Which orders are read at all is the sync's choice: the decider records
 * what it is given.
 */
export function decideOrderHistory(
  state: OrderHistoryState,
  batch: OrderHistoryImported,
): RecordedOrderHistoryEvent[] {
  // What this batch records, beside what the stream recorded: a stream's state holds every order it ever saw, and
  // copying it for each batch of a sync every 20 minutes cost more than all the rest.
  const observedNow = new Map<number, string>();
  const closedNow = new Set<number>();
  const events: RecordedOrderHistoryEvent[] = [];
  const open = [...(batch.openOrders ?? [])].sort((a, b) => a.order_id - b.order_id);
  for (const esi of open) {
    const data = observedOrder(batch, esi);
    const observation = observationOf(data.issued, data.priceCents, data.volumeRemain);
    if ((observedNow.get(esi.order_id) ?? state.observed.get(esi.order_id)) === observation) continue;
    events.push({
      type: 'MarketOrderObserved',
      source: `esi:order-open:${batch.characterId}:${esi.order_id}:${observation}`,
      data,
    });
    observedNow.set(esi.order_id, observation);
  }
  const ordered = [...batch.orders].sort((a, b) => a.order_id - b.order_id);
  for (const esi of ordered) {
    if (closedNow.has(esi.order_id) || state.orderIds.has(esi.order_id)) continue;
    events.push({
      type: 'MarketOrderClosed',
      source: `esi:order-history:${batch.characterId}:${esi.order_id}`,
      data: closedOrder(batch, esi),
    });
    closedNow.add(esi.order_id);
  }
  return events;
}
