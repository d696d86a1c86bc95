import {
  SPEC_TRADE_RULES,
  TRADE_LEDGER_EVENT_TYPES,
  TRADE_LEDGER_READ_MODEL,
  foldTradeRules,
  tradeRulesStream,
  tradeLedgerDocumentIds as ids,
  type BrokerFeeEstimateReason,
  type ContractDocument,
  type ContractMaterialCost,
  type ContractProfitRowEdited,
  type ContractRecorded,
  type ContractStatusChanged,
  type CorporationJournalEntryRecorded,
  type CorporationMarketOrderClosed,
  type CorporationMarketOrderObserved,
  type CorporationWalletTransactionRecorded,
  type IndustryJobBillResolved,
  type IndustryJobRecorded,
  type JournalEntryRecorded,
  type ManufacturingProfitRowEdited,
  type MarketOrderClosed,
  type MarketOrderObserved,
  type OrderFeesMatched,
  type TradeLedgerDocument,
  type TradeLedgerEvent,
  type TradeProfitRowEdited,
  type TradeRules,
  type WalletTransactionRecorded,
} from '@tradewise/contracts';
import type { RecordedEvent } from '@tradewise/platform';
import type { AnyProjection, DiffRow, FoldProjection } from '../runner/projection';
import {
  brokerFeeRowView,
  fillBrokerFee,
  learnedBrokerRate,
  orderMatchState,
  orderView,
  boughtContractItem,
  contractProfitRow,
  evolveTradeLedger,
  settleTradeLedger,
  initialTradeLedgerState,
  manufacturingProfitRow,
  manufacturingResult,
  takeLedgerChanges,
  tradeLedgerConfigOf,
  tradeProfitRow,
  transactionQuantities,
  type JobMaterialCost,
  type LedgerContract,
  type LedgerJob,
  type TradeLedgerInput,
  type TradeLedgerState,
} from './trade-ledger/index';

/** One account's fold: the FIFO ledger plus the user's row edits, which replace the computed figures. */
export interface AccountTradeLedger {
  readonly accountId: string;
  readonly ledger: TradeLedgerState;
  readonly rowEdits: Map<string, TradeProfitRowEdited>;
  readonly manufacturingRowEdits: Map<string, ManufacturingProfitRowEdited>;
  readonly contractRowEdits: Map<number, ContractProfitRowEdited>;
  readonly deletedRows: Set<string>;
  readonly deletedContractRows: Set<number>;
  /** Each recorded contract as last read, with its items and appraisal from the first read. */
  readonly contracts: Map<number, RecordedContract>;
  /** Each job as last recorded, until its bill delivers it to the ledger. */
  readonly jobs: Map<number, LedgerJob>;
  /** Entries and overrides ever saved, so removed ones stay listed as removed. */
  readonly removedWarehouse: Map<string, { typeId: number; unitPrice: number; sequence: number }>;
  readonly removedOverrides: Set<string>;
  position: number;
  /** The account's version document's id, made once: every event the fold applies changes it. */
  readonly versionId: string;
  /** The ids of the documents the fold changes most often, made once a batch (see {@link BatchDocumentIds}). */
  readonly documentIds: {
    readonly transaction: BatchDocumentIds<number>;
    readonly profit: BatchDocumentIds<string>;
    readonly order: BatchDocumentIds<number>;
    readonly orderFee: BatchDocumentIds<number>;
  };
}

/**
 * The ids of the documents one batch of events changes, each made once in the batch. A fill's transaction, its
 * profit rows, its order and its fee rows change with its event and again with the batch's settling, and the runner
 * looks each id up among the documents it has not written yet: the same string is found by its hash, worked out
 * once, where a new one is hashed and compared in full (a heavy trader's year rebuilt: a million such lookups,
 * docs/PERFORMANCE.md). Forgotten when the batch settles, so the fold keeps no string per document.
 */
class BatchDocumentIds<K> {
  private readonly made = new Map<K, string>();

  constructor(private readonly make: (key: K) => string) {}

  of(key: K): string {
    let id = this.made.get(key);
    if (id === undefined) {
      id = this.make(key);
      this.made.set(key, id);
    }
    return id;
  }

  forget(): void {
    this.made.clear();
  }
}

interface RecordedContract {
  readonly first: ContractRecorded;
  last: ContractRecorded | ContractStatusChanged;
  partyNames: Record<string, string>;
  role: ContractDocument['role'];
}

const WALLET_EVENT_TYPES = [
  'WalletTransactionRecorded',
  'JournalEntryRecorded',
  'CorporationWalletTransactionRecorded',
  'CorporationJournalEntryRecorded',
] as const;
const CONTRACT_EVENT_TYPES = ['ContractRecorded', 'ContractStatusChanged'] as const;
const ORDER_EVENT_TYPES = [
  'MarketOrderClosed',
  'MarketOrderObserved',
  'CorporationMarketOrderClosed',
  'CorporationMarketOrderObserved',
  'OrderFeesMatched',
] as const;
/** Journal rows the ledger reads: a sale's tax, an order's broker fee, a contract's broker fee and sales tax. */
const JOURNAL_REF_TYPES = ['transaction_tax', 'brokers_fee', 'contract_brokers_fee', 'contract_sales_tax'];
const INDUSTRY_EVENT_TYPES = [
  'IndustryJobRecorded',
  'IndustryJobStatusChanged',
  'IndustryJobBillResolved',
] as const;

function ledgerJob(data: IndustryJobRecorded): LedgerJob {
  return {
    jobId: data.jobId,
    characterId: data.characterId,
    corporationId: data.corporationId,
    activityId: data.activityId,
    blueprintTypeId: data.blueprintTypeId,
    productTypeId: data.productTypeId,
    runs: data.runs,
    facilityId: data.facilityId,
    cost: data.costCents ?? 0,
    startDate: data.startDate,
    completedDate: data.completedDate ?? data.endDate,
  };
}

/** An order's broker fee, from its owner's journal (a character's, or a corporation division's). */
function brokerFeeInput(
  ownerId: number,
  data: JournalEntryRecorded | CorporationJournalEntryRecorded,
): TradeLedgerInput | null {
  // A fee is paid (negative); nothing else about a row of this type says anything to the ledger.
  if (data.amountCents === null || data.amountCents > 0) return null;
  return {
    type: 'BrokerFeePaid',
    row: {
      journalEntryId: data.entryId,
      characterId: ownerId,
      ...('division' in data ? { division: data.division } : {}),
      date: data.date,
      amount: -data.amountCents,
    },
  };
}

/** An order's recorded match, as the matching states one. */
function recordedMatchInput(data: OrderFeesMatched): TradeLedgerInput {
  return {
    type: 'OrderFeesMatched',
    match: {
      orderId: data.orderId,
      complete: true,
      reason: null,
      fees: data.fees.map((fee) => ({
        journalEntryId: fee.journalEntryId,
        timeMs: Date.parse(fee.date),
        amount: fee.amountCents,
        kind: fee.kind,
        unitsOnOrder: fee.unitsOnOrder,
      })),
      fills: data.fills.map((fill) => ({
        transactionId: fill.transactionId,
        quantity: fill.quantity,
        fee: fill.brokerFeeCents,
      })),
      unfilledFee: data.unfilledFeeCents,
      taught: data.taught
        ? { placementPpm: data.taught.ratePpm, relistTenthsOfPpm: data.taught.relistRateTenthsOfPpm }
        : null,
    },
  };
}

/** A read of an order of its owner: a character's own, or a corporation's (owned by the corporation's id). */
function orderReadInput(
  ownerId: number,
  data:
    MarketOrderClosed | MarketOrderObserved | CorporationMarketOrderClosed | CorporationMarketOrderObserved,
  closed: boolean,
): TradeLedgerInput {
  return {
    type: 'OrderRead',
    read: {
      orderId: data.orderId,
      characterId: ownerId,
      typeId: data.typeId,
      locationId: data.locationId,
      isBuy: data.isBuyOrder,
      volumeTotal: data.volumeTotal,
      volumeRemain: data.volumeRemain,
      price: data.priceCents,
      issued: data.issued,
      readAt: data.readAt,
      closed,
      ...('corporationId' in data ? { corporationOrder: true } : {}),
    },
  };
}

/** A sale's tax, from a character's or a corporation division's journal: the row names the sale's transaction. */
function salesTaxInput(
  data: JournalEntryRecorded | CorporationJournalEntryRecorded,
): TradeLedgerInput | null {
  const { context_id: transactionId, context_id_type: contextType } = data.esi;
  if (data.refType !== 'transaction_tax' || contextType !== 'market_transaction_id') return null;
  if (transactionId === undefined || data.amountCents === null) return null;
  return {
    type: 'SalesTaxRecorded',
    journalEntryId: data.entryId,
    transactionId,
    taxPaid: -data.amountCents,
  };
}

/**
 * The account's side of a completed item exchange (docs/profit-rules.md §15): the character that listed it issued
 * it and gives items (a sale), or accepted it, or issued it to buy, and receives items (a purchase). A contract for
 * a corporation counts only with corporation trade tracking on; other types and states do nothing to the ledger.
 */
function contractSide(state: AccountTradeLedger, recorded: RecordedContract): LedgerContract | null {
  const { first, last } = recorded;
  if (last.type !== 'item_exchange' || last.status !== 'finished' || !first.items) return null;
  if (last.forCorporation && !state.ledger.corporationTradeTracking) return null;
  const { characterId } = first;
  const isIssuer = last.issuerId === characterId;
  if (!isIssuer && last.acceptorId !== characterId) return null;
  const net = (last.priceCents ?? 0) - (last.rewardCents ?? 0);
  const lines = (included: boolean) =>
    first.items!.filter((item) => item.is_included === included && item.quantity > 0);
  const given = lines(isIssuer);
  const received = lines(!isIssuer);
  const base = {
    contractId: last.contractId,
    characterId,
    availability: last.availability,
    issuedDate: last.dateIssued,
    acceptedDate: last.dateAccepted ?? last.dateCompleted ?? last.readAt,
  };
  const toLines = (items: typeof given) =>
    items.map((item) => ({ itemId: item.record_id, typeId: item.type_id, quantity: item.quantity }));
  if (given.length > 0)
    return {
      ...base,
      side: 'sold',
      amount: Math.max(isIssuer ? net : -net, 0),
      items: toLines(given),
      appraisal: [],
    };
  if (received.length > 0)
    return {
      ...base,
      side: 'bought',
      amount: Math.max(isIssuer ? -net : net, 0),
      items: toLines(received),
      appraisal: (first.appraisal?.prices ?? []).map(({ typeId, method, unitPriceCents }) => ({
        typeId,
        method,
        unitPrice: unitPriceCents,
      })),
    };
  return null;
}

/**
 * A contract as read, on the stream of the character whose list showed it first (a contract between two of the
 * account's characters is listed by both: the first one's reads are followed, the other's names kept). It enters
 * the ledger the first time it reads finished.
 */
function contractInput(state: AccountTradeLedger, event: RecordedEvent): TradeLedgerInput | null {
  const data = event.data as ContractRecorded | ContractStatusChanged;
  let recorded = state.contracts.get(data.contractId);
  if (!recorded) {
    const first: ContractRecorded =
      event.type === 'ContractRecorded' ? (data as ContractRecorded) : { ...data, items: null };
    recorded = { first, last: data, partyNames: {}, role: 'none' };
    state.contracts.set(data.contractId, recorded);
  } else if (data.characterId === recorded.first.characterId) {
    recorded.last = data;
  }
  Object.assign(recorded.partyNames, data.partyNames ?? {});
  if (recorded.role !== 'none') return null;
  const contract = contractSide(state, recorded);
  if (!contract) return null;
  recorded.role = contract.side;
  return { type: 'ContractCompleted', contract };
}

/**
 * The ledger's view of an event; journal rows other than a sale's tax, an order's broker fee or a contract's fees
 * say nothing to it.
 */
function ledgerInput(state: AccountTradeLedger, event: RecordedEvent): TradeLedgerInput | null {
  if (event.type === 'ContractRecorded' || event.type === 'ContractStatusChanged')
    return contractInput(state, event);
  if (event.type === 'IndustryJobRecorded' || event.type === 'IndustryJobStatusChanged') {
    const job = ledgerJob(event.data as IndustryJobRecorded);
    if ((event.data as IndustryJobRecorded).status !== 'cancelled') {
      state.jobs.set(job.jobId, job);
      return null;
    }
    state.jobs.delete(job.jobId);
    return { type: 'IndustryJobCancelled', job };
  }
  if (event.type === 'IndustryJobBillResolved') {
    const { bill } = event.data as IndustryJobBillResolved;
    const job = state.jobs.get(bill.jobId);
    if (!job) return null;
    state.jobs.delete(bill.jobId);
    return {
      type: 'IndustryJobDelivered',
      job,
      bill: {
        materials: bill.materials,
        productQuantity: bill.productQuantity,
        usesBlueprintCopy: bill.usesBlueprintCopy,
        beforeWalletHistory: bill.beforeWalletHistory ?? false,
        defaultUnitPrices: bill.defaultUnitPrices.map(({ typeId, unitPriceCents }) => ({
          typeId,
          unitPrice: unitPriceCents,
        })),
      },
    };
  }
  if (event.type === 'WalletTransactionRecorded') {
    const data = event.data as WalletTransactionRecorded;
    return {
      type: 'TransactionRecorded',
      transaction: {
        transactionId: data.transactionId,
        date: data.date,
        characterId: data.characterId,
        typeId: data.typeId,
        quantity: data.quantity,
        unitPrice: data.unitPriceCents,
        isBuy: data.isBuy,
        isPersonal: data.isPersonal,
        locationId: data.esi.location_id,
      },
    };
  }
  if (event.type === 'CorporationWalletTransactionRecorded') {
    const data = event.data as CorporationWalletTransactionRecorded;
    return {
      type: 'TransactionRecorded',
      transaction: {
        transactionId: data.transactionId,
        date: data.date,
        characterId: data.corporationId,
        division: data.division,
        typeId: data.typeId,
        quantity: data.quantity,
        unitPrice: data.unitPriceCents,
        isBuy: data.isBuy,
        isPersonal: false,
        locationId: data.esi.location_id,
      },
    };
  }
  if (event.type === 'CorporationJournalEntryRecorded') {
    const data = event.data as CorporationJournalEntryRecorded;
    if (data.refType === 'brokers_fee') return brokerFeeInput(data.corporationId, data);
    return salesTaxInput(data);
  }
  if (event.type === 'OrderFeesMatched') return recordedMatchInput(event.data as OrderFeesMatched);
  if (event.type === 'MarketOrderClosed' || event.type === 'MarketOrderObserved') {
    const data = event.data as MarketOrderClosed | MarketOrderObserved;
    const closed = event.type === 'MarketOrderClosed';
    // An order for the corporation is the corporation's: its fees are in the division's journal, not the
    // character's, and it is matched from the corporation's own order reads. The read still dates the character's.
    if (data.isCorporation)
      return { type: 'OrdersRead', read: { characterId: data.characterId, readAt: data.readAt, closed } };
    return orderReadInput(data.characterId, data, closed);
  }
  if (event.type === 'CorporationMarketOrderClosed' || event.type === 'CorporationMarketOrderObserved') {
    const data = event.data as CorporationMarketOrderClosed | CorporationMarketOrderObserved;
    return orderReadInput(data.corporationId, data, event.type === 'CorporationMarketOrderClosed');
  }
  if (event.type === 'JournalEntryRecorded') {
    const data = event.data as JournalEntryRecorded;
    if (data.refType === 'brokers_fee') return brokerFeeInput(data.characterId, data);
    const { context_id: transactionId, context_id_type: contextType } = data.esi;
    if (
      (data.refType === 'contract_brokers_fee' || data.refType === 'contract_sales_tax') &&
      contextType === 'contract_id' &&
      transactionId !== undefined &&
      data.amountCents !== null
    )
      return {
        type: 'ContractFeeRecorded',
        journalEntryId: data.entryId,
        contractId: transactionId,
        fee: data.refType === 'contract_brokers_fee' ? 'brokerFee' : 'salesTax',
        amount: -data.amountCents,
      };
    return salesTaxInput(data);
  }
  const edit = { type: event.type, data: event.data } as TradeLedgerEvent;
  switch (edit.type) {
    case 'WarehouseEntrySaved':
      return {
        type: 'WarehouseEntrySaved',
        entry: {
          entryId: edit.data.entryId,
          typeId: edit.data.typeId,
          unitPrice: edit.data.unitPriceCents,
          quantity: edit.data.quantity,
        },
      };
    case 'WarehouseEntryRemoved':
      return { type: 'WarehouseEntryRemoved', entryId: edit.data.entryId };
    case 'BrokerFeeOverrideSaved': {
      const { accountId: _account, ...override } = edit.data;
      return { type: 'BrokerFeeOverrideSaved', override };
    }
    case 'BrokerFeeOverrideRemoved':
      return { type: 'BrokerFeeOverrideRemoved', overrideId: edit.data.overrideId };
    case 'PendingSaleCostSet':
      return {
        type: 'PendingSaleCostSet',
        transactionId: edit.data.transactionId,
        unitBuyPrice: edit.data.unitBuyPriceCents,
      };
    case 'PendingSaleIgnored':
      return { type: 'PendingSaleIgnored', transactionId: edit.data.transactionId };
    case 'BuyQuantityConsumedSet':
      return {
        type: 'BuyQuantityConsumedSet',
        transactionId: edit.data.transactionId,
        quantityConsumed: edit.data.quantityConsumed,
      };
    case 'SellQuantitySoldSet':
      return {
        type: 'SellQuantitySoldSet',
        transactionId: edit.data.transactionId,
        quantitySold: edit.data.quantitySold,
      };
    case 'IndustryJobReprocessed':
      return {
        type: 'IndustryJobReprocessed',
        jobId: edit.data.jobId,
        customUnitPrices: edit.data.customUnitPrices.map(({ typeId, unitPriceCents }) => ({
          typeId,
          unitPrice: unitPriceCents,
        })),
        customRunPrice: edit.data.customRunPriceCents,
      };
    case 'JobQuantityConsumedSet':
      return {
        type: 'JobQuantityConsumedSet',
        jobId: edit.data.jobId,
        quantityConsumed: edit.data.quantityConsumed,
      };
    case 'ContractItemQuantityConsumedSet':
      return {
        type: 'ContractItemQuantityConsumedSet',
        itemId: edit.data.itemId,
        quantityConsumed: edit.data.quantityConsumed,
      };
    default:
      return null;
  }
}

function applyEvent(state: AccountTradeLedger, event: RecordedEvent): string[] {
  const { accountId } = state;
  const changed: string[] = [];
  // Moved by every event, not only one that changes a document at once: an order read changes its fills when the
  // batch settles, and the version written then must be past the version a reader cached before.
  state.position = event.position;
  if (event.type === 'TradeProfitRowEdited') {
    const edit = event.data as TradeProfitRowEdited;
    if (!state.deletedRows.has(edit.rowId)) {
      state.rowEdits.set(edit.rowId, edit);
      changed.push(ids.profit(accountId, edit.rowId));
    }
  } else if (event.type === 'ManufacturingProfitRowEdited') {
    const edit = event.data as ManufacturingProfitRowEdited;
    if (!state.deletedRows.has(edit.rowId)) {
      state.manufacturingRowEdits.set(edit.rowId, edit);
      changed.push(ids.manufacturingProfit(accountId, edit.rowId));
    }
  } else if (event.type === 'ContractProfitRowEdited') {
    const edit = event.data as ContractProfitRowEdited;
    if (!state.deletedContractRows.has(edit.contractId)) {
      state.contractRowEdits.set(edit.contractId, edit);
      changed.push(ids.contractProfit(accountId, edit.contractId));
    }
  } else if (event.type === 'ContractProfitRowDeleted') {
    const { contractId } = event.data as { contractId: number };
    state.deletedContractRows.add(contractId);
    state.contractRowEdits.delete(contractId);
    changed.push(ids.contractProfit(accountId, contractId));
  } else if (event.type === 'TradeProfitRowDeleted' || event.type === 'ManufacturingProfitRowDeleted') {
    const { rowId } = event.data as { rowId: string };
    state.deletedRows.add(rowId);
    state.rowEdits.delete(rowId);
    state.manufacturingRowEdits.delete(rowId);
    changed.push(rowDocumentId(state, rowId));
  } else {
    const input = ledgerInput(state, event);
    if (event.type === 'ContractRecorded' || event.type === 'ContractStatusChanged')
      changed.push(ids.contract(accountId, (event.data as ContractRecorded).contractId));
    if (!input) {
      if (changed.length > 0) changed.push(state.versionId);
      return changed;
    }
    if (input.type === 'WarehouseEntryRemoved') {
      const stack = state.ledger.warehouse.get(input.entryId);
      if (stack) state.removedWarehouse.set(input.entryId, { ...stack });
      changed.push(ids.warehouse(accountId, input.entryId));
    }
    if (input.type === 'WarehouseEntrySaved') {
      state.removedWarehouse.delete(input.entry.entryId);
      changed.push(ids.warehouse(accountId, input.entry.entryId));
    }
    if (input.type === 'BrokerFeeOverrideSaved') {
      state.removedOverrides.delete(input.override.overrideId);
      changed.push(ids.brokerFee(accountId, input.override.overrideId));
    }
    if (input.type === 'BrokerFeeOverrideRemoved') {
      if (state.ledger.brokerFees.overrides.has(input.overrideId))
        state.removedOverrides.add(input.overrideId);
      changed.push(ids.brokerFee(accountId, input.overrideId));
    }
    evolveTradeLedger(state.ledger, input);
    changed.push(...ledgerChangeIds(state));
  }
  if (changed.length > 0) changed.push(state.versionId);
  return changed;
}

/** The documents the ledger's changes since the last call touch. */
function ledgerChangeIds(state: AccountTradeLedger): string[] {
  const { accountId } = state;
  const changed: string[] = [];
  const changes = takeLedgerChanges(state.ledger);
  for (const rowId of changes.rowIds) changed.push(rowDocumentId(state, rowId));
  for (const transactionId of changes.transactionIds)
    changed.push(state.documentIds.transaction.of(transactionId));
  for (const jobId of changes.jobIds) changed.push(ids.job(accountId, jobId));
  for (const contractId of changes.contractIds) {
    changed.push(ids.contractProfit(accountId, contractId));
    changed.push(ids.contract(accountId, contractId));
  }
  for (const itemId of changes.contractItemIds) changed.push(ids.contractItem(accountId, itemId));
  for (const orderId of changes.orderIds) changed.push(state.documentIds.order.of(orderId));
  for (const journalEntryId of changes.brokerFeeRowIds)
    changed.push(state.documentIds.orderFee.of(journalEntryId));
  for (const rateKey of changes.brokerRateKeys) {
    const [characterId, locationId] = rateKey.split(':').map(Number) as [number, number];
    changed.push(ids.brokerRate(accountId, characterId, locationId));
  }
  for (const typeId of changes.typeIds)
    for (const stack of state.ledger.books.get(typeId)?.warehouse ?? [])
      changed.push(ids.warehouse(accountId, stack.entryId));
  return changed;
}

/** The broker fee matching the batch's events call for, once per batch (docs/profit-rules.md §6). */
function settle(state: AccountTradeLedger): string[] {
  settleTradeLedger(state.ledger);
  const changed = ledgerChangeIds(state);
  for (const ids of Object.values(state.documentIds)) ids.forget();
  if (changed.length > 0) changed.push(state.versionId);
  return changed;
}

/** Why the fills' broker fees are estimates, each reason once; empty when every one is what was paid. */
function brokerFeeEstimates(
  ledger: TradeLedgerState,
  transactionIds: readonly number[],
): BrokerFeeEstimateReason[] {
  const reasons = new Set<BrokerFeeEstimateReason>();
  for (const transactionId of transactionIds) {
    const brokerFee = fillBrokerFee(ledger.orderFees, transactionId);
    if (brokerFee.source === 'estimated') reasons.add(brokerFee.reason);
  }
  return [...reasons];
}

function orderDocument(state: AccountTradeLedger, id: string, orderId: number): DocumentBody | null {
  const order = orderView(state.ledger.orderFees, orderId);
  if (!order) return null;
  const match = order.match;
  const iso = (timeMs: number): string => new Date(timeMs).toISOString();
  return {
    _id: id,
    accountId: state.accountId,
    kind: 'order',
    orderId,
    characterId: order.characterId,
    typeId: order.typeId,
    locationId: order.locationId,
    isBuy: order.isBuy,
    volumeTotal: order.volumeTotal,
    volumeRemain: order.volumeRemain,
    closed: order.closed,
    firstIssued: order.firstIssued,
    lastIssued: order.lastIssued,
    readAt: order.readAt,
    complete: match?.complete ?? false,
    estimate: match?.reason ?? null,
    fees: (match?.fees ?? []).map((fee) => ({
      journalEntryId: fee.journalEntryId,
      date: iso(fee.timeMs),
      amountCents: fee.amount,
      kind: fee.kind,
      unitsOnOrder: fee.unitsOnOrder,
    })),
    fills: (match?.fills ?? []).map((fill) => ({
      transactionId: fill.transactionId,
      quantity: fill.quantity,
      brokerFeeCents: fill.fee,
    })),
    feesCents: (match?.fees ?? []).reduce((sum, fee) => sum + fee.amount, 0),
    unfilledFeeCents: match?.unfilledFee ?? 0,
    matchState: orderMatchState(state.ledger.orderFees, orderId),
    taught: {
      ratePpm: order.taught.placementPpm,
      relistRateTenthsOfPpm: order.taught.relistTenthsOfPpm,
    },
  };
}

/** A sale's rows are numbered together; each lives in the document of its kind. */
function rowDocumentId(state: AccountTradeLedger, rowId: string): string {
  return state.ledger.rows.get(rowId)?.kind === 'manufacturing'
    ? ids.manufacturingProfit(state.accountId, rowId)
    : state.documentIds.profit.of(rowId);
}

type DocumentBody = TradeLedgerDocument;

function documentOf(state: AccountTradeLedger, id: string): DocumentBody | null {
  const { accountId, ledger } = state;
  const separator = id.indexOf(':');
  const kind = id.slice(0, separator);
  const key = id.slice(separator + 1 + accountId.length + 1);
  switch (kind) {
    case 'ledger':
      return { _id: id, accountId, kind: 'version', position: state.position };
    case 'profit':
      return profitDocument(state, id, key);
    case 'manufacturing':
      return manufacturingProfitDocument(state, id, key);
    case 'job':
      return jobDocument(state, id, Number(key));
    case 'contractProfit':
      return contractProfitDocument(state, id, Number(key));
    case 'contractItem':
      return contractItemDocument(state, id, Number(key));
    case 'contract':
      return contractDocument(state, id, Number(key));
    case 'transaction': {
      const transactionId = Number(key);
      const record = ledger.transactions.get(transactionId);
      const quantities = transactionQuantities(ledger, transactionId);
      if (!record || !quantities) return null;
      const { transaction } = record;
      const brokerFee = fillBrokerFee(ledger.orderFees, transactionId);
      return {
        _id: id,
        accountId,
        kind: 'transaction',
        transactionId,
        date: transaction.date,
        characterId: transaction.characterId,
        typeId: transaction.typeId,
        locationId: transaction.locationId,
        isBuy: transaction.isBuy,
        isPersonal: transaction.isPersonal,
        division: transaction.division ?? null,
        unitPriceCents: transaction.unitPrice,
        quantity: transaction.quantity,
        quantitySold: quantities.quantitySold,
        quantityConsumed: quantities.quantityConsumed,
        quantityRemaining: quantities.quantityRemaining,
        tracked: quantities.tracked,
        brokerFeeCents: quantities.brokerFee,
        brokerFeeSource: brokerFee.source,
        brokerFeeEstimate: brokerFee.source === 'estimated' ? brokerFee.reason : null,
        orderId: brokerFee.source === 'order' ? brokerFee.orderId : null,
        salesTaxCents: quantities.salesTax,
        salesTaxSource: quantities.salesTaxSource,
        pending: !transaction.isBuy && quantities.tracked && quantities.quantityRemaining > 0,
      };
    }
    case 'order':
      return orderDocument(state, id, Number(key));
    case 'brokerRate': {
      const learned = learnedBrokerRate(ledger.orderFees, key);
      if (!learned) return null;
      return { _id: id, accountId, kind: 'brokerRate', ...learned };
    }
    case 'orderFee': {
      const row = brokerFeeRowView(ledger.orderFees, Number(key));
      if (!row) return null;
      return {
        _id: id,
        accountId,
        kind: 'orderFee',
        journalEntryId: row.journalEntryId,
        characterId: row.characterId,
        division: row.division ?? null,
        date: row.date,
        amountCents: row.amount,
        orderId: row.orderId,
        isBuy: row.isBuy,
        feeKind: row.kind,
      };
    }
    case 'warehouse': {
      const stack = ledger.warehouse.get(key);
      const removed = state.removedWarehouse.get(key);
      const source = stack ?? removed;
      if (!source) return null;
      return {
        _id: id,
        accountId,
        kind: 'warehouse',
        entryId: key,
        typeId: source.typeId,
        unitPriceCents: source.unitPrice,
        quantity: stack ? stack.quantity : 0,
        sequence: source.sequence,
        removed: !stack,
      };
    }
    case 'brokerFee': {
      const override = ledger.brokerFees.overrides.get(key);
      if (!override) {
        return state.removedOverrides.has(key) ? removedOverride(state, id, key) : null;
      }
      return { _id: id, accountId, kind: 'brokerFee', ...override, removed: false };
    }
    default:
      return null;
  }
}

/** The last figures of a removed override are gone with it; the document keeps its id and says so. */
function removedOverride(state: AccountTradeLedger, id: string, overrideId: string): DocumentBody {
  return {
    _id: id,
    accountId: state.accountId,
    kind: 'brokerFee',
    overrideId,
    startDate: '',
    characterId: 0,
    typeId: null,
    buyFeePpm: 0,
    sellFeePpm: 0,
    npcSellFeePpm: 0,
    removed: true,
  };
}

function profitDocument(state: AccountTradeLedger, id: string, rowId: string): DocumentBody | null {
  const row = tradeProfitRow(state.ledger, rowId);
  if (!row) return null;
  const edit = state.rowEdits.get(rowId);
  const figures = edit
    ? {
        quantitySold: edit.quantitySold,
        buyCostCents: edit.buyCostCents,
        buyBrokerFeeCents: edit.buyBrokerFeeCents,
        sellGrossCents: edit.sellGrossCents,
        sellBrokerFeeCents: edit.sellBrokerFeeCents,
        sellTaxCents: edit.sellTaxCents,
      }
    : {
        quantitySold: row.quantitySold,
        buyCostCents: row.buyCost,
        buyBrokerFeeCents: row.buyBrokerFee,
        sellGrossCents: row.sellGross,
        sellBrokerFeeCents: row.sellBrokerFee,
        sellTaxCents: row.sellTax,
      };
  return {
    _id: id,
    accountId: state.accountId,
    kind: 'profit',
    rowId,
    sellTransactionId: row.sellTransactionId,
    date: row.date,
    characterId: row.characterId,
    typeId: row.typeId,
    isPersonal: row.isPersonal,
    division: row.division,
    ...figures,
    profitCents:
      figures.sellGrossCents -
      figures.sellTaxCents -
      figures.sellBrokerFeeCents -
      figures.buyCostCents -
      figures.buyBrokerFeeCents,
    brokerFeeEstimates: edit
      ? []
      : brokerFeeEstimates(state.ledger, [
          row.sellTransactionId,
          ...row.sources.flatMap((source) => (source.kind === 'bought' ? [source.transactionId] : [])),
        ]),
    edited: edit !== undefined,
    deleted: state.deletedRows.has(rowId),
  };
}

function manufacturingProfitDocument(
  state: AccountTradeLedger,
  id: string,
  rowId: string,
): DocumentBody | null {
  const row = manufacturingProfitRow(state.ledger, rowId);
  if (!row) return null;
  const edit = state.manufacturingRowEdits.get(rowId);
  const figures = edit
    ? {
        quantitySold: edit.quantitySold,
        manufacturingCostCents: edit.manufacturingCostCents,
        sellGrossCents: edit.sellGrossCents,
        sellBrokerFeeCents: edit.sellBrokerFeeCents,
        sellTaxCents: edit.sellTaxCents,
      }
    : {
        quantitySold: row.quantitySold,
        manufacturingCostCents: row.manufacturingCost,
        sellGrossCents: row.sellGross,
        sellBrokerFeeCents: row.sellBrokerFee,
        sellTaxCents: row.sellTax,
      };
  return {
    _id: id,
    accountId: state.accountId,
    kind: 'manufacturingProfit',
    rowId,
    sellTransactionId: row.sellTransactionId,
    date: row.date,
    characterId: row.characterId,
    typeId: row.typeId,
    isPersonal: row.isPersonal,
    ...figures,
    profitCents:
      figures.sellGrossCents -
      figures.sellTaxCents -
      figures.sellBrokerFeeCents -
      figures.manufacturingCostCents,
    costIncomplete: edit === undefined && row.costIncomplete,
    jobIds: row.sources.map((source) => source.jobId),
    brokerFeeEstimates: edit ? [] : brokerFeeEstimates(state.ledger, [row.sellTransactionId]),
    edited: edit !== undefined,
    deleted: state.deletedRows.has(rowId),
  };
}

/** Input costs as the documents keep them: cents named as such. */
function materialCostDocuments(costs: readonly JobMaterialCost[]): ContractMaterialCost[] {
  return costs.map(({ typeId, quantity, cost, missing }) => ({ typeId, quantity, costCents: cost, missing }));
}

function contractProfitDocument(
  state: AccountTradeLedger,
  id: string,
  contractId: number,
): DocumentBody | null {
  const row = contractProfitRow(state.ledger, contractId);
  const recorded = state.contracts.get(contractId);
  if (!row || !recorded) return null;
  const edit = state.contractRowEdits.get(contractId);
  const figures = edit
    ? {
        totalCostCents: edit.totalCostCents,
        sellGrossCents: edit.sellGrossCents,
        sellBrokerFeeCents: edit.sellBrokerFeeCents,
        sellTaxCents: edit.sellTaxCents,
      }
    : {
        totalCostCents: row.totalCost,
        sellGrossCents: row.sellGross,
        sellBrokerFeeCents: row.sellBrokerFee,
        sellTaxCents: row.sellTax,
      };
  return {
    _id: id,
    accountId: state.accountId,
    kind: 'contractProfit',
    contractId,
    date: row.date,
    characterId: row.characterId,
    acceptorId: recorded.last.acceptorId,
    title: recorded.last.title,
    typeIds: row.materialCosts.map((material) => material.typeId),
    materialCosts: materialCostDocuments(row.materialCosts),
    missingMaterials: row.missingMaterials,
    materialsIncomplete: row.materialsIncomplete,
    ...figures,
    sellBrokerFeeSource: edit ? 'rule' : row.sellBrokerFeeSource,
    sellTaxSource: edit ? 'rule' : row.sellTaxSource,
    profitCents:
      figures.sellGrossCents - figures.sellBrokerFeeCents - figures.sellTaxCents - figures.totalCostCents,
    counted: edit !== undefined || !row.materialsIncomplete,
    edited: edit !== undefined,
    deleted: state.deletedContractRows.has(contractId),
  };
}

function contractItemDocument(state: AccountTradeLedger, id: string, itemId: number): DocumentBody | null {
  const item = boughtContractItem(state.ledger, itemId);
  if (!item) return null;
  return {
    _id: id,
    accountId: state.accountId,
    kind: 'contractItem',
    itemId,
    contractId: item.contractId,
    characterId: item.characterId,
    date: item.date,
    typeId: item.typeId,
    quantity: item.quantity,
    quantitySold: item.quantitySold,
    quantityConsumed: item.quantityConsumed,
    quantityRemaining: item.quantityRemaining,
    costCents: item.cost,
    appraisalMethod: item.appraisalMethod,
    appraisedUnitPriceCents: item.appraisedUnitPrice,
  };
}

function contractDocument(state: AccountTradeLedger, id: string, contractId: number): DocumentBody | null {
  const recorded = state.contracts.get(contractId);
  if (!recorded) return null;
  const { first, last } = recorded;
  return {
    _id: id,
    accountId: state.accountId,
    kind: 'contract',
    contractId,
    characterId: first.characterId,
    type: last.type,
    status: last.status,
    availability: last.availability,
    title: last.title,
    issuerId: last.issuerId,
    issuerCorporationId: last.issuerCorporationId,
    assigneeId: last.assigneeId,
    acceptorId: last.acceptorId,
    partyNames: { ...recorded.partyNames },
    dateIssued: last.dateIssued,
    dateAccepted: last.dateAccepted,
    dateCompleted: last.dateCompleted,
    date: last.dateCompleted ?? last.dateAccepted ?? last.dateIssued,
    priceCents: last.priceCents,
    rewardCents: last.rewardCents,
    items: (first.items ?? []).map((item) => ({
      itemId: item.record_id,
      typeId: item.type_id,
      quantity: item.quantity,
      isIncluded: item.is_included,
    })),
    role: recorded.role,
  };
}

function jobDocument(state: AccountTradeLedger, id: string, jobId: number): DocumentBody | null {
  const result = manufacturingResult(state.ledger, jobId);
  if (!result) return null;
  return {
    _id: id,
    accountId: state.accountId,
    kind: 'job',
    jobId,
    characterId: result.characterId,
    corporationId: result.corporationId,
    activityId: result.activityId,
    status: result.status,
    blueprintTypeId: result.blueprintTypeId,
    productTypeId: result.productTypeId,
    typeId: result.productTypeId ?? result.blueprintTypeId,
    makesBlueprintRuns: result.makesBlueprintRuns,
    runs: result.runs,
    facilityId: result.facilityId,
    startDate: result.startDate,
    date: result.completedDate,
    quantity: result.quantity,
    quantitySold: result.quantitySold,
    quantityConsumed: result.quantityConsumed,
    quantityRemaining: result.quantityRemaining,
    costCents: result.cost,
    materialsCostCents: result.materialsCost,
    copiesCostCents: result.copiesCost,
    totalCostCents: result.totalCost,
    materialCosts: materialCostDocuments(result.materialCosts),
    missingMaterials: result.missingMaterials,
    missingRuns: result.missingRuns,
    materialsIncomplete: result.materialsIncomplete,
    tracked: result.tracked,
    beforeWalletHistory: result.beforeWalletHistory,
  };
}

/** Profit rows in a rebuild's report: each counts as the totals do (deleted and incomplete rows do not). */
function diffRow(document: TradeLedgerDocument): DiffRow | null {
  if (document.kind === 'profit' || document.kind === 'manufacturingProfit')
    return { partition: document.accountId, profitCents: document.deleted ? 0 : document.profitCents };
  if (document.kind === 'contractProfit')
    return {
      partition: document.accountId,
      profitCents: document.deleted || !document.counted ? 0 : document.profitCents,
    };
  return null;
}

/**
 * The trading ledger of each account (docs/profit-rules.md): trade profit rows, transactions with their
 * counters, warehouse entries and broker fee overrides, folded per account from its wallet events and edits,
 * with the trade rules (sales tax history, built-in broker fees, contract fees) of the rules stream.
 */
export function tradeLedgerProjectionWith(
  rules: TradeRules,
): FoldProjection<AccountTradeLedger, TradeLedgerDocument> {
  const config = tradeLedgerConfigOf(rules);
  return {
    kind: 'fold',
    name: TRADE_LEDGER_READ_MODEL,
    // 5: broker fees matched to the orders that paid them (docs/profit-rules.md §6).
    // 6: corporation wallet divisions' fills and sales tax (docs/profit-rules.md §9).
    // 7: corporation orders matched to the division journals' broker fees (docs/profit-rules.md §9).
    // 8: an order of unbounded placement, and the wallet's bound on the units an order held (§6.2 rules 4 and 5).
    // 9: recorded matches (`OrderFeesMatched`) and where each order's match stands (§6.6).
    // 10: a recorded order leaves the matching with its fee rows and fills, and the records are read first (§6.6).
    version: 10,
    eventTypes: [
      ...WALLET_EVENT_TYPES,
      ...ORDER_EVENT_TYPES,
      ...INDUSTRY_EVENT_TYPES,
      ...CONTRACT_EVENT_TYPES,
      ...TRADE_LEDGER_EVENT_TYPES,
    ],
    // Most journal rows say nothing to the ledger: the store leaves them out (ledgerInput checks again).
    dataValues: {
      JournalEntryRecorded: { field: 'refType', values: JOURNAL_REF_TYPES },
      CorporationJournalEntryRecorded: { field: 'refType', values: ['transaction_tax', 'brokers_fee'] },
    },
    indexes: [{ keys: { accountId: 1, kind: 1, date: -1 }, name: 'by_account_kind_date' }],
    rules: {
      stream: tradeRulesStream(),
      withRules: (events) => tradeLedgerProjectionWith(foldTradeRules(events)) as unknown as AnyProjection,
    },
    diffRow,
    // A recorded order's reads, fee rows and fills then never enter the matching (a year's rebuild matches a few
    // open orders instead of every order of the year).
    readFirst: ['OrderFeesMatched'],
    partitionOf: (event) => (event.data as { accountId?: string }).accountId ?? null,
    initialState: (accountId) => ({
      accountId,
      ledger: initialTradeLedgerState(config),
      rowEdits: new Map(),
      manufacturingRowEdits: new Map(),
      contractRowEdits: new Map(),
      deletedRows: new Set(),
      deletedContractRows: new Set(),
      contracts: new Map(),
      jobs: new Map(),
      removedWarehouse: new Map(),
      removedOverrides: new Set(),
      position: 0,
      versionId: ids.version(accountId),
      documentIds: {
        transaction: new BatchDocumentIds((transactionId) => ids.transaction(accountId, transactionId)),
        profit: new BatchDocumentIds((rowId) => ids.profit(accountId, rowId)),
        order: new BatchDocumentIds((orderId) => ids.order(accountId, orderId)),
        orderFee: new BatchDocumentIds((journalEntryId) => ids.orderFee(accountId, journalEntryId)),
      },
    }),
    apply: applyEvent,
    settle,
    document: documentOf,
    isMarker: (id) => id.startsWith('ledger:'),
  };
}

/** The trade ledger with the spec's rules, as it folds before any rule change is recorded. */
export const tradeLedgerProjection = tradeLedgerProjectionWith(SPEC_TRADE_RULES);
