import { MAX_ISK_CENTS } from '@tradewise/contracts';
import {
  brokerFeeBook,
  brokerFeeRateFor,
  DEFAULT_BUILT_IN_BROKER_FEES,
  withOverride,
  withoutOverride,
  type BrokerFeeBook,
} from './broker-fees';
import { DatedQueue, type Dated } from './dated-queue';
import { applyRate, assertCents, multiplyExact, unitsWithin, type Cents } from './money';
import { salesTaxRateAt, salesTaxSchedule, SPEC_SALES_TAX_HISTORY, type SalesTaxSchedule } from './sales-tax';
import {
  type LedgerTransaction,
  type TradeLedgerConfig,
  type TradeLedgerInput,
  type WarehouseEntry,
} from './trade-ledger.types';

// Bound once: global lookups are slow inside Jest's sandbox, and these run per fill.
const { min } = Math;
const { isNaN: isNotANumber, isSafeInteger } = Number;
const parseDate = Date.parse;

export const DEFAULT_TRADE_LEDGER_CONFIG: TradeLedgerConfig = {
  salesTaxHistory: SPEC_SALES_TAX_HISTORY,
  builtInBrokerFees: DEFAULT_BUILT_IN_BROKER_FEES,
};

export interface BuyRecord extends Dated {
  readonly side: 'buy';
  readonly transaction: LedgerTransaction;
  readonly tracked: boolean;
  brokerFee: Cents;
  quantitySold: number;
  quantityConsumed: number;
  readonly rowIds: string[];
}

export interface SellRecord extends Dated {
  readonly side: 'sell';
  readonly transaction: LedgerTransaction;
  readonly tracked: boolean;
  brokerFee: Cents;
  salesTax: Cents;
  salesTaxSource: 'journal' | 'rate';
  /** Units accounted for; the rest are pending. */
  quantitySold: number;
  readonly rowIds: string[];
}

export type TransactionRecord = BuyRecord | SellRecord;

export interface BuySlice {
  readonly buy: BuyRecord;
  readonly fromUnit: number;
  readonly toUnit: number;
}

export type FixedCost =
  | {
      readonly kind: 'warehouse';
      readonly entryId: string;
      readonly quantity: number;
      readonly unitPrice: Cents;
    }
  | { readonly kind: 'custom'; readonly quantity: number; readonly unitPrice: Cents };

/** The units [fromUnit, toUnit) of a sale and what they cost; money is derived from it when read. */
export interface ProfitRowRecord {
  readonly id: string;
  readonly sale: SellRecord;
  readonly fromUnit: number;
  readonly toUnit: number;
  readonly bought: readonly BuySlice[];
  readonly fixed: readonly FixedCost[];
}

export interface WarehouseStack {
  readonly entryId: string;
  readonly typeId: number;
  readonly unitPrice: Cents;
  quantity: number | null;
  readonly sequence: number;
}

export interface TypeBook {
  readonly typeId: number;
  readonly stacks: DatedQueue<BuyRecord>;
  /** Finite stacks by unit price, then infinite ones by unit price; ties in the order they were added. */
  warehouse: WarehouseStack[];
  readonly pending: DatedQueue<SellRecord>;
}

export interface LedgerChanges {
  readonly rowIds: Set<string>;
  readonly transactionIds: Set<number>;
  readonly typeIds: Set<number>;
}

/**
 * One account's trading ledger. Treat it as opaque and read it through the queries: `evolveTradeLedger` updates
 * it in place (a year of trading is 100,000+ fills; copying per input would be quadratic).
 */
export interface TradeLedgerState {
  readonly salesTax: SalesTaxSchedule;
  brokerFees: BrokerFeeBook;
  corporationTradeTracking: boolean;
  readonly transactions: Map<number, TransactionRecord>;
  readonly transactionsByCharacter: Map<number, TransactionRecord[]>;
  readonly books: Map<number, TypeBook>;
  readonly warehouse: Map<string, WarehouseStack>;
  warehouseSequence: number;
  readonly rows: Map<string, ProfitRowRecord>;
  /** transaction id → journal entry id → tax paid. */
  readonly journalTax: Map<number, Map<number, Cents>>;
  changes: LedgerChanges;
}

export function initialTradeLedgerState(
  config: TradeLedgerConfig = DEFAULT_TRADE_LEDGER_CONFIG,
): TradeLedgerState {
  return {
    salesTax: salesTaxSchedule(config.salesTaxHistory),
    brokerFees: brokerFeeBook(config.builtInBrokerFees),
    corporationTradeTracking: false,
    transactions: new Map(),
    transactionsByCharacter: new Map(),
    books: new Map(),
    warehouse: new Map(),
    warehouseSequence: 0,
    rows: new Map(),
    journalTax: new Map(),
    changes: emptyChanges(),
  };
}

export function evolveTradeLedger(state: TradeLedgerState, input: TradeLedgerInput): TradeLedgerState {
  switch (input.type) {
    case 'TransactionRecorded':
      recordTransaction(state, input.transaction);
      break;
    case 'SalesTaxRecorded':
      recordSalesTax(state, input.journalEntryId, input.transactionId, input.taxPaid);
      break;
    case 'WarehouseEntrySaved':
      saveWarehouseEntry(state, input.entry);
      break;
    case 'WarehouseEntryRemoved':
      removeWarehouseEntry(state, input.entryId);
      break;
    case 'BrokerFeeOverrideSaved': {
      const replaced = state.brokerFees.overrides.get(input.override.overrideId);
      state.brokerFees = withOverride(state.brokerFees, input.override);
      repriceBrokerFees(state, [input.override.characterId, replaced?.characterId]);
      break;
    }
    case 'BrokerFeeOverrideRemoved': {
      const removed = state.brokerFees.overrides.get(input.overrideId);
      if (!removed) break;
      state.brokerFees = withoutOverride(state.brokerFees, input.overrideId);
      repriceBrokerFees(state, [removed.characterId]);
      break;
    }
    case 'PendingSaleCostSet':
      setPendingSaleCost(state, input.transactionId, input.unitBuyPrice);
      break;
    case 'PendingSaleIgnored':
      markSaleSold(state, input.transactionId, Infinity);
      break;
    case 'BuyQuantityConsumedSet':
      markBuyConsumed(state, input.transactionId, input.quantityConsumed);
      break;
    case 'SellQuantitySoldSet':
      markSaleSold(state, input.transactionId, input.quantitySold);
      break;
    case 'CorporationTradeTrackingSet':
      state.corporationTradeTracking = input.enabled;
      break;
  }
  return state;
}

export function foldTradeLedger(
  inputs: Iterable<TradeLedgerInput>,
  config: TradeLedgerConfig = DEFAULT_TRADE_LEDGER_CONFIG,
): TradeLedgerState {
  let state = initialTradeLedgerState(config);
  for (const input of inputs) state = evolveTradeLedger(state, input);
  return state;
}

/** What changed since the last call: the rows, transactions and types a projection has to write again. */
export function takeLedgerChanges(state: TradeLedgerState): LedgerChanges {
  const changes = state.changes;
  state.changes = emptyChanges();
  return changes;
}

function emptyChanges(): LedgerChanges {
  return { rowIds: new Set(), transactionIds: new Set(), typeIds: new Set() };
}

export function buyRemaining(buy: BuyRecord): number {
  return buy.transaction.quantity - buy.quantitySold - buy.quantityConsumed;
}

export function salePending(sale: SellRecord): number {
  return sale.transaction.quantity - sale.quantitySold;
}

function bookOf(state: TradeLedgerState, typeId: number): TypeBook {
  let book = state.books.get(typeId);
  if (!book) {
    book = {
      typeId,
      stacks: new DatedQueue<BuyRecord>((buy) => buyRemaining(buy) === 0),
      warehouse: [],
      pending: new DatedQueue<SellRecord>((sale) => salePending(sale) === 0),
    };
    state.books.set(typeId, book);
  }
  return book;
}

function validTransaction(transaction: LedgerTransaction): number {
  const timeMs = parseDate(transaction.date);
  if (isNotANumber(timeMs))
    throw new RangeError(`transaction ${transaction.transactionId} has no valid date`);
  if (!isSafeInteger(transaction.quantity) || transaction.quantity <= 0)
    throw new RangeError(`transaction ${transaction.transactionId} needs a positive whole quantity`);
  assertCents(transaction.unitPrice, `unit price of transaction ${transaction.transactionId}`);
  if (transaction.unitPrice < 0)
    throw new RangeError(`transaction ${transaction.transactionId} has a negative price`);
  return timeMs;
}

function brokerFeeOf(state: TradeLedgerState, transaction: LedgerTransaction, timeMs: number): Cents {
  const { characterId, typeId, isBuy, locationId } = transaction;
  const rate = brokerFeeRateFor(state.brokerFees, { characterId, typeId, timeMs, isBuy, locationId });
  return applyRate(multiplyExact(transaction.unitPrice, transaction.quantity), rate);
}

function recordTransaction(state: TradeLedgerState, transaction: LedgerTransaction): void {
  if (state.transactions.has(transaction.transactionId)) return;
  const timeMs = validTransaction(transaction);
  const tracked = transaction.isPersonal || state.corporationTradeTracking;
  const brokerFee = tracked ? brokerFeeOf(state, transaction, timeMs) : 0;
  const { transactionId } = transaction;
  let record: TransactionRecord;
  if (transaction.isBuy) {
    record = {
      side: 'buy',
      transactionId,
      timeMs,
      transaction,
      tracked,
      brokerFee,
      quantitySold: 0,
      quantityConsumed: 0,
      rowIds: [],
    };
  } else {
    const { salesTax, salesTaxSource } = salesTaxOf(state, transaction, timeMs);
    record = {
      side: 'sell',
      transactionId,
      timeMs,
      transaction,
      tracked,
      brokerFee,
      salesTax,
      salesTaxSource,
      quantitySold: 0,
      rowIds: [],
    };
  }
  state.transactions.set(transaction.transactionId, record);
  const ofCharacter = state.transactionsByCharacter.get(transaction.characterId);
  if (ofCharacter) ofCharacter.push(record);
  else state.transactionsByCharacter.set(transaction.characterId, [record]);
  state.changes.transactionIds.add(transaction.transactionId);
  if (!tracked) return;
  state.changes.typeIds.add(transaction.typeId);
  const book = bookOf(state, transaction.typeId);
  if (record.side === 'buy') {
    book.stacks.insert(record);
    // Only a buy that arrives after a later sale (another character's wallet synced late) meets pending sales.
    fillPendingSales(state, book, book.pending.liveFrom(timeMs));
  } else if (matchSale(state, book, record)) {
    book.pending.insert(record);
  }
}

function salesTaxOf(
  state: TradeLedgerState,
  transaction: LedgerTransaction,
  timeMs: number,
): Pick<SellRecord, 'salesTax' | 'salesTaxSource'> {
  const journalRows = state.journalTax.get(transaction.transactionId);
  if (journalRows) return { salesTax: sumOf(journalRows.values()), salesTaxSource: 'journal' };
  const gross = multiplyExact(transaction.unitPrice, transaction.quantity);
  return { salesTax: applyRate(gross, salesTaxRateAt(state.salesTax, timeMs)), salesTaxSource: 'rate' };
}

function sumOf(amounts: Iterable<Cents>): Cents {
  let sum = 0;
  for (const amount of amounts) sum += amount;
  return assertCents(sum, 'sum');
}

/**
 * Gives the sale's pending units what there is, in order: bought stacks dated at or before the sale (oldest
 * first), then finite warehouse stacks (cheapest first), then an infinite one. Returns whether units are left pending.
 */
function matchSale(state: TradeLedgerState, book: TypeBook, sale: SellRecord): boolean {
  let need = salePending(sale);
  const bought: BuySlice[] = [];
  for (
    let stack = book.stacks.first();
    need > 0 && stack && stack.timeMs <= sale.timeMs;
    stack = book.stacks.first()
  ) {
    const fromUnit = stack.quantitySold + stack.quantityConsumed;
    const taken = min(need, buyRemaining(stack));
    stack.quantitySold += taken;
    bought.push({ buy: stack, fromUnit, toUnit: fromUnit + taken });
    state.changes.transactionIds.add(stack.transactionId);
    need -= taken;
  }
  const fixed: FixedCost[] = [];
  let budget = need > 0 && book.warehouse.length > 0 ? MAX_ISK_CENTS - costOf(bought) : 0;
  for (const stack of book.warehouse) {
    if (need === 0) break;
    const taken = withinLine(
      budget,
      stack.unitPrice,
      stack.quantity === null ? need : min(need, stack.quantity),
    );
    if (taken === 0) continue;
    if (stack.quantity !== null) stack.quantity -= taken;
    fixed.push({ kind: 'warehouse', entryId: stack.entryId, quantity: taken, unitPrice: stack.unitPrice });
    budget -= stack.unitPrice * taken;
    need -= taken;
  }
  const matched = salePending(sale) - need;
  if (matched > 0) addRow(state, sale, matched, bought, fixed);
  return need > 0;
}

function costOf(bought: readonly BuySlice[]): Cents {
  let cost = 0;
  for (const { buy, fromUnit, toUnit } of bought)
    cost += multiplyExact(buy.transaction.unitPrice, toUnit - fromUnit);
  return cost;
}

/**
 * The units of a cost the user set (a warehouse price, a custom price) that one row can take: the row's costs stay
 * within one line's limit, so every figure of it stays exact (docs/profit-rules.md §12). The edge refuses more; this
 * keeps the fold total for anything already in the log.
 */
function withinLine(budget: Cents, unitPrice: Cents, wanted: number): number {
  return unitPrice === 0 ? wanted : min(wanted, unitsWithin(budget, unitPrice));
}

function addRow(
  state: TradeLedgerState,
  sale: SellRecord,
  quantity: number,
  bought: readonly BuySlice[],
  fixed: readonly FixedCost[],
): void {
  const id = `${sale.transactionId}-${sale.rowIds.length}`;
  const fromUnit = sale.quantitySold;
  state.rows.set(id, { id, sale, fromUnit, toUnit: fromUnit + quantity, bought, fixed });
  sale.quantitySold += quantity;
  sale.rowIds.push(id);
  for (const slice of bought) slice.buy.rowIds.push(id);
  state.changes.rowIds.add(id);
  state.changes.transactionIds.add(sale.transactionId);
}

/** Pending sales take what a new source offers, oldest first; one left waiting means the source is spent. */
function fillPendingSales(state: TradeLedgerState, book: TypeBook, sales: Iterable<SellRecord>): void {
  for (const sale of sales) if (matchSale(state, book, sale)) break;
}

function recordSalesTax(
  state: TradeLedgerState,
  journalEntryId: number,
  transactionId: number,
  taxPaid: Cents,
): void {
  assertCents(taxPaid, `tax of journal entry ${journalEntryId}`);
  if (taxPaid < 0) throw new RangeError(`journal entry ${journalEntryId}: the tax paid is a positive amount`);
  let rows = state.journalTax.get(transactionId);
  if (!rows) {
    rows = new Map();
    state.journalTax.set(transactionId, rows);
  }
  rows.set(journalEntryId, taxPaid);
  const record = state.transactions.get(transactionId);
  if (record?.side !== 'sell') return;
  record.salesTax = sumOf(rows.values());
  record.salesTaxSource = 'journal';
  touchRecord(state, record);
}

function touchRecord(state: TradeLedgerState, record: TransactionRecord): void {
  state.changes.transactionIds.add(record.transactionId);
  for (const rowId of record.rowIds) state.changes.rowIds.add(rowId);
}

function repriceBrokerFees(state: TradeLedgerState, characterIds: readonly (number | undefined)[]): void {
  for (const characterId of new Set(characterIds)) {
    if (characterId === undefined) continue;
    for (const record of state.transactionsByCharacter.get(characterId) ?? []) {
      if (!record.tracked) continue;
      const brokerFee = brokerFeeOf(state, record.transaction, record.timeMs);
      if (brokerFee === record.brokerFee) continue;
      record.brokerFee = brokerFee;
      touchRecord(state, record);
    }
  }
}

function saveWarehouseEntry(state: TradeLedgerState, entry: WarehouseEntry): void {
  assertCents(entry.unitPrice, `unit price of warehouse entry ${entry.entryId}`);
  if (entry.unitPrice < 0) throw new RangeError(`warehouse entry ${entry.entryId} has a negative price`);
  if (entry.quantity !== null && (!isSafeInteger(entry.quantity) || entry.quantity < 0))
    throw new RangeError(`warehouse entry ${entry.entryId} needs a whole quantity ≥ 0 or null`);
  const previous = state.warehouse.get(entry.entryId);
  if (previous) removeWarehouseEntry(state, entry.entryId);
  const stack: WarehouseStack = {
    entryId: entry.entryId,
    typeId: entry.typeId,
    unitPrice: entry.unitPrice,
    quantity: entry.quantity,
    sequence: previous?.sequence ?? state.warehouseSequence++,
  };
  state.warehouse.set(entry.entryId, stack);
  const book = bookOf(state, entry.typeId);
  book.warehouse = [...book.warehouse, stack].sort(
    (a, b) =>
      Number(a.quantity === null) - Number(b.quantity === null) ||
      a.unitPrice - b.unitPrice ||
      a.sequence - b.sequence,
  );
  state.changes.typeIds.add(entry.typeId);
  fillPendingSales(state, book, book.pending.live());
}

function removeWarehouseEntry(state: TradeLedgerState, entryId: string): void {
  const stack = state.warehouse.get(entryId);
  if (!stack) return;
  state.warehouse.delete(entryId);
  const book = bookOf(state, stack.typeId);
  book.warehouse = book.warehouse.filter((candidate) => candidate.entryId !== entryId);
  state.changes.typeIds.add(stack.typeId);
}

function trackedRecord<Side extends TransactionRecord['side']>(
  state: TradeLedgerState,
  transactionId: number,
  side: Side,
): Extract<TransactionRecord, { side: Side }> | undefined {
  const record = state.transactions.get(transactionId);
  if (!record || record.side !== side || !record.tracked) return undefined;
  return record as Extract<TransactionRecord, { side: Side }>;
}

function setPendingSaleCost(state: TradeLedgerState, transactionId: number, unitBuyPrice: Cents): void {
  assertCents(unitBuyPrice, `custom buy price of transaction ${transactionId}`);
  if (unitBuyPrice < 0) throw new RangeError(`transaction ${transactionId}: a custom buy price is ≥ 0`);
  const sale = trackedRecord(state, transactionId, 'sell');
  if (!sale) return;
  const quantity = withinLine(MAX_ISK_CENTS, unitBuyPrice, salePending(sale));
  if (quantity === 0) return;
  addRow(state, sale, quantity, [], [{ kind: 'custom', quantity, unitPrice: unitBuyPrice }]);
  state.changes.typeIds.add(sale.transaction.typeId);
}

/** Raises a sale's accounted units (never lowers them); the units between leave pending without a profit. */
function markSaleSold(state: TradeLedgerState, transactionId: number, quantitySold: number): void {
  const sale = trackedRecord(state, transactionId, 'sell');
  if (!sale) return;
  const target = min(quantitySold, sale.transaction.quantity);
  if (!(target > sale.quantitySold)) return;
  sale.quantitySold = target;
  state.changes.transactionIds.add(transactionId);
  state.changes.typeIds.add(sale.transaction.typeId);
}

/** Raises a buy's consumed units (never lowers them), up to what sales have not taken. */
function markBuyConsumed(state: TradeLedgerState, transactionId: number, quantityConsumed: number): void {
  const buy = trackedRecord(state, transactionId, 'buy');
  if (!buy) return;
  const target = min(quantityConsumed, buy.transaction.quantity - buy.quantitySold);
  if (!(target > buy.quantityConsumed)) return;
  buy.quantityConsumed = target;
  state.changes.transactionIds.add(transactionId);
  state.changes.typeIds.add(buy.transaction.typeId);
}
