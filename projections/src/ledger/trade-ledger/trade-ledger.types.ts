import { type BrokerFeeOverride, type BuiltInBrokerFee } from './broker-fees';
import { type Cents } from './money';
import { type SalesTaxRate } from './sales-tax';

/** One market fill from a character's (or, with isPersonal false, its corporation's) wallet transactions. */
export interface LedgerTransaction {
  readonly transactionId: number;
  /** UTC ISO date-time. */
  readonly date: string;
  readonly characterId: number;
  readonly typeId: number;
  readonly quantity: number;
  readonly unitPrice: Cents;
  readonly isBuy: boolean;
  readonly isPersonal: boolean;
  readonly locationId: number;
}

/** A manual stack; `quantity` null is 'Use as Default Price', a stack that never runs out. */
export interface WarehouseEntry {
  readonly entryId: string;
  readonly typeId: number;
  readonly unitPrice: Cents;
  readonly quantity: number | null;
}

/** What the ledger folds, in the order it happened to the account. */
export type TradeLedgerInput =
  | { readonly type: 'TransactionRecorded'; readonly transaction: LedgerTransaction }
  /** A `transaction_tax` journal row, linked to its sale by `context_id` (market_transaction_id). */
  | {
      readonly type: 'SalesTaxRecorded';
      readonly journalEntryId: number;
      readonly transactionId: number;
      /** The tax paid, ≥ 0 (the journal row's amount is its negative). */
      readonly taxPaid: Cents;
    }
  /** Adds an entry or replaces it; for a finite entry `quantity` is the new number of units left. */
  | { readonly type: 'WarehouseEntrySaved'; readonly entry: WarehouseEntry }
  | { readonly type: 'WarehouseEntryRemoved'; readonly entryId: string }
  | { readonly type: 'BrokerFeeOverrideSaved'; readonly override: BrokerFeeOverride }
  | { readonly type: 'BrokerFeeOverrideRemoved'; readonly overrideId: string }
  /** Pending Transactions, Save Custom Prices: the sale's pending units cost this much each. */
  | { readonly type: 'PendingSaleCostSet'; readonly transactionId: number; readonly unitBuyPrice: Cents }
  /** Pending Transactions, 'Mark as Sold / Consumed': the sale's pending units leave without a profit. */
  | { readonly type: 'PendingSaleIgnored'; readonly transactionId: number }
  | {
      readonly type: 'BuyQuantityConsumedSet';
      readonly transactionId: number;
      readonly quantityConsumed: number;
    }
  | { readonly type: 'SellQuantitySoldSet'; readonly transactionId: number; readonly quantitySold: number }
  /** Whether the account's tier tracks corporation trade (PRO, spec account-area.md §1), from now on. */
  | { readonly type: 'CorporationTradeTrackingSet'; readonly enabled: boolean };

export interface TradeLedgerConfig {
  readonly salesTaxHistory: readonly SalesTaxRate[];
  readonly builtInBrokerFees: readonly BuiltInBrokerFee[];
}

/** Where the cost of the units of a profit row came from. */
export type ProfitSource =
  | {
      readonly kind: 'bought';
      readonly transactionId: number;
      readonly quantity: number;
      readonly unitPrice: Cents;
      readonly brokerFee: Cents;
    }
  | {
      readonly kind: 'warehouse';
      readonly entryId: string;
      readonly quantity: number;
      readonly unitPrice: Cents;
    }
  | { readonly kind: 'custom'; readonly quantity: number; readonly unitPrice: Cents };

/** A trade profit row (spec account-area.md §3), without the names the query side adds. */
export interface TradeProfitRow {
  /** `<sell transaction id>-<n>`: a sale's n-th matching, stable across replays. */
  readonly id: string;
  readonly sellTransactionId: number;
  /** The sale's date. */
  readonly date: string;
  readonly characterId: number;
  readonly typeId: number;
  readonly isPersonal: boolean;
  readonly quantitySold: number;
  readonly buyCost: Cents;
  readonly buyBrokerFee: Cents;
  readonly sellGross: Cents;
  readonly sellBrokerFee: Cents;
  readonly sellTax: Cents;
  /** sellGross − sellTax − sellBrokerFee − buyCost − buyBrokerFee. */
  readonly profit: Cents;
  /** profit ÷ sellGross, a fraction (0.1 is 10%); null when sellGross is 0. */
  readonly margin: number | null;
  readonly sources: readonly ProfitSource[];
}

/** The counters of the Transactions page (spec account-area.md §2, §4 Quantity rules). */
export interface TransactionQuantities {
  readonly transactionId: number;
  readonly isBuy: boolean;
  readonly quantity: number;
  /** Buys: units sales took. Sells: units accounted for (matched, custom-priced or marked sold). */
  readonly quantitySold: number;
  /** Buys: units the user marked consumed. Sells: always 0 (shown '-'). */
  readonly quantityConsumed: number;
  /** quantity − sold − consumed: a buy's stack left, a sale's pending units. */
  readonly quantityRemaining: number;
  /** False for a corporation transaction recorded while corporation trade was not tracked. */
  readonly tracked: boolean;
  readonly brokerFee: Cents;
  /** Sells only: the tax of the whole transaction and where it came from. */
  readonly salesTax: Cents | null;
  readonly salesTaxSource: 'journal' | 'rate' | null;
}

export interface PendingSale {
  readonly transactionId: number;
  readonly date: string;
  readonly characterId: number;
  readonly typeId: number;
  readonly isPersonal: boolean;
  readonly unitPrice: Cents;
  /** Units still waiting for a cost. */
  readonly quantity: number;
  readonly total: Cents;
}

export interface BoughtStack {
  readonly transactionId: number;
  readonly date: string;
  readonly unitPrice: Cents;
  readonly quantityRemaining: number;
}

/** What a type has left, in the order a sale would take it. */
export interface TypeStacks {
  readonly typeId: number;
  readonly bought: readonly BoughtStack[];
  readonly warehouse: readonly WarehouseEntry[];
}

/** The bounds an edit of quantityConsumed (buys) or quantitySold (sells) may take: raise only, up to `maximum`. */
export interface QuantityEditBounds {
  readonly field: 'quantityConsumed' | 'quantitySold';
  readonly minimum: number;
  readonly maximum: number;
}
