import { z } from 'zod';
import { defineEvent } from '../events/event-catalogue';
import { streamName } from '../events/streams';

/** An account's edits of its trading ledger: `tradeledger-<accountId>`. */
export function tradeLedgerStream(accountId: string): string {
  return streamName('tradeledger', accountId);
}

const cents = z.number().int().nonnegative();
const ratePpm = z.number().int().min(0).max(1_000_000);
const editBase = { accountId: z.string().uuid() };

/** Item Warehouse: an entry added or changed; `quantity` null is 'Use as Default Price' (an infinite stack). */
export const warehouseEntrySaved = defineEvent({
  type: 'WarehouseEntrySaved',
  schemaVersion: 1,
  schema: z.object({
    ...editBase,
    entryId: z.string().uuid(),
    typeId: z.number().int().positive(),
    unitPriceCents: cents,
    quantity: z.number().int().nonnegative().nullable(),
  }),
});

export const warehouseEntryRemoved = defineEvent({
  type: 'WarehouseEntryRemoved',
  schemaVersion: 1,
  schema: z.object({ ...editBase, entryId: z.string().uuid() }),
});

/** Settings → Broker Fee Overrides: from `startDate` on, the character's trades (in `typeId` only, when set). */
export const brokerFeeOverrideSaved = defineEvent({
  type: 'BrokerFeeOverrideSaved',
  schemaVersion: 1,
  schema: z.object({
    ...editBase,
    overrideId: z.string().uuid(),
    startDate: z.string(),
    characterId: z.number().int().positive(),
    typeId: z.number().int().positive().nullable(),
    buyFeePpm: ratePpm,
    sellFeePpm: ratePpm,
    npcSellFeePpm: ratePpm,
  }),
});

export const brokerFeeOverrideRemoved = defineEvent({
  type: 'BrokerFeeOverrideRemoved',
  schemaVersion: 1,
  schema: z.object({ ...editBase, overrideId: z.string().uuid() }),
});

/** Pending Transactions, Save Custom Prices: the sale's pending units cost this much each. */
export const pendingSaleCostSet = defineEvent({
  type: 'PendingSaleCostSet',
  schemaVersion: 1,
  schema: z.object({ ...editBase, transactionId: z.number().int(), unitBuyPriceCents: cents }),
});

/** Pending Transactions, 'Mark as Sold / Consumed': the sale's pending units leave without a profit. */
export const pendingSaleIgnored = defineEvent({
  type: 'PendingSaleIgnored',
  schemaVersion: 1,
  schema: z.object({ ...editBase, transactionId: z.number().int() }),
});

/** Transactions: a buy's consumed units raised. */
export const buyQuantityConsumedSet = defineEvent({
  type: 'BuyQuantityConsumedSet',
  schemaVersion: 1,
  schema: z.object({
    ...editBase,
    transactionId: z.number().int(),
    quantityConsumed: z.number().int().nonnegative(),
  }),
});

/** Transactions: a sale's accounted units raised. */
export const sellQuantitySoldSet = defineEvent({
  type: 'SellQuantitySoldSet',
  schemaVersion: 1,
  schema: z.object({
    ...editBase,
    transactionId: z.number().int(),
    quantitySold: z.number().int().nonnegative(),
  }),
});

/** Trade Profits: the user's figures for a row replace the computed ones (profit and margin follow). */
export const tradeProfitRowEdited = defineEvent({
  type: 'TradeProfitRowEdited',
  schemaVersion: 1,
  schema: z.object({
    ...editBase,
    rowId: z.string().regex(/^\d+-\d+$/),
    quantitySold: z.number().int().nonnegative(),
    buyCostCents: cents,
    buyBrokerFeeCents: cents,
    sellGrossCents: cents,
    sellBrokerFeeCents: cents,
    sellTaxCents: cents,
  }),
});

/** Trade Profits: the row is gone from lists and totals for good. */
export const tradeProfitRowDeleted = defineEvent({
  type: 'TradeProfitRowDeleted',
  schemaVersion: 1,
  schema: z.object({ ...editBase, rowId: z.string().regex(/^\d+-\d+$/) }),
});

/** Industry Jobs, Missing inputs → Re-process Job: prices for the units still missing (docs/profit-rules.md §14). */
export const industryJobReprocessed = defineEvent({
  type: 'IndustryJobReprocessed',
  schemaVersion: 1,
  schema: z.object({
    ...editBase,
    jobId: z.number().int(),
    customUnitPrices: z
      .array(z.object({ typeId: z.number().int().positive(), unitPriceCents: cents }))
      .max(100),
    customRunPriceCents: cents.nullable(),
  }),
});

/** Industry Jobs: a job's consumed products raised ('Mark as Sold / Consumed' raises it to all that is left). */
export const jobQuantityConsumedSet = defineEvent({
  type: 'JobQuantityConsumedSet',
  schemaVersion: 1,
  schema: z.object({
    ...editBase,
    jobId: z.number().int(),
    quantityConsumed: z.number().int().nonnegative(),
  }),
});

/** Manufacturing Profits: the user's figures for a row replace the computed ones. */
export const manufacturingProfitRowEdited = defineEvent({
  type: 'ManufacturingProfitRowEdited',
  schemaVersion: 1,
  schema: z.object({
    ...editBase,
    rowId: z.string().regex(/^\d+-\d+$/),
    quantitySold: z.number().int().nonnegative(),
    manufacturingCostCents: cents,
    sellGrossCents: cents,
    sellBrokerFeeCents: cents,
    sellTaxCents: cents,
  }),
});

/** Manufacturing Profits: the row is gone from lists and totals for good. */
export const manufacturingProfitRowDeleted = defineEvent({
  type: 'ManufacturingProfitRowDeleted',
  schemaVersion: 1,
  schema: z.object({ ...editBase, rowId: z.string().regex(/^\d+-\d+$/) }),
});

/** Contracts: a bought contract item's consumed units raised (bound: quantity − sold, account-area §4). */
export const contractItemQuantityConsumedSet = defineEvent({
  type: 'ContractItemQuantityConsumedSet',
  schemaVersion: 1,
  schema: z.object({
    ...editBase,
    /** ESI's record id of the item line. */
    itemId: z.number().int(),
    quantityConsumed: z.number().int().nonnegative(),
  }),
});

/**
 * Contract Profits: the user's figures for a sold contract replace the computed ones; an incomplete row (items
 * without a buy price) counts in profit from then on (docs/profit-rules.md §15).
 */
export const contractProfitRowEdited = defineEvent({
  type: 'ContractProfitRowEdited',
  schemaVersion: 1,
  schema: z.object({
    ...editBase,
    contractId: z.number().int(),
    totalCostCents: cents,
    sellGrossCents: cents,
    sellBrokerFeeCents: cents,
    sellTaxCents: cents,
  }),
});

/** Contract Profits: the row is gone from lists and totals for good. */
export const contractProfitRowDeleted = defineEvent({
  type: 'ContractProfitRowDeleted',
  schemaVersion: 1,
  schema: z.object({ ...editBase, contractId: z.number().int() }),
});

export const tradeLedgerEventDefinitions = [
  warehouseEntrySaved,
  warehouseEntryRemoved,
  brokerFeeOverrideSaved,
  brokerFeeOverrideRemoved,
  pendingSaleCostSet,
  pendingSaleIgnored,
  buyQuantityConsumedSet,
  sellQuantitySoldSet,
  tradeProfitRowEdited,
  tradeProfitRowDeleted,
  industryJobReprocessed,
  jobQuantityConsumedSet,
  manufacturingProfitRowEdited,
  manufacturingProfitRowDeleted,
  contractItemQuantityConsumedSet,
  contractProfitRowEdited,
  contractProfitRowDeleted,
] as const;

export type WarehouseEntrySaved = z.infer<typeof warehouseEntrySaved.schema>;
export type WarehouseEntryRemoved = z.infer<typeof warehouseEntryRemoved.schema>;
export type BrokerFeeOverrideSaved = z.infer<typeof brokerFeeOverrideSaved.schema>;
export type BrokerFeeOverrideRemoved = z.infer<typeof brokerFeeOverrideRemoved.schema>;
export type PendingSaleCostSet = z.infer<typeof pendingSaleCostSet.schema>;
export type PendingSaleIgnored = z.infer<typeof pendingSaleIgnored.schema>;
export type BuyQuantityConsumedSet = z.infer<typeof buyQuantityConsumedSet.schema>;
export type SellQuantitySoldSet = z.infer<typeof sellQuantitySoldSet.schema>;
export type TradeProfitRowEdited = z.infer<typeof tradeProfitRowEdited.schema>;
export type TradeProfitRowDeleted = z.infer<typeof tradeProfitRowDeleted.schema>;
export type IndustryJobReprocessed = z.infer<typeof industryJobReprocessed.schema>;
export type JobQuantityConsumedSet = z.infer<typeof jobQuantityConsumedSet.schema>;
export type ManufacturingProfitRowEdited = z.infer<typeof manufacturingProfitRowEdited.schema>;
export type ContractItemQuantityConsumedSet = z.infer<typeof contractItemQuantityConsumedSet.schema>;
export type ContractProfitRowEdited = z.infer<typeof contractProfitRowEdited.schema>;
export type ContractProfitRowDeleted = z.infer<typeof contractProfitRowDeleted.schema>;
export type ManufacturingProfitRowDeleted = z.infer<typeof manufacturingProfitRowDeleted.schema>;

export type TradeLedgerEvent =
  | { readonly type: 'WarehouseEntrySaved'; readonly data: WarehouseEntrySaved }
  | { readonly type: 'WarehouseEntryRemoved'; readonly data: WarehouseEntryRemoved }
  | { readonly type: 'BrokerFeeOverrideSaved'; readonly data: BrokerFeeOverrideSaved }
  | { readonly type: 'BrokerFeeOverrideRemoved'; readonly data: BrokerFeeOverrideRemoved }
  | { readonly type: 'PendingSaleCostSet'; readonly data: PendingSaleCostSet }
  | { readonly type: 'PendingSaleIgnored'; readonly data: PendingSaleIgnored }
  | { readonly type: 'BuyQuantityConsumedSet'; readonly data: BuyQuantityConsumedSet }
  | { readonly type: 'SellQuantitySoldSet'; readonly data: SellQuantitySoldSet }
  | { readonly type: 'TradeProfitRowEdited'; readonly data: TradeProfitRowEdited }
  | { readonly type: 'TradeProfitRowDeleted'; readonly data: TradeProfitRowDeleted }
  | { readonly type: 'IndustryJobReprocessed'; readonly data: IndustryJobReprocessed }
  | { readonly type: 'JobQuantityConsumedSet'; readonly data: JobQuantityConsumedSet }
  | { readonly type: 'ManufacturingProfitRowEdited'; readonly data: ManufacturingProfitRowEdited }
  | { readonly type: 'ManufacturingProfitRowDeleted'; readonly data: ManufacturingProfitRowDeleted }
  | { readonly type: 'ContractItemQuantityConsumedSet'; readonly data: ContractItemQuantityConsumedSet }
  | { readonly type: 'ContractProfitRowEdited'; readonly data: ContractProfitRowEdited }
  | { readonly type: 'ContractProfitRowDeleted'; readonly data: ContractProfitRowDeleted };

export const TRADE_LEDGER_EVENT_TYPES = tradeLedgerEventDefinitions.map((definition) => definition.type);
