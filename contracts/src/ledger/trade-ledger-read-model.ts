/**
 * Read model `trade-ledger`: an account's trading ledger as documents of five kinds, all from one fold over the
 * account's wallet events and edits. Documents are never deleted (a deleted row or removed entry is marked), so a
 * reader can follow an account by `_position` alone. Money is integer cents; rates are parts per million.
 */
export const TRADE_LEDGER_READ_MODEL = 'trade-ledger';

interface LedgerDocumentBase {
  readonly _id: string;
  readonly _position?: number;
  readonly accountId: string;
}

/** `ledger:<accountId>`: the position of the last event that changed anything of the account. */
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
  readonly quantitySold: number;
  readonly buyCostCents: number;
  readonly buyBrokerFeeCents: number;
  readonly sellGrossCents: number;
  readonly sellBrokerFeeCents: number;
  readonly sellTaxCents: number;
  readonly profitCents: number;
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
  readonly unitPriceCents: number;
  readonly quantity: number;
  readonly quantitySold: number;
  readonly quantityConsumed: number;
  readonly quantityRemaining: number;
  /** False for a corporation transaction while corporation trade is not tracked. */
  readonly tracked: boolean;
  readonly brokerFeeCents: number;
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

export type TradeLedgerDocument =
  | LedgerVersionDocument
  | TradeProfitDocument
  | LedgerTransactionDocument
  | WarehouseEntryDocument
  | BrokerFeeOverrideDocument;

export const tradeLedgerDocumentIds = {
  version: (accountId: string) => `ledger:${accountId}`,
  profit: (accountId: string, rowId: string) => `profit:${accountId}:${rowId}`,
  transaction: (accountId: string, transactionId: number) => `transaction:${accountId}:${transactionId}`,
  warehouse: (accountId: string, entryId: string) => `warehouse:${accountId}:${entryId}`,
  brokerFee: (accountId: string, overrideId: string) => `brokerFee:${accountId}:${overrideId}`,
} as const;
