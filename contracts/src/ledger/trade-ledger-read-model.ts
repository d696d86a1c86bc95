import type { BrokerFeeEstimateReason, BrokerFeeSource } from './broker-fee-estimates';
import type { ContractAppraisalMethod } from './contract-messages';

/**
 * Read model `trade-ledger`: an account's trading and industry ledger as documents of thirteen kinds, all from one
 * fold over the account's wallet, industry job and contract events and edits. Documents are never deleted (a deleted row or removed entry is marked), so a
 * reader can follow an account by `_position` alone. Money is integer cents; rates are parts per million.
 */
export const TRADE_LEDGER_READ_MODEL = 'trade-ledger';

interface LedgerDocumentBase {
  readonly _id: string;
  readonly _position?: number;
  readonly accountId: string;
}

/**
 * `ledger:<accountId>`: the position of the account's last event folded when its documents last changed (a change
 * made when a batch settles included): a reader that cached the account at a lower position loads the documents
 * written since.
 */
export interface LedgerVersionDocument extends LedgerDocumentBase {
  readonly kind: 'version';
  readonly position: number;
}

/** `profit:<accountId>:<rowId>`: a trade profit row (account-area §3); `edited` when the user's figures replace ours. */
export interface TradeProfitDocument extends LedgerDocumentBase {
  readonly kind: 'profit';
  readonly rowId: string;
  readonly sellTransactionId: number;
  readonly date: string;
  readonly characterId: number;
  readonly typeId: number;
  readonly isPersonal: boolean;
  /** The corporation wallet division of a sale from a corporation's wallet; absent or null for a character's. */
  readonly division?: number | null;
  readonly quantitySold: number;
  readonly buyCostCents: number;
  readonly buyBrokerFeeCents: number;
  readonly sellGrossCents: number;
  readonly sellBrokerFeeCents: number;
  readonly sellTaxCents: number;
  readonly profitCents: number;
  /** Why its buy or sell broker fee is the configured rate's estimate; empty when both are what was paid. */
  readonly brokerFeeEstimates: readonly BrokerFeeEstimateReason[];
  readonly edited: boolean;
  readonly deleted: boolean;
}

/** `transaction:<accountId>:<transactionId>`: a wallet transaction with the ledger's counters. */
export interface LedgerTransactionDocument extends LedgerDocumentBase {
  readonly kind: 'transaction';
  readonly transactionId: number;
  readonly date: string;
  readonly characterId: number;
  readonly typeId: number;
  readonly locationId: number;
  readonly isBuy: boolean;
  readonly isPersonal: boolean;
  /** The corporation wallet division of a corporation's transaction; absent or null for a character's. */
  readonly division?: number | null;
  readonly unitPriceCents: number;
  readonly quantity: number;
  readonly quantitySold: number;
  readonly quantityConsumed: number;
  readonly quantityRemaining: number;
  /** False for a corporation transaction while corporation trade is not tracked. */
  readonly tracked: boolean;
  readonly brokerFeeCents: number;
  /** Its share of its order's fees, none (taken from another player's order), or the configured rate's estimate. */
  readonly brokerFeeSource: BrokerFeeSource;
  readonly brokerFeeEstimate: BrokerFeeEstimateReason | null;
  /** The order it filled, when the matching found it. */
  readonly orderId: number | null;
  readonly salesTaxCents: number | null;
  readonly salesTaxSource: 'journal' | 'rate' | null;
  /** A tracked sale with units still waiting for a cost (Pending Transactions). */
  readonly pending: boolean;
}

/** `warehouse:<accountId>:<entryId>`: an Item Warehouse entry; `quantity` null is infinite (default price). */
export interface WarehouseEntryDocument extends LedgerDocumentBase {
  readonly kind: 'warehouse';
  readonly entryId: string;
  readonly typeId: number;
  readonly unitPriceCents: number;
  readonly quantity: number | null;
  readonly sequence: number;
  readonly removed: boolean;
}

/** `brokerFee:<accountId>:<overrideId>`: a broker fee override row of Settings. */
export interface BrokerFeeOverrideDocument extends LedgerDocumentBase {
  readonly kind: 'brokerFee';
  readonly overrideId: string;
  readonly startDate: string;
  readonly characterId: number;
  readonly typeId: number | null;
  readonly buyFeePpm: number;
  readonly sellFeePpm: number;
  readonly npcSellFeePpm: number;
  readonly removed: boolean;
}

/** `manufacturing:<accountId>:<rowId>`: a manufacturing profit row (account-area §3). */
export interface ManufacturingProfitDocument extends LedgerDocumentBase {
  readonly kind: 'manufacturingProfit';
  readonly rowId: string;
  readonly sellTransactionId: number;
  readonly date: string;
  readonly characterId: number;
  readonly typeId: number;
  readonly isPersonal: boolean;
  readonly quantitySold: number;
  readonly manufacturingCostCents: number;
  readonly sellGrossCents: number;
  readonly sellBrokerFeeCents: number;
  readonly sellTaxCents: number;
  readonly profitCents: number;
  /** A job behind the units misses inputs nothing priced: the cost shows red. */
  readonly costIncomplete: boolean;
  readonly jobIds: readonly number[];
  /** Why its sell broker fee is the configured rate's estimate; empty when it is what was paid. */
  readonly brokerFeeEstimates: readonly BrokerFeeEstimateReason[];
  readonly edited: boolean;
  readonly deleted: boolean;
}

/** `job:<accountId>:<jobId>`: a delivered or cancelled industry job as Industry Jobs lists it (account-area §3). */
export interface ManufacturingResultDocument extends LedgerDocumentBase {
  readonly kind: 'job';
  readonly jobId: number;
  readonly characterId: number;
  readonly corporationId: number | null;
  readonly activityId: number;
  readonly status: 'delivered' | 'cancelled';
  readonly blueprintTypeId: number;
  readonly productTypeId: number | null;
  /** The item the lists file the job under: its product, or its blueprint when it made nothing. */
  readonly typeId: number;
  readonly makesBlueprintRuns: boolean;
  readonly runs: number;
  readonly facilityId: number;
  readonly startDate: string;
  /** The completion (a cancelled job's end date when ESI gives none). */
  readonly date: string;
  readonly quantity: number;
  readonly quantitySold: number;
  readonly quantityConsumed: number;
  readonly quantityRemaining: number;
  readonly costCents: number;
  readonly materialsCostCents: number;
  readonly copiesCostCents: number;
  readonly totalCostCents: number;
  readonly materialCosts: readonly {
    readonly typeId: number;
    readonly quantity: number;
    readonly costCents: number;
    readonly missing: number;
  }[];
  readonly missingMaterials: readonly { readonly typeId: number; readonly quantity: number }[];
  readonly missingRuns: number;
  readonly materialsIncomplete: boolean;
  readonly tracked: boolean;
  /** Completed before the wallet history the first sync could read: listed, not costed. */
  readonly beforeWalletHistory: boolean;
}

/** A contract's cost of one type: the units its items took from the inventory, and those nothing covered. */
export interface ContractMaterialCost {
  readonly typeId: number;
  readonly quantity: number;
  readonly costCents: number;
  readonly missing: number;
}

/**
 * `contractProfit:<accountId>:<contractId>`: an item exchange contract the account sold (account-area §3 Contract
 * profit row). Counted in profit unless `materialsIncomplete` and not edited (docs/profit-rules.md §15).
 */
export interface ContractProfitDocument extends LedgerDocumentBase {
  readonly kind: 'contractProfit';
  readonly contractId: number;
  /** When the buyer accepted it. */
  readonly date: string;
  readonly characterId: number;
  readonly acceptorId: number;
  readonly title: string | null;
  /** The types it sold, for the lists' item filter. */
  readonly typeIds: readonly number[];
  readonly materialCosts: readonly ContractMaterialCost[];
  readonly missingMaterials: readonly { readonly typeId: number; readonly quantity: number }[];
  readonly materialsIncomplete: boolean;
  readonly totalCostCents: number;
  readonly sellGrossCents: number;
  readonly sellBrokerFeeCents: number;
  readonly sellTaxCents: number;
  /** Whether the fee and the tax are the journal's rows or the rule's (public 0.95% + 0.5%, private 10,000 ISK). */
  readonly sellBrokerFeeSource: 'journal' | 'rule';
  readonly sellTaxSource: 'journal' | 'rule';
  readonly profitCents: number;
  /** Whether the row counts in profit: complete, or edited by the user. */
  readonly counted: boolean;
  readonly edited: boolean;
  readonly deleted: boolean;
}

/** `contractItem:<accountId>:<itemId>`: an item line the account received through a contract, a stack of the inventory. */
export interface BoughtContractItemDocument extends LedgerDocumentBase {
  readonly kind: 'contractItem';
  /** ESI's record id of the line. */
  readonly itemId: number;
  readonly contractId: number;
  readonly characterId: number;
  /** When the contract was accepted. */
  readonly date: string;
  readonly typeId: number;
  readonly quantity: number;
  readonly quantitySold: number;
  readonly quantityConsumed: number;
  readonly quantityRemaining: number;
  /** Its share of what the contract cost (docs/profit-rules.md §15). */
  readonly costCents: number;
  readonly appraisalMethod: ContractAppraisalMethod;
  /** The appraised unit price its share was computed from; null when it was not appraised. */
  readonly appraisedUnitPriceCents: number | null;
}

/** `contract:<accountId>:<contractId>`: a recorded contract as View Contract shows it (account-area §3 Contract detail). */
export interface ContractDocument extends LedgerDocumentBase {
  readonly kind: 'contract';
  readonly contractId: number;
  /** The account's character whose list showed it first. */
  readonly characterId: number;
  readonly type: 'unknown' | 'item_exchange' | 'auction' | 'courier' | 'loan';
  readonly status: string;
  readonly availability: string;
  readonly title: string | null;
  readonly issuerId: number;
  readonly issuerCorporationId: number;
  readonly assigneeId: number;
  readonly acceptorId: number;
  readonly partyNames: Readonly<Record<string, string>>;
  readonly dateIssued: string;
  readonly dateAccepted: string | null;
  readonly dateCompleted: string | null;
  /** The completion, else the acceptance, else the issue: the lists' date. */
  readonly date: string;
  readonly priceCents: number | null;
  readonly rewardCents: number | null;
  readonly items: readonly {
    readonly itemId: number;
    readonly typeId: number;
    readonly quantity: number;
    readonly isIncluded: boolean;
  }[];
  /** What it did to the ledger: a sale (Contract Profits), a purchase (bought items), or nothing. */
  readonly role: 'sold' | 'bought' | 'none';
}

/** `order:<accountId>:<orderId>`: one of the account's market orders as the reads showed it, with its matched fees. */
export interface MarketOrderDocument extends LedgerDocumentBase {
  readonly kind: 'order';
  readonly orderId: number;
  readonly characterId: number;
  readonly typeId: number;
  readonly locationId: number;
  readonly isBuy: boolean;
  readonly volumeTotal: number;
  readonly volumeRemain: number;
  readonly closed: boolean;
  readonly firstIssued: string;
  readonly lastIssued: string;
  readonly readAt: string;
  /** Every placement and change the reads showed has its fee and every fill is in the wallet. */
  readonly complete: boolean;
  readonly estimate: BrokerFeeEstimateReason | null;
  readonly fees: readonly {
    readonly journalEntryId: number;
    readonly date: string;
    readonly amountCents: number;
    readonly kind: 'placement' | 'change';
    readonly unitsOnOrder: number;
  }[];
  readonly fills: readonly {
    readonly transactionId: number;
    readonly quantity: number;
    readonly brokerFeeCents: number;
  }[];
  readonly feesCents: number;
  /** The fees of units that never filled (a complete, closed order): a cost of trading outside any sale. */
  readonly unfilledFeeCents: number;
  /**
   * Where the match stands (docs/profit-rules.md §6.6): `open` may still change with a later read, fill or journal
   * row; `final` will not, and waits to be recorded; `recorded` is what an `OrderFeesMatched` event says.
   */
  readonly matchState: 'open' | 'final' | 'recorded';
  /**
   * What its match taught the learned broker rates (`LearnedBrokerRateDocument`): its placement fee ÷ its value in
   * ppm, and its first change's fee (less the rate on any increase) ÷ the new value in tenths of a ppm. A record of
   * the match keeps it.
   */
  readonly taught: { readonly ratePpm: number | null; readonly relistRateTenthsOfPpm: number | null };
}

/** `orderFee:<accountId>:<journalEntryId>`: a `brokers_fee` journal row and the order event it was matched to. */
export interface BrokerFeePaidDocument extends LedgerDocumentBase {
  readonly kind: 'orderFee';
  readonly journalEntryId: number;
  /** The character, or the corporation whose wallet division paid it. */
  readonly characterId: number;
  /** The corporation wallet division whose journal lists it; null for a character's own. */
  readonly division: number | null;
  readonly date: string;
  readonly amountCents: number;
  readonly orderId: number | null;
  readonly isBuy: boolean | null;
  readonly feeKind: 'placement' | 'change' | null;
}

/**
 * `brokerRate:<accountId>:<characterId>:<locationId>`: a character's effective broker rates at a location, learned
 * from the fees the journal shows its orders paid there (docs/profit-rules.md §6.2): what Settings suggests as
 * broker fee overrides.
 */
export interface LearnedBrokerRateDocument extends LedgerDocumentBase {
  readonly kind: 'brokerRate';
  readonly characterId: number;
  readonly locationId: number;
  /** The most common placement fee ÷ order value, in ppm; null until a placement is matched there. */
  readonly ratePpm: number | null;
  /** The most common change fee ÷ new value (the rate times the relist share), in ppm; null until one is matched. */
  readonly relistRatePpm: number | null;
  /** Orders whose first fee gave `ratePpm`, of all the orders there whose first fee was matched. */
  readonly agreeing: number;
  readonly samples: number;
}

export type TradeLedgerDocument =
  | LedgerVersionDocument
  | TradeProfitDocument
  | ManufacturingProfitDocument
  | ManufacturingResultDocument
  | LedgerTransactionDocument
  | WarehouseEntryDocument
  | BrokerFeeOverrideDocument
  | ContractProfitDocument
  | BoughtContractItemDocument
  | ContractDocument
  | MarketOrderDocument
  | BrokerFeePaidDocument
  | LearnedBrokerRateDocument;

export const tradeLedgerDocumentIds = {
  version: (accountId: string) => `ledger:${accountId}`,
  profit: (accountId: string, rowId: string) => `profit:${accountId}:${rowId}`,
  transaction: (accountId: string, transactionId: number) => `transaction:${accountId}:${transactionId}`,
  warehouse: (accountId: string, entryId: string) => `warehouse:${accountId}:${entryId}`,
  brokerFee: (accountId: string, overrideId: string) => `brokerFee:${accountId}:${overrideId}`,
  manufacturingProfit: (accountId: string, rowId: string) => `manufacturing:${accountId}:${rowId}`,
  job: (accountId: string, jobId: number) => `job:${accountId}:${jobId}`,
  contractProfit: (accountId: string, contractId: number) => `contractProfit:${accountId}:${contractId}`,
  contractItem: (accountId: string, itemId: number) => `contractItem:${accountId}:${itemId}`,
  contract: (accountId: string, contractId: number) => `contract:${accountId}:${contractId}`,
  order: (accountId: string, orderId: number) => `order:${accountId}:${orderId}`,
  orderFee: (accountId: string, journalEntryId: number) => `orderFee:${accountId}:${journalEntryId}`,
  brokerRate: (accountId: string, characterId: number, locationId: number) =>
    `brokerRate:${accountId}:${characterId}:${locationId}`,
} as const;
