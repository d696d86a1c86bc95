import {
  BROKER_FEE_ESTIMATE_REASONS,
  type BrokerFeeEstimateReason,
  type LearnedBrokerRateDocument,
} from '@tradewise/contracts';
import { applyRate, multiplyDivideRounded, multiplyExact, shareOfUnits, type Cents } from './money';

/**
 * Real broker fees (docs/profit-rules.md §6): ESI links neither a wallet transaction nor a `brokers_fee` journal row
 * to the order behind it, so the ledger matches them itself. Each read of an order (an open order as a sync read
 * it, or its closed record in the order history) reveals an `issued` time, the moment of its placement or of a change
 * of price, each of which cost a fee booked at that second. Fee rows are matched to those moments, fills to the
 * order whose price they were made at, and each fee is spread over the units that were on the order when it was
 * charged. What cannot be matched falls back to the configured rate, and says why.
 */

/** One read of one of the account's market orders, a character's or a corporation's. */
export interface LedgerOrderRead {
  readonly orderId: number;
  /** The order's owner: the character, or the corporation (its id) that placed it. */
  readonly characterId: number;
  readonly typeId: number;
  readonly locationId: number;
  readonly isBuy: boolean;
  readonly volumeTotal: number;
  readonly volumeRemain: number;
  /** The unit price in force since `issued`. */
  readonly price: Cents;
  /** UTC ISO: the order's placement or its last change of price as of the read. */
  readonly issued: string;
  /** UTC ISO: when the sync read it. */
  readonly readAt: string;
  /** The order history's final record (cancelled or expired); an open order's read otherwise. */
  readonly closed: boolean;
  /**
   * The owner is a corporation: its members placed and changed its orders, each at the rates of their own skills and
   * standings, so the rates learned from its orders are a mix (absent: a character's own order).
   */
  readonly corporationOrder?: boolean;
}

/** When an owner's orders were read, and whether as its order history. */
export type LedgerOrdersRead = Pick<LedgerOrderRead, 'characterId' | 'readAt' | 'closed'>;

/** A `brokers_fee` journal row of an owner's wallet: a character's, or a corporation division's. */
export interface LedgerBrokerFeeRow {
  readonly journalEntryId: number;
  readonly characterId: number;
  /** UTC ISO. */
  readonly date: string;
  /** The fee paid, ≥ 0 (the journal row's amount is its negative). */
  readonly amount: Cents;
  /** The corporation wallet division whose journal lists it; absent for a character's own. */
  readonly division?: number;
}

/** How a fill's broker fee was found. */
export type FillBrokerFee =
  /** Its share of the fees the journal shows its order was charged. */
  | { readonly source: 'order'; readonly orderId: number; readonly fee: Cents }
  /** Taken from another player's order: no order of the character, no broker fee. */
  | { readonly source: 'noOrder' }
  /**
   * The configured rate's estimate (the fold prices it), and why: no order history reaches back to the fill; the
   * fill is newer than the last read; its order changed between two reads (a fill at a price no read showed) or
   * was placed and changed between two reads (its first fee is not a placement); a fee of its order is not in the
   * journal; or fills of its order are not in the wallet.
   */
  | { readonly source: 'estimated'; readonly reason: BrokerFeeEstimateReason };

/** A fill as the matching needs it. */
export interface OrderFill {
  readonly transactionId: number;
  readonly characterId: number;
  readonly typeId: number;
  readonly locationId: number;
  readonly isBuy: boolean;
  readonly timeMs: number;
  readonly quantity: number;
  readonly unitPrice: Cents;
}

/** One placement or change of an order, as the reads showed it. */
interface OrderEvent {
  readonly timeMs: number;
  readonly price: Cents;
}

interface OrderRecord {
  readonly orderId: number;
  readonly characterId: number;
  readonly typeId: number;
  readonly locationId: number;
  readonly isBuy: boolean;
  readonly volumeTotal: number;
  /** Placements and changes the reads showed, by time. */
  readonly events: OrderEvent[];
  /** Volume remaining as each read showed it, by read time. */
  readonly reads: { readMs: number; remain: number }[];
  /** The first read that showed the order: it was placed after the character's read before that one. */
  firstReadMs: number;
  /** A read showed it open. */
  seenOpen: boolean;
  lastReadMs: number;
  remainAtLastRead: number;
  closed: boolean;
  /** What the last settling found. */
  match: OrderMatch | null;
  /** The character's broker rates at the order's location. */
  readonly rates: LocationRates;
  /** Its character's orders and fills of its type, at its location, on its side. */
  readonly group: Group;
  /** A corporation's order (see {@link LedgerOrderRead.corporationOrder}). */
  readonly corporationOrder: boolean;
  /** Its window as last worked out, valid while `windowEpoch` is the state's. */
  window: Span | null;
  windowEpoch: number;
  /**
   * Its match is worked out, and it is a candidate for fee rows and fills: until its match is recorded (§6.6), then
   * it leaves the matching with its rows and fills.
   */
  inMatching: boolean;
}

/** A fee row the matching gave to an order event. */
export interface MatchedFee {
  readonly journalEntryId: number;
  readonly timeMs: number;
  readonly amount: Cents;
  readonly kind: 'placement' | 'change';
  /** Units on the order when it was charged. */
  readonly unitsOnOrder: number;
}

/** What the matching found for one order: for audit, and for the cost of units that never filled. */
export interface OrderMatch {
  readonly orderId: number;
  readonly complete: boolean;
  readonly reason: BrokerFeeEstimateReason | null;
  readonly fees: readonly MatchedFee[];
  readonly fills: readonly {
    readonly transactionId: number;
    readonly quantity: number;
    readonly fee: Cents;
  }[];
  /** Fees of units that never filled: a closed, complete order's cost of trading outside any sale. */
  readonly unfilledFee: Cents;
}

/**
 * The ratios an order's match gave the learned rates (see {@link LocationRates}): its placement fee ÷ its value in ppm,
 * and its first change's fee (less the rate on any increase) ÷ the new value in tenths of a ppm.
 */
export interface TaughtRates {
  readonly placementPpm: number | null;
  readonly relistTenthsOfPpm: number | null;
}

/** A match recorded final (`OrderFeesMatched`), with what it taught the learned rates when it was recorded. */
export interface RecordedOrderMatch extends OrderMatch {
  /** Null for a record that does not say (recorded before the records said it): it teaches nothing. */
  readonly taught: TaughtRates | null;
}

interface FeeRowRecord extends LedgerBrokerFeeRow {
  readonly timeMs: number;
}

/** One character's orders and fills of one type, at one location, on one side. */
interface Group {
  readonly characterId: number;
  readonly locationId: number;
  /** By their first event. */
  readonly orders: OrderRecord[];
  /** By time, then transaction id. */
  readonly fills: OrderFill[];
  /**
   * At least how far any of its orders' windows reach before their first event, and after it, while `reachEpoch`
   * is the state's: which orders a time can concern is then a range of `orders` (see {@link firstOrderNear}).
   */
  reach: { before: number; after: number };
  reachEpoch: number;
}

interface Span {
  fromMs: number;
  toMs: number;
}

/** The placement rates one character's orders at one location were charged (docs/profit-rules.md §6). */
interface LocationRates {
  /** Placement fee ÷ value, in ppm: the most common is the character's effective broker rate there. */
  readonly placement: Tally;
  /**
   * A change's fee (less the rate on any increase) ÷ the new value, in tenths of a ppm: the most common is the rate
   * times the relist share (esi.md §6.4).
   */
  readonly relist: Tally;
}

/** One value per order, and the most common value. */
interface Tally {
  readonly byOrder: Map<number, number>;
  readonly counts: Map<number, number>;
  mode: number | null;
}

const emptyTally = (): Tally => ({ byOrder: new Map(), counts: new Map(), mode: null });

export interface OrderFeeState {
  readonly orders: Map<number, OrderRecord>;
  readonly groups: Map<string, Group>;
  readonly groupsByCharacter: Map<number, Set<Group>>;
  readonly feeRows: Map<number, FeeRowRecord>;
  /** `<characterId>:<second>` → fee rows booked then. */
  readonly feeRowsAt: Map<string, FeeRowRecord[]>;
  /** `<characterId>:<second>` → orders placed or changed then. */
  readonly ordersAt: Map<string, Set<number>>;
  readonly pairings: Map<string, Map<number, FeeRowRecord>>;
  /** Every time the character's orders were read, ascending. */
  readonly readTimes: Map<number, number[]>;
  /** The oldest instant the character's order history reaches: its first history read minus 90 days. */
  readonly historyFrom: Map<number, number>;
  readonly rates: Map<string, LocationRates>;
  /** Each character's orders by their first event, and its fee rows by time: what an unseen change is looked for in. */
  readonly ordersByCharacter: Map<number, OrderRecord[]>;
  readonly feeRowsByCharacter: Map<number, FeeRowRecord[]>;
  /** The longest a character's order lived, and the longest its window reached before its first event. */
  readonly spans: Map<number, { life: number; lead: number }>;
  readonly openByCharacter: Map<number, Set<OrderRecord>>;
  /** Each character's fills by time: a newer read tells whether orders made those after the last. */
  readonly fillTimes: Map<number, OrderFill[]>;
  /** Each character's orders no read before their first event would have shown: their placement is unbounded. */
  readonly unboundedOrders: Map<number, Set<OrderRecord>>;
  /** Moves when a read lands between earlier ones: every window is worked out again. */
  windowEpoch: number;
  readonly fillFees: Map<number, FillBrokerFee>;
  /** journal entry id → the order event it was matched to. */
  readonly feeRowMatches: Map<number, { readonly orderId: number; readonly kind: MatchedFee['kind'] }>;
  /**
   * Matches recorded final (`OrderFeesMatched`): they stand, whatever the matching finds later, and their orders, fee
   * rows and fills are out of the matching.
   */
  readonly recordedMatches: Map<number, RecordedOrderMatch>;
  /** The fee rows and the fills of recorded matches. */
  readonly recordedRows: Set<number>;
  readonly recordedFills: Map<number, FillBrokerFee>;
  /** `<characterId>:<second>` → how many fee rows of recorded matches were booked then. */
  readonly recordedRowsAt: Map<string, number>;
  /** Characters whose orders or fee rows left the matching since the last settling (`compactLeftMatching`). */
  readonly leftMatching: Set<number>;
  /** Each owner's latest fill and fee row, in the matching or not: how far its wallet and journal reach. */
  readonly latestFillMs: Map<number, number>;
  readonly latestFeeRowMs: Map<number, number>;
  /** Fills whose fee a recorded match set since the last settling. */
  recordedFillChanges: number[];
  /** Each owner's closed orders whose match is not yet past changing, by the read that found them closed. */
  readonly closing: Map<number, OrderRecord[]>;
  readonly dirty: Map<Group, Span>;
  /** Orders and fee rows whose match changed since the last `takeOrderFeeChanges`. */
  changes: OrderFeeChanges;
}

/** What changed since the last `takeOrderFeeChanges`: orders, fee rows and learned rates (`<character>:<location>`). */
export interface OrderFeeChanges {
  readonly orderIds: Set<number>;
  readonly feeRowIds: Set<number>;
  readonly rateKeys: Set<string>;
}

const emptyOrderFeeChanges = (): OrderFeeChanges => ({
  orderIds: new Set(),
  feeRowIds: new Set(),
  rateKeys: new Set(),
});

/** ESI lists the closed orders of the last 90 days. */
export const ORDER_HISTORY_DAYS = 90;
const ORDER_HISTORY_MS = ORDER_HISTORY_DAYS * 86_400_000;
/**
 * A closed order's match is final once the owner's order reads, fills and fee rows all reach this far past the read
 * that found it closed (docs/profit-rules.md §6.6): ESI's caches (20 minutes for orders, an hour for the wallet and
 * the journal) are long past, so every read, fill and row that could change it has been imported.
 */
export const MATCH_FINAL_AFTER_MS = 86_400_000;
/** The broker charges at least 100 ISK per placement or change (esi.md §6.1). */
const MINIMUM_BROKER_FEE: Cents = 100_00;
const PPM = 1_000_000;
// Bound once: global lookups are slow inside Jest's sandbox, and these run per fill.
const { abs, floor, max, min } = Math;
const { isSafeInteger, POSITIVE_INFINITY: INFINITY, NEGATIVE_INFINITY } = Number;
const parseDate = Date.parse;
const NO_ORDER: FillBrokerFee = { source: 'noOrder' };
const ESTIMATED = Object.fromEntries(
  Object.keys(BROKER_FEE_ESTIMATE_REASONS).map((reason) => [reason, { source: 'estimated', reason }]),
) as Record<BrokerFeeEstimateReason, FillBrokerFee>;

export function initialOrderFeeState(): OrderFeeState {
  return {
    orders: new Map(),
    groups: new Map(),
    groupsByCharacter: new Map(),
    feeRows: new Map(),
    feeRowsAt: new Map(),
    ordersAt: new Map(),
    pairings: new Map(),
    readTimes: new Map(),
    historyFrom: new Map(),
    rates: new Map(),
    ordersByCharacter: new Map(),
    feeRowsByCharacter: new Map(),
    spans: new Map(),
    openByCharacter: new Map(),
    fillTimes: new Map(),
    unboundedOrders: new Map(),
    windowEpoch: 0,
    fillFees: new Map(),
    feeRowMatches: new Map(),
    recordedMatches: new Map(),
    recordedRows: new Set(),
    recordedFills: new Map(),
    recordedRowsAt: new Map(),
    leftMatching: new Set(),
    latestFillMs: new Map(),
    latestFeeRowMs: new Map(),
    recordedFillChanges: [],
    closing: new Map(),
    dirty: new Map(),
    changes: emptyOrderFeeChanges(),
  };
}

const groupKey = (characterId: number, typeId: number, locationId: number, isBuy: boolean): string =>
  `${characterId}:${typeId}:${locationId}:${isBuy ? 'b' : 's'}`;
const secondKey = (characterId: number, timeMs: number): string => `${characterId}:${floor(timeMs / 1000)}`;
const ratesKey = (characterId: number, locationId: number): string => `${characterId}:${locationId}`;

function groupOf(state: OrderFeeState, key: string, characterId: number, locationId: number): Group {
  let group = state.groups.get(key);
  if (!group) {
    group = {
      characterId,
      locationId,
      orders: [],
      fills: [],
      reach: { before: 0, after: 0 },
      reachEpoch: state.windowEpoch,
    };
    state.groups.set(key, group);
    let groups = state.groupsByCharacter.get(characterId);
    if (!groups) {
      groups = new Set();
      state.groupsByCharacter.set(characterId, groups);
    }
    groups.add(group);
  }
  return group;
}

function parseTime(date: string, what: string): number {
  const timeMs = parseDate(date);
  if (timeMs !== timeMs) throw new RangeError(`${what} has no valid date: ${date}`);
  return timeMs;
}

function markDirty(state: OrderFeeState, group: Group, fromMs: number, toMs: number): void {
  const span = state.dirty.get(group);
  if (!span) state.dirty.set(group, { fromMs, toMs });
  else {
    span.fromMs = min(span.fromMs, fromMs);
    span.toMs = max(span.toMs, toMs);
  }
}

/** Latest index in an ascending array whose value is < `value`, or -1. */
/** The first index of a sorted array whose item is not `before` the value (the array's length if none is). */
function firstNotBefore<T>(items: readonly T[], before: (item: T) => boolean): number {
  let low = 0;
  let high = items.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (before(items[middle]!)) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Latest index in an ascending array whose value is < `value`, or -1. */
function lastBefore(values: readonly number[], value: number): number {
  return firstNotBefore(values, (item) => item < value) - 1;
}

/** The items of a time-sorted array within [span.fromMs, span.toMs]. */
function within<T extends { readonly timeMs: number }>(items: readonly T[], span: Span): T[] {
  const found: T[] = [];
  for (
    let index = firstNotBefore(items, (item) => item.timeMs < span.fromMs);
    index < items.length && items[index]!.timeMs <= span.toMs;
    index++
  )
    found.push(items[index]!);
  return found;
}

/** ESI answers `/characters/{id}/orders` from a cache up to this old: a read shows the orders as they were then. */
const ORDERS_CACHE_MS = 20 * 60_000;

/**
 * When the order may have filled: from the read before the one that first showed it (it was placed after what that
 * read showed, or the read would have shown it) to the read that found it closed, or for an open order to what its
 * last read may not have shown yet (a later fill of it would change it, and the sync records every change).
 */
function windowOf(state: OrderFeeState, order: OrderRecord): Span {
  if (order.window && order.windowEpoch === state.windowEpoch) return order.window;
  const first = order.events[0]!.timeMs;
  const reads = state.readTimes.get(order.characterId) ?? [];
  const previous = reads[lastBefore(reads, order.firstReadMs)];
  order.window = {
    fromMs: previous === undefined ? first : min(first, previous - ORDERS_CACHE_MS),
    toMs: order.closed
      ? max(order.lastReadMs, order.events.at(-1)!.timeMs)
      : max(order.lastReadMs, order.events.at(-1)!.timeMs) + ORDERS_CACHE_MS,
  };
  order.windowEpoch = state.windowEpoch;
  return order.window;
}

function markOrderDirty(state: OrderFeeState, order: OrderRecord): void {
  if (order.events.length === 0) return;
  const window = windowOf(state, order);
  markDirty(state, order.group, window.fromMs, window.toMs);
}

/**
 * The pairing of a second changed: its orders match again, and so do the orders that could have paid one of its rows
 * (a row that pairs is nobody else's; one that no longer pairs may be).
 */
function markSecondDirty(state: OrderFeeState, key: string): void {
  state.pairings.delete(key);
  for (const orderId of state.ordersAt.get(key) ?? []) {
    const order = state.orders.get(orderId)!;
    markOrderDirty(state, order);
    // Whether its first event's fee was its placement decides whether the rows before it could be its.
    const first = order.events[0]!.timeMs;
    if (secondKey(order.characterId, first) === key)
      markCandidatesDirty(
        state,
        order,
        within(state.feeRowsByCharacter.get(order.characterId) ?? [], {
          fromMs: windowOf(state, order).fromMs,
          toMs: first - 1,
        }),
      );
  }
  for (const row of state.feeRowsAt.get(key) ?? []) {
    for (const order of ordersAround(state, row.characterId, row.timeMs, row.timeMs))
      if (couldBeFeeOf(state, order, row)) markDirty(state, order.group, row.timeMs, row.timeMs);
    // Whether the row is explained decides whether a later order of unbounded placement may have paid it.
    for (const order of state.unboundedOrders.get(row.characterId) ?? []) {
      const first = order.events[0]!.timeMs;
      if (first > row.timeMs && first <= row.timeMs + ORDER_LIFE_MS) markOrderDirty(state, order);
    }
  }
}

/** A read of an order: a new `issued` is a placement or change to match a fee row to. */
export function recordOrderRead(state: OrderFeeState, read: LedgerOrderRead): void {
  const readMs = parseTime(read.readAt, `order ${read.orderId}'s read`);
  const issuedMs = parseTime(read.issued, `order ${read.orderId}`);
  if (!isSafeInteger(read.volumeTotal) || read.volumeTotal < 1)
    throw new RangeError(`order ${read.orderId} needs a whole volume ≥ 1`);
  if (!isSafeInteger(read.price) || read.price < 0)
    throw new RangeError(`order ${read.orderId} needs a price in whole cents ≥ 0`);
  recordReadTime(state, read.characterId, readMs);
  if (read.closed) recordHistoryRead(state, read.characterId, readMs);
  if (state.recordedMatches.has(read.orderId)) {
    recordReadOfRecordedOrder(state, read, readMs, issuedMs);
    return;
  }
  let order = state.orders.get(read.orderId);
  const knownBefore = order !== undefined && order.events.length > 0;
  const isNewEvent = !knownBefore || !order!.events.some((event) => event.timeMs === issuedMs);
  // An open order's matching waits for it to close: a read that only says how much is left changes none of it.
  const changesItsMatch = !knownBefore || isNewEvent || read.closed || readMs < order!.firstReadMs;
  const openWindowEndMs = knownBefore && !order!.closed ? windowOf(state, order!).toMs : null;
  // The fee rows this order could have paid before the read: the read may add or drop some, and each such row is
  // then more or less clearly another order's.
  const rowsBefore = knownBefore ? rowsItCouldHavePaid(state, order!) : new Set<FeeRowRecord>();
  if (!order) order = newOrderRecord(state, read, readMs, true);
  else if (changesItsMatch) {
    // The window before this read, so the settling also revisits what it covered.
    markOrderDirty(state, order);
  }
  if (noteRead(order, read, readMs)) noteClosing(state, order);
  if (!order.events.some((event) => event.timeMs === issuedMs)) {
    const previousFirstMs = order.events[0]?.timeMs ?? null;
    order.events.push({ timeMs: issuedMs, price: read.price });
    order.events.sort((a, b) => a.timeMs - b.timeMs);
    indexOrder(state, order, previousFirstMs);
    const key = secondKey(order.characterId, issuedMs);
    let atSecond = state.ordersAt.get(key);
    if (!atSecond) {
      atSecond = new Set();
      state.ordersAt.set(key, atSecond);
    }
    atSecond.add(order.orderId);
    markSecondDirty(state, key);
  }
  order.window = null;
  let open = state.openByCharacter.get(order.characterId);
  if (!open) {
    open = new Set();
    state.openByCharacter.set(order.characterId, open);
  }
  if (order.closed) open.delete(order);
  else open.add(order);
  noteSpans(state, order);
  notePlacementBound(state, order);
  if (changesItsMatch) markOrderDirty(state, order);
  // An open order's window reaches to what its last read may not show: a newer read moves its end.
  else if (openWindowEndMs !== null)
    markDirty(state, order.group, openWindowEndMs, windowOf(state, order).toMs);
  markNeighboursDirty(state, order, rowsBefore);
}

/**
 * What a read says of the order itself: when it was first seen, what was left then, and whether it is closed.
 * Answers whether this read found it closed.
 */
function noteRead(order: OrderRecord, read: LedgerOrderRead, readMs: number): boolean {
  order.firstReadMs = min(order.firstReadMs, readMs);
  if (!read.closed) order.seenOpen = true;
  insertRead(order, readMs, read.volumeRemain);
  if (order.closed || (!read.closed && readMs < order.lastReadMs)) return false;
  order.lastReadMs = readMs;
  order.remainAtLastRead = read.volumeRemain;
  order.closed = read.closed;
  return order.closed;
}

function newOrderRecord(
  state: OrderFeeState,
  read: LedgerOrderRead,
  readMs: number,
  inMatching: boolean,
): OrderRecord {
  const order: OrderRecord = {
    orderId: read.orderId,
    characterId: read.characterId,
    typeId: read.typeId,
    locationId: read.locationId,
    isBuy: read.isBuy,
    volumeTotal: read.volumeTotal,
    events: [],
    reads: [],
    firstReadMs: readMs,
    seenOpen: false,
    lastReadMs: readMs,
    remainAtLastRead: read.volumeRemain,
    closed: false,
    match: state.recordedMatches.get(read.orderId) ?? null,
    rates: ratesAt(state, read.characterId, read.locationId),
    group: groupOf(
      state,
      groupKey(read.characterId, read.typeId, read.locationId, read.isBuy),
      read.characterId,
      read.locationId,
    ),
    corporationOrder: read.corporationOrder ?? false,
    window: null,
    windowEpoch: -1,
    inMatching,
  };
  state.orders.set(order.orderId, order);
  return order;
}

/**
 * A read of an order whose match is recorded (a rebuild reads the records first): its document shows the read, and
 * the matching does not see it (§6.6). The first read teaches the learned rates what the record says it taught.
 */
function recordReadOfRecordedOrder(
  state: OrderFeeState,
  read: LedgerOrderRead,
  readMs: number,
  issuedMs: number,
): void {
  let order = state.orders.get(read.orderId);
  if (!order) {
    order = newOrderRecord(state, read, readMs, false);
    teachRecordedRates(state, order, state.recordedMatches.get(order.orderId)!.taught);
  }
  noteRead(order, read, readMs);
  if (!order.events.some((event) => event.timeMs === issuedMs)) {
    // Its character's list, sorted by first events, may hold it until the next settling: it leaves it now.
    const first = order.events[0];
    if (first && issuedMs < first.timeMs && state.leftMatching.has(order.characterId))
      removeSorted(state.ordersByCharacter.get(order.characterId)!, order, firstEventOf);
    order.events.push({ timeMs: issuedMs, price: read.price });
    order.events.sort((a, b) => a.timeMs - b.timeMs);
  }
  order.window = null;
  state.changes.orderIds.add(order.orderId);
}

/** Keeps the character's orders of unbounded placement (no read before the first event would have shown them). */
function notePlacementBound(state: OrderFeeState, order: OrderRecord): void {
  if (!order.inMatching) return;
  let unbounded = state.unboundedOrders.get(order.characterId);
  if (!unbounded) {
    unbounded = new Set();
    state.unboundedOrders.set(order.characterId, unbounded);
  }
  if (windowOf(state, order).fromMs >= order.events[0]!.timeMs) unbounded.add(order);
  else unbounded.delete(order);
}

function insertRead(order: OrderRecord, readMs: number, remain: number): void {
  const { reads } = order;
  const at = firstNotBefore(reads, (read) => read.readMs < readMs);
  if (reads[at]?.readMs === readMs) return;
  reads.splice(at, 0, { readMs, remain });
}

/**
 * Keeps the character's orders, and its group's, sorted by their first event (mostly new ones, in time order:
 * appended).
 */
function indexOrder(state: OrderFeeState, order: OrderRecord, previousFirstMs: number | null): void {
  const first = order.events[0]!.timeMs;
  if (previousFirstMs === first) return;
  for (const orders of [listIn(state.ordersByCharacter, order.characterId), order.group.orders]) {
    if (previousFirstMs !== null) orders.splice(orders.indexOf(order), 1);
    let at = orders.length;
    while (at > 0 && orders[at - 1]!.events[0]!.timeMs > first) at--;
    orders.splice(at, 0, order);
  }
}

/** Widens the group's reach to hold the order's window as it is now. */
function noteGroupReach(state: OrderFeeState, group: Group, order: OrderRecord): void {
  if (group.reachEpoch !== state.windowEpoch) return;
  const window = windowOf(state, order);
  const first = order.events[0]!.timeMs;
  group.reach.before = max(group.reach.before, first - window.fromMs);
  group.reach.after = max(group.reach.after, window.toMs - first);
}

/**
 * The first of the group's orders whose window may hold `fromMs` or later: a caller looks from it up to the first
 * order whose first event is later than its span's end plus `group.reach.before`. A read that lands between the
 * character's earlier ones moves windows (`windowEpoch`), and the reach is worked out again first.
 */
function firstOrderNear(state: OrderFeeState, group: Group, fromMs: number): number {
  if (group.reachEpoch !== state.windowEpoch) {
    group.reachEpoch = state.windowEpoch;
    group.reach = { before: 0, after: 0 };
    for (const order of group.orders) noteGroupReach(state, group, order);
  }
  const earliestFirstMs = fromMs - group.reach.after;
  return firstNotBefore(group.orders, (order) => order.events[0]!.timeMs < earliestFirstMs);
}

/**
 * An order the reads first showed closed, long after its last event (the first history read lists 90 days), lived
 * an unknown part of its window: it does not stretch how far back the character's orders are looked for.
 */
const UNSEEN_LIFE_LIMIT_MS = 86_400_000;

function noteSpans(state: OrderFeeState, order: OrderRecord): void {
  noteGroupReach(state, order.group, order);
  const window = windowOf(state, order);
  const first = order.events[0]!.timeMs;
  const spans = state.spans.get(order.characterId) ?? { life: 0, lead: 0 };
  const life = window.toMs - first;
  if (order.closed && (order.seenOpen || life <= UNSEEN_LIFE_LIMIT_MS)) spans.life = max(spans.life, life);
  spans.lead = max(spans.lead, first - window.fromMs);
  state.spans.set(order.characterId, spans);
}

/** The character's orders whose windows may hold `timeMs` (open ones, and closed ones that lived long enough). */
function ordersAround(
  state: OrderFeeState,
  characterId: number,
  fromMs: number,
  toMs: number,
): OrderRecord[] {
  const orders = state.ordersByCharacter.get(characterId) ?? [];
  const spans = state.spans.get(characterId) ?? { life: 0, lead: 0 };
  const found: OrderRecord[] = [];
  const earliest = fromMs - spans.life;
  const start = firstNotBefore(orders, (order) => order.events[0]!.timeMs < earliest);
  for (let index = start; index < orders.length; index++) {
    const order = orders[index]!;
    if (order.events[0]!.timeMs > toMs + spans.lead) break;
    const window = windowOf(state, order);
    if (order.closed && window.fromMs <= toMs && fromMs <= window.toMs) found.push(order);
  }
  for (const order of state.openByCharacter.get(characterId) ?? [])
    if (windowOf(state, order).fromMs <= toMs) found.push(order);
  return found;
}

/** The fee rows in the order's window that could be an unseen placement or change of it. */
function rowsItCouldHavePaid(state: OrderFeeState, order: OrderRecord): Set<FeeRowRecord> {
  const rows = new Set<FeeRowRecord>();
  const span = { fromMs: windowOf(state, order).fromMs, toMs: order.events.at(-1)!.timeMs };
  for (const row of within(state.feeRowsByCharacter.get(order.characterId) ?? [], span))
    if (couldBeFeeOf(state, order, row)) rows.add(row);
  return rows;
}

/**
 * A row this order could have paid before the read and not after, or the other way round, is now more or less
 * clearly another order's: the other orders that could have paid it look at it again.
 */
function markNeighboursDirty(state: OrderFeeState, order: OrderRecord, rowsBefore: Set<FeeRowRecord>): void {
  const rowsAfter = rowsItCouldHavePaid(state, order);
  const changed = [...rowsBefore].filter((row) => !rowsAfter.has(row));
  for (const row of rowsAfter) if (!rowsBefore.has(row)) changed.push(row);
  markCandidatesDirty(state, order, changed);
}

/** The orders other than this one that could have paid one of the rows look at them again. */
function markCandidatesDirty(state: OrderFeeState, order: OrderRecord, rows: readonly FeeRowRecord[]): void {
  for (const row of rows)
    for (const neighbour of ordersAround(state, order.characterId, row.timeMs, row.timeMs))
      if (neighbour !== order && couldBeFeeOf(state, neighbour, row))
        markDirty(state, neighbour.group, row.timeMs, row.timeMs);
}

function recordReadTime(state: OrderFeeState, characterId: number, readMs: number): void {
  let reads = state.readTimes.get(characterId);
  if (!reads) {
    reads = [];
    state.readTimes.set(characterId, reads);
  }
  const at = lastBefore(reads, readMs) + 1;
  if (reads[at] === readMs) return;
  const newest = at === reads.length;
  const previousNewest = reads.at(-1) ?? NEGATIVE_INFINITY;
  reads.splice(at, 0, readMs);
  if (!newest) {
    // A read in the middle moves windows.
    state.windowEpoch++;
    for (const group of state.groupsByCharacter.get(characterId) ?? [])
      markDirty(state, group, NEGATIVE_INFINITY, INFINITY);
    for (const order of state.ordersByCharacter.get(characterId) ?? []) notePlacementBound(state, order);
    return;
  }
  // Fills after the newest read were not yet known to be free of orders.
  const sinceMs = previousNewest - ORDERS_CACHE_MS;
  for (const fill of within(state.fillTimes.get(characterId) ?? [], { fromMs: sinceMs, toMs: readMs }))
    if (fill.timeMs > sinceMs)
      markDirty(
        state,
        state.groups.get(groupKey(fill.characterId, fill.typeId, fill.locationId, fill.isBuy))!,
        sinceMs,
        readMs,
      );
}

function recordHistoryRead(state: OrderFeeState, characterId: number, readMs: number): void {
  const reaches = readMs - ORDER_HISTORY_MS;
  const before = state.historyFrom.get(characterId) ?? INFINITY;
  if (reaches >= before) return;
  state.historyFrom.set(characterId, reaches);
  for (const group of state.groupsByCharacter.get(characterId) ?? [])
    if ((group.fills[0]?.timeMs ?? INFINITY) < before) markDirty(state, group, reaches, before);
}

export function recordBrokerFeeRow(state: OrderFeeState, row: LedgerBrokerFeeRow): void {
  if (state.feeRows.has(row.journalEntryId)) return;
  if (!isSafeInteger(row.amount) || row.amount < 0)
    throw new RangeError(`journal entry ${row.journalEntryId}: the fee paid is whole cents ≥ 0`);
  const record: FeeRowRecord = { ...row, timeMs: parseTime(row.date, `journal entry ${row.journalEntryId}`) };
  state.feeRows.set(row.journalEntryId, record);
  state.changes.feeRowIds.add(row.journalEntryId);
  noteLatest(state.latestFeeRowMs, row.characterId, record.timeMs);
  const key = secondKey(row.characterId, record.timeMs);
  // A recorded match's row is its order's (a rebuild reads the records first): no other order's candidate.
  if (state.recordedRows.has(row.journalEntryId)) {
    state.recordedRowsAt.set(key, (state.recordedRowsAt.get(key) ?? 0) + 1);
    return;
  }
  const rows = state.feeRowsAt.get(key);
  if (rows) rows.push(record);
  else state.feeRowsAt.set(key, [record]);
  insertInTimeOrder(listIn(state.feeRowsByCharacter, row.characterId), record, record.timeMs, timeOf);
  // It may be the fee of a change no read showed, of any order of the character open then.
  markSecondDirty(state, key);
}

/**
 * A character's fill for its corporation: it filled the corporation's order, or the corporation's wallet took it
 * from another's, and the character's own orders and fee rows say nothing of it (the corporation's are matched to
 * the fills of its wallet divisions); its fee is the configured rate's.
 */
export function recordCorporationFill(state: OrderFeeState, transactionId: number): void {
  state.fillFees.set(transactionId, ESTIMATED.corporationFill);
}

/**
 * A read of an owner's orders that showed none of its own (a character's orders for its corporation): the owner's
 * orders were read then all the same, so its fills up to it are known to be free of orders it did not show.
 */
export function recordOrdersRead(state: OrderFeeState, read: LedgerOrdersRead): void {
  const readMs = parseTime(read.readAt, `character ${read.characterId}'s order read`);
  recordReadTime(state, read.characterId, readMs);
  if (read.closed) recordHistoryRead(state, read.characterId, readMs);
}

export function recordFill(state: OrderFeeState, fill: OrderFill): void {
  noteLatest(state.latestFillMs, fill.characterId, fill.timeMs);
  // A recorded match's fill has the fee it records (a rebuild reads the records first), and no other order takes it.
  const recorded = state.recordedFills.get(fill.transactionId);
  if (recorded) {
    state.fillFees.set(fill.transactionId, recorded);
    return;
  }
  const key = groupKey(fill.characterId, fill.typeId, fill.locationId, fill.isBuy);
  const group = groupOf(state, key, fill.characterId, fill.locationId);
  const { fills, orders } = group;
  // The wallet bounds only a character's orders (unitsOnOrderAt): those changed after the fill, whose window holds it.
  const rowsBeforeFill: { order: OrderRecord; rowsBefore: Set<FeeRowRecord> }[] = [];
  for (let index = firstOrderNear(state, group, fill.timeMs); index < orders.length; index++) {
    const order = orders[index]!;
    const { events } = order;
    if (events[0]!.timeMs > fill.timeMs + group.reach.before) break;
    if (order.corporationOrder || fill.timeMs >= events[events.length - 1]!.timeMs) continue;
    if (windowOf(state, order).fromMs <= fill.timeMs)
      rowsBeforeFill.push({ order, rowsBefore: rowsItCouldHavePaid(state, order) });
  }
  // Mostly in time order: appended; otherwise put in place.
  if (fills.length === 0 || fillOrder(fills.at(-1)!, fill) < 0) fills.push(fill);
  else {
    fills.splice(
      firstNotBefore(fills, (other) => fillOrder(other, fill) < 0),
      0,
      fill,
    );
  }
  insertInTimeOrder(listIn(state.fillTimes, fill.characterId), fill, fill.timeMs, timeOf);
  // Most fills meet no order of the character (taken from the market, or before any read): settled at once.
  if (orders.length === 0) state.fillFees.set(fill.transactionId, noOrderOrEstimate(state, fill));
  else {
    markDirty(state, group, fill.timeMs, fill.timeMs);
    // Fewer units may have been on an order after the fill, so it may have paid other changes than before.
    for (const { order, rowsBefore } of rowsBeforeFill) markNeighboursDirty(state, order, rowsBefore);
  }
}

function fillOrder(a: OrderFill, b: OrderFill): number {
  return a.timeMs - b.timeMs || a.transactionId - b.transactionId;
}

/**
 * The fee rows of one character's second, paired with the orders placed or changed in it: one each, the rows
 * nearest what each event should have cost (orders placed in the same second are told apart by what they cost;
 * beyond four, larger with larger), ties by order id and journal id. A second with more rows than events the reads
 * showed pairs none, and so does one whose rows are not each within 5% of what its event should have cost.
 */
function pairedFeesAt(state: OrderFeeState, key: string): Map<number, FeeRowRecord> {
  const cached = state.pairings.get(key);
  if (cached) return cached;
  const paired = new Map<number, FeeRowRecord>();
  state.pairings.set(key, paired);
  const rows = [...(state.feeRowsAt.get(key) ?? [])].sort(
    (a, b) => a.amount - b.amount || a.journalEntryId - b.journalEntryId,
  );
  if (rows.length === 0) return paired;
  const second = Number(key.slice(key.indexOf(':') + 1));
  const orders = [...(state.ordersAt.get(key) ?? [])]
    .map((orderId) => {
      const order = state.orders.get(orderId)!;
      const index = order.events.findIndex((candidate) => floor(candidate.timeMs / 1000) === second);
      const event = order.events[index]!;
      // What the event should have cost: the rate (a placement) or the relist rate (a change) on its price times
      // the units the first read after it showed (fills in between make this a little low; a ranking needs no more).
      const read = order.reads.find((candidate) => candidate.readMs >= event.timeMs);
      const rates = order.rates;
      const placementRate = rates.placement.mode ?? RATE_BOUNDS.low;
      const rate = index === 0 ? placementRate : (rates.relist.mode ?? placementRate * 2.5) / 10;
      return { orderId, value: (event.price * (read?.remain ?? order.volumeTotal) * rate) / PPM };
    })
    .sort((a, b) => a.value - b.value || a.orderId - b.orderId);
  if (rows.length !== orders.length) return paired;
  // A few events in one second: the pairing whose amounts are nearest what each should have cost (by ratio).
  let best: number[] = orders.map((_, index) => index);
  if (orders.length > 1 && orders.length <= 4) {
    let bestError = INFINITY;
    for (const permutation of permutations(orders.length)) {
      let error = 0;
      permutation.forEach((row, order) => {
        error += Math.log(max(1, rows[row]!.amount) / max(1, orders[order]!.value)) ** 2;
      });
      if (error < bestError - 1e-12) {
        bestError = error;
        best = permutation;
      }
    }
  }
  // Unless every row is near what its event should have cost, which row is whose is a guess: pair none.
  if (
    orders.length > 1 &&
    orders.some(
      (order, index) => abs(Math.log(max(1, rows[best[index]!]!.amount) / max(1, order.value))) > 0.05,
    )
  )
    return paired;
  orders.forEach((order, index) => paired.set(order.orderId, rows[best[index]!]!));
  return paired;
}

function permutations(count: number): number[][] {
  if (count === 1) return [[0]];
  return permutations(count - 1).flatMap((shorter) =>
    Array.from({ length: count }, (_, at) => [...shorter.slice(0, at), count - 1, ...shorter.slice(at)]),
  );
}

/** Whether a fee is what placing `value` at `ratePpm` costs (the broker's rounding may differ by a cent). */
function isPlacementFee(amount: Cents, value: number, ratePpm: number): boolean {
  const expected = max(MINIMUM_BROKER_FEE, applyRate(value, ratePpm));
  return abs(amount - expected) <= max(1, floor(expected / 100_000));
}

function ratesAt(state: OrderFeeState, characterId: number, locationId: number): LocationRates {
  const key = ratesKey(characterId, locationId);
  let rates = state.rates.get(key);
  if (!rates) {
    rates = { placement: emptyTally(), relist: emptyTally() };
    state.rates.set(key, rates);
  }
  return rates;
}

/** Records one of the order's ratios; returns whether the most common value changed. */
function noteRatio(rates: Tally, order: OrderRecord, ppm: number | null): boolean {
  const before = rates.byOrder.get(order.orderId) ?? null;
  if (before === ppm) return false;
  const modeBefore = rates.mode;
  if (before !== null) {
    const left = rates.counts.get(before)! - 1;
    if (left === 0) rates.counts.delete(before);
    else rates.counts.set(before, left);
    rates.byOrder.delete(order.orderId);
  }
  if (ppm !== null) {
    rates.counts.set(ppm, (rates.counts.get(ppm) ?? 0) + 1);
    rates.byOrder.set(order.orderId, ppm);
  }
  // Only a value that lost a count can take the lead from another: otherwise the new value is compared with the
  // mode alone (a year's settling noted 70,000 ratios, and counting every value each time was most of its cost).
  if (before !== null && before === modeBefore) rates.mode = modeOf(rates.counts);
  else if (ppm !== null && moreCommon(rates.counts, ppm, rates.mode)) rates.mode = ppm;
  return rates.mode !== modeBefore;
}

/** Whether `value` leads `mode`: counted more often, or as often and larger. */
function moreCommon(counts: ReadonlyMap<number, number>, value: number, mode: number | null): boolean {
  if (mode === null) return true;
  const count = counts.get(value)!;
  const modeCount = counts.get(mode)!;
  return count > modeCount || (count === modeCount && value > mode);
}

/** The most common value (the larger of a tie); null when nothing is counted. */
function modeOf(counts: ReadonlyMap<number, number>): number | null {
  let mode: number | null = null;
  let modeCount = 0;
  counts.forEach((count, value) => {
    if (count > modeCount || (count === modeCount && value > mode!)) {
      mode = value;
      modeCount = count;
    }
  });
  return mode;
}

/**
 * Settles what changed since the last call and returns the fills whose broker fee changed. Only the orders whose
 * windows overlap a change, and the fills in those windows, are matched again: what the matching finds is a
 * function of the inputs alone, whatever order they came in.
 */
export function settleOrderFees(state: OrderFeeState): number[] {
  compactLeftMatching(state);
  const changed = state.recordedFillChanges;
  state.recordedFillChanges = [];
  noteFinalOrders(state);
  if (state.dirty.size === 0) return changed;
  for (let round = 0; state.dirty.size > 0; round++) {
    if (round > 3) throw new Error('order fee matching did not settle');
    const dirty = [...state.dirty];
    state.dirty.clear();
    const movedRates = new Set<string>();
    for (const [group, span] of dirty) {
      for (const [transactionId, fee] of settleSpan(state, group, span, movedRates)) {
        const before = state.fillFees.get(transactionId);
        if (before && sameFillFee(before, fee)) continue;
        state.fillFees.set(transactionId, fee);
        changed.push(transactionId);
      }
    }
    for (const rateKey of movedRates) rateMoved(state, Number(rateKey.split(':')[0]));
  }
  return changed;
}

function sameFillFee(a: FillBrokerFee, b: FillBrokerFee): boolean {
  if (a.source !== b.source) return false;
  if (a.source === 'order' && b.source === 'order') return a.fee === b.fee && a.orderId === b.orderId;
  if (a.source === 'estimated' && b.source === 'estimated') return a.reason === b.reason;
  return true;
}

interface Working {
  readonly order: OrderRecord;
  /** The order's first event the reads showed: the strict match takes no fill before it. */
  readonly firstEventMs: number;
  readonly window: Span;
  readonly fills: OrderFill[];
  filled: number;
}

/** Units the order can still have filled: a closed order exactly what its record says it filled. */
function capacity(work: Working): number {
  const { order } = work;
  return (order.closed ? order.volumeTotal - order.remainAtLastRead : order.volumeTotal) - work.filled;
}

function priceAt(order: OrderRecord, timeMs: number): Cents | null {
  let price: Cents | null = null;
  for (const event of order.events) {
    if (event.timeMs > timeMs) break;
    price = event.price;
  }
  return price;
}

const overlaps = (a: Span, b: Span): boolean => a.fromMs <= b.toMs && b.fromMs <= a.toMs;

function settleSpan(
  state: OrderFeeState,
  group: Group,
  span: Span,
  movedRates: Set<string>,
): Map<number, FillBrokerFee> {
  const fees = new Map<number, FillBrokerFee>();
  if (group.orders.length === 0) {
    for (const fill of within(group.fills, span))
      fees.set(fill.transactionId, noOrderOrEstimate(state, fill));
    return fees;
  }
  // The orders whose windows overlap the change, and every order overlapping those: a fill can only go to an
  // order whose window holds it, so what lies outside these windows keeps its match. A group holds every order of
  // the year and settles after each batch that touches it: only the range of its orders near the reach is looked
  // through, in place.
  const reach: Span = { fromMs: span.fromMs, toMs: span.toMs };
  const taken = new Set<OrderRecord>();
  const { orders } = group;
  for (let grew = true; grew;) {
    grew = false;
    for (let index = firstOrderNear(state, group, reach.fromMs); index < orders.length; index++) {
      const order = orders[index]!;
      // The reach grows as orders are taken: so does the range.
      if (order.events[0]!.timeMs > reach.toMs + group.reach.before) break;
      if (taken.has(order)) continue;
      const window = windowOf(state, order);
      if (!overlaps(window, reach)) continue;
      taken.add(order);
      reach.fromMs = min(reach.fromMs, window.fromMs);
      reach.toMs = max(reach.toMs, window.toMs);
      grew = true;
    }
  }
  const works: Working[] = [];
  for (const order of taken)
    works.push({
      order,
      firstEventMs: order.events[0]!.timeMs,
      window: windowOf(state, order),
      fills: [],
      filled: 0,
    });
  works.sort((a, b) => a.firstEventMs - b.firstEventMs || a.order.orderId - b.order.orderId);
  const fills = within(group.fills, reach);
  // The market fills the oldest order first at one price: the first order open at the fill's price takes it.
  const unplaced: OrderFill[] = [];
  for (const fill of fills) {
    const work = works.find(
      (candidate) =>
        candidate.firstEventMs <= fill.timeMs &&
        fill.timeMs <= candidate.window.toMs &&
        capacity(candidate) >= fill.quantity &&
        priceAt(candidate.order, fill.timeMs) === fill.unitPrice,
    );
    if (!work) {
      unplaced.push(fill);
      continue;
    }
    work.fills.push(fill);
    work.filled += fill.quantity;
  }
  // A fill at a price no read showed, in the window of an order still short of fills: its unseen change.
  for (const fill of unplaced) {
    const work = works.find(
      (candidate) =>
        candidate.window.fromMs <= fill.timeMs &&
        fill.timeMs <= candidate.window.toMs &&
        capacity(candidate) >= fill.quantity,
    );
    if (!work) {
      fees.set(fill.transactionId, noOrderOrEstimate(state, fill));
      continue;
    }
    work.fills.push(fill);
    work.filled += fill.quantity;
  }
  for (const work of works) {
    const match = matchOrder(state, work, movedRates);
    noteMatch(state, work.order, match);
    match.fills.forEach((fill) =>
      fees.set(
        fill.transactionId,
        match.complete
          ? { source: 'order', orderId: work.order.orderId, fee: fill.fee }
          : ESTIMATED[match.reason!],
      ),
    );
  }
  return fees;
}

/**
 * An order's match recorded final (`OrderFeesMatched`, docs/profit-rules.md §6.6): from now on its fee rows and its
 * fills' fees are what the record says, whatever the matching finds, and the order, its rows and its fills leave the
 * matching: no other order may take them, and none of them stands in another order's way. A rebuild reads the records
 * first, so a recorded order's inputs never enter the matching; folded later, as they come in the log, they leave it
 * here, and what the other orders find is the same.
 */
export function recordMatchedOrder(state: OrderFeeState, recorded: RecordedOrderMatch): void {
  if (!recorded.complete)
    throw new RangeError(`order ${recorded.orderId}: only a complete match is recorded`);
  if (state.recordedMatches.has(recorded.orderId)) return;
  const order = state.orders.get(recorded.orderId);
  // Its fills the matching held, settled or waiting for the batch's settling.
  const heldFills = order?.inMatching ? leaveMatching(state, order, recorded) : new Set<number>();
  state.recordedMatches.set(recorded.orderId, recorded);
  state.changes.orderIds.add(recorded.orderId);
  for (const fee of order?.match?.fees ?? []) {
    if (state.feeRowMatches.get(fee.journalEntryId)?.orderId === recorded.orderId)
      state.feeRowMatches.delete(fee.journalEntryId);
    state.changes.feeRowIds.add(fee.journalEntryId);
  }
  for (const fee of recorded.fees) {
    state.recordedRows.add(fee.journalEntryId);
    state.feeRowMatches.set(fee.journalEntryId, { orderId: recorded.orderId, kind: fee.kind });
    state.changes.feeRowIds.add(fee.journalEntryId);
  }
  for (const fill of recorded.fills) {
    const fee: FillBrokerFee = { source: 'order', orderId: recorded.orderId, fee: fill.fee };
    state.recordedFills.set(fill.transactionId, fee);
    const before = state.fillFees.get(fill.transactionId);
    if (before === undefined ? !heldFills.has(fill.transactionId) : sameFillFee(before, fee)) continue;
    state.fillFees.set(fill.transactionId, fee);
    state.recordedFillChanges.push(fill.transactionId);
  }
  if (order) {
    order.match = recorded;
    teachRecordedRates(state, order, recorded.taught);
  }
}

/**
 * Takes a recorded order, its fee rows and its fills out of the matching. What could have depended on them is
 * matched again: the orders of the seconds they share, the orders that could have paid its rows or the rows it could
 * have paid, the orders whose units its fills bound, and its group where its window was. Answers the fills it took
 * out.
 */
function leaveMatching(state: OrderFeeState, order: OrderRecord, recorded: OrderMatch): Set<number> {
  const rows = recorded.fees.flatMap((fee) => {
    const row = state.feeRows.get(fee.journalEntryId);
    return row && !state.recordedRows.has(row.journalEntryId) ? [row] : [];
  });
  const recordedFillIds = new Set(recorded.fills.map((fill) => fill.transactionId));
  const fills = order.group.fills.filter((fill) => recordedFillIds.has(fill.transactionId));
  const seconds = new Set([
    ...order.events.map((event) => secondKey(order.characterId, event.timeMs)),
    ...rows.map((row) => secondKey(row.characterId, row.timeMs)),
  ]);
  const rowsItCouldPay = [...rowsItCouldHavePaid(state, order)];
  markOrderDirty(state, order);
  for (const key of seconds) markSecondDirty(state, key);
  markCandidatesDirty(state, order, [...rows, ...rowsItCouldPay]);
  const boundByFills = ordersBoundByFills(state, order, fills);

  const { group, characterId } = order;
  removeSorted(group.orders, order, firstEventOf);
  // The character's lists are long: they drop what left at the next settling, at once (see compactLeftMatching).
  state.leftMatching.add(characterId);
  for (const event of order.events) {
    const key = secondKey(characterId, event.timeMs);
    const atSecond = state.ordersAt.get(key)!;
    atSecond.delete(order.orderId);
    if (atSecond.size === 0) state.ordersAt.delete(key);
  }
  state.openByCharacter.get(characterId)?.delete(order);
  state.unboundedOrders.get(characterId)?.delete(order);
  // A recorded order left `closing` when its match became final; one recorded before (after a rules change) passes
  // out of it the same way, its document saying `recorded`.
  for (const row of rows) {
    const key = secondKey(row.characterId, row.timeMs);
    const atSecond = state.feeRowsAt.get(key)!.filter((other) => other !== row);
    if (atSecond.length === 0) state.feeRowsAt.delete(key);
    else state.feeRowsAt.set(key, atSecond);
    state.recordedRowsAt.set(key, (state.recordedRowsAt.get(key) ?? 0) + 1);
  }
  // `fillTimes` keeps them: a read only marks the groups of the fills after it dirty, and a settling finds the same.
  for (const fill of fills) removeSorted(group.fills, fill, timeOf);
  order.inMatching = false;

  for (const key of seconds) markSecondDirty(state, key);
  for (const { order: bound, rowsBefore } of boundByFills) markNeighboursDirty(state, bound, rowsBefore);
  return new Set(fills.map((fill) => fill.transactionId));
}

/**
 * Drops the orders and fee rows that left the matching from their characters' lists, before a settling looks through
 * them (marking dirty before then may look at them too, which only marks more).
 */
function compactLeftMatching(state: OrderFeeState): void {
  for (const characterId of state.leftMatching) {
    const orders = state.ordersByCharacter.get(characterId);
    if (orders)
      state.ordersByCharacter.set(
        characterId,
        orders.filter((order) => order.inMatching),
      );
    const rows = state.feeRowsByCharacter.get(characterId);
    if (rows)
      state.feeRowsByCharacter.set(
        characterId,
        rows.filter((row) => !state.recordedRows.has(row.journalEntryId)),
      );
  }
  state.leftMatching.clear();
}

/**
 * The orders of the group whose units the fills bound (see {@link unitsOnOrderAt}), with the rows each could have
 * paid before the fills change.
 */
function ordersBoundByFills(
  state: OrderFeeState,
  leaving: OrderRecord,
  fills: readonly OrderFill[],
): { order: OrderRecord; rowsBefore: Set<FeeRowRecord> }[] {
  const bound = new Map<OrderRecord, Set<FeeRowRecord>>();
  const { group } = leaving;
  for (const fill of fills)
    for (let index = firstOrderNear(state, group, fill.timeMs); index < group.orders.length; index++) {
      const order = group.orders[index]!;
      const { events } = order;
      if (events[0]!.timeMs > fill.timeMs + group.reach.before) break;
      if (order === leaving || bound.has(order)) continue;
      if (order.corporationOrder || fill.timeMs >= events[events.length - 1]!.timeMs) continue;
      if (windowOf(state, order).fromMs <= fill.timeMs) bound.set(order, rowsItCouldHavePaid(state, order));
    }
  return [...bound].map(([order, rowsBefore]) => ({ order, rowsBefore }));
}

/**
 * A recorded order teaches the learned rates what its record says it taught, whenever it was recorded.
 */
function teachRecordedRates(state: OrderFeeState, order: OrderRecord, taught: TaughtRates | null): void {
  const { rates } = order;
  const tallied = rates.placement.byOrder.get(order.orderId) ?? null;
  const movedPlacement = noteRatio(rates.placement, order, taught?.placementPpm ?? null);
  const movedRelist = noteRatio(rates.relist, order, taught?.relistTenthsOfPpm ?? null);
  const key = ratesKey(order.characterId, order.locationId);
  if (tallied !== (taught?.placementPpm ?? null)) state.changes.rateKeys.add(key);
  if (movedPlacement || movedRelist) rateMoved(state, order.characterId);
}

/**
 * A learned rate of the character moved: what each fee should have cost, and so every pairing and every plausible row
 * of the character, is worked out again (rates settle after the first orders; this is rare).
 */
function rateMoved(state: OrderFeeState, characterId: number): void {
  state.pairings.clear();
  for (const group of state.groupsByCharacter.get(characterId) ?? [])
    markDirty(state, group, NEGATIVE_INFINITY, INFINITY);
}

/** Where an order's match stands: open to change, final (waiting to be recorded), or recorded. */
export function orderMatchState(state: OrderFeeState, orderId: number): 'open' | 'final' | 'recorded' {
  if (state.recordedMatches.has(orderId)) return 'recorded';
  const order = state.orders.get(orderId);
  if (!order?.closed || !order.match?.complete) return 'open';
  return coveredUntil(state, order.characterId) >= order.lastReadMs + MATCH_FINAL_AFTER_MS ? 'final' : 'open';
}

/** How far the owner's order reads, fills and fee rows all reach. */
function coveredUntil(state: OrderFeeState, ownerId: number): number {
  return min(
    state.readTimes.get(ownerId)?.at(-1) ?? NEGATIVE_INFINITY,
    state.latestFillMs.get(ownerId) ?? NEGATIVE_INFINITY,
    state.latestFeeRowMs.get(ownerId) ?? NEGATIVE_INFINITY,
  );
}

function noteLatest(latest: Map<number, number>, ownerId: number, timeMs: number): void {
  if (timeMs > (latest.get(ownerId) ?? NEGATIVE_INFINITY)) latest.set(ownerId, timeMs);
}

/** Keeps the owner's closed orders by the read that found them closed, until their match is past changing. */
function noteClosing(state: OrderFeeState, order: OrderRecord): void {
  insertInTimeOrder(listIn(state.closing, order.characterId), order, order.lastReadMs, closedAt);
}

const timeOf = (item: { readonly timeMs: number }): number => item.timeMs;
const closedAt = (order: OrderRecord): number => order.lastReadMs;
const firstEventOf = (order: OrderRecord): number => order.events[0]!.timeMs;

/** Takes an item out of a list sorted by `keyOf`, if it is there. */
function removeSorted<T>(list: T[], item: T, keyOf: (item: T) => number): void {
  const key = keyOf(item);
  for (let index = firstNotBefore(list, (other) => keyOf(other) < key); index < list.length; index++) {
    if (list[index] === item) {
      list.splice(index, 1);
      return;
    }
    if (keyOf(list[index]!) > key) return;
  }
}

/** The list a map keeps under a key, made empty the first time. */
function listIn<K, T>(map: Map<K, T[]>, key: K): T[] {
  let list = map.get(key);
  if (!list) {
    list = [];
    map.set(key, list);
  }
  return list;
}

/** Inserts after every item no later than `timeMs`: mostly new items in time order, which are appended. */
function insertInTimeOrder<T>(list: T[], item: T, timeMs: number, timeOfItem: (item: T) => number): void {
  let at = list.length;
  while (at > 0 && timeOfItem(list[at - 1]!) > timeMs) at--;
  list.splice(at, 0, item);
}

/** The orders whose match has just become final: their documents say so (and a recorder records them). */
function noteFinalOrders(state: OrderFeeState): void {
  for (const [ownerId, closing] of state.closing) {
    const covered = coveredUntil(state, ownerId);
    let passed = 0;
    while (passed < closing.length && closing[passed]!.lastReadMs + MATCH_FINAL_AFTER_MS <= covered) {
      state.changes.orderIds.add(closing[passed]!.orderId);
      passed++;
    }
    if (passed > 0) closing.splice(0, passed);
  }
}

function noteMatch(state: OrderFeeState, order: OrderRecord, match: OrderMatch): void {
  for (const fee of order.match?.fees ?? []) {
    if (state.feeRowMatches.get(fee.journalEntryId)?.orderId === order.orderId)
      state.feeRowMatches.delete(fee.journalEntryId);
    state.changes.feeRowIds.add(fee.journalEntryId);
  }
  for (const fee of match.fees) {
    state.feeRowMatches.set(fee.journalEntryId, { orderId: order.orderId, kind: fee.kind });
    state.changes.feeRowIds.add(fee.journalEntryId);
  }
  order.match = match;
  state.changes.orderIds.add(order.orderId);
}

/** Every fill at a price no read showed comes after a fee inferred since the last event the reads showed. */
function everyUnseenPriceExplained(
  order: OrderRecord,
  work: Working,
  inferred: readonly { row: FeeRowRecord }[],
): boolean {
  for (const fill of work.fills) {
    if (priceAt(order, fill.timeMs) === fill.unitPrice) continue;
    let lastEvent = NEGATIVE_INFINITY;
    for (const event of order.events) if (event.timeMs <= fill.timeMs) lastEvent = event.timeMs;
    if (!inferred.some(({ row }) => row.timeMs > lastEvent && row.timeMs < fill.timeMs)) return false;
  }
  return true;
}

function noOrderOrEstimate(state: OrderFeeState, fill: OrderFill): FillBrokerFee {
  const historyFrom = state.historyFrom.get(fill.characterId);
  if (historyFrom === undefined || fill.timeMs < historyFrom) return ESTIMATED.noOrderHistory;
  // The newest read's cached answer may be up to 20 minutes old: a fill since may be an order's it does not show.
  const reads = state.readTimes.get(fill.characterId)!;
  if (fill.timeMs > reads.at(-1)! - ORDERS_CACHE_MS) return ESTIMATED.ordersNotReadYet;
  return NO_ORDER;
}

/** Broker rates an unknown location may charge: 0.5% (a structure's floor after the SCC's share) to 5%. */
const RATE_BOUNDS = { low: 5_000, high: 50_000 } as const;
/** A change costs 25% (Advanced Broker Relations V) to 50% of the broker rate on the new value (esi.md §6.4). */
const RELIST_SHARE = { low: 250_000, high: 500_000 } as const;
/** How far an unseen price may lie outside the prices the reads showed around it. */
const PRICE_SLACK_PPM = 5_000;

/** Whether the fee paired with the order's first event is what placing it costs at the learned rate. */
function placedAtFirstEvent(state: OrderFeeState, order: OrderRecord): boolean {
  const rate = order.rates.placement.mode;
  if (rate === null) return false;
  const first = order.events[0]!;
  const fee = pairedFeesAt(state, secondKey(order.characterId, first.timeMs)).get(order.orderId);
  return fee !== undefined && isPlacementFee(fee.amount, first.price * order.volumeTotal, rate);
}

/** ESI orders last at most 90 days: an order's placement lies at most this long before any event of it. */
const ORDER_LIFE_MS = 90 * 86_400_000;

/**
 * Whether an order may have been placed long before the first event the reads showed, so that the fee of that event
 * was a change (docs/profit-rules.md §6.2 4): no read before its first event would have shown it (the character's
 * first read, or a closed order first seen in the order history), so nothing bounds when it was placed, and the
 * learned rate cannot tell (orders repriced before the first read teach the relist rate as if it were the placement
 * rate). A change costs at most half the broker rate on the new value plus the rate on any rise of price (esi.md
 * §6.4), so the placement before it cost at least 1.5 times as much (for a rise under about 10%): a fee row before
 * the event, at least that large, that no event the reads showed explains, could be that placement.
 */
function mayFollowUnseenPlacement(state: OrderFeeState, order: OrderRecord, firstFee: FeeRowRecord): boolean {
  if (!state.unboundedOrders.get(order.characterId)?.has(order)) return false;
  const first = order.events[0]!.timeMs;
  const rows = state.feeRowsByCharacter.get(order.characterId) ?? [];
  for (
    let index = firstNotBefore(rows, (row) => row.timeMs < first - ORDER_LIFE_MS);
    index < rows.length && rows[index]!.timeMs < first;
    index++
  ) {
    const row = rows[index]!;
    if (row.amount * 2 >= firstFee.amount * 3 && !isExactlyPaired(state, row)) return true;
  }
  return false;
}

function isExactlyPaired(state: OrderFeeState, row: FeeRowRecord): boolean {
  for (const paired of pairedFeesAt(state, secondKey(row.characterId, row.timeMs)).values())
    if (paired.journalEntryId === row.journalEntryId) return true;
  return false;
}

/**
 * Units on the order at `timeMs` as the reads and the wallet bound them: no more than a read at or before it showed,
 * no fewer than a read showed whose cached answer (up to 20 minutes old) was certainly taken after it, and, for a
 * character's order placed within its window, no fewer than its volume less every fill of its group since the window
 * opened (its own fills are among them). Not for a corporation's: a change is priced at its learned relist rate,
 * which mixes its members' rates, and only the reads' loose bound keeps a member's change within it.
 */
function unitsOnOrderAt(
  state: OrderFeeState,
  order: OrderRecord,
  timeMs: number,
): { low: number; high: number } {
  let high = order.volumeTotal;
  let low = order.closed ? order.remainAtLastRead : 1;
  for (const read of order.reads) {
    if (read.readMs <= timeMs) high = read.remain;
    if (read.readMs - ORDERS_CACHE_MS >= timeMs) {
      low = read.remain;
      break;
    }
  }
  const { fromMs } = windowOf(state, order);
  if (!order.corporationOrder && fromMs < order.events[0]!.timeMs) {
    const { fills } = order.group;
    let left = order.volumeTotal;
    for (
      let index = firstNotBefore(fills, (fill) => fill.timeMs < fromMs);
      index < fills.length && fills[index]!.timeMs < timeMs && left > low;
      index++
    )
      left -= fills[index]!.quantity;
    low = max(low, left);
  }
  return { low: max(1, min(low, high)), high: max(1, high) };
}

/**
 * Whether a fee row no read explains could be this order's: the placement before the first event the reads showed
 * (the broker rate on the value at a price near the first one seen), or a change between two events they showed
 * (the relist share of the rate on the new value, plus the rate on any increase). Broad on purpose: a row counts as
 * an order's only when no other order of the character could have paid it.
 */
function couldBeFeeOf(
  state: OrderFeeState,
  order: OrderRecord,
  row: FeeRowRecord,
): 'placement' | 'change' | null {
  const { events } = order;
  const t = row.timeMs;
  const second = floor(t / 1000);
  if (events.some((event) => floor(event.timeMs / 1000) === second)) return null;
  const rates = order.rates;
  const learned = rates.placement.mode;
  const rateLow = learned ?? RATE_BOUNDS.low;
  const rateHigh = learned ?? RATE_BOUNDS.high;
  const within = (low: number, high: number): boolean =>
    row.amount >= max(MINIMUM_BROKER_FEE, floor(low * 0.99)) - 1 &&
    row.amount <= max(MINIMUM_BROKER_FEE, high * 1.01) + 1;
  const first = events[0]!;
  let before = first;
  let after: OrderEvent | undefined = first;
  if (t < first.timeMs) {
    // Before the first event the reads showed: the placement, or a change before that event (unless the first
    // event's own fee was its placement).
    if (t < windowOf(state, order).fromMs || placedAtFirstEvent(state, order)) return null;
    const value = first.price * order.volumeTotal;
    const slack = (value * PRICE_SLACK_PPM) / PPM;
    if (within(((value - slack) * rateLow) / PPM, ((value + slack) * rateHigh) / PPM)) return 'placement';
  } else {
    let index = events.length - 1;
    while (index >= 0 && events[index]!.timeMs > t) index--;
    before = events[index]!;
    after = events[index + 1];
    if (!after) return null;
    // A change before the last read ahead of the next event would have been shown by that read (as a change
    // of its own): an unseen change happened in the time the read's cached answer may not have covered.
    const reads = state.readTimes.get(order.characterId) ?? [];
    const lastReadBefore = reads[lastBefore(reads, after.timeMs)];
    if (lastReadBefore !== undefined && t < lastReadBefore - ORDERS_CACHE_MS) return null;
  }
  const priceLow = min(before.price, after.price) * (1 - PRICE_SLACK_PPM / PPM);
  const priceHigh = max(before.price, after.price) * (1 + PRICE_SLACK_PPM / PPM);
  const units = unitsOnOrderAt(state, order, t);
  const relist = rates.relist.mode;
  const relistLow =
    relist !== null
      ? (priceLow * units.low * relist) / (10 * PPM)
      : (((priceLow * units.low * rateLow) / PPM) * RELIST_SHARE.low) / PPM;
  const relistHigh =
    relist !== null
      ? (priceHigh * units.high * relist) / (10 * PPM)
      : (((priceHigh * units.high * rateHigh) / PPM) * RELIST_SHARE.high) / PPM;
  // Only a price that rose across the gap can have been raised by the unseen change, at the rate on the increase.
  const increaseHigh =
    after.price > before.price ? ((priceHigh - priceLow) * units.high * rateHigh) / PPM : 0;
  return within(relistLow, relistHigh + increaseHigh) ? 'change' : null;
}

/**
 * The unexplained fee rows in the order's window that only it could have paid (inferred placements and changes),
 * and whether a row it could have paid might be another order's too (then its fees cannot be known).
 */
function inferredFees(
  state: OrderFeeState,
  order: OrderRecord,
  window: Span,
): { rows: { row: FeeRowRecord; kind: 'placement' | 'change' }[]; ambiguous: boolean } {
  const rows: { row: FeeRowRecord; kind: 'placement' | 'change' }[] = [];
  let ambiguous = false;
  const ofCharacter = state.feeRowsByCharacter.get(order.characterId) ?? [];
  const lastEvent = order.events.at(-1)!.timeMs;
  for (const row of within(ofCharacter, { fromMs: window.fromMs, toMs: lastEvent })) {
    if (row.timeMs === lastEvent) continue;
    const kind = couldBeFeeOf(state, order, row);
    if (!kind || isExactlyPaired(state, row)) continue;
    // A second holding more rows than the events the reads showed in it: which row is whose is not known.
    if (state.ordersAt.has(secondKey(row.characterId, row.timeMs))) {
      ambiguous = true;
      continue;
    }
    const others = ordersAround(state, order.characterId, row.timeMs, row.timeMs).filter(
      (other) => other !== order && couldBeFeeOf(state, other, row) !== null,
    );
    if (others.length > 0) ambiguous = true;
    else rows.push({ row, kind });
  }
  return { rows, ambiguous };
}

/**
 * The order's fees and how they spread (docs/profit-rules.md §6): each fee over the units on the order when it was
 * charged, numbered in the order they left it (fills by time, then the units that never filled), with the running
 * rounded split of §7.
 */
function matchOrder(state: OrderFeeState, work: Working, movedRates: Set<string>): OrderMatch {
  const { order } = work;
  const fills = work.fills.sort(fillOrder);
  const matched: MatchedFee[] = [];
  let reason: BrokerFeeEstimateReason | null = null;
  let placementUnseen = false;
  const filledAtLastRead = order.volumeTotal - order.remainAtLastRead;
  if (order.closed ? work.filled !== filledAtLastRead : work.filled < filledAtLastRead)
    reason ??= 'fillsMissing';
  let placementPpm: number | null = null;
  let relistRatio: number | null = null;
  for (const [index, event] of order.events.entries()) {
    const fee = pairedFeesAt(state, secondKey(order.characterId, event.timeMs)).get(order.orderId);
    let filledBefore = 0;
    for (const fill of fills) if (fill.timeMs < event.timeMs) filledBefore += fill.quantity;
    const unitsOnOrder = order.volumeTotal - filledBefore;
    if (!fee) {
      reason ??= state.recordedRowsAt.has(secondKey(order.characterId, event.timeMs))
        ? 'recordedForAnother'
        : 'feeNotInJournal';
      continue;
    }
    if (unitsOnOrder < 1) reason ??= 'fillsMissing';
    if (index > 0 && relistRatio === null && unitsOnOrder >= 1 && fee.amount > MINIMUM_BROKER_FEE) {
      const rate = order.rates.placement.mode;
      const increase = max(0, event.price - order.events[index - 1]!.price) * unitsOnOrder;
      if (rate !== null && increase * rate < fee.amount * PPM)
        relistRatio = multiplyDivideRounded(
          fee.amount - applyRate(increase, rate),
          10 * PPM,
          event.price * unitsOnOrder,
        );
    }
    let kind: MatchedFee['kind'] = index === 0 ? 'placement' : 'change';
    if (index === 0) {
      const value = multiplyExact(event.price, order.volumeTotal);
      if (mayFollowUnseenPlacement(state, order, fee)) {
        kind = 'change';
        reason ??= 'placementUnbounded';
      } else {
        if (unitsOnOrder === order.volumeTotal && fee.amount > MINIMUM_BROKER_FEE && value > 0)
          placementPpm = multiplyDivideRounded(fee.amount, PPM, value);
        const rate = order.rates.placement.mode;
        if (
          unitsOnOrder !== order.volumeTotal ||
          (rate !== null && !isPlacementFee(fee.amount, value, rate))
        ) {
          kind = 'change';
          placementUnseen = true;
        }
      }
    }
    matched.push({
      journalEntryId: fee.journalEntryId,
      timeMs: fee.timeMs,
      amount: fee.amount,
      kind,
      unitsOnOrder,
    });
  }
  const rates = order.rates;
  const tallied = rates.placement.byOrder.get(order.orderId) ?? null;
  if (noteRatio(rates.placement, order, placementPpm) || noteRatio(rates.relist, order, relistRatio))
    movedRates.add(ratesKey(order.characterId, order.locationId));
  if (tallied !== placementPpm) state.changes.rateKeys.add(ratesKey(order.characterId, order.locationId));
  if (!order.closed)
    return {
      orderId: order.orderId,
      complete: false,
      reason: 'orderOpen',
      fees: matched,
      fills: fills.map((fill) => ({ transactionId: fill.transactionId, quantity: fill.quantity, fee: 0 })),
      unfilledFee: 0,
    };
  // Fees of placements and changes no read showed, found by amount among the rows no read explains: a row only this
  // order could have paid is its; a row it or another order could have paid leaves its fees unknown, not guessed.
  const candidates = inferredFees(state, order, work.window);
  const inferred = candidates.rows;
  const unexplained = candidates.ambiguous;
  for (const { row, kind } of inferred) {
    let filledBefore = 0;
    for (const fill of fills) if (fill.timeMs < row.timeMs) filledBefore += fill.quantity;
    matched.push({
      journalEntryId: row.journalEntryId,
      timeMs: row.timeMs,
      amount: row.amount,
      kind,
      unitsOnOrder: order.volumeTotal - filledBefore,
    });
  }
  matched.sort((a, b) => a.timeMs - b.timeMs);
  if (placementUnseen && !inferred.some((found) => found.kind === 'placement')) reason ??= 'unseenPlacement';
  if (unexplained || !everyUnseenPriceExplained(order, work, inferred)) reason ??= 'unseenChange';
  const fillFees = fills.map((fill) => ({
    transactionId: fill.transactionId,
    quantity: fill.quantity,
    fee: 0,
  }));
  let unfilledFee = 0;
  if (reason === null) {
    let firstUnit = 0;
    const firstUnits = fills.map((fill) => {
      const from = firstUnit;
      firstUnit += fill.quantity;
      return from;
    });
    for (const fee of matched) {
      const start = order.volumeTotal - fee.unitsOnOrder;
      let shared = 0;
      fills.forEach((fill, position) => {
        if (fill.timeMs < fee.timeMs) return;
        const from = firstUnits[position]! - start;
        const share = shareOfUnits(fee.amount, fee.unitsOnOrder, from, from + fill.quantity);
        fillFees[position]!.fee += share;
        shared += share;
      });
      unfilledFee += fee.amount - shared;
    }
  }
  return {
    orderId: order.orderId,
    complete: reason === null,
    reason,
    fees: matched,
    fills: fillFees,
    unfilledFee: order.closed && reason === null ? unfilledFee : 0,
  };
}

/** What the matching found for an order, or null for an order no read showed. */
export function orderMatch(state: OrderFeeState, orderId: number): OrderMatch | null {
  return state.orders.get(orderId)?.match ?? null;
}

/** An order as the reads showed it, with what the matching found. */
export interface OrderView {
  readonly orderId: number;
  readonly characterId: number;
  readonly typeId: number;
  readonly locationId: number;
  readonly isBuy: boolean;
  readonly volumeTotal: number;
  readonly volumeRemain: number;
  readonly closed: boolean;
  /** UTC ISO: the first and the last placement or change the reads showed. */
  readonly firstIssued: string;
  readonly lastIssued: string;
  /** UTC ISO: the last read. */
  readonly readAt: string;
  readonly match: OrderMatch | null;
  readonly taught: TaughtRates;
}

export function orderView(state: OrderFeeState, orderId: number): OrderView | null {
  const order = state.orders.get(orderId);
  if (!order || order.events.length === 0) return null;
  const iso = (timeMs: number): string => new Date(timeMs).toISOString();
  return {
    orderId,
    characterId: order.characterId,
    typeId: order.typeId,
    locationId: order.locationId,
    isBuy: order.isBuy,
    volumeTotal: order.volumeTotal,
    volumeRemain: order.remainAtLastRead,
    closed: order.closed,
    firstIssued: iso(order.events[0]!.timeMs),
    lastIssued: iso(order.events.at(-1)!.timeMs),
    readAt: iso(order.lastReadMs),
    match: order.match,
    taught: {
      placementPpm: order.rates.placement.byOrder.get(orderId) ?? null,
      relistTenthsOfPpm: order.rates.relist.byOrder.get(orderId) ?? null,
    },
  };
}

/** A `brokers_fee` row with the order event it was matched to (null: none matched). */
export interface BrokerFeeRowView extends LedgerBrokerFeeRow {
  readonly orderId: number | null;
  readonly isBuy: boolean | null;
  readonly kind: MatchedFee['kind'] | null;
}

export function brokerFeeRowView(state: OrderFeeState, journalEntryId: number): BrokerFeeRowView | null {
  const row = state.feeRows.get(journalEntryId);
  if (!row) return null;
  const matched = state.feeRowMatches.get(journalEntryId);
  return {
    journalEntryId,
    characterId: row.characterId,
    ...(row.division === undefined ? {} : { division: row.division }),
    date: row.date,
    amount: row.amount,
    orderId: matched?.orderId ?? null,
    isBuy: matched ? state.orders.get(matched.orderId)!.isBuy : null,
    kind: matched?.kind ?? null,
  };
}

/** The orders and fee rows whose match changed since the last call. */
export function takeOrderFeeChanges(state: OrderFeeState): OrderFeeChanges {
  const changes = state.changes;
  state.changes = emptyOrderFeeChanges();
  return changes;
}

/** A fill's broker fee as matched; a fill the matching has not seen is estimated for want of order history. */
export function fillBrokerFee(state: OrderFeeState, transactionId: number): FillBrokerFee {
  return state.fillFees.get(transactionId) ?? ESTIMATED.noOrderHistory;
}

/** The fee rows no order event took: placements and changes of orders no read showed. */
export function unmatchedBrokerFeeRows(state: OrderFeeState): LedgerBrokerFeeRow[] {
  return [...state.feeRows.values()].filter((row) => !state.feeRowMatches.has(row.journalEntryId));
}

/** A character's effective broker rates at a location, learned from its matched placements and changes. */
export type LearnedBrokerRate = Omit<LearnedBrokerRateDocument, '_id' | '_position' | 'accountId' | 'kind'>;

export function learnedBrokerRate(state: OrderFeeState, key: string): LearnedBrokerRate | null {
  const rates = state.rates.get(key);
  if (!rates) return null;
  const [characterId, locationId] = key.split(':').map(Number) as [number, number];
  const { mode, counts, byOrder } = rates.placement;
  return {
    characterId,
    locationId,
    ratePpm: mode,
    relistRatePpm: rates.relist.mode === null ? null : rates.relist.mode / 10,
    agreeing: mode === null ? 0 : counts.get(mode)!,
    samples: byOrder.size,
  };
}

/** Every character's learned rates, at every location where one of its orders was matched. */
export function learnedBrokerRates(state: OrderFeeState): LearnedBrokerRate[] {
  return [...state.rates.keys()].map((key) => learnedBrokerRate(state, key)!);
}
