import type { Cents } from './money';

/** `character:<id>` or `corporation:<id>:<division>`. */
export type WalletKey = string;

export function characterWallet(characterId: number): WalletKey {
  return `character:${characterId}`;
}

export function corporationWallet(corporationId: number, division: number): WalletKey {
  return `corporation:${corporationId}:${division}`;
}

export type JournalRefType =
  | 'market_transaction'
  | 'market_escrow'
  | 'brokers_fee'
  | 'transaction_tax'
  | 'manufacturing'
  | 'industry_job_tax'
  | 'contract_price'
  | 'contract_brokers_fee'
  | 'contract_sales_tax'
  | 'player_donation';

export type ContextIdType = 'market_transaction_id' | 'industry_job_id' | 'contract_id' | 'station_id';

export interface JournalRecord {
  readonly id: number;
  readonly wallet: WalletKey;
  readonly timeMs: number;
  readonly refType: JournalRefType;
  readonly amount: Cents;
  readonly description: string;
  readonly firstPartyId?: number;
  readonly secondPartyId?: number;
  readonly contextId?: number;
  readonly contextIdType?: ContextIdType;
  readonly reason?: string;
  /**
   * The wallet balance after this row, set when a ledger is read. A row's balance is the same in every window it
   * is read in (see wallet-ledger.ts), so the cached record carries it instead of a copy per read.
   */
  balance?: Cents;
}

/** A journal row with the wallet balance after it. */
export interface JournalRow extends JournalRecord {
  readonly balance: Cents;
}

export interface TransactionRecord {
  readonly id: number;
  readonly wallet: WalletKey;
  readonly timeMs: number;
  readonly typeId: number;
  readonly quantity: number;
  readonly unitPrice: Cents;
  readonly clientId: number;
  readonly locationId: number;
  readonly isBuy: boolean;
  readonly isPersonal: boolean;
  readonly journalRefId: number;
}

export type OrderRange =
  'station' | 'solarsystem' | 'region' | '1' | '2' | '3' | '4' | '5' | '10' | '20' | '30' | '40';

/** A placement or a price change of an order, with the broker fee it charged (its `brokers_fee` journal row). */
export interface OrderFeeStep {
  readonly timeMs: number;
  readonly kind: 'placed' | 'modified';
  readonly price: Cents;
  /** The units on the order when the fee was charged (the whole volume at placement). */
  readonly volumeRemain: number;
  readonly brokerFee: Cents;
}

/** A fill of an order, with the wallet transaction it booked; it took the units the step before it had more. */
export interface OrderFillStep {
  readonly timeMs: number;
  readonly kind: 'filled';
  readonly price: Cents;
  readonly volumeRemain: number;
  readonly transactionId: number;
}

export type OrderStep = OrderFeeStep | OrderFillStep;

/** A character's (or corporation's) order through its life: placed, modified, filled, closed. */
export interface OrderRecord {
  readonly orderId: number;
  readonly characterId: number;
  /** Set for corporation orders. */
  readonly corporationId?: number;
  readonly walletDivision: number;
  readonly typeId: number;
  readonly regionId: number;
  readonly locationId: number;
  readonly isBuy: boolean;
  readonly range: OrderRange;
  readonly durationDays: number;
  readonly minVolume: number;
  readonly volumeTotal: number;
  readonly steps: readonly OrderStep[];
  readonly closedMs: number;
  readonly closeState: 'expired' | 'cancelled';
}

/** What an order looks like at one instant. */
export interface OrderState {
  readonly price: Cents;
  readonly volumeRemain: number;
  readonly issuedMs: number;
  readonly escrow: Cents;
}

export function orderStateAt(order: OrderRecord, timeMs: number): OrderState | null {
  let current: OrderStep | undefined;
  let issuedMs = 0;
  for (const step of order.steps) {
    if (step.timeMs > timeMs) break;
    current = step;
    if (step.kind !== 'filled') issuedMs = step.timeMs;
  }
  if (!current) return null;
  return {
    price: current.price,
    volumeRemain: current.volumeRemain,
    issuedMs,
    escrow: order.isBuy ? current.price * current.volumeRemain : 0,
  };
}

export interface JobRecord {
  readonly jobId: number;
  readonly installerId: number;
  /** Set for corporation jobs. */
  readonly corporationId?: number;
  readonly facilityId: number;
  readonly stationId: number;
  readonly blueprintItemId: number;
  readonly blueprintTypeId: number;
  readonly productTypeId: number;
  readonly runs: number;
  readonly cost: Cents;
  readonly startMs: number;
  readonly endMs: number;
  readonly completedMs: number;
  readonly durationSeconds: number;
}

export type JobStatus = 'active' | 'ready' | 'delivered';

export function jobStatusAt(job: JobRecord, timeMs: number): JobStatus | null {
  if (timeMs < job.startMs) return null;
  if (timeMs < job.endMs) return 'active';
  return timeMs < job.completedMs ? 'ready' : 'delivered';
}

export interface ContractItemRecord {
  readonly recordId: number;
  readonly typeId: number;
  readonly quantity: number;
}

export interface ContractRecord {
  readonly contractId: number;
  readonly issuerId: number;
  readonly issuerCorporationId: number;
  readonly assigneeId: number;
  readonly acceptorId: number;
  readonly availability: 'personal' | 'public';
  /** Issued for the issuer's corporation: listed by the corporation's contracts route. */
  readonly forCorporation: boolean;
  /** The simulated characters who see the contract in their list. */
  readonly visibleTo: readonly number[];
  /** When it first shows in their list (issue, or acceptance for a public contract someone else issued). */
  readonly visibleFromMs: number;
  readonly title: string;
  readonly price: Cents;
  readonly volume: number;
  readonly locationId: number;
  readonly issuedMs: number;
  readonly expiresMs: number;
  readonly acceptedMs: number;
  readonly items: readonly ContractItemRecord[];
  /**
   * For a contract a simulated character bought: the unit price of each type in The Forge's market when it was
   * issued, what the product's appraisal finds there, by which the price is shared over the lines.
   */
  readonly appraisedUnitPrices?: readonly { readonly typeId: number; readonly unitPrice: Cents }[];
}

export interface CostLot {
  /** The purchase transaction the units came from. */
  readonly transactionId: number;
  readonly quantity: number;
  readonly unitPrice: Cents;
}

/** Where sold units came from and what they really cost. */
export type SaleSource =
  | { readonly kind: 'market'; readonly lots: readonly CostLot[] }
  | { readonly kind: 'manufacturing'; readonly jobId: number }
  | { readonly kind: 'contract'; readonly contractId: number };

/** Ground truth for one market sale (one sell transaction). */
export interface SaleTruth {
  readonly transactionId: number;
  readonly wallet: WalletKey;
  readonly characterId: number;
  readonly timeMs: number;
  readonly typeId: number;
  readonly quantity: number;
  readonly revenue: Cents;
  readonly salesTax: Cents;
  /**
   * The sell fill's broker fee under the allocation rule (order-fee-truth.ts): each of the sell order's fees
   * (placement and price changes) shared over the units on the order when it was charged, in the order they left.
   */
  readonly sellBrokerFee: Cents;
  /** What the sold units cost: purchase prices (first in, first out within the campaign), or the job's
   * materials plus installation cost, or the contract price shared by market value. */
  readonly costOfGoods: Cents;
  /**
   * The purchase broker fees of the units sold: each purchase lot the sale took (first in, first out within the
   * campaign) carries its buy fill's fee under the allocation rule (0 if bought from sell orders), shared over the
   * lot's units, so units [from, to) of a lot of q carry round(F × to / q) − round(F × from / q). A buy order's
   * fee on units that never filled is in no sale (`OrderFeeTruth.unfilledBrokerFee`).
   */
  readonly buyBrokerFee: Cents;
  readonly profit: Cents;
  readonly source: SaleSource;
}

/** Ground truth for one item-exchange contract a simulated character sold. */
export interface ContractSaleTruth {
  readonly contractId: number;
  readonly wallet: WalletKey;
  readonly characterId: number;
  readonly acceptedMs: number;
  readonly price: Cents;
  readonly brokerFee: Cents;
  readonly salesTax: Cents;
  readonly costOfGoods: Cents;
  readonly profit: Cents;
  readonly lots: readonly (CostLot & { readonly typeId: number })[];
}

/** Ground truth for one item-exchange contract a simulated character bought: what each line cost. */
export interface ContractPurchaseTruth {
  readonly contractId: number;
  readonly wallet: WalletKey;
  readonly characterId: number;
  readonly acceptedMs: number;
  readonly price: Cents;
  /** The price shared over the lines by appraised value (unit price × quantity), to the cent. */
  readonly lines: readonly { readonly recordId: number; readonly typeId: number; readonly cost: Cents }[];
}

/** Ground truth for one manufacturing job: what its output cost. */
export interface JobTruth {
  readonly jobId: number;
  readonly wallet: WalletKey;
  readonly productTypeId: number;
  readonly unitsProduced: number;
  readonly materialsCost: Cents;
  readonly jobCost: Cents;
  readonly materialLots: readonly (CostLot & { readonly typeId: number })[];
}

/** Everything one campaign did: the rows it booked and what it left in the game's lists. */
/**
 * An outside trader's order that beats a simulated character's open order by a few ticks (a lower sell, a higher
 * buy) at the same place; it stays on the books until the character's order closes.
 */
export interface UndercutRecord {
  readonly orderId: number;
  readonly typeId: number;
  readonly regionId: number;
  readonly locationId: number;
  readonly isBuy: boolean;
  readonly price: Cents;
  readonly volume: number;
  readonly range: OrderRange;
  readonly issuedMs: number;
  readonly closedMs: number;
  /** The simulated character's order it undercuts. */
  readonly undercutOrderId: number;
}

export interface CampaignRecord {
  readonly source: number;
  readonly index: number;
  readonly startMs: number;
  readonly endMs: number;
  readonly journal: readonly JournalRecord[];
  readonly transactions: readonly TransactionRecord[];
  readonly orders: readonly OrderRecord[];
  readonly jobs: readonly JobRecord[];
  readonly contracts: readonly ContractRecord[];
  readonly sales: readonly SaleTruth[];
  readonly contractSales: readonly ContractSaleTruth[];
  readonly contractPurchases: readonly ContractPurchaseTruth[];
  readonly jobTruths: readonly JobTruth[];
  readonly undercuts: readonly UndercutRecord[];
}
