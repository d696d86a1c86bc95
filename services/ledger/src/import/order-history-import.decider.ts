import {
  iskToCents,
  type EsiCharacterOrderHistory,
  type MarketOrderClosed,
  type OrderHistoryImported,
} from '@tradewise/contracts';

/**
 * The orders a stream has recorded. As for contracts, the fold owns the set it built (`owned`) and adds to it in
 * place; `decide` works on a copy, and the initial state's set is never written.
 */
export interface OrderHistoryState {
  readonly orderIds: ReadonlySet<number>;
  readonly owned: boolean;
}

export const NO_ORDER_HISTORY: OrderHistoryState = { orderIds: new Set(), owned: false };

/**
 * An event with the key of its source: the same order on the same character's stream always has the same key, so
 * the id derived from it makes a repeated append store nothing.
 */
export interface RecordedOrderHistoryEvent {
  readonly type: 'MarketOrderClosed';
  readonly source: string;
  readonly data: MarketOrderClosed;
}

export function evolveOrderHistory(
  state: OrderHistoryState,
  event: Pick<RecordedOrderHistoryEvent, 'type' | 'data'>,
): OrderHistoryState {
  const orderIds = state.owned ? (state.orderIds as Set<number>) : new Set(state.orderIds);
  orderIds.add(event.data.orderId);
  return state.owned ? state : { orderIds, owned: true };
}

const centsOf = (isk: number | undefined): number | null => (isk === undefined ? null : iskToCents(isk));

function closedOrder(batch: OrderHistoryImported, esi: EsiCharacterOrderHistory): MarketOrderClosed {
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
    minVolume: esi.min_volume ?? null,
    range: esi.range,
    duration: esi.duration,
    escrowCents: centsOf(esi.escrow),
    issued: esi.issued,
    state: esi.state,
    readAt: batch.fetchedAt,
    esi,
  };
}

/**
 * Each closed order the stream has not recorded is recorded once, as ESI's history showed it, its ISK in cents. A
 * history record is final (a closed order never changes), so an order recorded already records nothing, whatever
 * a later read says: a redelivered or repeated batch, or one read again after the sync lost its state, records
 * nothing. Which orders are read at all is the sync's choice: the decider records what it is given.
 */
export function decideOrderHistory(
  state: OrderHistoryState,
  batch: OrderHistoryImported,
): RecordedOrderHistoryEvent[] {
  let known: OrderHistoryState = { orderIds: new Set(state.orderIds), owned: true };
  const events: RecordedOrderHistoryEvent[] = [];
  const ordered = [...batch.orders].sort((a, b) => a.order_id - b.order_id);
  for (const esi of ordered) {
    if (known.orderIds.has(esi.order_id)) continue;
    const event: RecordedOrderHistoryEvent = {
      type: 'MarketOrderClosed',
      source: `esi:order-history:${batch.characterId}:${esi.order_id}`,
      data: closedOrder(batch, esi),
    };
    events.push(event);
    known = evolveOrderHistory(known, event);
  }
  return events;
}
