import { z } from 'zod';
import { CONTRACT_APPRAISAL_METHODS } from './contract-messages';
import { iskToCents } from './money';
import { iskAmountInput, lineLimitProblem, quantityInput, typeIdInput } from './money-bounds';

/** ISK as the API sends it: a number with at most two decimals (the ledger keeps integer cents). */
const isk = z.number();

/** What a ledger edit answers: the log position reads can wait for (`?position=`), so the user sees the edit. */
export const ledgerWriteResultSchema = z.object({ position: z.number().int().nullable() });
export type LedgerWriteResult = z.infer<typeof ledgerWriteResultSchema>;

/** What a sale's profit row says whatever its cost came from (trade, manufacturing). */
const saleRowFields = {
  id: z.string(),
  date: z.string(),
  characterId: z.number().int(),
  characterName: z.string().nullable(),
  typeId: z.number().int(),
  typeName: z.string(),
  quantitySold: z.number().int(),
  sellGross: isk,
  sellBrokerFee: isk,
  sellTax: isk,
  profit: isk,
  /** profit ÷ sellGross (0.1 is 10%); null when sellGross is 0. */
  margin: z.number().nullable(),
  /** The user's figures replace the computed ones. */
  edited: z.boolean(),
  isIgnored: z.boolean(),
  /**
   * Why a broker fee of the row is the configured rate's estimate rather than what its orders paid (the reasons'
   * texts, one sentence each); null when the fees are what was paid, and for an edited row (the user's figures).
   */
  brokerFeeEstimate: z.string().nullable(),
};

/** A row of Trade Profits (account-area §3 Trade profit row). */
export const tradeProfitRowSchema = z.object({
  ...saleRowFields,
  /**
   * False for a corporation's sale (' (Corp order)'); with `division`, the corporation wallet division it was
   * booked to. This server always sends both; optional only until the web's fixtures carry them.
   */
  isPersonal: z.boolean().optional(),
  division: z.number().int().min(1).max(7).nullable().optional(),
  buyCost: isk,
  buyBrokerFee: isk,
});
export type TradeProfitRowDto = z.infer<typeof tradeProfitRowSchema>;

export const tradeProfitsPageSchema = z.object({
  total: z.number().int(),
  rows: z.array(tradeProfitRowSchema),
});
export type TradeProfitsPage = z.infer<typeof tradeProfitsPageSchema>;

/** PATCH /profit/{account}/tradeProfits: the edited rows, each with every editable field. */
export const tradeProfitPatchSchema = z.object({
  id: z.string().regex(/^\d+-\d+$/, 'id must be a trade profit row id'),
  quantitySold: quantityInput,
  buyCost: iskAmountInput,
  buyBrokerFee: iskAmountInput,
  sellGross: iskAmountInput,
  sellBrokerFee: iskAmountInput,
  sellTax: iskAmountInput,
});
export const tradeProfitPatchesSchema = z.array(tradeProfitPatchSchema).min(1).max(1000);
export type TradeProfitPatch = z.infer<typeof tradeProfitPatchSchema>;

/** DELETE /profit/{account}/tradeProfits: the ids of the rows to delete (account-area §7: 'delete sends ids'). */
export const tradeProfitRowIdsSchema = z.array(z.string()).min(1).max(1000);
export type TradeProfitRowIds = z.infer<typeof tradeProfitRowIdsSchema>;

/** A row of Manufacturing Profits (account-area §3 Manufacturing profit row). */
export const manufacturingProfitRowSchema = z.object({
  ...saleRowFields,
  manufacturingCost: isk,
  /** A job behind the units misses inputs nothing priced: the cost is too low and shows red. */
  costIncomplete: z.boolean(),
  /** The jobs that made the units (Industry Jobs). */
  jobIds: z.array(z.number().int()),
});
export type ManufacturingProfitRowDto = z.infer<typeof manufacturingProfitRowSchema>;

export const manufacturingProfitsPageSchema = z.object({
  total: z.number().int(),
  rows: z.array(manufacturingProfitRowSchema),
});
export type ManufacturingProfitsPage = z.infer<typeof manufacturingProfitsPageSchema>;

/** PATCH /profit/{account}/manufacturingProfits: the edited rows, each with every editable field. */
export const manufacturingProfitPatchSchema = z.object({
  id: z.string().regex(/^\d+-\d+$/, 'id must be a manufacturing profit row id'),
  quantitySold: quantityInput,
  manufacturingCost: iskAmountInput,
  sellGross: iskAmountInput,
  sellBrokerFee: iskAmountInput,
  sellTax: iskAmountInput,
});
export const manufacturingProfitPatchesSchema = z.array(manufacturingProfitPatchSchema).min(1).max(1000);
export type ManufacturingProfitPatch = z.infer<typeof manufacturingProfitPatchSchema>;

/** DELETE /profit/{account}/manufacturingProfits: the ids of the rows to delete. */
export const manufacturingProfitRowIdsSchema = z.array(z.string()).min(1).max(1000);
export type ManufacturingProfitRowIds = z.infer<typeof manufacturingProfitRowIdsSchema>;

/** A contract's cost of one type (Contract Profits' dialog, account-area §3). */
const contractMaterialCostSchema = z.object({
  typeId: z.number().int(),
  quantity: z.number().int(),
  totalCost: isk,
  /** Units no stack covered: the contract's cost is incomplete. */
  missing: z.number().int(),
});

/** A row of Contract Profits (account-area §3 Contract profit row): an item exchange contract the account sold. */
export const contractProfitRowSchema = z.object({
  /** The contract id, as a string. */
  id: z.string(),
  date: z.string(),
  characterContract: z.object({
    characterId: z.number().int(),
    characterName: z.string().nullable(),
    acceptorName: z.string().nullable(),
    title: z.string().nullable(),
    contractId: z.number().int(),
  }),
  materialCosts: z.array(contractMaterialCostSchema),
  materialTypeNames: z.record(z.string(), z.string()),
  missingMaterials: z.array(z.object({ typeId: z.number().int(), quantity: z.number().int() })),
  /** Some items had no buy price: the row is left out of profit until its total cost is edited. */
  materialsIncomplete: z.boolean(),
  totalCost: isk,
  sellGross: isk,
  sellBrokerFee: isk,
  sellTax: isk,
  /** Whether the fee and the tax are the wallet journal's rows or the rule's estimate. */
  sellBrokerFeeSource: z.enum(['journal', 'rule']),
  sellTaxSource: z.enum(['journal', 'rule']),
  profit: isk,
  margin: z.number().nullable(),
  /** Counted in profit and in the totals: complete, or edited. */
  counted: z.boolean(),
  edited: z.boolean(),
  isIgnored: z.boolean(),
});
export type ContractProfitRowDto = z.infer<typeof contractProfitRowSchema>;

export const contractProfitsPageSchema = z.object({
  total: z.number().int(),
  rows: z.array(contractProfitRowSchema),
});
export type ContractProfitsPage = z.infer<typeof contractProfitsPageSchema>;

/** PATCH /profit/{account}/contractProfits (account-area §3: 'Patch: id, totalCost, sellTax, sellBrokerFee, sellGross'). */
export const contractProfitPatchSchema = z.object({
  id: z
    .string()
    .regex(/^\d{1,16}$/, 'id must be a contract profit row id')
    .refine((id) => Number.isSafeInteger(Number(id)), 'id must be a contract profit row id'),
  totalCost: iskAmountInput,
  sellGross: iskAmountInput,
  sellBrokerFee: iskAmountInput,
  sellTax: iskAmountInput,
});
export const contractProfitPatchesSchema = z.array(contractProfitPatchSchema).min(1).max(1000);
export type ContractProfitPatch = z.infer<typeof contractProfitPatchSchema>;

/** DELETE /profit/{account}/contractProfits: the ids of the rows to delete. */
export const contractProfitRowIdsSchema = z.array(z.string()).min(1).max(1000);
export type ContractProfitRowIds = z.infer<typeof contractProfitRowIdsSchema>;

/** A row of Contracts (account-area §3 Bought contract item row): an item line bought through a contract. */
export const boughtContractItemRowSchema = z.object({
  /** ESI's record id of the line. */
  id: z.number().int(),
  date: z.string(),
  characterId: z.number().int(),
  characterName: z.string().nullable(),
  characterContractId: z.number().int(),
  typeId: z.number().int(),
  typeName: z.string(),
  /** Its share of the contract price ÷ its quantity. */
  computedUnitPrice: isk,
  /** Its share of the contract price. */
  totalCost: isk,
  appraisalMethod: z.enum(CONTRACT_APPRAISAL_METHODS),
  quantity: z.number().int(),
  quantitySold: z.number().int(),
  quantityConsumed: z.number().int(),
  quantityRemaining: z.number().int(),
});
export type BoughtContractItemRowDto = z.infer<typeof boughtContractItemRowSchema>;

export const boughtContractItemsPageSchema = z.object({
  total: z.number().int(),
  rows: z.array(boughtContractItemRowSchema),
});
export type BoughtContractItemsPage = z.infer<typeof boughtContractItemsPageSchema>;

/** PATCH /journal/{account}/boughtContractItems: quantities consumed raised (bound: quantity − sold). */
export const boughtContractItemPatchSchema = z
  .object({ id: z.number().int(), quantityConsumed: quantityInput })
  .strict();
export const boughtContractItemPatchesSchema = z.array(boughtContractItemPatchSchema).min(1).max(1000);
export type BoughtContractItemPatch = z.infer<typeof boughtContractItemPatchSchema>;

/** GET /journal/{account}/contracts/{contractId} (account-area §3 Contract detail). */
export const contractDetailSchema = z.object({
  contractId: z.number().int(),
  title: z.string().nullable(),
  type: z.enum(['UNKNOWN', 'ITEM_EXCHANGE', 'AUCTION', 'COURIER', 'LOAN']),
  issuerName: z.string().nullable(),
  issuerCorporationName: z.string().nullable(),
  acceptorName: z.string().nullable(),
  status: z.enum([
    'OUTSTANDING',
    'IN_PROGRESS',
    'FINISHED_ISSUER',
    'FINISHED_CONTRACTOR',
    'FINISHED',
    'CANCELLED',
    'REJECTED',
    'FAILED',
    'DELETED',
    'REVERSED',
  ]),
  availability: z.string(),
  dateIssued: z.string(),
  dateCompleted: z.string().nullable(),
  /** The contract price (what the acceptor pays). */
  price: isk.nullable(),
  items: z.array(
    z.object({
      id: z.number().int(),
      typeId: z.number().int(),
      typeName: z.string(),
      quantity: z.number().int(),
      /** False: the issuer asks for the item. */
      isIncluded: z.boolean(),
    }),
  ),
});
export type ContractDetailDto = z.infer<typeof contractDetailSchema>;

/** Industry Jobs: a delivered or cancelled job (account-area §3 Manufacturing result row). */
export const manufacturingResultRowSchema = z.object({
  jobId: z.number().int(),
  characterId: z.number().int(),
  characterName: z.string().nullable(),
  /** Set for a corporation job ('Corp'), null for a personal one. */
  corporationId: z.number().int().nullable(),
  activityId: z.number().int(),
  status: z.enum(['delivered', 'cancelled']),
  blueprintTypeId: z.number().int(),
  blueprintTypeName: z.string(),
  productTypeId: z.number().int().nullable(),
  productTypeName: z.string().nullable(),
  runs: z.number().int(),
  completedDate: z.string(),
  quantity: z.number().int(),
  quantitySold: z.number().int(),
  quantityConsumed: z.number().int(),
  quantityRemaining: z.number().int(),
  /** ESI's job cost (installation fee and taxes). */
  cost: isk,
  materialsCost: isk,
  copiesCost: isk,
  /** (materials + job cost + copies) ÷ quantity; null when the job made nothing. */
  unitCost: isk.nullable(),
  materialCosts: z.array(
    z.object({
      typeId: z.number().int(),
      quantity: z.number().int(),
      totalCost: isk,
      missing: z.number().int(),
    }),
  ),
  materialTypeNames: z.record(z.string(), z.string()),
  missingMaterials: z.array(z.object({ typeId: z.number().int(), quantity: z.number().int() })),
  missingRuns: z.number().int(),
  materialsIncomplete: z.boolean(),
  /** Not followed: a job completed before the wallet history (see beforeWalletHistory). */
  tracked: z.boolean(),
  /** Completed before the wallet history the first sync could read: its inputs and sales are not in the ledger. */
  beforeWalletHistory: z.boolean(),
});
export type ManufacturingResultRowDto = z.infer<typeof manufacturingResultRowSchema>;

export const manufacturingResultsPageSchema = z.object({
  total: z.number().int(),
  rows: z.array(manufacturingResultRowSchema),
});
export type ManufacturingResultsPage = z.infer<typeof manufacturingResultsPageSchema>;

/**
 * PATCH /industry/{account}/manufacturingResults: a quantity consumed raised, or Re-process Job with the
 * Missing inputs dialog's prices (account-area §3: 'Edit patch: jobId, quantityConsumed. Reprocess patch: jobId,
 * customUnitPrices, customRunPrice').
 */
export const manufacturingResultPatchSchema = z.union([
  z.object({ jobId: z.number().int(), quantityConsumed: quantityInput }).strict(),
  z
    .object({
      jobId: z.number().int(),
      /** A unit price in ISK (min 0, step 0.01) for missing inputs of the job. */
      customUnitPrices: z
        .array(z.object({ typeId: typeIdInput, unitPrice: iskAmountInput }).strict())
        .max(100),
      customRunPrice: iskAmountInput.nullable(),
    })
    .strict(),
]);
export type ManufacturingResultPatch = z.infer<typeof manufacturingResultPatchSchema>;

/** A row of Transactions (account-area §3 Wallet transaction row). */
export const walletTransactionRowSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  characterId: z.number().int(),
  characterName: z.string().nullable(),
  isPersonal: z.boolean(),
  /**
   * The corporation wallet division of a corporation's transaction; null for a character's. This server always
   * sends it; optional only until the web's fixtures carry it.
   */
  division: z.number().int().min(1).max(7).nullable().optional(),
  typeId: z.number().int(),
  typeName: z.string(),
  unitPrice: isk,
  quantity: z.number().int(),
  isBuy: z.boolean(),
  quantitySold: z.number().int(),
  /** Sells: always 0 (shown '-'). */
  quantityConsumed: z.number().int(),
  quantityRemaining: z.number().int(),
  brokerFee: isk,
  /** Its share of its order's fees ('order'), none: it filled another player's order ('noOrder'), or the rate's estimate. */
  brokerFeeSource: z.enum(['order', 'noOrder', 'estimated']),
  /** Why brokerFee is the configured rate's estimate (the reason's text); null when it is not. */
  brokerFeeEstimate: z.string().nullable(),
  /** The market order it filled, when the ledger matched it. */
  orderId: z.number().int().nullable(),
  salesTax: isk.nullable(),
  tracked: z.boolean(),
});
export type WalletTransactionRowDto = z.infer<typeof walletTransactionRowSchema>;

export const walletTransactionsPageSchema = z.object({
  total: z.number().int(),
  rows: z.array(walletTransactionRowSchema),
});
export type WalletTransactionsPage = z.infer<typeof walletTransactionsPageSchema>;

/** PATCH /journal/{account}/transactions: quantityConsumed for buys, quantitySold for sells. */
export const walletTransactionPatchSchema = z.object({
  id: z.number().int(),
  quantityConsumed: quantityInput.optional(),
  quantitySold: quantityInput.optional(),
});
export const walletTransactionPatchesSchema = z.array(walletTransactionPatchSchema).min(1).max(1000);
export type WalletTransactionPatch = z.infer<typeof walletTransactionPatchSchema>;

/** A row of Pending Transactions: a sale's units waiting for a cost. */
export const unprocessedTransactionSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  characterId: z.number().int(),
  characterName: z.string().nullable(),
  isPersonal: z.boolean(),
  typeId: z.number().int(),
  typeName: z.string(),
  unitPrice: isk,
  /** The units still pending. */
  quantity: z.number().int(),
  total: isk,
  customBuyPrice: isk.nullable(),
});
export type UnprocessedTransactionDto = z.infer<typeof unprocessedTransactionSchema>;

/** POST /journal/{account}/unprocessed/process. */
export const processUnprocessedSchema = z
  .object({
    transactionsToProcess: z
      .array(z.object({ id: z.number().int(), customBuyPrice: iskAmountInput.default(0) }).strict())
      .max(1000)
      .default([]),
    /** The spec's "array of id": bare ids, or objects with an id as the web client sends them. */
    transactionsToIgnore: z
      .array(z.union([z.number().int(), z.object({ id: z.number().int() }).strict()]))
      .max(1000)
      .default([]),
  })
  .strict();
export type ProcessUnprocessed = z.infer<typeof processUnprocessedSchema>;

/** Item Warehouse entry (account-area §3); quantity null is 'Use as Default Price' (Infinite). */
export const warehouseEntrySchema = z.object({
  id: z.string(),
  typeId: z.number().int(),
  typeName: z.string(),
  unitPrice: isk,
  quantity: z.number().int().nullable(),
});
export type WarehouseEntryDto = z.infer<typeof warehouseEntrySchema>;

export const warehouseEntryInputSchema = z
  .object({
    typeId: typeIdInput.optional(),
    typeName: z.string().min(1).max(200).optional(),
    unitPrice: iskAmountInput,
    quantity: quantityInput.min(1, 'must be 1 or more').nullable(),
  })
  .refine((input) => input.typeId !== undefined || input.typeName !== undefined, {
    message: 'Choose an item: typeId or typeName is required.',
  })
  .superRefine((input, context) => {
    // Object refinements run even when a field failed: only a valid price and quantity make a line.
    const valid =
      iskAmountInput.safeParse(input.unitPrice).success && quantityInput.safeParse(input.quantity).success;
    const problem =
      valid && input.quantity !== null ? lineLimitProblem(iskToCents(input.unitPrice), input.quantity) : null;
    if (problem) context.addIssue({ code: 'custom', path: ['unitPrice'], message: problem });
  });
export type WarehouseEntryInput = z.infer<typeof warehouseEntryInputSchema>;

/** Broker fee override (account-area §3); rates in per cent (0.5 is 0.5%). Built-in rows have no id. */
export const brokerFeeOverrideSchema = z.object({
  id: z.string().nullable(),
  /** UTC ISO date-time; null for a built-in default row (shown 'Default'). */
  startDate: z.string().nullable(),
  characterId: z.number().int().nullable(),
  typeId: z.number().int().nullable(),
  typeName: z.string().nullable(),
  buyFee: z.number(),
  sellFee: z.number(),
  npcSellFee: z.number(),
});
export type BrokerFeeOverrideDto = z.infer<typeof brokerFeeOverrideSchema>;

/** A fee in per cent with at most four decimals: a whole number of ppm, the ledger's unit of rates. */
const feePercent = z
  .number()
  .min(0, 'must be 0 or more')
  .max(100, 'must be at most 100')
  .refine((percent) => Math.round(percent * 10_000) / 10_000 === percent, 'must have at most four decimals');

/** POST /account/brokerfees/. */
export const brokerFeeOverrideInputSchema = z.object({
  /** 'YYYY-MM-DD HH:mm' UTC, or an ISO date-time. */
  startDate: z.string().min(1).max(40),
  characterId: z.number().int().positive(),
  typeName: z.string().max(200).nullable().optional(),
  buyFee: feePercent,
  sellFee: feePercent,
  npcSellFee: feePercent,
});
export type BrokerFeeOverrideInput = z.infer<typeof brokerFeeOverrideInputSchema>;

/** A location whose learned placement rate a broker fee suggestion rests on (at least 5 agreeing orders). */
export const brokerFeeSuggestionBasisSchema = z.object({
  locationId: z.number().int(),
  /** The NPC station's name, or the structure's as ESI names it to a linked character ('Structure <id>' if not). */
  locationName: z.string(),
  /** The most common placement fee ÷ order value there, in per cent. */
  ratePercent: z.number(),
  /** Orders whose first fee gave that rate, of `samples` orders there whose first fee was matched. */
  agreeing: z.number().int(),
  samples: z.number().int(),
});
export type BrokerFeeSuggestionBasis = z.infer<typeof brokerFeeSuggestionBasisSchema>;

/**
 * GET /account/brokerFeeSuggestions: a broker fee override for one character, from the rates its matched order
 * placements paid (docs/profit-rules.md §6.5); rates in per cent like the override form.
 */
export const brokerFeeSuggestionSchema = z.object({
  characterId: z.number().int(),
  characterName: z.string(),
  buyFee: z.number(),
  sellFee: z.number(),
  npcSellFee: z.number(),
  /** The locations with at least 5 agreeing orders, most agreeing first. */
  basis: z.array(brokerFeeSuggestionBasisSchema),
});
export type BrokerFeeSuggestionDto = z.infer<typeof brokerFeeSuggestionSchema>;

/** Daily and hourly profit (account-area §3 Aggregate profit rows). */
export const profitAggregateRowSchema = z.object({
  /** Start of the day or hour, epoch milliseconds UTC. */
  timestamp: z.number().int(),
  tradeProfit: isk,
  manufacturingProfit: isk,
  contractProfit: isk,
});
export type ProfitAggregateRow = z.infer<typeof profitAggregateRowSchema>;

/** Overview's per-item trade table. */
export const itemProfitRowSchema = z.object({
  typeId: z.number().int(),
  typeName: z.string(),
  quantitySold: z.number().int(),
  profit: isk,
});
export type ItemProfitRow = z.infer<typeof itemProfitRowSchema>;

/** Overview's rolling trade panel (account-area §3 Journal stats). */
export const journalStatsSchema = z.object({
  sellIsk: isk,
  buyIsk: isk,
  totalTax: isk,
  /** The wallet journal's brokers_fee rows in the window: placements and price changes, filled or not. */
  totalBroker: isk,
  /** The fees of units that never filled, of orders closed (cancelled, expired) in the window: a cost outside any sale. */
  unfilledBroker: isk,
  numBuys: z.number().int(),
  numSells: z.number().int(),
});
export type JournalStats = z.infer<typeof journalStatsSchema>;

/**
 * Overview's Beta chart: the wallet journal's brokers_fee rows per UTC day. totalBuy and totalSell by the side of
 * the order each was matched to; total is every row, unmatched ones included.
 */
export const brokerFeeEstimateRowSchema = z.object({
  date: z.number().int(),
  total: isk,
  totalSell: isk,
  totalBuy: isk,
});
export type BrokerFeeEstimateRow = z.infer<typeof brokerFeeEstimateRowSchema>;

/** Item Analysis summary per type (account-area §3 Item history summary). */
export const itemHistorySummarySchema = z.object({
  typeId: z.number().int(),
  typeName: z.string(),
  avgPrice: isk,
  avgPriceForRemaining: isk.nullable(),
  marketSellPrice: isk.nullable(),
  minPrice: isk,
  maxPrice: isk,
  total: z.number().int(),
  totalSold: z.number().int(),
  totalConsumed: z.number().int(),
  totalRemaining: z.number().int(),
  totalCost: isk,
});
export type ItemHistorySummary = z.infer<typeof itemHistorySummarySchema>;

export const itemHistoryPointSchema = z.object({
  /** Start of the day, epoch milliseconds UTC. */
  date: z.number().int(),
  minPrice: isk,
  maxPrice: isk,
  avgPrice: isk,
  quantity: z.number().int(),
});
export const itemHistoryDetailsSchema = z.object({
  typeId: z.number().int(),
  typeName: z.string(),
  boughtStats: z.array(itemHistoryPointSchema),
  manufacturedStats: z.array(itemHistoryPointSchema),
});
export type ItemHistoryDetails = z.infer<typeof itemHistoryDetailsSchema>;

/**
 * The new-override form's defaults (account-area §2 Settings: 0.5%, 0.5%, 3.5%), in parts per million. The spec
 * lists built-in default rows without their rates; the ledger charges these (docs/profit-rules.md §6).
 */
export const DEFAULT_BROKER_FEE_RATES_PPM = {
  buyFeePpm: 5_000,
  sellFeePpm: 5_000,
  npcSellFeePpm: 35_000,
} as const;
