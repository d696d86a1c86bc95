import {
  brokerFeeRatesFor,
  type BrokerFeeOverride,
  type BuiltInBrokerFee,
  type BrokerFeeRates,
} from './broker-fees';
import {
  buyRemaining,
  copiesCost,
  lotRemaining,
  materialCost,
  missingUnitPrice,
  salePending,
  sliceCost,
  sumOf,
  type Consumer,
  type ContractItemLot,
  type ContractSaleRecord,
  type JobRecord,
  type ProfitRowRecord,
  type TradeLedgerState,
  type TransactionRecord,
  type TypeBook,
} from './fifo-ledger';
import { applyRate, multiplyExact, shareOfUnits, type Cents } from './money';
import {
  type BoughtContractItem,
  type JobMaterialCost,
  type ContractProfitRow,
  type ManufacturingProfitRow,
  type ManufacturingResult,
  type PendingSale,
  type ProfitSource,
  type QuantityEditBounds,
  type TradeProfitRow,
  type TransactionQuantities,
  type TypeStacks,
} from './trade-ledger.types';

/** Every trade profit row, in the order the matchings happened. */
export function tradeProfitRows(state: TradeLedgerState): TradeProfitRow[] {
  const rows: TradeProfitRow[] = [];
  for (const row of state.rows.values()) if (row.kind === 'trade') rows.push(profitRowView(row));
  return rows;
}

export function tradeProfitRow(state: TradeLedgerState, rowId: string): TradeProfitRow | undefined {
  const row = state.rows.get(rowId);
  return row?.kind === 'trade' ? profitRowView(row) : undefined;
}

/** Every manufacturing profit row, in the order the matchings happened. */
export function manufacturingProfitRows(state: TradeLedgerState): ManufacturingProfitRow[] {
  const rows: ManufacturingProfitRow[] = [];
  for (const row of state.rows.values())
    if (row.kind === 'manufacturing') rows.push(manufacturingRowView(row));
  return rows;
}

export function manufacturingProfitRow(
  state: TradeLedgerState,
  rowId: string,
): ManufacturingProfitRow | undefined {
  const row = state.rows.get(rowId);
  return row?.kind === 'manufacturing' ? manufacturingRowView(row) : undefined;
}

export function marginOf(profit: Cents, sellGross: Cents): number | null {
  return sellGross === 0 ? null : profit / sellGross;
}

// Plain loops and literals: a rebuild views every row of a year (70,000+), and spreads and flatMaps cost there.
function profitRowView(row: ProfitRowRecord): TradeProfitRow {
  const { sale, fromUnit, toUnit } = row;
  const sources: ProfitSource[] = [];
  let buyCost = 0;
  let buyBrokerFee = 0;
  for (const slice of row.lots) {
    const { lot: buy, fromUnit: from, toUnit: to } = slice;
    if (buy.side === 'contract') {
      const cost = sliceCost(slice);
      sources.push({
        kind: 'contract',
        contractId: buy.contract.contractId,
        itemId: buy.itemId,
        quantity: to - from,
        cost,
      });
      buyCost += cost;
      continue;
    }
    if (buy.side !== 'buy') continue;
    const quantity = to - from;
    const brokerFee = shareOfUnits(buy.brokerFee, buy.transaction.quantity, from, to);
    sources.push({
      kind: 'bought',
      transactionId: buy.transactionId,
      quantity,
      unitPrice: buy.transaction.unitPrice,
      brokerFee,
    });
    buyCost += multiplyExact(buy.transaction.unitPrice, quantity);
    buyBrokerFee += brokerFee;
  }
  for (const fixed of row.fixed) {
    sources.push(fixed);
    buyCost += multiplyExact(fixed.unitPrice, fixed.quantity);
  }
  const sold = sale.transaction.quantity;
  const sellGross = multiplyExact(sale.transaction.unitPrice, toUnit - fromUnit);
  const sellTax = shareOfUnits(sale.salesTax, sold, fromUnit, toUnit);
  const sellBrokerFee = shareOfUnits(sale.brokerFee, sold, fromUnit, toUnit);
  const profit = sellGross - sellTax - sellBrokerFee - buyCost - buyBrokerFee;
  return {
    id: row.id,
    sellTransactionId: sale.transactionId,
    date: sale.transaction.date,
    characterId: sale.transaction.characterId,
    typeId: sale.transaction.typeId,
    isPersonal: sale.transaction.isPersonal,
    division: sale.transaction.division ?? null,
    quantitySold: toUnit - fromUnit,
    sellGross,
    sellTax,
    sellBrokerFee,
    buyCost,
    buyBrokerFee,
    profit,
    margin: marginOf(profit, sellGross),
    sources,
  };
}

function saleMoney(row: ProfitRowRecord) {
  const { sale, fromUnit, toUnit } = row;
  const sold = sale.transaction.quantity;
  return {
    sellGross: multiplyExact(sale.transaction.unitPrice, toUnit - fromUnit),
    sellTax: shareOfUnits(sale.salesTax, sold, fromUnit, toUnit),
    sellBrokerFee: shareOfUnits(sale.brokerFee, sold, fromUnit, toUnit),
  };
}

function manufacturingRowView(row: ProfitRowRecord): ManufacturingProfitRow {
  const { sale } = row;
  let manufacturingCost = 0;
  let costIncomplete = false;
  const sources = row.lots.map((slice) => {
    const job = slice.lot as JobRecord;
    const cost = sliceCost(slice);
    manufacturingCost += cost;
    costIncomplete ||= consumerIncomplete(job);
    return { jobId: job.job.jobId, quantity: slice.toUnit - slice.fromUnit, cost };
  });
  const money = saleMoney(row);
  const profit = money.sellGross - money.sellTax - money.sellBrokerFee - manufacturingCost;
  return {
    id: row.id,
    sellTransactionId: sale.transactionId,
    date: sale.transaction.date,
    characterId: sale.transaction.characterId,
    typeId: sale.transaction.typeId,
    isPersonal: sale.transaction.isPersonal,
    quantitySold: row.toUnit - row.fromUnit,
    manufacturingCost,
    ...money,
    profit,
    margin: marginOf(profit, money.sellGross),
    costIncomplete,
    sources,
  };
}

/**
 * A job or a sold contract misses an input (or copy runs) that nothing covers and no price was given for, here or up
 * the chain of jobs that made what it took.
 */
function consumerIncomplete(consumer: Consumer, seen = new Set<Consumer>()): boolean {
  if (seen.has(consumer)) return false;
  seen.add(consumer);
  for (const material of consumer.materials) {
    if (material.missing > 0 && missingUnitPrice(consumer, material.typeId) === undefined) return true;
    for (const { lot } of material.lots) if (lot.side === 'job' && consumerIncomplete(lot, seen)) return true;
  }
  if (consumer.side !== 'job') return false;
  if (consumer.missingRuns > 0 && consumer.customRunPrice === null) return true;
  for (const { lot } of consumer.copyRuns)
    if (lot.side === 'job' && consumerIncomplete(lot, seen)) return true;
  return false;
}

/** What each input of a job or a sold contract cost, their sum, and the units nothing covers nor prices. */
function consumedMaterials(consumer: Consumer): {
  readonly materialCosts: JobMaterialCost[];
  readonly missingMaterials: { typeId: number; quantity: number }[];
  readonly total: Cents;
} {
  let total = 0;
  const missingMaterials: { typeId: number; quantity: number }[] = [];
  const materialCosts = consumer.materials.map((material) => {
    const cost = materialCost(consumer, material);
    total += cost;
    const { typeId, missing } = material;
    if (missing > 0 && missingUnitPrice(consumer, typeId) === undefined)
      missingMaterials.push({ typeId, quantity: missing });
    return { typeId, quantity: material.quantity, cost, missing };
  });
  return { materialCosts, missingMaterials, total };
}

/** Every delivered or cancelled job the ledger holds, as the Industry Jobs page lists them. */
export function manufacturingResults(state: TradeLedgerState): ManufacturingResult[] {
  return [...state.jobs.values()].map(manufacturingResultView);
}

export function manufacturingResult(state: TradeLedgerState, jobId: number): ManufacturingResult | undefined {
  const job = state.jobs.get(jobId);
  return job && manufacturingResultView(job);
}

function manufacturingResultView(record: JobRecord): ManufacturingResult {
  const { job } = record;
  const { materialCosts, missingMaterials, total: materialsCost } = consumedMaterials(record);
  const missingRuns = record.customRunPrice === null ? record.missingRuns : 0;
  return {
    jobId: job.jobId,
    characterId: job.characterId,
    corporationId: job.corporationId,
    activityId: job.activityId,
    status: record.status,
    blueprintTypeId: job.blueprintTypeId,
    productTypeId: job.productTypeId,
    makesBlueprintRuns: record.makesBlueprintRuns,
    runs: job.runs,
    facilityId: job.facilityId,
    startDate: job.startDate,
    completedDate: job.completedDate,
    quantity: record.quantity,
    quantitySold: record.quantitySold,
    quantityConsumed: record.quantityConsumed,
    quantityRemaining: lotRemaining(record),
    cost: job.cost,
    materialsCost,
    copiesCost: copiesCost(record),
    totalCost: record.totalCost,
    materialCosts,
    missingMaterials,
    missingRuns,
    materialsIncomplete: consumerIncomplete(record),
    tracked: record.tracked,
    beforeWalletHistory: record.beforeWalletHistory,
  };
}

export function transactionQuantities(
  state: TradeLedgerState,
  transactionId: number,
): TransactionQuantities | undefined {
  const record = state.transactions.get(transactionId);
  return record && quantitiesView(record);
}

/** Every recorded transaction, in the order recorded. */
export function allTransactionQuantities(state: TradeLedgerState): TransactionQuantities[] {
  return [...state.transactions.values()].map(quantitiesView);
}

// Two plain literals rather than a spread of the shared fields: a rebuild builds one per transaction.
function quantitiesView(record: TransactionRecord): TransactionQuantities {
  const { quantity } = record.transaction;
  if (record.side === 'buy')
    return {
      transactionId: record.transactionId,
      isBuy: true,
      quantity,
      tracked: record.tracked,
      brokerFee: record.brokerFee,
      quantitySold: record.quantitySold,
      quantityConsumed: record.quantityConsumed,
      quantityRemaining: buyRemaining(record),
      salesTax: null,
      salesTaxSource: null,
    };
  return {
    transactionId: record.transactionId,
    isBuy: false,
    quantity,
    tracked: record.tracked,
    brokerFee: record.brokerFee,
    quantitySold: record.quantitySold,
    quantityConsumed: 0,
    quantityRemaining: salePending(record),
    salesTax: record.salesTax,
    salesTaxSource: record.salesTaxSource,
  };
}

/** Sales waiting for a cost, oldest first. */
export function pendingSales(state: TradeLedgerState): PendingSale[] {
  const pending: PendingSale[] = [];
  for (const book of state.books.values())
    for (const sale of book.pending.live()) {
      const { transaction } = sale;
      const quantity = salePending(sale);
      pending.push({
        transactionId: sale.transactionId,
        date: transaction.date,
        characterId: transaction.characterId,
        typeId: transaction.typeId,
        isPersonal: transaction.isPersonal,
        unitPrice: transaction.unitPrice,
        quantity,
        total: multiplyExact(transaction.unitPrice, quantity),
      });
    }
  const byTime = (sale: PendingSale) => state.transactions.get(sale.transactionId)!.timeMs;
  return pending.sort((a, b) => byTime(a) - byTime(b) || a.transactionId - b.transactionId);
}

export function remainingStacks(state: TradeLedgerState, typeId: number): TypeStacks {
  const book = state.books.get(typeId);
  return book ? stacksView(book) : { typeId, bought: [], produced: [], warehouse: [], contracted: [] };
}

/** Stacks of every type that has any left, by type id. */
export function allRemainingStacks(state: TradeLedgerState): TypeStacks[] {
  return [...state.books.values()]
    .map(stacksView)
    .filter(
      (stacks) =>
        stacks.bought.length > 0 ||
        stacks.produced.length > 0 ||
        stacks.warehouse.length > 0 ||
        stacks.contracted.length > 0,
    )
    .sort((a, b) => a.typeId - b.typeId);
}

function stacksView(book: TypeBook): TypeStacks {
  return {
    typeId: book.typeId,
    bought: [...book.lots.live()].flatMap((buy) =>
      buy.side === 'buy'
        ? [
            {
              transactionId: buy.transactionId,
              date: buy.transaction.date,
              unitPrice: buy.transaction.unitPrice,
              quantityRemaining: buyRemaining(buy),
            },
          ]
        : [],
    ),
    produced: [...book.lots.live()].flatMap((made) =>
      made.side === 'job'
        ? [{ jobId: made.job.jobId, date: made.job.completedDate, quantityRemaining: lotRemaining(made) }]
        : [],
    ),
    warehouse: book.warehouse.map(({ entryId, typeId, unitPrice, quantity }) => ({
      entryId,
      typeId,
      unitPrice,
      quantity,
    })),
    contracted: [...book.lots.live()].flatMap((lot) =>
      lot.side === 'contract'
        ? [
            {
              itemId: lot.itemId,
              contractId: lot.contract.contractId,
              date: lot.contract.acceptedDate,
              quantityRemaining: lotRemaining(lot),
            },
          ]
        : [],
    ),
  };
}

/** Warehouse entries as the Item Warehouse lists them; an emptied finite entry stays with quantity 0. */
export function warehouseEntries(state: TradeLedgerState): TypeStacks['warehouse'] {
  return [...state.warehouse.values()]
    .sort((a, b) => a.sequence - b.sequence)
    .map(({ entryId, typeId, unitPrice, quantity }) => ({ entryId, typeId, unitPrice, quantity }));
}

/** The Settings list: built-in rows first (start date 'Default'), then overrides by start date. */
export function brokerFeeOverrideRows(state: TradeLedgerState): {
  readonly builtIn: readonly BuiltInBrokerFee[];
  readonly overrides: readonly BrokerFeeOverride[];
} {
  const overrides = [...state.brokerFees.overrides.values()].sort(
    (a, b) => Date.parse(a.startDate) - Date.parse(b.startDate) || (a.overrideId < b.overrideId ? -1 : 1),
  );
  return { builtIn: state.brokerFees.builtIn, overrides };
}

/** The rates a character's trade in a type at a time would be charged. */
export function brokerFeeRatesInForce(
  state: TradeLedgerState,
  subject: { readonly characterId: number; readonly typeId: number; readonly date: string },
): BrokerFeeRates {
  const { buyFeePpm, sellFeePpm, npcSellFeePpm } = brokerFeeRatesFor(state.brokerFees, {
    characterId: subject.characterId,
    typeId: subject.typeId,
    timeMs: Date.parse(subject.date),
    isBuy: true,
    locationId: 0,
  });
  return { buyFeePpm, sellFeePpm, npcSellFeePpm };
}

/** What an edit of the transaction's editable counter may be set to (spec account-area.md §4 Quantity rules). */
export function quantityEditBounds(
  state: TradeLedgerState,
  transactionId: number,
): QuantityEditBounds | undefined {
  const record = state.transactions.get(transactionId);
  if (!record || !record.tracked) return undefined;
  const { quantity } = record.transaction;
  if (record.side === 'buy')
    return {
      field: 'quantityConsumed',
      minimum: record.quantityConsumed,
      maximum: quantity - record.quantitySold,
    };
  return { field: 'quantitySold', minimum: record.quantitySold, maximum: quantity };
}

/**
 * Spec §9: a private contract pays a flat 10,000 ISK fee and no tax. A public one's rates are rules
 * (`TradeLedgerConfig.publicContractFees`, from the rules stream).
 */
export const PRIVATE_CONTRACT_BROKER_FEE: Cents = 1_000_000;

/** Every contract the account sold, in the order they completed. */
export function contractProfitRows(state: TradeLedgerState): ContractProfitRow[] {
  const rows: ContractProfitRow[] = [];
  for (const record of state.contracts.values())
    if (record.side === 'contractSale') rows.push(contractProfitView(state, record));
  return rows;
}

export function contractProfitRow(
  state: TradeLedgerState,
  contractId: number,
): ContractProfitRow | undefined {
  const record = state.contracts.get(contractId);
  return record?.side === 'contractSale' ? contractProfitView(state, record) : undefined;
}

function contractProfitView(state: TradeLedgerState, record: ContractSaleRecord): ContractProfitRow {
  const { contract } = record;
  const { materialCosts, missingMaterials, total: totalCost } = consumedMaterials(record);
  const sellGross = contract.amount;
  const isPublic = contract.availability === 'public';
  const journal = state.contractFees.get(contract.contractId);
  const paid = (rows: ReadonlyMap<number, Cents> | undefined): Cents | null =>
    rows && rows.size > 0 ? sumOf(rows.values()) : null;
  const journalFee = paid(journal?.brokerFee);
  const journalTax = paid(journal?.salesTax);
  const sellBrokerFee =
    journalFee ??
    (isPublic ? applyRate(sellGross, state.publicContractFees.brokerFeePpm) : PRIVATE_CONTRACT_BROKER_FEE);
  const sellTax = journalTax ?? (isPublic ? applyRate(sellGross, state.publicContractFees.salesTaxPpm) : 0);
  return {
    contractId: contract.contractId,
    characterId: contract.characterId,
    date: contract.acceptedDate,
    availability: contract.availability,
    materialCosts,
    missingMaterials,
    materialsIncomplete: consumerIncomplete(record),
    totalCost,
    sellGross,
    sellBrokerFee,
    sellTax,
    sellBrokerFeeSource: journalFee === null ? 'rule' : 'journal',
    sellTaxSource: journalTax === null ? 'rule' : 'journal',
    profit: sellGross - sellBrokerFee - sellTax - totalCost,
  };
}

/** Every item line the account bought through contracts, in the order they arrived. */
export function boughtContractItems(state: TradeLedgerState): BoughtContractItem[] {
  return [...state.contractItems.values()].map(boughtContractItemView);
}

export function boughtContractItem(state: TradeLedgerState, itemId: number): BoughtContractItem | undefined {
  const lot = state.contractItems.get(itemId);
  return lot && boughtContractItemView(lot);
}

function boughtContractItemView(lot: ContractItemLot): BoughtContractItem {
  return {
    itemId: lot.itemId,
    contractId: lot.contract.contractId,
    characterId: lot.contract.characterId,
    date: lot.contract.acceptedDate,
    typeId: lot.typeId,
    quantity: lot.quantity,
    quantitySold: lot.quantitySold,
    quantityConsumed: lot.quantityConsumed,
    quantityRemaining: lotRemaining(lot),
    cost: lot.cost,
    appraisalMethod: lot.method,
    appraisedUnitPrice: lot.appraisedUnitPrice,
  };
}

/** What an edit of a bought contract item's quantity consumed may be set to: raise only, up to quantity − sold. */
export function contractItemEditBounds(
  state: TradeLedgerState,
  itemId: number,
): QuantityEditBounds | undefined {
  const lot = state.contractItems.get(itemId);
  if (!lot) return undefined;
  return {
    field: 'quantityConsumed',
    minimum: lot.quantityConsumed,
    maximum: lot.quantity - lot.quantitySold,
  };
}
