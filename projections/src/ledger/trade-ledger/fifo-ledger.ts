import {
  MAX_ISK_CENTS,
  SPEC_TRADE_RULES,
  type PublicContractFees,
  type TradeRules,
} from '@tradewise/contracts';
import {
  brokerFeeBook,
  brokerFeeRateFor,
  DEFAULT_BUILT_IN_BROKER_FEES,
  withOverride,
  withoutOverride,
  type BrokerFeeBook,
} from './broker-fees';
import { contractItemShares } from './contract-shares';
import { DatedQueue, type Dated } from './dated-queue';
import { applyRate, assertCents, multiplyExact, shareOfUnits, unitsWithin, type Cents } from './money';
import {
  fillBrokerFee,
  recordCorporationFill,
  initialOrderFeeState,
  recordBrokerFeeRow,
  recordFill,
  recordMatchedOrder,
  recordOrderRead,
  recordOrdersRead,
  settleOrderFees,
  takeOrderFeeChanges,
  type OrderFeeState,
} from './order-fees';
import { salesTaxRateAt, salesTaxSchedule, SPEC_SALES_TAX_HISTORY, type SalesTaxSchedule } from './sales-tax';
import {
  type ContractAppraisalMethod,
  type JobBill,
  type LedgerContract,
  type LedgerJob,
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
  publicContractFees: SPEC_TRADE_RULES.publicContractFees,
};

/** The ledger's configuration from the rules stream's values (the fold of no rule events is the default). */
export function tradeLedgerConfigOf(rules: TradeRules): TradeLedgerConfig {
  return {
    salesTaxHistory: rules.salesTaxHistory,
    builtInBrokerFees: [{ typeId: null, ...rules.builtInBrokerFees }],
    publicContractFees: rules.publicContractFees,
  };
}

/** A stack a sale or a job can take from: a buy, or the products of a job. Units leave it in order. */
interface LotRecord extends Dated {
  /** Units sales took. */
  quantitySold: number;
  /** Units jobs took, or the user marked consumed. */
  quantityConsumed: number;
  /** Rows that sold units of it. */
  readonly rowIds: string[];
  /** Jobs and contract sales that took units of it: their cost follows its cost. */
  readonly consumers: Consumer[];
}

export interface BuyRecord extends LotRecord {
  readonly side: 'buy';
  readonly transactionId: number;
  readonly transaction: LedgerTransaction;
  readonly tracked: boolean;
  brokerFee: Cents;
}

export interface SellRecord extends Dated {
  readonly side: 'sell';
  readonly transactionId: number;
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

/** What one input of a job took, and how much of it nothing covered. */
export interface JobMaterial {
  readonly typeId: number;
  readonly quantity: number;
  readonly lots: LotSlice[];
  readonly fixed: FixedCost[];
  missing: number;
}

/**
 * A delivered or cancelled job. A delivered one is a lot of its products: items (manufacturing, reactions), or
 * blueprint runs (copying, invention) that later jobs on copies of that blueprint take.
 */
export interface JobRecord extends LotRecord {
  readonly side: 'job';
  readonly job: LedgerJob;
  readonly status: 'delivered' | 'cancelled';
  readonly startMs: number;
  readonly tracked: boolean;
  readonly beforeWalletHistory: boolean;
  readonly makesBlueprintRuns: boolean;
  /** Units (or blueprint runs) made. */
  readonly quantity: number;
  readonly materials: JobMaterial[];
  readonly defaultUnitPrices: ReadonlyMap<number, Cents>;
  readonly customUnitPrices: Map<number, Cents>;
  /** Runs of copies of the job's blueprint it used; empty for an original. */
  readonly copyRuns: LotSlice[];
  readonly usesBlueprintCopy: boolean;
  missingRuns: number;
  customRunPrice: Cents | null;
  /** Materials, job cost and copy runs, kept current as the costs it took change. */
  totalCost: Cents;
}

/** An item line the account bought through a contract: a stack costing its share of the contract's price. */
export interface ContractItemLot extends LotRecord {
  readonly side: 'contract';
  readonly itemId: number;
  readonly contract: LedgerContract;
  readonly typeId: number;
  readonly quantity: number;
  readonly cost: Cents;
  readonly method: ContractAppraisalMethod;
  readonly appraisedUnitPrice: Cents | null;
}

/** An item exchange contract the account sold: it takes its items as held when it was issued. */
export interface ContractSaleRecord {
  readonly side: 'contractSale';
  readonly contract: LedgerContract;
  /** The issue: the items leave the hangar then. */
  readonly startMs: number;
  readonly materials: JobMaterial[];
}

/** What takes stacks as its inputs and follows their cost. */
export type Consumer = JobRecord | ContractSaleRecord;

export type Lot = BuyRecord | JobRecord | ContractItemLot;

export interface LotSlice {
  readonly lot: Lot;
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

/**
 * The units [fromUnit, toUnit) of a sale and what they cost; money is derived from it when read. A trade row
 * takes bought stacks, warehouse stacks and custom prices; a manufacturing row takes the products of jobs.
 */
export interface ProfitRowRecord {
  readonly id: string;
  readonly kind: 'trade' | 'manufacturing';
  readonly sale: SellRecord;
  readonly fromUnit: number;
  readonly toUnit: number;
  readonly lots: readonly LotSlice[];
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
  /** Bought stacks and job products, by date. */
  readonly lots: DatedQueue<Lot>;
  /** Finite stacks by unit price, then infinite ones by unit price; ties in the order they were added. */
  warehouse: WarehouseStack[];
  readonly pending: DatedQueue<SellRecord>;
  /** Delivered jobs and sold contracts still missing units of this type, by start. */
  waiting: Consumer[];
}

export interface LedgerChanges {
  readonly rowIds: Set<string>;
  readonly transactionIds: Set<number>;
  readonly typeIds: Set<number>;
  readonly jobIds: Set<number>;
  readonly contractIds: Set<number>;
  readonly contractItemIds: Set<number>;
  readonly orderIds: Set<number>;
  /** Journal entry ids of `brokers_fee` rows. */
  readonly brokerFeeRowIds: Set<number>;
  /** `<characterId>:<locationId>` of learned broker rates. */
  readonly brokerRateKeys: Set<string>;
}

/**
 * One account's ledger of trade and industry. Treat it as opaque and read it through the queries:
 * `evolveTradeLedger` updates it in place (a year of trading is 100,000+ fills; copying per input would be
 * quadratic).
 */
export interface TradeLedgerState {
  readonly salesTax: SalesTaxSchedule;
  readonly publicContractFees: PublicContractFees;
  brokerFees: BrokerFeeBook;
  corporationTradeTracking: boolean;
  readonly transactions: Map<number, TransactionRecord>;
  readonly transactionsByCharacter: Map<number, TransactionRecord[]>;
  readonly books: Map<number, TypeBook>;
  /** Blueprint runs made by copying and invention, by the blueprint type they are runs of. */
  readonly copyRuns: Map<number, DatedQueue<JobRecord>>;
  readonly jobs: Map<number, JobRecord>;
  readonly warehouse: Map<string, WarehouseStack>;
  warehouseSequence: number;
  readonly rows: Map<string, ProfitRowRecord>;
  /** transaction id → journal entry id → tax paid. */
  readonly journalTax: Map<number, Map<number, Cents>>;
  /** The account's orders, `brokers_fee` rows and fills, matched (docs/profit-rules.md §6). */
  readonly orderFees: OrderFeeState;
  /** Completed item exchange contracts, sold or bought. */
  readonly contracts: Map<number, ContractSaleRecord | ContractPurchaseRecord>;
  readonly contractItems: Map<number, ContractItemLot>;
  /** contract id → the wallet journal's fee and tax rows for it (journal entry id → amount paid). */
  readonly contractFees: Map<number, ContractJournalFees>;
  changes: LedgerChanges;
}

export interface ContractPurchaseRecord {
  readonly side: 'contractPurchase';
  readonly contract: LedgerContract;
  readonly lots: readonly ContractItemLot[];
}

export interface ContractJournalFees {
  readonly brokerFee: Map<number, Cents>;
  readonly salesTax: Map<number, Cents>;
}

export function initialTradeLedgerState(
  config: TradeLedgerConfig = DEFAULT_TRADE_LEDGER_CONFIG,
): TradeLedgerState {
  return {
    salesTax: salesTaxSchedule(config.salesTaxHistory),
    publicContractFees: config.publicContractFees,
    brokerFees: brokerFeeBook(config.builtInBrokerFees),
    corporationTradeTracking: false,
    transactions: new Map(),
    transactionsByCharacter: new Map(),
    books: new Map(),
    copyRuns: new Map(),
    jobs: new Map(),
    warehouse: new Map(),
    warehouseSequence: 0,
    rows: new Map(),
    journalTax: new Map(),
    orderFees: initialOrderFeeState(),
    contracts: new Map(),
    contractItems: new Map(),
    contractFees: new Map(),
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
    case 'OrderRead':
      recordOrderRead(state.orderFees, input.read);
      break;
    case 'OrdersRead':
      recordOrdersRead(state.orderFees, input.read);
      break;
    case 'BrokerFeePaid':
      recordBrokerFeeRow(state.orderFees, input.row);
      break;
    case 'OrderFeesMatched':
      recordMatchedOrder(state.orderFees, input.match);
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
    case 'IndustryJobDelivered':
      deliverJob(state, input.job, input.bill);
      break;
    case 'IndustryJobCancelled':
      cancelJob(state, input.job);
      break;
    case 'IndustryJobReprocessed':
      reprocessJob(state, input.jobId, input.customUnitPrices, input.customRunPrice);
      break;
    case 'JobQuantityConsumedSet':
      markJobConsumed(state, input.jobId, input.quantityConsumed);
      break;
    case 'CorporationTradeTrackingSet':
      state.corporationTradeTracking = input.enabled;
      break;
    case 'ContractCompleted':
      completeContract(state, input.contract);
      break;
    case 'ContractFeeRecorded':
      recordContractFee(state, input.contractId, input.fee, input.journalEntryId, input.amount);
      break;
    case 'ContractItemQuantityConsumedSet': {
      const lot = state.contractItems.get(input.itemId);
      if (lot) markLotConsumed(state, lot, input.quantityConsumed, lot.typeId);
      break;
    }
  }
  return state;
}

/**
 * Matches broker fees to the orders for what changed since the last call (docs/profit-rules.md §6): fills whose
 * match changed take their new fee, and their rows and consumers follow. Evolving leaves this to the caller, because
 * matching once after many inputs costs far less than after each, and finds the same.
 */
export function settleTradeLedger(state: TradeLedgerState): void {
  for (const transactionId of settleOrderFees(state.orderFees)) {
    const record = state.transactions.get(transactionId);
    if (!record) continue;
    // Its rows say where the fee came from, whether or not the amount moved.
    touchRecord(state, record);
    if (!record.tracked) continue;
    const brokerFee = brokerFeeOf(state, record.transaction, record.timeMs);
    if (brokerFee === record.brokerFee) continue;
    record.brokerFee = brokerFee;
    if (record.side === 'buy') for (const consumer of record.consumers) recost(state, consumer);
  }
}

export function foldTradeLedger(
  inputs: Iterable<TradeLedgerInput>,
  config: TradeLedgerConfig = DEFAULT_TRADE_LEDGER_CONFIG,
): TradeLedgerState {
  let state = initialTradeLedgerState(config);
  for (const input of inputs) state = evolveTradeLedger(state, input);
  settleTradeLedger(state);
  return state;
}

/** What changed since the last call: the rows, transactions, jobs and types a projection has to write again. */
export function takeLedgerChanges(state: TradeLedgerState): LedgerChanges {
  const orderFeeChanges = takeOrderFeeChanges(state.orderFees);
  const changes = {
    ...state.changes,
    orderIds: orderFeeChanges.orderIds,
    brokerFeeRowIds: orderFeeChanges.feeRowIds,
    brokerRateKeys: orderFeeChanges.rateKeys,
  };
  state.changes = emptyChanges();
  return changes;
}

function emptyChanges(): LedgerChanges {
  return {
    rowIds: new Set(),
    transactionIds: new Set(),
    typeIds: new Set(),
    jobIds: new Set(),
    contractIds: new Set(),
    contractItemIds: new Set(),
    orderIds: new Set(),
    brokerFeeRowIds: new Set(),
    brokerRateKeys: new Set(),
  };
}

export function lotQuantity(lot: Lot): number {
  return lot.side === 'buy' ? lot.transaction.quantity : lot.quantity;
}

export function lotRemaining(lot: Lot): number {
  return lotQuantity(lot) - lot.quantitySold - lot.quantityConsumed;
}

export function buyRemaining(buy: BuyRecord): number {
  return lotRemaining(buy);
}

export function salePending(sale: SellRecord): number {
  return sale.transaction.quantity - sale.quantitySold;
}

const lotSpent = (lot: Lot): boolean => lotRemaining(lot) === 0;

function bookOf(state: TradeLedgerState, typeId: number): TypeBook {
  let book = state.books.get(typeId);
  if (!book) {
    book = {
      typeId,
      lots: new DatedQueue<Lot>(lotSpent),
      warehouse: [],
      pending: new DatedQueue<SellRecord>((sale) => salePending(sale) === 0),
      waiting: [],
    };
    state.books.set(typeId, book);
  }
  return book;
}

function copyRunsOf(state: TradeLedgerState, blueprintTypeId: number): DatedQueue<JobRecord> {
  let runs = state.copyRuns.get(blueprintTypeId);
  if (!runs) {
    runs = new DatedQueue<JobRecord>(lotSpent);
    state.copyRuns.set(blueprintTypeId, runs);
  }
  return runs;
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

/**
 * The fill's share of the fees its order was charged; nothing for a fill taken from another player's order; else
 * the configured rate on its gross (docs/profit-rules.md §6).
 */
function brokerFeeOf(state: TradeLedgerState, transaction: LedgerTransaction, timeMs: number): Cents {
  const matched = fillBrokerFee(state.orderFees, transaction.transactionId);
  if (matched.source === 'order') return matched.fee;
  if (matched.source === 'noOrder') return 0;
  const { characterId, typeId, isBuy, locationId } = transaction;
  const rate = brokerFeeRateFor(state.brokerFees, { characterId, typeId, timeMs, isBuy, locationId });
  return applyRate(multiplyExact(transaction.unitPrice, transaction.quantity), rate);
}

function recordTransaction(state: TradeLedgerState, transaction: LedgerTransaction): void {
  if (state.transactions.has(transaction.transactionId)) return;
  const timeMs = validTransaction(transaction);
  // A corporation division's fills are imported only while the account tracks the corporation's trade.
  const fromDivision = transaction.division !== undefined;
  const tracked = transaction.isPersonal || fromDivision || state.corporationTradeTracking;
  // A division's fill is the corporation's, matched to the corporation's orders (its characterId is the corporation).
  if (!transaction.isPersonal && !fromDivision)
    recordCorporationFill(state.orderFees, transaction.transactionId);
  else
    recordFill(state.orderFees, {
      transactionId: transaction.transactionId,
      characterId: transaction.characterId,
      typeId: transaction.typeId,
      locationId: transaction.locationId,
      isBuy: transaction.isBuy,
      timeMs,
      quantity: transaction.quantity,
      unitPrice: transaction.unitPrice,
    });
  const brokerFee = tracked ? brokerFeeOf(state, transaction, timeMs) : 0;
  const { transactionId } = transaction;
  let record: TransactionRecord;
  if (transaction.isBuy) {
    record = {
      side: 'buy',
      transactionId,
      orderKey: transactionId,
      timeMs,
      transaction,
      tracked,
      brokerFee,
      quantitySold: 0,
      quantityConsumed: 0,
      rowIds: [],
      consumers: [],
    };
  } else {
    const { salesTax, salesTaxSource } = salesTaxOf(state, transaction, timeMs);
    record = {
      side: 'sell',
      transactionId,
      orderKey: transactionId,
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
  if (record.side === 'buy') addLot(state, book, record);
  else if (matchSale(state, book, record)) book.pending.insert(record);
}

/**
 * A new stack; only one that arrives after a later consumer (a wallet or a job synced late) meets jobs still
 * missing inputs (started at or after it, oldest first), then pending sales.
 */
function addLot(state: TradeLedgerState, book: TypeBook, lot: Lot): void {
  book.lots.insert(lot);
  fillWaitingJobs(state, book, lot.timeMs);
  fillPendingSales(state, book, book.pending.liveFrom(lot.timeMs));
}

/**
 * Jobs and sold contracts missing units of the book's type take what is there now: stacks dated at or before their
 * start, then the warehouse.
 */
function fillWaitingJobs(state: TradeLedgerState, book: TypeBook, fromMs: number): void {
  const waiting = book.waiting;
  if (waiting.length === 0) return;
  // Sorted by start: only consumers started at or after the new stack can take it (lots mostly arrive in date
  // order, so this is usually none, and a year of buys never walks the whole list).
  const supplied: number[] = [];
  for (let index = firstStartedAtOrAfter(waiting, fromMs); index < waiting.length; index++) {
    // Without a warehouse, a consumer takes only stacks dated at or before its start: those started before the
    // oldest stack left take nothing, and are passed over at once (jobs synced before the wallet's buys wait by
    // the thousand, and each buy used to look at every one started after it).
    if (book.warehouse.length === 0) {
      const oldest = book.lots.first();
      if (oldest === undefined) break;
      if (waiting[index]!.startMs < oldest.timeMs) {
        index = firstStartedAtOrAfter(waiting, oldest.timeMs);
        if (index === waiting.length) break;
      }
    }
    const consumer = waiting[index]!;
    const material = consumer.materials.find((candidate) => candidate.typeId === book.typeId)!;
    const missing = material.missing;
    takeMaterial(state, consumer, material);
    if (material.missing === missing) continue;
    if (material.missing === 0) supplied.push(index);
    touchConsumer(state, consumer);
    recost(state, consumer);
  }
  // Only the consumers it supplied leave the list (filtering the whole list after each stack took 2.9 s of a year).
  for (let at = supplied.length - 1; at >= 0; at--) waiting.splice(supplied[at]!, 1);
}

function firstStartedAtOrAfter(jobs: readonly Consumer[], timeMs: number): number {
  let low = 0;
  let high = jobs.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (jobs[middle]!.startMs < timeMs) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** A consumer missing units of the book's type waits for stacks that arrive later, in start order. */
function waitForInputs(book: TypeBook, consumer: Consumer): void {
  const index = firstStartedAtOrAfter(book.waiting, consumer.startMs + 1);
  book.waiting.splice(index, 0, consumer);
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

export function sumOf(amounts: Iterable<Cents>): Cents {
  let sum = 0;
  for (const amount of amounts) sum += amount;
  return assertCents(sum, 'sum');
}

function touchLot(state: TradeLedgerState, lot: Lot): void {
  if (lot.side === 'buy') state.changes.transactionIds.add(lot.transactionId);
  else if (lot.side === 'job') state.changes.jobIds.add(lot.job.jobId);
  else state.changes.contractItemIds.add(lot.itemId);
}

function touchConsumer(state: TradeLedgerState, consumer: Consumer): void {
  if (consumer.side === 'job') state.changes.jobIds.add(consumer.job.jobId);
  else state.changes.contractIds.add(consumer.contract.contractId);
}

/** A consumer's cost follows what it took: a job's total (and all downstream), or a contract sale's row. */
function recost(state: TradeLedgerState, consumer: Consumer): void {
  if (consumer.side === 'job') recostJob(state, consumer);
  else state.changes.contractIds.add(consumer.contract.contractId);
}

/**
 * Takes up to `need` units from the stacks dated at or before `atMs`, oldest first, as a sale (`sold`) or a
 * job's input (`consumed`) takes them.
 */
function takeFromLots(
  state: TradeLedgerState,
  lots: DatedQueue<Lot>,
  need: number,
  atMs: number,
  as: 'sold' | 'consumed',
  into: LotSlice[],
): number {
  for (let lot = lots.first(); need > 0 && lot && lot.timeMs <= atMs; lot = lots.first()) {
    const fromUnit = lot.quantitySold + lot.quantityConsumed;
    const taken = min(need, lotRemaining(lot));
    if (as === 'sold') lot.quantitySold += taken;
    else lot.quantityConsumed += taken;
    into.push({ lot, fromUnit, toUnit: fromUnit + taken });
    touchLot(state, lot);
    need -= taken;
  }
  return need;
}

/** Takes from the warehouse, finite stacks cheapest first, then the cheapest infinite one, within `budget`. */
function takeFromWarehouse(book: TypeBook, need: number, budget: Cents, into: FixedCost[]): number {
  for (const stack of book.warehouse) {
    if (need === 0) break;
    const taken = withinLine(
      budget,
      stack.unitPrice,
      stack.quantity === null ? need : min(need, stack.quantity),
    );
    if (taken === 0) continue;
    if (stack.quantity !== null) stack.quantity -= taken;
    into.push({ kind: 'warehouse', entryId: stack.entryId, quantity: taken, unitPrice: stack.unitPrice });
    budget -= stack.unitPrice * taken;
    need -= taken;
  }
  return need;
}

/**
 * Gives the sale's pending units what there is, in order: stacks dated at or before the sale (bought on the
 * market or through a contract, or made; oldest first), then finite warehouse stacks (cheapest first), then an
 * infinite one. Units from bought and warehouse stacks make a trade row, units a job made a manufacturing row.
 * Returns whether units are left pending.
 */
function matchSale(state: TradeLedgerState, book: TypeBook, sale: SellRecord): boolean {
  const slices: LotSlice[] = [];
  let need = takeFromLots(state, book.lots, salePending(sale), sale.timeMs, 'sold', slices);
  const bought: LotSlice[] = [];
  const produced: LotSlice[] = [];
  for (const slice of slices) (slice.lot.side === 'job' ? produced : bought).push(slice);
  const fixed: FixedCost[] = [];
  if (need > 0 && book.warehouse.length > 0)
    need = takeFromWarehouse(book, need, MAX_ISK_CENTS - costOfBought(bought), fixed);
  const boughtUnits = unitsOf(bought) + unitsOf(fixed);
  if (boughtUnits > 0) addRow(state, sale, 'trade', boughtUnits, bought, fixed);
  if (produced.length > 0) addRow(state, sale, 'manufacturing', unitsOf(produced), produced, []);
  return need > 0;
}

function unitsOf(parts: readonly (LotSlice | FixedCost)[]): number {
  let units = 0;
  for (const part of parts) units += 'lot' in part ? part.toUnit - part.fromUnit : part.quantity;
  return units;
}

function costOfBought(bought: readonly LotSlice[]): Cents {
  let cost = 0;
  for (const slice of bought) {
    const { lot, fromUnit, toUnit } = slice;
    if (lot.side === 'buy') cost += multiplyExact(lot.transaction.unitPrice, toUnit - fromUnit);
    else if (lot.side === 'contract') cost += sliceCost(slice);
  }
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
  kind: ProfitRowRecord['kind'],
  quantity: number,
  lots: readonly LotSlice[],
  fixed: readonly FixedCost[],
): void {
  const id = `${sale.transactionId}-${sale.rowIds.length}`;
  const fromUnit = sale.quantitySold;
  state.rows.set(id, { id, kind, sale, fromUnit, toUnit: fromUnit + quantity, lots, fixed });
  sale.quantitySold += quantity;
  sale.rowIds.push(id);
  for (const slice of lots) slice.lot.rowIds.push(id);
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
      if (record.side === 'buy') for (const consumer of record.consumers) recost(state, consumer);
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
  fillWaitingJobs(state, book, -Infinity);
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
  addRow(state, sale, 'trade', quantity, [], [{ kind: 'custom', quantity, unitPrice: unitBuyPrice }]);
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

/** Raises a stack's consumed units (never lowers them), up to what sales have not taken. */
function markLotConsumed(state: TradeLedgerState, lot: Lot, quantityConsumed: number, typeId: number): void {
  const target = min(quantityConsumed, lotQuantity(lot) - lot.quantitySold);
  if (!(target > lot.quantityConsumed)) return;
  lot.quantityConsumed = target;
  touchLot(state, lot);
  state.changes.typeIds.add(typeId);
}

function markBuyConsumed(state: TradeLedgerState, transactionId: number, quantityConsumed: number): void {
  const buy = trackedRecord(state, transactionId, 'buy');
  if (buy) markLotConsumed(state, buy, quantityConsumed, buy.transaction.typeId);
}

function markJobConsumed(state: TradeLedgerState, jobId: number, quantityConsumed: number): void {
  const job = state.jobs.get(jobId);
  if (!job || !job.tracked || job.status !== 'delivered' || job.job.productTypeId === null) return;
  markLotConsumed(state, job, quantityConsumed, job.job.productTypeId);
}

/** Activities whose products are blueprint runs: copying (5) and invention (8). */
const MAKES_BLUEPRINT_RUNS = new Set([5, 8]);

function validJob(job: LedgerJob): { startMs: number; completedMs: number } {
  const startMs = parseDate(job.startDate);
  const completedMs = parseDate(job.completedDate);
  if (isNotANumber(startMs) || isNotANumber(completedMs))
    throw new RangeError(`industry job ${job.jobId} has no valid start or completion date`);
  if (!isSafeInteger(job.runs) || job.runs <= 0)
    throw new RangeError(`industry job ${job.jobId} needs a positive whole number of runs`);
  assertCents(job.cost, `cost of industry job ${job.jobId}`);
  if (job.cost < 0) throw new RangeError(`industry job ${job.jobId} has a negative cost`);
  return { startMs, completedMs };
}

function newJobRecord(job: LedgerJob, status: JobRecord['status'], bill: JobBill | null): JobRecord {
  const { startMs, completedMs } = validJob(job);
  if (bill && (!isSafeInteger(bill.productQuantity) || bill.productQuantity < 0))
    throw new RangeError(`industry job ${job.jobId} needs a whole product quantity ≥ 0`);
  const defaultUnitPrices = new Map<number, Cents>();
  for (const { typeId, unitPrice } of bill?.defaultUnitPrices ?? []) {
    assertCents(unitPrice, `default price of type ${typeId} for industry job ${job.jobId}`);
    if (unitPrice >= 0) defaultUnitPrices.set(typeId, unitPrice);
  }
  return {
    side: 'job',
    orderKey: job.jobId,
    timeMs: completedMs,
    startMs,
    job,
    status,
    // A corporation job is in the log only when the account could track it (PRO, a Factory Manager with corporation
    // industry sync on): the sync decided, so the fold follows every recorded job alike.
    tracked: !bill?.beforeWalletHistory,
    beforeWalletHistory: bill?.beforeWalletHistory ?? false,
    makesBlueprintRuns: MAKES_BLUEPRINT_RUNS.has(job.activityId),
    quantity: bill?.productQuantity ?? 0,
    quantitySold: 0,
    quantityConsumed: 0,
    rowIds: [],
    consumers: [],
    materials: [],
    defaultUnitPrices,
    customUnitPrices: new Map(),
    copyRuns: [],
    usesBlueprintCopy: bill?.usesBlueprintCopy ?? false,
    missingRuns: 0,
    customRunPrice: null,
    totalCost: job.cost,
  };
}

/**
 * A delivered job takes its inputs as held at its start (stacks dated at or before it, oldest first, then the
 * warehouse), and the runs of a blueprint copy when it ran on one; its products become a stack dated by its
 * completion, costing what it took plus its job cost (docs/profit-rules.md §14).
 */
function deliverJob(state: TradeLedgerState, job: LedgerJob, bill: JobBill): void {
  if (state.jobs.has(job.jobId)) return;
  const record = newJobRecord(job, 'delivered', bill);
  state.jobs.set(job.jobId, record);
  state.changes.jobIds.add(job.jobId);
  if (!record.tracked) return;
  const needs = new Map<number, number>();
  for (const { typeId, quantity } of bill.materials) {
    if (!isSafeInteger(quantity) || quantity < 0)
      throw new RangeError(`industry job ${job.jobId} needs a whole quantity ≥ 0 of type ${typeId}`);
    needs.set(typeId, (needs.get(typeId) ?? 0) + quantity);
  }
  for (const [typeId, quantity] of needs) {
    if (quantity === 0) continue;
    const material: JobMaterial = { typeId, quantity, lots: [], fixed: [], missing: quantity };
    record.materials.push(material);
    takeMaterial(state, record, material);
    if (material.missing > 0) waitForInputs(bookOf(state, typeId), record);
  }
  if (record.usesBlueprintCopy) {
    record.missingRuns = job.runs;
    takeCopyRuns(state, record);
  }
  record.totalCost = jobTotalCost(record);
  if (record.quantity === 0 || job.productTypeId === null) return;
  if (record.makesBlueprintRuns) copyRunsOf(state, job.productTypeId).insert(record);
  else {
    state.changes.typeIds.add(job.productTypeId);
    addLot(state, bookOf(state, job.productTypeId), record);
  }
}

/** A job consumes its inputs; a contract sale sells its items. */
function takeMaterial(state: TradeLedgerState, consumer: Consumer, material: JobMaterial): void {
  const book = bookOf(state, material.typeId);
  const before = material.lots.length;
  const as = consumer.side === 'job' ? 'consumed' : 'sold';
  let need = takeFromLots(state, book.lots, material.missing, consumer.startMs, as, material.lots);
  for (let index = before; index < material.lots.length; index++)
    material.lots[index]!.lot.consumers.push(consumer);
  if (need > 0 && book.warehouse.length > 0)
    need = takeFromWarehouse(book, need, MAX_ISK_CENTS - materialCost(consumer, material), material.fixed);
  if (need !== material.missing) state.changes.typeIds.add(material.typeId);
  material.missing = need;
}

function takeCopyRuns(state: TradeLedgerState, job: JobRecord): void {
  const runs = copyRunsOf(state, job.job.blueprintTypeId) as DatedQueue<Lot>;
  const before = job.copyRuns.length;
  job.missingRuns = takeFromLots(state, runs, job.missingRuns, job.startMs, 'consumed', job.copyRuns);
  for (let index = before; index < job.copyRuns.length; index++) job.copyRuns[index]!.lot.consumers.push(job);
}

function cancelJob(state: TradeLedgerState, job: LedgerJob): void {
  if (state.jobs.has(job.jobId)) return;
  state.jobs.set(job.jobId, newJobRecord(job, 'cancelled', null));
  state.changes.jobIds.add(job.jobId);
}

/** Missing inputs, Re-process Job: what is held now covers what it can, the prices given cover the rest. */
function reprocessJob(
  state: TradeLedgerState,
  jobId: number,
  customUnitPrices: readonly { readonly typeId: number; readonly unitPrice: Cents }[],
  customRunPrice: Cents | null,
): void {
  const job = state.jobs.get(jobId);
  if (!job || !job.tracked || job.status !== 'delivered') return;
  for (const { typeId, unitPrice } of customUnitPrices) {
    assertCents(unitPrice, `custom price of type ${typeId} for industry job ${jobId}`);
    if (unitPrice < 0) throw new RangeError(`industry job ${jobId}: a custom unit price is ≥ 0`);
  }
  if (customRunPrice !== null) {
    assertCents(customRunPrice, `custom run price for industry job ${jobId}`);
    if (customRunPrice < 0) throw new RangeError(`industry job ${jobId}: a custom run price is ≥ 0`);
  }
  for (const material of job.materials) if (material.missing > 0) takeMaterial(state, job, material);
  if (job.missingRuns > 0) takeCopyRuns(state, job);
  for (const { typeId, unitPrice } of customUnitPrices) job.customUnitPrices.set(typeId, unitPrice);
  if (customRunPrice !== null) job.customRunPrice = customRunPrice;
  state.changes.jobIds.add(jobId);
  recostJob(state, job);
}

/** A job's cost follows the costs it took: a change reaches its rows and the jobs that took its products. */
function recostJob(state: TradeLedgerState, job: JobRecord): void {
  const totalCost = jobTotalCost(job);
  if (totalCost === job.totalCost) return;
  job.totalCost = totalCost;
  state.changes.jobIds.add(job.job.jobId);
  for (const rowId of job.rowIds) state.changes.rowIds.add(rowId);
  for (const consumer of job.consumers) recost(state, consumer);
}

/** What units of a stack cost: a buy's price and its share of the buy's broker fee, a job's share of its cost. */
export function sliceCost({ lot, fromUnit, toUnit }: LotSlice): Cents {
  if (lot.side === 'buy')
    return (
      multiplyExact(lot.transaction.unitPrice, toUnit - fromUnit) +
      shareOfUnits(lot.brokerFee, lot.transaction.quantity, fromUnit, toUnit)
    );
  if (lot.side === 'contract') return shareOfUnits(lot.cost, lot.quantity, fromUnit, toUnit);
  return shareOfUnits(lot.totalCost, lot.quantity, fromUnit, toUnit);
}

/** The price that covers a job input's missing units: the user's custom price, else the default price (a sold
 * contract has none: its missing items stay missing). */
export function missingUnitPrice(consumer: Consumer, typeId: number): Cents | undefined {
  if (consumer.side !== 'job') return undefined;
  return consumer.customUnitPrices.get(typeId) ?? consumer.defaultUnitPrices.get(typeId);
}

/** What an input cost: the stacks and warehouse units it took, and a job's prices for what is missing. */
export function materialCost(consumer: Consumer, material: JobMaterial): Cents {
  let cost = 0;
  for (const slice of material.lots) cost += sliceCost(slice);
  for (const fixed of material.fixed) cost += multiplyExact(fixed.unitPrice, fixed.quantity);
  const price = material.missing > 0 ? missingUnitPrice(consumer, material.typeId) : undefined;
  if (price !== undefined) cost += multiplyExact(price, material.missing);
  return cost;
}

export function copiesCost(job: JobRecord): Cents {
  let cost = 0;
  for (const slice of job.copyRuns) cost += sliceCost(slice);
  if (job.customRunPrice !== null) cost += multiplyExact(job.customRunPrice, job.missingRuns);
  return cost;
}

function jobTotalCost(job: JobRecord): Cents {
  let cost = job.job.cost + copiesCost(job);
  for (const material of job.materials) cost += materialCost(job, material);
  return assertCents(cost, `total cost of industry job ${job.job.jobId}`);
}

function validContract(contract: LedgerContract): { issuedMs: number; acceptedMs: number } {
  const issuedMs = parseDate(contract.issuedDate);
  const acceptedMs = parseDate(contract.acceptedDate);
  if (isNotANumber(issuedMs) || isNotANumber(acceptedMs))
    throw new RangeError(`contract ${contract.contractId} has no valid issue or acceptance date`);
  assertCents(contract.amount, `amount of contract ${contract.contractId}`);
  if (contract.amount < 0) throw new RangeError(`contract ${contract.contractId} has a negative amount`);
  for (const { itemId, quantity } of contract.items)
    if (!isSafeInteger(quantity) || quantity <= 0)
      throw new RangeError(`contract ${contract.contractId} item ${itemId} needs a positive whole quantity`);
  for (const { typeId, unitPrice } of contract.appraisal)
    assertCents(unitPrice, `appraised price of type ${typeId} in contract ${contract.contractId}`);
  return { issuedMs, acceptedMs };
}

/**
 * An item exchange contract completed (docs/profit-rules.md §15). Bought: each item line becomes a stack dated by
 * the acceptance, costing its share of the amount paid. Sold: the items are taken as held at the issue (stacks
 * oldest first, then the warehouse), as a sale takes them; what nothing covers is missing until a stack dated
 * before the issue arrives. A contract is completed once, whichever of the account's characters listed it first.
 */
function completeContract(state: TradeLedgerState, contract: LedgerContract): void {
  if (state.contracts.has(contract.contractId)) return;
  const { issuedMs, acceptedMs } = validContract(contract);
  state.changes.contractIds.add(contract.contractId);
  if (contract.side === 'bought') {
    const shares = contractItemShares(contract);
    const lots = contract.items.map((item, index): ContractItemLot => {
      const share = shares[index]!;
      return {
        side: 'contract',
        orderKey: item.itemId,
        timeMs: acceptedMs,
        itemId: item.itemId,
        contract,
        typeId: item.typeId,
        quantity: item.quantity,
        cost: share.cost,
        method: share.method,
        appraisedUnitPrice: share.appraisedUnitPrice,
        quantitySold: 0,
        quantityConsumed: 0,
        rowIds: [],
        consumers: [],
      };
    });
    state.contracts.set(contract.contractId, { side: 'contractPurchase', contract, lots });
    for (const lot of lots) {
      state.contractItems.set(lot.itemId, lot);
      state.changes.contractItemIds.add(lot.itemId);
      state.changes.typeIds.add(lot.typeId);
      addLot(state, bookOf(state, lot.typeId), lot);
    }
    return;
  }
  const record: ContractSaleRecord = { side: 'contractSale', contract, startMs: issuedMs, materials: [] };
  state.contracts.set(contract.contractId, record);
  const needs = new Map<number, number>();
  for (const { typeId, quantity } of contract.items) needs.set(typeId, (needs.get(typeId) ?? 0) + quantity);
  for (const [typeId, quantity] of needs) {
    const material: JobMaterial = { typeId, quantity, lots: [], fixed: [], missing: quantity };
    record.materials.push(material);
    takeMaterial(state, record, material);
    if (material.missing > 0) waitForInputs(bookOf(state, typeId), record);
  }
}

function recordContractFee(
  state: TradeLedgerState,
  contractId: number,
  fee: keyof ContractJournalFees,
  journalEntryId: number,
  amount: Cents,
): void {
  assertCents(amount, `contract fee of journal entry ${journalEntryId}`);
  if (amount < 0) throw new RangeError(`journal entry ${journalEntryId}: the fee paid is a positive amount`);
  let fees = state.contractFees.get(contractId);
  if (!fees) {
    fees = { brokerFee: new Map(), salesTax: new Map() };
    state.contractFees.set(contractId, fees);
  }
  fees[fee].set(journalEntryId, amount);
  state.changes.contractIds.add(contractId);
}
