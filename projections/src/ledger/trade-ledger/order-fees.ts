import { BROKER_FEE_ESTIMATE_REASONS, type BrokerFeeEstimateReason } from '@tradewise/contracts';
import { applyRate, multiplyDivideRounded, multiplyExact, shareOfUnits, type Cents } from './money';

/**
 * Real broker fees (docs/profit-rules.md §6): ESI links neither a wallet transaction nor a `brokers_fee` journal row
 * to the order behind it, so the ledger matches them itself. Each read of an order (an open order as a sync read
 * it, or its closed record in the order history) reveals an `issued` time, the moment of its placement or of a change
 * of price, each of which cost a fee booked at that second. Fee rows are matched to those moments, fills to the
 * order whose price they were made at, and each fee is spread over the units that were on the order when it was
 * charged. What cannot be matched falls back to the configured rate, and says why.
 */

/** One read of one of the account's market orders. */
export interface LedgerOrderRead {
  readonly orderId: number;
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
}

/** A `brokers_fee` journal row of a character's wallet. */
export interface LedgerBrokerFeeRow {
  readonly journalEntryId: number;
  readonly characterId: number;
  /** UTC ISO. */
  readonly date: string;
  /** The fee paid, ≥ 0 (the journal row's amount is its negative). */
  readonly amount: Cents;
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
  /** The first read that showed the order: it was placed after the character's read before that one. */
  firstReadMs: number;
  lastReadMs: number;
  remainAtLastRead: number;
  closed: boolean;
  /** What the last settling found. */
  match: OrderMatch | null;
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

interface FeeRowRecord extends LedgerBrokerFeeRow {
  readonly timeMs: number;
}

/** One character's orders and fills of one type, at one location, on one side. */
interface Group {
  readonly characterId: number;
  readonly locationId: number;
  readonly orders: OrderRecord[];
  /** By time, then transaction id. */
  readonly fills: OrderFill[];
}

interface Span {
  fromMs: number;
  toMs: number;
}

/** The placement rates one character's orders at one location were charged (docs/profit-rules.md §6). */
interface LocationRates {
  /** order id → fee ÷ value of its placement, in ppm. */
  readonly byOrder: Map<number, number>;
  readonly counts: Map<number, number>;
  /** The most common: the character's effective broker rate there. */
  mode: number | null;
}

export interface OrderFeeState {
  readonly orders: Map<number, OrderRecord>;
  readonly groups: Map<string, Group>;
  readonly groupsByCharacter: Map<number, Set<string>>;
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
  readonly fillFees: Map<number, FillBrokerFee>;
  /** journal entry id → the order event it was matched to. */
  readonly feeRowMatches: Map<number, { readonly orderId: number; readonly kind: MatchedFee['kind'] }>;
  readonly dirty: Map<string, Span>;
  /** Orders and fee rows whose match changed since the last `takeOrderFeeChanges`. */
  changes: { orderIds: Set<number>; feeRowIds: Set<number> };
}

/** ESI lists the closed orders of the last 90 days. */
export const ORDER_HISTORY_DAYS = 90;
const ORDER_HISTORY_MS = ORDER_HISTORY_DAYS * 86_400_000;
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
    fillFees: new Map(),
    feeRowMatches: new Map(),
    dirty: new Map(),
    changes: { orderIds: new Set(), feeRowIds: new Set() },
  };
}

const groupKey = (characterId: number, typeId: number, locationId: number, isBuy: boolean): string =>
  `${characterId}:${typeId}:${locationId}:${isBuy ? 'b' : 's'}`;
const secondKey = (characterId: number, timeMs: number): string => `${characterId}:${floor(timeMs / 1000)}`;
const ratesKey = (characterId: number, locationId: number): string => `${characterId}:${locationId}`;

function groupOf(state: OrderFeeState, key: string, characterId: number, locationId: number): Group {
  let group = state.groups.get(key);
  if (!group) {
    group = { characterId, locationId, orders: [], fills: [] };
    state.groups.set(key, group);
    let keys = state.groupsByCharacter.get(characterId);
    if (!keys) {
      keys = new Set();
      state.groupsByCharacter.set(characterId, keys);
    }
    keys.add(key);
  }
  return group;
}

function orderGroup(order: OrderRecord): string {
  return groupKey(order.characterId, order.typeId, order.locationId, order.isBuy);
}

function parseTime(date: string, what: string): number {
  const timeMs = parseDate(date);
  if (timeMs !== timeMs) throw new RangeError(`${what} has no valid date: ${date}`);
  return timeMs;
}

function markDirty(state: OrderFeeState, key: string, fromMs: number, toMs: number): void {
  const span = state.dirty.get(key);
  if (!span) state.dirty.set(key, { fromMs, toMs });
  else {
    span.fromMs = min(span.fromMs, fromMs);
    span.toMs = max(span.toMs, toMs);
  }
}

/** Latest index in an ascending array whose value is < `value`, or -1. */
function lastBefore(values: readonly number[], value: number): number {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (values[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low - 1;
}

/**
 * When the order may have filled: from the read before the one that first showed it (it was placed after that
 * read, or that read would have shown it) to the read that found it closed.
 */
function windowOf(state: OrderFeeState, order: OrderRecord): Span {
  const first = order.events[0]!.timeMs;
  const reads = state.readTimes.get(order.characterId) ?? [];
  const previous = reads[lastBefore(reads, order.firstReadMs)];
  return {
    fromMs: previous === undefined ? first : min(first, previous),
    toMs: order.closed ? max(order.lastReadMs, order.events.at(-1)!.timeMs) : INFINITY,
  };
}

function markOrderDirty(state: OrderFeeState, order: OrderRecord): void {
  if (order.events.length === 0) return;
  const window = windowOf(state, order);
  markDirty(state, orderGroup(order), window.fromMs, window.toMs);
}

function markSecondDirty(state: OrderFeeState, key: string): void {
  state.pairings.delete(key);
  for (const orderId of state.ordersAt.get(key) ?? []) markOrderDirty(state, state.orders.get(orderId)!);
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
  let order = state.orders.get(read.orderId);
  if (!order) {
    order = {
      orderId: read.orderId,
      characterId: read.characterId,
      typeId: read.typeId,
      locationId: read.locationId,
      isBuy: read.isBuy,
      volumeTotal: read.volumeTotal,
      events: [],
      firstReadMs: readMs,
      lastReadMs: readMs,
      remainAtLastRead: read.volumeRemain,
      closed: false,
      match: null,
    };
    state.orders.set(order.orderId, order);
    const key = orderGroup(order);
    groupOf(state, key, order.characterId, order.locationId).orders.push(order);
  } else {
    // The window before this read, so the settling also revisits what it covered.
    markOrderDirty(state, order);
  }
  order.firstReadMs = min(order.firstReadMs, readMs);
  if (!order.closed && (read.closed || readMs >= order.lastReadMs)) {
    order.lastReadMs = readMs;
    order.remainAtLastRead = read.volumeRemain;
    order.closed = read.closed;
  }
  if (!order.events.some((event) => event.timeMs === issuedMs)) {
    order.events.push({ timeMs: issuedMs, price: read.price });
    order.events.sort((a, b) => a.timeMs - b.timeMs);
    const key = secondKey(order.characterId, issuedMs);
    let atSecond = state.ordersAt.get(key);
    if (!atSecond) {
      atSecond = new Set();
      state.ordersAt.set(key, atSecond);
    }
    atSecond.add(order.orderId);
    markSecondDirty(state, key);
  }
  markOrderDirty(state, order);
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
  // Fills after the newest read were not yet known to be free of orders; a read in the middle moves windows.
  for (const key of state.groupsByCharacter.get(characterId) ?? []) {
    if (!newest) markDirty(state, key, NEGATIVE_INFINITY, INFINITY);
    else if ((state.groups.get(key)!.fills.at(-1)?.timeMs ?? NEGATIVE_INFINITY) > previousNewest)
      markDirty(state, key, previousNewest, readMs);
  }
}

function recordHistoryRead(state: OrderFeeState, characterId: number, readMs: number): void {
  const reaches = readMs - ORDER_HISTORY_MS;
  const before = state.historyFrom.get(characterId) ?? INFINITY;
  if (reaches >= before) return;
  state.historyFrom.set(characterId, reaches);
  for (const key of state.groupsByCharacter.get(characterId) ?? [])
    if ((state.groups.get(key)!.fills[0]?.timeMs ?? INFINITY) < before)
      markDirty(state, key, reaches, before);
}

export function recordBrokerFeeRow(state: OrderFeeState, row: LedgerBrokerFeeRow): void {
  if (state.feeRows.has(row.journalEntryId)) return;
  if (!isSafeInteger(row.amount) || row.amount < 0)
    throw new RangeError(`journal entry ${row.journalEntryId}: the fee paid is whole cents ≥ 0`);
  const record: FeeRowRecord = { ...row, timeMs: parseTime(row.date, `journal entry ${row.journalEntryId}`) };
  state.feeRows.set(row.journalEntryId, record);
  state.changes.feeRowIds.add(row.journalEntryId);
  const key = secondKey(row.characterId, record.timeMs);
  const rows = state.feeRowsAt.get(key);
  if (rows) rows.push(record);
  else state.feeRowsAt.set(key, [record]);
  markSecondDirty(state, key);
}

export function recordFill(state: OrderFeeState, fill: OrderFill): void {
  const key = groupKey(fill.characterId, fill.typeId, fill.locationId, fill.isBuy);
  const { fills, orders } = groupOf(state, key, fill.characterId, fill.locationId);
  // Mostly in time order: appended; otherwise put in place.
  if (fills.length === 0 || fillOrder(fills.at(-1)!, fill) < 0) fills.push(fill);
  else {
    let low = 0;
    let high = fills.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (fillOrder(fills[middle]!, fill) < 0) low = middle + 1;
      else high = middle;
    }
    fills.splice(low, 0, fill);
  }
  // Most fills meet no order of the character (taken from the market, or before any read): settled at once.
  if (orders.length === 0) state.fillFees.set(fill.transactionId, noOrderOrEstimate(state, fill));
  else markDirty(state, key, fill.timeMs, fill.timeMs);
}

function fillOrder(a: OrderFill, b: OrderFill): number {
  return a.timeMs - b.timeMs || a.transactionId - b.transactionId;
}

/**
 * The fee rows of one character's second, paired with the orders placed or changed in it: one each, the larger
 * fees with the larger order values (orders placed in the same second are told apart by what they cost), ties by
 * order id and journal id. If the counts differ, only a second with one order and one row pairs.
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
      const event = order.events.find((candidate) => floor(candidate.timeMs / 1000) === second)!;
      return { orderId, value: event.price * order.volumeTotal };
    })
    .sort((a, b) => a.value - b.value || a.orderId - b.orderId);
  if (rows.length === orders.length)
    orders.forEach((order, index) => paired.set(order.orderId, rows[index]!));
  return paired;
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
    rates = { byOrder: new Map(), counts: new Map(), mode: null };
    state.rates.set(key, rates);
  }
  return rates;
}

/** Records the order's placement ratio; returns whether the location's rate changed. */
function notePlacementRatio(state: OrderFeeState, order: OrderRecord, ppm: number | null): boolean {
  const rates = ratesAt(state, order.characterId, order.locationId);
  const before = rates.byOrder.get(order.orderId) ?? null;
  if (before === ppm) return false;
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
  let mode: number | null = null;
  let modeCount = 0;
  for (const [value, count] of rates.counts)
    if (count > modeCount || (count === modeCount && value > mode!)) {
      mode = value;
      modeCount = count;
    }
  const changed = mode !== rates.mode;
  rates.mode = mode;
  return changed;
}

/**
 * Settles what changed since the last call and returns the fills whose broker fee changed. Only the orders whose
 * windows overlap a change, and the fills in those windows, are matched again: what the matching finds is a
 * function of the inputs alone, whatever order they came in.
 */
export function settleOrderFees(state: OrderFeeState): number[] {
  if (state.dirty.size === 0) return [];
  const changed: number[] = [];
  for (let round = 0; state.dirty.size > 0; round++) {
    if (round > 3) throw new Error('order fee matching did not settle');
    const dirty = [...state.dirty];
    state.dirty.clear();
    const movedRates = new Set<string>();
    for (const [key, span] of dirty) {
      const group = state.groups.get(key);
      if (!group) continue;
      for (const [transactionId, fee] of settleSpan(state, group, span, movedRates)) {
        const before = state.fillFees.get(transactionId);
        if (before && sameFillFee(before, fee)) continue;
        state.fillFees.set(transactionId, fee);
        changed.push(transactionId);
      }
    }
    for (const rateKey of movedRates) {
      const [characterId, locationId] = rateKey.split(':').map(Number) as [number, number];
      for (const key of state.groupsByCharacter.get(characterId) ?? []) {
        const group = state.groups.get(key)!;
        if (group.locationId === locationId) markDirty(state, key, NEGATIVE_INFINITY, INFINITY);
      }
    }
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
  unseenChange: boolean;
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
    for (const fill of fillsWithin(group.fills, span))
      fees.set(fill.transactionId, noOrderOrEstimate(state, fill));
    return fees;
  }
  // The orders whose windows overlap the change, and every order overlapping those: a fill can only go to an
  // order whose window holds it, so what lies outside these windows keeps its match.
  const windows = group.orders
    .filter((order) => order.events.length > 0)
    .map((order) => ({ order, window: windowOf(state, order) }));
  const reach: Span = { fromMs: span.fromMs, toMs: span.toMs };
  const taken = new Set<OrderRecord>();
  for (let grew = true; grew;) {
    grew = false;
    for (const { order, window } of windows) {
      if (taken.has(order) || !overlaps(window, reach)) continue;
      taken.add(order);
      reach.fromMs = min(reach.fromMs, window.fromMs);
      reach.toMs = max(reach.toMs, window.toMs);
      grew = true;
    }
  }
  const works: Working[] = windows
    .filter(({ order }) => taken.has(order))
    .map(({ order, window }) => ({
      order,
      firstEventMs: order.events[0]!.timeMs,
      window,
      fills: [],
      filled: 0,
      unseenChange: false,
    }))
    .sort((a, b) => a.firstEventMs - b.firstEventMs || a.order.orderId - b.order.orderId);
  const fills = fillsWithin(group.fills, reach);
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
    work.unseenChange = true;
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

function fillsWithin(fills: readonly OrderFill[], span: Span): OrderFill[] {
  let low = 0;
  let high = fills.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (fills[middle]!.timeMs < span.fromMs) low = middle + 1;
    else high = middle;
  }
  const found: OrderFill[] = [];
  for (let index = low; index < fills.length && fills[index]!.timeMs <= span.toMs; index++)
    found.push(fills[index]!);
  return found;
}

function noOrderOrEstimate(state: OrderFeeState, fill: OrderFill): FillBrokerFee {
  const historyFrom = state.historyFrom.get(fill.characterId);
  if (historyFrom === undefined || fill.timeMs < historyFrom) return ESTIMATED.noOrderHistory;
  const reads = state.readTimes.get(fill.characterId)!;
  if (fill.timeMs > reads.at(-1)!) return ESTIMATED.ordersNotReadYet;
  return NO_ORDER;
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
  let reason: BrokerFeeEstimateReason | null = work.unseenChange ? 'unseenChange' : null;
  const filledAtLastRead = order.volumeTotal - order.remainAtLastRead;
  if (order.closed ? work.filled !== filledAtLastRead : work.filled < filledAtLastRead)
    reason ??= 'fillsMissing';
  let placementPpm: number | null = null;
  order.events.forEach((event, index) => {
    const fee = pairedFeesAt(state, secondKey(order.characterId, event.timeMs)).get(order.orderId);
    let filledBefore = 0;
    for (const fill of fills) if (fill.timeMs < event.timeMs) filledBefore += fill.quantity;
    const unitsOnOrder = order.volumeTotal - filledBefore;
    if (!fee) {
      reason ??= 'feeNotInJournal';
      return;
    }
    if (unitsOnOrder < 1) reason ??= 'fillsMissing';
    let kind: MatchedFee['kind'] = index === 0 ? 'placement' : 'change';
    if (index === 0) {
      const value = multiplyExact(event.price, order.volumeTotal);
      if (unitsOnOrder === order.volumeTotal && fee.amount > MINIMUM_BROKER_FEE && value > 0)
        placementPpm = multiplyDivideRounded(fee.amount, PPM, value);
      const rate = ratesAt(state, order.characterId, order.locationId).mode;
      if (unitsOnOrder !== order.volumeTotal || (rate !== null && !isPlacementFee(fee.amount, value, rate))) {
        kind = 'change';
        reason ??= 'unseenPlacement';
      }
    }
    matched.push({
      journalEntryId: fee.journalEntryId,
      timeMs: fee.timeMs,
      amount: fee.amount,
      kind,
      unitsOnOrder,
    });
  });
  if (notePlacementRatio(state, order, placementPpm))
    movedRates.add(ratesKey(order.characterId, order.locationId));
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
    date: row.date,
    amount: row.amount,
    orderId: matched?.orderId ?? null,
    isBuy: matched ? state.orders.get(matched.orderId)!.isBuy : null,
    kind: matched?.kind ?? null,
  };
}

/** The orders and fee rows whose match changed since the last call. */
export function takeOrderFeeChanges(state: OrderFeeState): { orderIds: Set<number>; feeRowIds: Set<number> } {
  const changes = state.changes;
  state.changes = { orderIds: new Set(), feeRowIds: new Set() };
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

/** The effective placement rate of each character at each location, learned from its matched placements. */
export function learnedBrokerRates(
  state: OrderFeeState,
): { characterId: number; locationId: number; ratePpm: number; placements: number }[] {
  const learned = [];
  for (const [key, rates] of state.rates) {
    if (rates.mode === null) continue;
    const [characterId, locationId] = key.split(':').map(Number) as [number, number];
    learned.push({ characterId, locationId, ratePpm: rates.mode, placements: rates.counts.get(rates.mode)! });
  }
  return learned;
}
