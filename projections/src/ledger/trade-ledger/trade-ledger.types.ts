import type { ContractAppraisalMethod, PublicContractFees } from '@tradewise/contracts';
export type { ContractAppraisalMethod };
import { type BrokerFeeOverride, type BuiltInBrokerFee } from './broker-fees';
import { type Cents } from './money';
import {
  type LedgerBrokerFeeRow,
  type LedgerOrderRead,
  type LedgerOrdersRead,
  type RecordedOrderMatch,
} from './order-fees';
import { type SalesTaxRate } from './sales-tax';

/**
 * One market fill from a character's wallet transactions (isPersonal false: made for its corporation) or from a
 * corporation's wallet division (`division` set).
 */
export interface LedgerTransaction {
  readonly transactionId: number;
  /** UTC ISO date-time. */
  readonly date: string;
  /**
   * The wallet's owner: the character, or for a corporation division's fill the corporation's id (ESI does not say
   * which member traded). Character and corporation ids never overlap.
   */
  readonly characterId: number;
  /** The corporation wallet division (1 to 7) of a corporation's fill; absent for a character's. */
  readonly division?: number;
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

/** An industry job as the ledger needs it (docs/profit-rules.md §13–§14). */
export interface LedgerJob {
  readonly jobId: number;
  /** The installer. */
  readonly characterId: number;
  /** Set for a job run for a corporation. */
  readonly corporationId: number | null;
  /** 1 manufacturing, 5 copying, 8 invention, 9/11 reactions; others make nothing the ledger follows. */
  readonly activityId: number;
  readonly blueprintTypeId: number;
  readonly productTypeId: number | null;
  readonly runs: number;
  readonly facilityId: number;
  /** ESI's cost: installation fee plus facility tax. */
  readonly cost: Cents;
  /** UTC ISO: materials are those held at the start; products are dated by the completion. */
  readonly startDate: string;
  readonly completedDate: string;
}

/**
 * What a delivered job consumed and made, resolved by the command side from static data, the blueprint's ME, the
 * facility's Structure Settings and the installer's Character Settings, and stored with the job's delivery.
 */
export interface JobBill {
  /** Every input for all the job's runs. */
  readonly materials: readonly { readonly typeId: number; readonly quantity: number }[];
  /**
   * Units made: items for manufacturing and reactions; for copying and invention the blueprint runs made
   * (copies × runs per copy) of `productTypeId`, a blueprint.
   */
  readonly productQuantity: number;
  /** The job ran on a blueprint copy: it uses `runs` runs of a copy of its blueprint type. */
  readonly usesBlueprintCopy: boolean;
  /** Character Settings' Default Price Region × Factor per input, priced at delivery; used for missing units. */
  readonly defaultUnitPrices: readonly { readonly typeId: number; readonly unitPrice: Cents }[];
  /** Completed before the wallet history the ledger holds: listed, but it takes and makes nothing. */
  readonly beforeWalletHistory?: boolean;
}

/** What the ledger folds, in the order it happened to the account. */
/**
 * An item exchange contract completed, as the account's side of it (the projection reads the side from who
 * issued and who accepted it): items it sold for `amount`, or items it bought for `amount`.
 */
export interface LedgerContract {
  readonly contractId: number;
  /** The account's character on its side. */
  readonly characterId: number;
  readonly side: 'sold' | 'bought';
  readonly availability: 'public' | 'personal' | 'corporation' | 'alliance';
  /** When the items left the seller's hangar: a sale takes its items as held then. */
  readonly issuedDate: string;
  /** When it was accepted: the sale's or the purchase's date. */
  readonly acceptedDate: string;
  /** ISK that changed hands for the items, net of any reward: received for a sale, paid for a purchase. */
  readonly amount: Cents;
  /** The lines that changed hands in the side's direction. */
  readonly items: readonly { readonly itemId: number; readonly typeId: number; readonly quantity: number }[];
  /** The sync's appraisal of a purchase's types (empty for a sale or a single type). */
  readonly appraisal: readonly {
    readonly typeId: number;
    readonly method: ContractAppraisalMethod;
    readonly unitPrice: Cents;
  }[];
}

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
  /** A read of one of the account's market orders: open as a sync saw it, or its closed record. */
  | { readonly type: 'OrderRead'; readonly read: LedgerOrderRead }
  /** A read of a character's orders that showed only its corporation's: when the character's were read. */
  | { readonly type: 'OrdersRead'; readonly read: LedgerOrdersRead }
  /** A `brokers_fee` journal row: a placement or change of some order of the owner (a character or a corporation). */
  | { readonly type: 'BrokerFeePaid'; readonly row: LedgerBrokerFeeRow }
  /** An order's match recorded final (`OrderFeesMatched`): it stands from now on. */
  | { readonly type: 'OrderFeesMatched'; readonly match: RecordedOrderMatch }
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
  /** A job delivered: it takes its inputs and its products become a stack (docs/profit-rules.md §14). */
  | { readonly type: 'IndustryJobDelivered'; readonly job: LedgerJob; readonly bill: JobBill }
  /** A job cancelled: it costs its installation fee, takes nothing and makes nothing. */
  | { readonly type: 'IndustryJobCancelled'; readonly job: LedgerJob }
  /** Missing inputs, Re-process Job: takes what is there now, then prices what is still missing. */
  | {
      readonly type: 'IndustryJobReprocessed';
      readonly jobId: number;
      readonly customUnitPrices: readonly { readonly typeId: number; readonly unitPrice: Cents }[];
      readonly customRunPrice: Cents | null;
    }
  | { readonly type: 'JobQuantityConsumedSet'; readonly jobId: number; readonly quantityConsumed: number }
  /** Whether the account's tier tracks corporation trade (PRO, spec account-area.md §1), from now on. */
  | { readonly type: 'CorporationTradeTrackingSet'; readonly enabled: boolean }
  | { readonly type: 'ContractCompleted'; readonly contract: LedgerContract }
  | {
      readonly type: 'ContractFeeRecorded';
      readonly journalEntryId: number;
      readonly contractId: number;
      readonly fee: 'brokerFee' | 'salesTax';
      readonly amount: Cents;
    }
  | {
      readonly type: 'ContractItemQuantityConsumedSet';
      readonly itemId: number;
      readonly quantityConsumed: number;
    };

export interface TradeLedgerConfig {
  readonly salesTaxHistory: readonly SalesTaxRate[];
  readonly builtInBrokerFees: readonly BuiltInBrokerFee[];
  readonly publicContractFees: PublicContractFees;
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
  | { readonly kind: 'custom'; readonly quantity: number; readonly unitPrice: Cents }
  | {
      readonly kind: 'contract';
      readonly contractId: number;
      readonly itemId: number;
      readonly quantity: number;
      readonly cost: Cents;
    };

/** Units a job made that a sale took; `cost` is their share of the job's total cost. */
export interface ProducedSource {
  readonly jobId: number;
  readonly quantity: number;
  readonly cost: Cents;
}

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
  /** The corporation wallet division of a sale from a corporation's wallet; null for a character's. */
  readonly division: number | null;
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
  /** Products of delivered jobs not yet sold or consumed. */
  readonly produced: readonly {
    readonly jobId: number;
    readonly date: string;
    readonly quantityRemaining: number;
  }[];
  readonly warehouse: readonly WarehouseEntry[];
  /** Item lines bought through contracts not yet sold or consumed. */
  readonly contracted: readonly {
    readonly itemId: number;
    readonly contractId: number;
    readonly date: string;
    readonly quantityRemaining: number;
  }[];
}

/** The bounds an edit of quantityConsumed (buys) or quantitySold (sells) may take: raise only, up to `maximum`. */
export interface QuantityEditBounds {
  readonly field: 'quantityConsumed' | 'quantitySold';
  readonly minimum: number;
  readonly maximum: number;
}

/** A manufacturing profit row (spec account-area.md §3): a sale of units a job made. */
export interface ManufacturingProfitRow {
  /** `<sell transaction id>-<n>`, numbered with the sale's trade rows. */
  readonly id: string;
  readonly sellTransactionId: number;
  readonly date: string;
  readonly characterId: number;
  readonly typeId: number;
  readonly isPersonal: boolean;
  readonly quantitySold: number;
  /** The sold units' share of their jobs' total costs. */
  readonly manufacturingCost: Cents;
  readonly sellGross: Cents;
  readonly sellBrokerFee: Cents;
  readonly sellTax: Cents;
  /** sellGross − sellTax − sellBrokerFee − manufacturingCost. */
  readonly profit: Cents;
  readonly margin: number | null;
  /** Some job behind the units still misses inputs without a price: the cost is too low. */
  readonly costIncomplete: boolean;
  readonly sources: readonly ProducedSource[];
}

/** One input of a job: what it needed, what that cost, and what is still missing. */
export interface JobMaterialCost {
  readonly typeId: number;
  readonly quantity: number;
  readonly cost: Cents;
  /** Units no stack covered (a custom or default price may cover them: see `missingMaterials`). */
  readonly missing: number;
}

/** A manufacturing result row (spec account-area.md §3, Industry Jobs). */
export interface ManufacturingResult {
  readonly jobId: number;
  readonly characterId: number;
  readonly corporationId: number | null;
  readonly activityId: number;
  readonly status: 'delivered' | 'cancelled';
  readonly blueprintTypeId: number;
  readonly productTypeId: number | null;
  /** Whether the products are blueprint runs (copying, invention) rather than items. */
  readonly makesBlueprintRuns: boolean;
  readonly runs: number;
  readonly facilityId: number;
  readonly startDate: string;
  readonly completedDate: string;
  readonly quantity: number;
  readonly quantitySold: number;
  readonly quantityConsumed: number;
  readonly quantityRemaining: number;
  /** ESI's job cost. */
  readonly cost: Cents;
  readonly materialsCost: Cents;
  /** The runs of blueprint copies the job used. */
  readonly copiesCost: Cents;
  readonly totalCost: Cents;
  readonly materialCosts: readonly JobMaterialCost[];
  /** Inputs with units nothing covers and no price was given for. */
  readonly missingMaterials: readonly { readonly typeId: number; readonly quantity: number }[];
  /** Copy runs the job used that no copy job made and no run price covers. */
  readonly missingRuns: number;
  readonly materialsIncomplete: boolean;
  /** False for a job before the wallet history. */
  readonly tracked: boolean;
  readonly beforeWalletHistory: boolean;
}

/** A contract profit row (spec account-area.md §3): an item exchange contract the account sold. */
export interface ContractProfitRow {
  readonly contractId: number;
  readonly characterId: number;
  /** The acceptance. */
  readonly date: string;
  readonly availability: LedgerContract['availability'];
  readonly materialCosts: readonly JobMaterialCost[];
  readonly missingMaterials: readonly { readonly typeId: number; readonly quantity: number }[];
  readonly materialsIncomplete: boolean;
  readonly totalCost: Cents;
  readonly sellGross: Cents;
  readonly sellBrokerFee: Cents;
  readonly sellTax: Cents;
  readonly sellBrokerFeeSource: 'journal' | 'rule';
  readonly sellTaxSource: 'journal' | 'rule';
  /** sellGross − sellBrokerFee − sellTax − totalCost. */
  readonly profit: Cents;
}

/** A bought contract item (spec account-area.md §3 Bought contract item row). */
export interface BoughtContractItem {
  readonly itemId: number;
  readonly contractId: number;
  readonly characterId: number;
  readonly date: string;
  readonly typeId: number;
  readonly quantity: number;
  readonly quantitySold: number;
  readonly quantityConsumed: number;
  readonly quantityRemaining: number;
  readonly cost: Cents;
  readonly appraisalMethod: ContractAppraisalMethod;
  readonly appraisedUnitPrice: Cents | null;
}
