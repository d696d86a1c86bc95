import { Inject, Injectable } from '@nestjs/common';
import {
  TRADE_LEDGER_READ_MODEL,
  tradeLedgerDocumentIds,
  type BoughtContractItemDocument,
  type BrokerFeeOverrideDocument,
  type BrokerFeePaidDocument,
  type ContractDocument,
  type ContractProfitDocument,
  type LedgerTransactionDocument,
  type LearnedBrokerRateDocument,
  type LedgerVersionDocument,
  type ManufacturingProfitDocument,
  type ManufacturingResultDocument,
  type MarketOrderDocument,
  type TradeLedgerDocument,
  type TradeProfitDocument,
  type WarehouseEntryDocument,
} from '@tradewise/contracts';
import { READ_MODELS, type ReadCollection, type ReadModels } from '@tradewise/platform';

/** One account's trading ledger as the pages read it, sorted once per change. */
export interface LedgerSnapshot {
  readonly accountId: string;
  /** The log position the snapshot reflects (0 for an account with nothing yet). */
  readonly position: number;
  /** Trade profit rows, newest first; deleted rows left out. */
  readonly profits: readonly TradeProfitDocument[];
  /** Manufacturing profit rows, newest first; deleted rows left out. */
  readonly manufacturingProfits: readonly ManufacturingProfitDocument[];
  /** Delivered and cancelled industry jobs, newest completion first. */
  readonly jobs: readonly ManufacturingResultDocument[];
  /** Wallet transactions, newest first. */
  readonly transactions: readonly LedgerTransactionDocument[];
  /** Item Warehouse entries in the order they were first saved; removed ones left out. */
  readonly warehouse: readonly WarehouseEntryDocument[];
  readonly brokerFeeOverrides: readonly BrokerFeeOverrideDocument[];
  /** Contracts the account sold, newest acceptance first; deleted rows left out. */
  readonly contractProfits: readonly ContractProfitDocument[];
  /** Item lines bought through contracts, newest acceptance first. */
  readonly boughtContractItems: readonly BoughtContractItemDocument[];
  /** Every recorded contract by id. */
  readonly contracts: ReadonlyMap<number, ContractDocument>;
  /** The `brokers_fee` journal rows (what the broker took), newest first. */
  readonly orderFees: readonly BrokerFeePaidDocument[];
  /** Every market order the reads showed, by order id. */
  readonly orders: ReadonlyMap<number, MarketOrderDocument>;
  /** Closed orders whose unfilled units' fees are a cost (`unfilledFeeCents` above 0), newest `readAt` first. */
  readonly unfilledOrders: readonly MarketOrderDocument[];
  /** The broker rates learned from matched placements, by character then location. */
  readonly brokerRates: readonly LearnedBrokerRateDocument[];
}

interface CachedLedger {
  readonly collection: string;
  readonly position: number;
  readonly documents: Map<string, TradeLedgerDocument>;
  readonly snapshot: LedgerSnapshot;
}

const MAX_CACHED_ACCOUNTS = 64;

const newestFirst = (a: { date: string; _id: string }, b: { date: string; _id: string }): number =>
  a.date < b.date ? 1 : a.date > b.date ? -1 : a._id < b._id ? 1 : a._id > b._id ? -1 : 0;

/**
 * Keeps recently read accounts' ledgers in memory, so paging and filtering 100,000 rows answer in milliseconds.
 * Each read looks up the account's version document (one `_id` read) and, when the ledger moved, loads only the
 * documents written since (`_position` above the cached one): the projection writes the version last.
 */
@Injectable()
export class LedgerSnapshots {
  private readonly cache = new Map<string, CachedLedger>();

  constructor(@Inject(READ_MODELS) private readonly readModels: ReadModels) {}

  /** The account's ledger, at least as far as `position` when given (a command's answer). */
  async of(accountId: string, position?: number): Promise<LedgerSnapshot> {
    if (position !== undefined) await this.readModels.waitFor(TRADE_LEDGER_READ_MODEL, position);
    const collection = await this.readModels.serving<TradeLedgerDocument>(TRADE_LEDGER_READ_MODEL);
    if (!collection) return emptySnapshot(accountId);
    const version = (await collection.findOne({
      _id: tradeLedgerDocumentIds.version(accountId),
    })) as LedgerVersionDocument | null;
    const current = version?.position ?? 0;
    const cached = this.cache.get(accountId);
    if (cached && cached.collection === collection.collectionName && cached.position === current) {
      this.touch(accountId, cached);
      return cached.snapshot;
    }
    const reusable = cached?.collection === collection.collectionName && cached.position < current;
    const documents = reusable ? cached.documents : new Map<string, TradeLedgerDocument>();
    const changed = await this.load(collection, accountId, reusable ? cached.position : null);
    for (const document of changed) documents.set(document._id, document);
    const entry: CachedLedger = {
      collection: collection.collectionName,
      position: current,
      documents,
      snapshot: snapshotOf(accountId, current, documents),
    };
    this.touch(accountId, entry);
    return entry.snapshot;
  }

  private load(
    collection: ReadCollection<TradeLedgerDocument>,
    accountId: string,
    after: number | null,
  ): Promise<TradeLedgerDocument[]> {
    const filter = after === null ? { accountId } : { accountId, _position: { $gt: after } };
    return collection.find(filter).toArray() as Promise<TradeLedgerDocument[]>;
  }

  private touch(accountId: string, entry: CachedLedger): void {
    this.cache.delete(accountId);
    this.cache.set(accountId, entry);
    if (this.cache.size > MAX_CACHED_ACCOUNTS) this.cache.delete(this.cache.keys().next().value!);
  }
}

function emptySnapshot(accountId: string): LedgerSnapshot {
  return {
    accountId,
    position: 0,
    profits: [],
    manufacturingProfits: [],
    jobs: [],
    transactions: [],
    warehouse: [],
    brokerFeeOverrides: [],
    contractProfits: [],
    boughtContractItems: [],
    contracts: new Map(),
    orderFees: [],
    orders: new Map(),
    unfilledOrders: [],
    brokerRates: [],
  };
}

function snapshotOf(
  accountId: string,
  position: number,
  documents: ReadonlyMap<string, TradeLedgerDocument>,
): LedgerSnapshot {
  const profits: TradeProfitDocument[] = [];
  const manufacturingProfits: ManufacturingProfitDocument[] = [];
  const jobs: ManufacturingResultDocument[] = [];
  const transactions: LedgerTransactionDocument[] = [];
  const warehouse: WarehouseEntryDocument[] = [];
  const brokerFeeOverrides: BrokerFeeOverrideDocument[] = [];
  const contractProfits: ContractProfitDocument[] = [];
  const boughtContractItems: BoughtContractItemDocument[] = [];
  const contracts = new Map<number, ContractDocument>();
  const orderFees: BrokerFeePaidDocument[] = [];
  const orders = new Map<number, MarketOrderDocument>();
  const unfilledOrders: MarketOrderDocument[] = [];
  const brokerRates: LearnedBrokerRateDocument[] = [];
  for (const document of documents.values()) {
    switch (document.kind) {
      case 'profit':
        if (!document.deleted) profits.push(document);
        break;
      case 'manufacturingProfit':
        if (!document.deleted) manufacturingProfits.push(document);
        break;
      case 'job':
        jobs.push(document);
        break;
      case 'transaction':
        transactions.push(document);
        break;
      case 'warehouse':
        if (!document.removed) warehouse.push(document);
        break;
      case 'brokerFee':
        if (!document.removed) brokerFeeOverrides.push(document);
        break;
      case 'contractProfit':
        if (!document.deleted) contractProfits.push(document);
        break;
      case 'contractItem':
        boughtContractItems.push(document);
        break;
      case 'contract':
        contracts.set(document.contractId, document);
        break;
      case 'orderFee':
        orderFees.push(document);
        break;
      case 'order':
        orders.set(document.orderId, document);
        if (document.closed && document.unfilledFeeCents > 0) unfilledOrders.push(document);
        break;
      case 'brokerRate':
        brokerRates.push(document);
        break;
      case 'version':
        break;
    }
  }
  profits.sort(newestFirst);
  manufacturingProfits.sort(newestFirst);
  jobs.sort(newestFirst);
  transactions.sort(newestFirst);
  contractProfits.sort(newestFirst);
  boughtContractItems.sort(newestFirst);
  orderFees.sort(newestFirst);
  unfilledOrders.sort((a, b) =>
    a.readAt < b.readAt ? 1 : a.readAt > b.readAt ? -1 : a._id < b._id ? 1 : a._id > b._id ? -1 : 0,
  );
  warehouse.sort((a, b) => a.sequence - b.sequence);
  brokerRates.sort((a, b) => a.characterId - b.characterId || a.locationId - b.locationId);
  brokerFeeOverrides.sort((a, b) =>
    a.startDate < b.startDate ? -1 : a.startDate > b.startDate ? 1 : a.overrideId < b.overrideId ? -1 : 1,
  );
  return {
    accountId,
    position,
    profits,
    manufacturingProfits,
    jobs,
    transactions,
    warehouse,
    brokerFeeOverrides,
    contractProfits,
    boughtContractItems,
    contracts,
    orderFees,
    orders,
    unfilledOrders,
    brokerRates,
  };
}
