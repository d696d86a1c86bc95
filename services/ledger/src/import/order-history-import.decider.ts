import {
  iskToCents,
  type CorporationMarketOrderClosed,
  type CorporationMarketOrderObserved,
  type CorporationOrderHistoryImported,
  type EsiCharacterOrder,
  type EsiCharacterOrderHistory,
  type EsiCorporationOrder,
  type EsiCorporationOrderHistory,
  type MarketOrderClosed,
  type MarketOrderObserved,
  type OrderHistoryImported,
} from '@tradewise/contracts';

/**
 * The closed orders a stream (a character's, or a corporation's for one account) has recorded, and the last
 * recorded observation of each open order it has seen (its {@link observationOf} signature). As for contracts, the
 * fold owns the set and map it built (`owned`) and adds to them in place; `decide` only reads them, and the initial
 * state's set and map are never written.
 */
export interface OrderHistoryState {
  readonly orderIds: ReadonlySet<number>;
  readonly observed: ReadonlyMap<number, string>;
  readonly owned: boolean;
}

export const NO_ORDER_HISTORY: OrderHistoryState = { orderIds: new Set(), observed: new Map(), owned: false };

/**
 * An event with the key of its source: the same closed order, or the same read of an open order (its `issued`,
 * price and volume remaining), on the same stream always has the same key, so the id derived from it makes a
 * repeated append store nothing.
 */
export type RecordedOrderHistoryEvent =
  | { readonly type: 'MarketOrderClosed'; readonly source: string; readonly data: MarketOrderClosed }
  | { readonly type: 'MarketOrderObserved'; readonly source: string; readonly data: MarketOrderObserved };

/** A corporation's order read, for one account: keyed like {@link RecordedOrderHistoryEvent}. */
export type RecordedCorporationOrderEvent =
  | {
      readonly type: 'CorporationMarketOrderClosed';
      readonly source: string;
      readonly data: CorporationMarketOrderClosed;
    }
  | {
      readonly type: 'CorporationMarketOrderObserved';
      readonly source: string;
      readonly data: CorporationMarketOrderObserved;
    };

type RecordedOrderEvent = RecordedOrderHistoryEvent | RecordedCorporationOrderEvent;

type Folded<Event> = Event extends { readonly type: string; readonly data: unknown }
  ? Pick<Event, 'type' | 'data'>
  : never;

/** What an open order's read is compared by: a change of any of these is a new observation. */
const observationOf = (issued: string, priceCents: number, volumeRemain: number): string =>
  `${issued}:${priceCents}:${volumeRemain}`;

export function evolveOrderHistory(
  state: OrderHistoryState,
  event: Folded<RecordedOrderEvent>,
): OrderHistoryState {
  const orderIds = state.owned ? (state.orderIds as Set<number>) : new Set(state.orderIds);
  const observed = state.owned ? (state.observed as Map<number, string>) : new Map(state.observed);
  if (event.type === 'MarketOrderClosed' || event.type === 'CorporationMarketOrderClosed')
    orderIds.add(event.data.orderId);
  else {
    const { orderId, issued, priceCents, volumeRemain } = event.data;
    observed.set(orderId, observationOf(issued, priceCents, volumeRemain));
  }
  return state.owned ? state : { orderIds, observed, owned: true };
}

const centsOf = (isk: number | undefined): number | null => (isk === undefined ? null : iskToCents(isk));

/** What every read of an order says, open or closed, whoever's order it is. */
function marketOrderRead(fetchedAt: string, esi: EsiCharacterOrder | EsiCorporationOrder) {
  return {
    orderId: esi.order_id,
    typeId: esi.type_id,
    regionId: esi.region_id,
    locationId: esi.location_id,
    isBuyOrder: esi.is_buy_order ?? false,
    priceCents: iskToCents(esi.price),
    volumeTotal: esi.volume_total,
    volumeRemain: esi.volume_remain,
    issued: esi.issued,
    readAt: fetchedAt,
  };
}

/** What a closed order's history record adds to a read. */
function closedOrderFields(esi: EsiCharacterOrderHistory | EsiCorporationOrderHistory) {
  return {
    minVolume: esi.min_volume ?? null,
    range: esi.range,
    duration: esi.duration,
    escrowCents: centsOf(esi.escrow),
    state: esi.state,
  };
}

function characterOrderRead(batch: OrderHistoryImported, esi: EsiCharacterOrder) {
  return {
    accountId: batch.accountId,
    characterId: batch.characterId,
    ...marketOrderRead(batch.fetchedAt, esi),
    isCorporation: esi.is_corporation,
  };
}

function corporationOrderRead(batch: CorporationOrderHistoryImported, esi: EsiCorporationOrder) {
  return {
    accountId: batch.accountId,
    corporationId: batch.corporationId,
    walletDivision: esi.wallet_division,
    issuedBy: esi.issued_by,
    ...marketOrderRead(batch.fetchedAt, esi),
  };
}

/** How one owner's order reads are recorded: the events each read makes, and the prefix of their source keys. */
interface OrderReadsRecording<Batch, Closed, Open, Event extends RecordedOrderEvent> {
  readonly closedOrders: (batch: Batch) => readonly Closed[];
  readonly openOrders: (batch: Batch) => readonly Open[];
  /** Names the stream's owner in each source key: a character, or a corporation for one account. */
  readonly sources: (batch: Batch) => { readonly closed: string; readonly open: string };
  readonly closed: (batch: Batch, esi: Closed) => Folded<Event>;
  readonly observed: (batch: Batch, esi: Open) => Folded<Event>;
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
function decideOrderReads<
  Batch,
  Closed extends { readonly order_id: number },
  Open extends { readonly order_id: number },
  Event extends RecordedOrderEvent,
>(
  state: OrderHistoryState,
  batch: Batch,
  recording: OrderReadsRecording<Batch, Closed, Open, Event>,
): Event[] {
  const sources = recording.sources(batch);
  // What this batch records, beside what the stream recorded: a stream's state holds every order it ever saw, and
  // copying it for each batch of a sync every 20 minutes cost more than all the rest.
  const observedNow = new Map<number, string>();
  const closedNow = new Set<number>();
  const events: Event[] = [];
  const open = [...recording.openOrders(batch)].sort((a, b) => a.order_id - b.order_id);
  for (const esi of open) {
    const event = recording.observed(batch, esi);
    const { issued, priceCents, volumeRemain } = event.data;
    const observation = observationOf(issued, priceCents, volumeRemain);
    if ((observedNow.get(esi.order_id) ?? state.observed.get(esi.order_id)) === observation) continue;
    events.push({ ...event, source: `${sources.open}:${esi.order_id}:${observation}` } as Event);
    observedNow.set(esi.order_id, observation);
  }
  const ordered = [...recording.closedOrders(batch)].sort((a, b) => a.order_id - b.order_id);
  for (const esi of ordered) {
    if (closedNow.has(esi.order_id) || state.orderIds.has(esi.order_id)) continue;
    events.push({ ...recording.closed(batch, esi), source: `${sources.closed}:${esi.order_id}` } as Event);
    closedNow.add(esi.order_id);
  }
  return events;
}

const characterOrderReads: OrderReadsRecording<
  OrderHistoryImported,
  EsiCharacterOrderHistory,
  EsiCharacterOrder,
  RecordedOrderHistoryEvent
> = {
  closedOrders: (batch) => batch.orders,
  openOrders: (batch) => batch.openOrders ?? [],
  sources: (batch) => ({
    closed: `esi:order-history:${batch.characterId}`,
    open: `esi:order-open:${batch.characterId}`,
  }),
  closed: (batch, esi) => ({
    type: 'MarketOrderClosed',
    data: { ...characterOrderRead(batch, esi), ...closedOrderFields(esi), esi },
  }),
  observed: (batch, esi) => ({
    type: 'MarketOrderObserved',
    data: { ...characterOrderRead(batch, esi), esi },
  }),
};

// Each account keeps its own copy of a corporation's orders, so the source names the account too.
const corporationOrderReads: OrderReadsRecording<
  CorporationOrderHistoryImported,
  EsiCorporationOrderHistory,
  EsiCorporationOrder,
  RecordedCorporationOrderEvent
> = {
  closedOrders: (batch) => batch.orders,
  openOrders: (batch) => batch.openOrders ?? [],
  sources: (batch) => ({
    closed: `esi:corporation-order-history:${batch.accountId}:${batch.corporationId}`,
    open: `esi:corporation-order-open:${batch.accountId}:${batch.corporationId}`,
  }),
  closed: (batch, esi) => ({
    type: 'CorporationMarketOrderClosed',
    data: { ...corporationOrderRead(batch, esi), ...closedOrderFields(esi), esi },
  }),
  observed: (batch, esi) => ({
    type: 'CorporationMarketOrderObserved',
    data: { ...corporationOrderRead(batch, esi), esi },
  }),
};

/** A character's order reads ({@link decideOrderReads}). */
export function decideOrderHistory(
  state: OrderHistoryState,
  batch: OrderHistoryImported,
): RecordedOrderHistoryEvent[] {
  return decideOrderReads(state, batch, characterOrderReads);
}

/** A corporation's order reads, for the account that imports them ({@link decideOrderReads}). */
export function decideCorporationOrderHistory(
  state: OrderHistoryState,
  batch: CorporationOrderHistoryImported,
): RecordedCorporationOrderEvent[] {
  return decideOrderReads(state, batch, corporationOrderReads);
}
