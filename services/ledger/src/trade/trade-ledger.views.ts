import { brokerFeeEstimateText, isNpcStation } from '@tradewise/contracts';
import type {
  BoughtContractItemDocument,
  BoughtContractItemRowDto,
  BoughtContractItemsPage,
  BrokerFeeEstimateReason,
  BrokerFeeEstimateRow,
  BrokerFeePaidDocument,
  BrokerFeeSuggestionDto,
  ContractDetailDto,
  ContractDocument,
  ContractProfitDocument,
  ContractProfitRowDto,
  ContractProfitsPage,
  ItemHistoryDetails,
  ItemHistorySummary,
  ItemProfitRow,
  JournalStats,
  LearnedBrokerRateDocument,
  LedgerTransactionDocument,
  ManufacturingProfitDocument,
  ManufacturingProfitRowDto,
  ManufacturingProfitsPage,
  ManufacturingResultDocument,
  ManufacturingResultRowDto,
  ManufacturingResultsPage,
  ProfitAggregateRow,
  TradeProfitDocument,
  TradeProfitRowDto,
  UnprocessedTransactionDto,
  WalletTransactionRowDto,
} from '@tradewise/contracts';
import type { LedgerSnapshot } from './ledger-snapshots';

/** Names the views need: items from the static data, characters from the account. */
export interface ViewNames {
  typeName(typeId: number): string;
  characterName(characterId: number): string | null;
}

/**
 * Personal: the characters' own wallets; corporation: the corporations' wallets; a division keeps that division of
 * the corporations' wallets (the characters' own rows have none, so personal with a division keeps nothing).
 */
export interface LedgerOwnerFilter {
  readonly owner: 'personal' | 'corporation';
  readonly division?: number;
}

/**
 * The filters the ledger's lists and charts share (account-area §7: filter, characterId, startTime; the owner as
 * the industry jobs' owner filter).
 */
export interface LedgerFilter {
  /** Types whose name matched the item filter; undefined when there is no item filter. */
  readonly typeIds?: ReadonlySet<number>;
  readonly characterId?: number;
  readonly owner?: LedgerOwnerFilter;
  /** Only what happened at or after this time (epoch ms). */
  readonly sinceMs?: number;
}

/**
 * Whether a row is of the owner the filter asks for. Rows that carry no owner (contracts) are the characters' own.
 */
export function ofOwner(
  owner: LedgerOwnerFilter | undefined,
  row: { readonly isPersonal?: boolean; readonly division?: number | null },
): boolean {
  if (owner === undefined) return true;
  const personal = row.isPersonal ?? true;
  if (personal !== (owner.owner === 'personal')) return false;
  return owner.division === undefined || row.division === owner.division;
}

export interface Page {
  readonly start: number;
  readonly count: number;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export const centsToIsk = (cents: number): number => cents / 100;

/** The types among `typeIds` whose name contains `filter`, ignoring case (the pages' item filter). */
export function typesNamed(
  filter: string | undefined,
  typeIds: Iterable<number>,
  typeName: (typeId: number) => string,
): ReadonlySet<number> | undefined {
  const needle = filter?.trim().toLowerCase();
  if (!needle) return undefined;
  const matching = new Set<number>();
  for (const typeId of new Set(typeIds))
    if (typeName(typeId).toLowerCase().includes(needle)) matching.add(typeId);
  return matching;
}

/** Lists are newest first, so the time filter ends the walk at the first older row. */
type OwnedRow = {
  typeId: number;
  characterId: number;
  date: string;
  isPersonal?: boolean;
  division?: number | null;
};

function* newestMatching<T extends OwnedRow>(documents: readonly T[], filter: LedgerFilter): Generator<T> {
  const since = filter.sinceMs === undefined ? undefined : new Date(filter.sinceMs).toISOString();
  for (const document of documents) {
    if (since !== undefined && document.date < since) return;
    if (filter.typeIds && !filter.typeIds.has(document.typeId)) continue;
    if (filter.characterId !== undefined && document.characterId !== filter.characterId) continue;
    if (!ofOwner(filter.owner, document)) continue;
    yield document;
  }
}

/**
 * One page of the newest rows that match, and how many match: a plain loop that allocates nothing per row, so a
 * page over 100,000 rows stays a few milliseconds and leaves no garbage behind.
 */
function newestPage<T extends OwnedRow, R>(
  documents: readonly T[],
  filter: LedgerFilter,
  page: Page,
  view: (item: T) => R,
  accepts?: (item: T) => boolean,
): { total: number; rows: R[] } {
  const since = filter.sinceMs === undefined ? undefined : new Date(filter.sinceMs).toISOString();
  const { typeIds, characterId, owner } = filter;
  const end = page.start + page.count;
  const picked: T[] = [];
  let total = 0;
  for (let index = 0; index < documents.length; index++) {
    const document = documents[index]!;
    if (since !== undefined && document.date < since) break;
    if (typeIds && !typeIds.has(document.typeId)) continue;
    if (characterId !== undefined && document.characterId !== characterId) continue;
    if (owner !== undefined && !ofOwner(owner, document)) continue;
    if (accepts && !accepts(document)) continue;
    if (total >= page.start && total < end) picked.push(document);
    total += 1;
  }
  return { total, rows: picked.map(view) };
}

/**
 * The texts of a profit row's broker fee estimate reasons; null when its fees are what was paid, and for an edited
 * row, whose figures are the user's.
 */
function estimateTextOf(row: {
  readonly edited: boolean;
  readonly brokerFeeEstimates: readonly BrokerFeeEstimateReason[];
}): string | null {
  return row.edited || row.brokerFeeEstimates.length === 0
    ? null
    : brokerFeeEstimateText(row.brokerFeeEstimates);
}

/** The minimum profit filter of the profit lists; none when it is not set. */
function atLeast({ minProfitCents }: { readonly minProfitCents?: number }) {
  return minProfitCents === undefined
    ? undefined
    : (row: { readonly profitCents: number }) => row.profitCents >= minProfitCents;
}

export function tradeProfitView(row: TradeProfitDocument, names: ViewNames): TradeProfitRowDto {
  return {
    id: row.rowId,
    date: row.date,
    characterId: row.characterId,
    characterName: names.characterName(row.characterId),
    isPersonal: row.isPersonal,
    division: row.division ?? null,
    typeId: row.typeId,
    typeName: names.typeName(row.typeId),
    quantitySold: row.quantitySold,
    buyCost: centsToIsk(row.buyCostCents),
    buyBrokerFee: centsToIsk(row.buyBrokerFeeCents),
    sellGross: centsToIsk(row.sellGrossCents),
    sellBrokerFee: centsToIsk(row.sellBrokerFeeCents),
    sellTax: centsToIsk(row.sellTaxCents),
    profit: centsToIsk(row.profitCents),
    margin: row.sellGrossCents === 0 ? null : row.profitCents / row.sellGrossCents,
    edited: row.edited,
    isIgnored: false,
    brokerFeeEstimate: estimateTextOf(row),
  };
}

export function tradeProfitsPage(
  snapshot: LedgerSnapshot,
  filter: LedgerFilter & { readonly minProfitCents?: number },
  page: Page,
  names: ViewNames,
): { total: number; rows: TradeProfitRowDto[] } {
  return newestPage(snapshot.profits, filter, page, (row) => tradeProfitView(row, names), atLeast(filter));
}

export function manufacturingProfitView(
  row: ManufacturingProfitDocument,
  names: ViewNames,
): ManufacturingProfitRowDto {
  return {
    id: row.rowId,
    date: row.date,
    characterId: row.characterId,
    characterName: names.characterName(row.characterId),
    typeId: row.typeId,
    typeName: names.typeName(row.typeId),
    quantitySold: row.quantitySold,
    manufacturingCost: centsToIsk(row.manufacturingCostCents),
    sellGross: centsToIsk(row.sellGrossCents),
    sellBrokerFee: centsToIsk(row.sellBrokerFeeCents),
    sellTax: centsToIsk(row.sellTaxCents),
    profit: centsToIsk(row.profitCents),
    margin: row.sellGrossCents === 0 ? null : row.profitCents / row.sellGrossCents,
    costIncomplete: row.costIncomplete,
    jobIds: [...row.jobIds],
    edited: row.edited,
    isIgnored: false,
    brokerFeeEstimate: estimateTextOf(row),
  };
}

export function manufacturingProfitsPage(
  snapshot: LedgerSnapshot,
  filter: LedgerFilter & { readonly minProfitCents?: number },
  page: Page,
  names: ViewNames,
): ManufacturingProfitsPage {
  return newestPage(
    snapshot.manufacturingProfits,
    filter,
    page,
    (row) => manufacturingProfitView(row, names),
    atLeast(filter),
  );
}

export function manufacturingResultView(
  job: ManufacturingResultDocument,
  names: ViewNames,
): ManufacturingResultRowDto {
  return {
    jobId: job.jobId,
    characterId: job.characterId,
    characterName: names.characterName(job.characterId),
    corporationId: job.corporationId,
    activityId: job.activityId,
    status: job.status,
    blueprintTypeId: job.blueprintTypeId,
    blueprintTypeName: names.typeName(job.blueprintTypeId),
    productTypeId: job.productTypeId,
    productTypeName: job.productTypeId === null ? null : names.typeName(job.productTypeId),
    runs: job.runs,
    completedDate: job.date,
    quantity: job.quantity,
    quantitySold: job.quantitySold,
    quantityConsumed: job.quantityConsumed,
    quantityRemaining: job.quantityRemaining,
    cost: centsToIsk(job.costCents),
    materialsCost: centsToIsk(job.materialsCostCents),
    copiesCost: centsToIsk(job.copiesCostCents),
    unitCost: job.quantity === 0 ? null : job.totalCostCents / job.quantity / 100,
    materialCosts: job.materialCosts.map(({ typeId, quantity, costCents, missing }) => ({
      typeId,
      quantity,
      totalCost: centsToIsk(costCents),
      missing,
    })),
    materialTypeNames: Object.fromEntries(
      job.materialCosts.map(({ typeId }) => [String(typeId), names.typeName(typeId)]),
    ),
    missingMaterials: job.missingMaterials.map(({ typeId, quantity }) => ({ typeId, quantity })),
    missingRuns: job.missingRuns,
    materialsIncomplete: job.materialsIncomplete,
    tracked: job.tracked,
    beforeWalletHistory: job.beforeWalletHistory,
  };
}

/**
 * Whether a job is of the owner the filter asks for. A corporation's job is run for the corporation, from no wallet
 * division, so a division keeps every corporation job.
 */
function ofJobOwner(owner: LedgerOwnerFilter | undefined, job: ManufacturingResultDocument): boolean {
  return owner === undefined || ofOwner({ owner: owner.owner }, { isPersonal: job.corporationId === null });
}

/** Industry Jobs: the newest jobs first; the item filter and character match the product (or the blueprint). */
export function manufacturingResultsPage(
  snapshot: LedgerSnapshot,
  filter: LedgerFilter,
  page: Page,
  names: ViewNames,
): ManufacturingResultsPage {
  const { owner, ...others } = filter;
  return newestPage(
    snapshot.jobs,
    others,
    page,
    (job) => manufacturingResultView(job, names),
    owner === undefined ? undefined : (job) => ofJobOwner(owner, job),
  );
}

export function walletTransactionView(
  row: LedgerTransactionDocument,
  names: ViewNames,
): WalletTransactionRowDto {
  return {
    id: row.transactionId,
    date: row.date,
    characterId: row.characterId,
    characterName: names.characterName(row.characterId),
    isPersonal: row.isPersonal,
    division: row.division ?? null,
    typeId: row.typeId,
    typeName: names.typeName(row.typeId),
    unitPrice: centsToIsk(row.unitPriceCents),
    quantity: row.quantity,
    isBuy: row.isBuy,
    quantitySold: row.quantitySold,
    quantityConsumed: row.quantityConsumed,
    quantityRemaining: row.quantityRemaining,
    brokerFee: centsToIsk(row.brokerFeeCents),
    brokerFeeSource: row.brokerFeeSource,
    brokerFeeEstimate: row.brokerFeeEstimate === null ? null : brokerFeeEstimateText([row.brokerFeeEstimate]),
    orderId: row.orderId,
    salesTax: row.salesTaxCents === null ? null : centsToIsk(row.salesTaxCents),
    tracked: row.tracked,
  };
}

export function walletTransactionsPage(
  snapshot: LedgerSnapshot,
  filter: LedgerFilter,
  page: Page,
  names: ViewNames,
): { total: number; rows: WalletTransactionRowDto[] } {
  return newestPage(snapshot.transactions, filter, page, (row) => walletTransactionView(row, names));
}

/** Pending Transactions, oldest first (the order they would be resolved). */
export function unprocessedTransactions(
  snapshot: LedgerSnapshot,
  filter: LedgerFilter,
  names: ViewNames,
): UnprocessedTransactionDto[] {
  const pending: LedgerTransactionDocument[] = [];
  for (const row of newestMatching(snapshot.transactions, filter)) if (row.pending) pending.push(row);
  pending.reverse();
  return pending.map((row) => ({
    id: row.transactionId,
    date: row.date,
    characterId: row.characterId,
    characterName: names.characterName(row.characterId),
    isPersonal: row.isPersonal,
    typeId: row.typeId,
    typeName: names.typeName(row.typeId),
    unitPrice: centsToIsk(row.unitPriceCents),
    quantity: row.quantityRemaining,
    total: centsToIsk(row.unitPriceCents * row.quantityRemaining),
    customBuyPrice: null,
  }));
}

function bucketStart(date: string, sizeMs: number): number {
  const time = Date.parse(date);
  return time - (time % sizeMs);
}

/** Trade profit per UTC day or hour, oldest first (the charts add the running total). */
export function profitAggregates(
  snapshot: LedgerSnapshot,
  filter: LedgerFilter,
  bucket: 'day' | 'hour',
): ProfitAggregateRow[] {
  const sizeMs = bucket === 'day' ? DAY_MS : HOUR_MS;
  const sums = new Map<number, { trade: number; manufacturing: number; contract: number }>();
  const bucketOf = (date: string) => {
    const start = bucketStart(date, sizeMs);
    let sum = sums.get(start);
    if (!sum) {
      sum = { trade: 0, manufacturing: 0, contract: 0 };
      sums.set(start, sum);
    }
    return sum;
  };
  for (const row of newestMatching(snapshot.profits, filter)) bucketOf(row.date).trade += row.profitCents;
  for (const row of newestMatching(snapshot.manufacturingProfits, filter))
    bucketOf(row.date).manufacturing += row.profitCents;
  for (const row of newestContractsMatching(snapshot.contractProfits, filter))
    if (row.counted) bucketOf(row.date).contract += row.profitCents;
  return [...sums]
    .sort(([a], [b]) => a - b)
    .map(([timestamp, sum]) => ({
      timestamp,
      tradeProfit: centsToIsk(sum.trade),
      manufacturingProfit: centsToIsk(sum.manufacturing),
      contractProfit: centsToIsk(sum.contract),
    }));
}

/** Overview's per-item tables (trade rows, or manufacturing rows): most profitable first. */
export function itemProfits(
  snapshot: LedgerSnapshot,
  filter: LedgerFilter,
  names: ViewNames,
  stream: 'trade' | 'manufacturing' = 'trade',
): ItemProfitRow[] {
  const byType = new Map<number, { quantitySold: number; profitCents: number }>();
  const rows: readonly (TradeProfitDocument | ManufacturingProfitDocument)[] =
    stream === 'trade' ? snapshot.profits : snapshot.manufacturingProfits;
  for (const row of newestMatching(rows, filter)) {
    const sum = byType.get(row.typeId) ?? { quantitySold: 0, profitCents: 0 };
    sum.quantitySold += row.quantitySold;
    sum.profitCents += row.profitCents;
    byType.set(row.typeId, sum);
  }
  return [...byType]
    .map(([typeId, sum]) => ({
      typeId,
      typeName: names.typeName(typeId),
      quantitySold: sum.quantitySold,
      profit: centsToIsk(sum.profitCents),
    }))
    .sort((a, b) => b.profit - a.profit || a.typeId - b.typeId);
}

/**
 * The `brokers_fee` journal rows the filter keeps, newest first. Their time and character filter as any row's; the
 * item filter keeps a row whose matched order is of a matching type (an unmatched row has no item).
 */
function* orderFeesMatching(
  snapshot: LedgerSnapshot,
  filter: LedgerFilter,
): Generator<BrokerFeePaidDocument> {
  const since = filter.sinceMs === undefined ? undefined : new Date(filter.sinceMs).toISOString();
  const { typeIds, characterId } = filter;
  for (const fee of snapshot.orderFees) {
    if (since !== undefined && fee.date < since) return;
    if (characterId !== undefined && fee.characterId !== characterId) continue;
    if (!ofOwner(filter.owner, { isPersonal: fee.division === null, division: fee.division })) continue;
    if (typeIds) {
      const order = fee.orderId === null ? undefined : snapshot.orders.get(fee.orderId);
      if (!order || !typeIds.has(order.typeId)) continue;
    }
    yield fee;
  }
}

/**
 * The fees of units that never filled, of the orders closed in the window (an order's date is its last read, when
 * the ledger learned it closed): a cost of trading that no sale carries.
 */
function unfilledFeeCents(snapshot: LedgerSnapshot, filter: LedgerFilter): number {
  const since = filter.sinceMs === undefined ? undefined : new Date(filter.sinceMs).toISOString();
  const { typeIds, characterId } = filter;
  let cents = 0;
  for (const order of snapshot.unfilledOrders) {
    if (since !== undefined && order.readAt < since) break;
    if (characterId !== undefined && order.characterId !== characterId) continue;
    if (!ofOwner(filter.owner, {})) continue;
    if (typeIds && !typeIds.has(order.typeId)) continue;
    cents += order.unfilledFeeCents;
  }
  return cents;
}

/**
 * Overview's rolling trade panel over the transactions the filter keeps; the broker fees are the wallet journal's
 * `brokers_fee` rows (what the broker took for placements and price changes, filled or not), and the unfilled fees
 * those of units that never filled.
 */
export function journalStats(snapshot: LedgerSnapshot, filter: LedgerFilter): JournalStats {
  let sellCents = 0;
  let buyCents = 0;
  let taxCents = 0;
  let brokerCents = 0;
  let numBuys = 0;
  let numSells = 0;
  for (const row of newestMatching(snapshot.transactions, filter)) {
    const gross = row.unitPriceCents * row.quantity;
    if (row.isBuy) {
      buyCents += gross;
      numBuys += 1;
    } else {
      sellCents += gross;
      numSells += 1;
      taxCents += row.salesTaxCents ?? 0;
    }
  }
  for (const fee of orderFeesMatching(snapshot, filter)) brokerCents += fee.amountCents;
  return {
    sellIsk: centsToIsk(sellCents),
    buyIsk: centsToIsk(buyCents),
    totalTax: centsToIsk(taxCents),
    totalBroker: centsToIsk(brokerCents),
    unfilledBroker: centsToIsk(unfilledFeeCents(snapshot, filter)),
    numBuys,
    numSells,
  };
}

/**
 * The wallet journal's broker fees per UTC day, oldest first: buy and sell by the side of the order each row was
 * matched to, the total of every row (an unmatched row counts in the total only).
 */
export function brokerFeeEstimates(snapshot: LedgerSnapshot, filter: LedgerFilter): BrokerFeeEstimateRow[] {
  const days = new Map<number, { total: number; buy: number; sell: number }>();
  for (const fee of orderFeesMatching(snapshot, filter)) {
    const day = bucketStart(fee.date, DAY_MS);
    let sums = days.get(day);
    if (!sums) {
      sums = { total: 0, buy: 0, sell: 0 };
      days.set(day, sums);
    }
    sums.total += fee.amountCents;
    if (fee.isBuy === true) sums.buy += fee.amountCents;
    else if (fee.isBuy === false) sums.sell += fee.amountCents;
  }
  return [...days]
    .sort(([a], [b]) => a - b)
    .map(([date, { total, buy, sell }]) => ({
      date,
      total: centsToIsk(total),
      totalSell: centsToIsk(sell),
      totalBuy: centsToIsk(buy),
    }));
}

/** A learned rate is a suggestion's basis from this many agreeing orders on (docs/profit-rules.md §6.5). */
export const SUGGESTION_MIN_AGREEING = 5;

const PPM_PER_PERCENT = 10_000;

/** The name a location gets when none is known: 'Station <id>' or 'Structure <id>', so it can still be told apart. */
export function unnamedLocation(locationId: number): string {
  return `${isNpcStation(locationId) ? 'Station' : 'Structure'} ${locationId}`;
}

type LearnedPlacementRate = LearnedBrokerRateDocument & { readonly ratePpm: number };

/** The learned rates a suggestion may rest on: a placement rate that at least 5 orders agree on. */
export function suggestionBasisRates(snapshot: LedgerSnapshot): LearnedPlacementRate[] {
  return snapshot.brokerRates.filter(
    (rate): rate is LearnedPlacementRate => rate.ratePpm !== null && rate.agreeing >= SUGGESTION_MIN_AGREEING,
  );
}

/** Most agreeing orders first; then the fewer disagreeing ones, then the lower location id. */
const mostAgreeingFirst = (a: LearnedPlacementRate, b: LearnedPlacementRate): number =>
  b.agreeing - a.agreeing || a.samples - b.samples || a.locationId - b.locationId;

/**
 * Settings → Broker Fee Overrides' suggested rows (docs/profit-rules.md §6.5): per character of the account with a
 * basis, `npcSellFee` the rate at its NPC station with the most agreeing orders (else its structure's), `sellFee`
 * at its structure with the most (else the NPC station's), `buyFee` at the location with the most overall. A
 * character no longer on the account (no name) is left out: an override can only be added for one on it.
 */
export function brokerFeeSuggestions(
  snapshot: LedgerSnapshot,
  names: ViewNames,
  locationName: (locationId: number) => string,
): BrokerFeeSuggestionDto[] {
  const byCharacter = new Map<number, LearnedPlacementRate[]>();
  for (const rate of suggestionBasisRates(snapshot)) {
    const rates = byCharacter.get(rate.characterId);
    if (rates) rates.push(rate);
    else byCharacter.set(rate.characterId, [rate]);
  }
  const suggestions: BrokerFeeSuggestionDto[] = [];
  for (const [characterId, rates] of byCharacter) {
    const characterName = names.characterName(characterId);
    if (characterName === null) continue;
    const ranked = rates.sort(mostAgreeingFirst);
    const overall = ranked[0]!;
    const npcStation = ranked.find((rate) => isNpcStation(rate.locationId));
    const structure = ranked.find((rate) => !isNpcStation(rate.locationId));
    suggestions.push({
      characterId,
      characterName,
      buyFee: percentOf(overall),
      sellFee: percentOf(structure ?? overall),
      npcSellFee: percentOf(npcStation ?? overall),
      basis: ranked.map((rate) => ({
        locationId: rate.locationId,
        locationName: locationName(rate.locationId),
        ratePercent: percentOf(rate),
        agreeing: rate.agreeing,
        samples: rate.samples,
      })),
    });
  }
  return suggestions.sort(
    (a, b) => a.characterName.localeCompare(b.characterName) || a.characterId - b.characterId,
  );
}

const percentOf = (rate: LearnedPlacementRate): number => rate.ratePpm / PPM_PER_PERCENT;

/** A weighted average in ISK, rounded to the cent. */
function averageIsk(totalCents: number, units: number): number {
  return units === 0 ? 0 : Math.round(totalCents / units) / 100;
}

/** Item Analysis's 'Market Sell Price' column, from the market's current lowest sells ('--' for a type left out). */
export function withMarketSellPrices(
  summaries: readonly ItemHistorySummary[],
  sellPrices: ReadonlyMap<number, number>,
): ItemHistorySummary[] {
  return summaries.map((summary) => ({
    ...summary,
    marketSellPrice: sellPrices.get(summary.typeId) ?? null,
  }));
}

/** Item Analysis's two tables: bought items (tracked buys) or manufactured items (delivered jobs' products). */
export type ItemHistorySource = 'bought' | 'manufactured';

/** One stack as Item Analysis counts it: a tracked buy, or the products of a delivered, followed job. */
interface HistoryLot {
  readonly typeId: number;
  readonly date: string;
  readonly units: number;
  readonly costCents: number;
  /** Per unit, for the low and high prices (a job's cost need not divide by its units). */
  readonly unitCostCents: number;
  readonly sold: number;
  readonly consumed: number;
  readonly remaining: number;
}

function* historyLots(
  snapshot: LedgerSnapshot,
  filter: LedgerFilter,
  source: ItemHistorySource,
): Generator<HistoryLot> {
  if (source === 'bought') {
    for (const row of newestMatching(snapshot.transactions, filter)) {
      if (!row.isBuy || !row.tracked) continue;
      yield {
        typeId: row.typeId,
        date: row.date,
        units: row.quantity,
        costCents: row.unitPriceCents * row.quantity,
        unitCostCents: row.unitPriceCents,
        sold: row.quantitySold,
        consumed: row.quantityConsumed,
        remaining: row.quantityRemaining,
      };
    }
    return;
  }
  const { owner, ...others } = filter;
  for (const job of newestMatching(snapshot.jobs, others)) {
    if (!ofJobOwner(owner, job)) continue;
    if (job.status !== 'delivered' || !job.tracked || job.makesBlueprintRuns || job.quantity === 0) continue;
    yield {
      typeId: job.typeId,
      date: job.date,
      units: job.quantity,
      costCents: job.totalCostCents,
      unitCostCents: job.totalCostCents / job.quantity,
      sold: job.quantitySold,
      consumed: job.quantityConsumed,
      remaining: job.quantityRemaining,
    };
  }
}

/** Item Analysis: per type, what was paid or spent building it and what is left (market prices added by {@link withMarketSellPrices}). */
export function itemHistorySummaries(
  snapshot: LedgerSnapshot,
  filter: LedgerFilter,
  names: ViewNames,
  source: ItemHistorySource = 'bought',
): ItemHistorySummary[] {
  interface Sum {
    units: number;
    costCents: number;
    sold: number;
    consumed: number;
    remaining: number;
    remainingCostCents: number;
    min: number;
    max: number;
  }
  const byType = new Map<number, Sum>();
  for (const lot of historyLots(snapshot, filter, source)) {
    const sum = byType.get(lot.typeId) ?? {
      units: 0,
      costCents: 0,
      sold: 0,
      consumed: 0,
      remaining: 0,
      remainingCostCents: 0,
      min: Infinity,
      max: -Infinity,
    };
    sum.units += lot.units;
    sum.costCents += lot.costCents;
    sum.sold += lot.sold;
    sum.consumed += lot.consumed;
    sum.remaining += lot.remaining;
    sum.remainingCostCents += Math.round((lot.costCents * lot.remaining) / lot.units);
    sum.min = Math.min(sum.min, lot.unitCostCents);
    sum.max = Math.max(sum.max, lot.unitCostCents);
    byType.set(lot.typeId, sum);
  }
  return [...byType]
    .map(([typeId, sum]) => ({
      typeId,
      typeName: names.typeName(typeId),
      avgPrice: averageIsk(sum.costCents, sum.units),
      avgPriceForRemaining: sum.remaining === 0 ? null : averageIsk(sum.remainingCostCents, sum.remaining),
      marketSellPrice: null,
      minPrice: Math.round(sum.min) / 100,
      maxPrice: Math.round(sum.max) / 100,
      total: sum.units,
      totalSold: sum.sold,
      totalConsumed: sum.consumed,
      totalRemaining: sum.remaining,
      totalCost: centsToIsk(sum.costCents),
    }))
    .sort((a, b) => a.typeName.localeCompare(b.typeName) || a.typeId - b.typeId);
}

/** Item Analysis charts: one type's buy prices and manufacturing unit costs per UTC day, oldest first. */
export function itemHistoryDetails(
  snapshot: LedgerSnapshot,
  typeId: number,
  filter: LedgerFilter,
  names: ViewNames,
): ItemHistoryDetails {
  const ofType = { ...filter, typeIds: new Set([typeId]) };
  return {
    typeId,
    typeName: names.typeName(typeId),
    boughtStats: dailyStats(historyLots(snapshot, ofType, 'bought')),
    manufacturedStats: dailyStats(historyLots(snapshot, ofType, 'manufactured')),
  };
}

function dailyStats(lots: Iterable<HistoryLot>): ItemHistoryDetails['boughtStats'] {
  const days = new Map<number, { units: number; costCents: number; min: number; max: number }>();
  for (const lot of lots) {
    const day = bucketStart(lot.date, DAY_MS);
    const sum = days.get(day) ?? { units: 0, costCents: 0, min: Infinity, max: -Infinity };
    sum.units += lot.units;
    sum.costCents += lot.costCents;
    sum.min = Math.min(sum.min, lot.unitCostCents);
    sum.max = Math.max(sum.max, lot.unitCostCents);
    days.set(day, sum);
  }
  return [...days]
    .sort(([a], [b]) => a - b)
    .map(([date, sum]) => ({
      date,
      minPrice: Math.round(sum.min) / 100,
      maxPrice: Math.round(sum.max) / 100,
      avgPrice: averageIsk(sum.costCents, sum.units),
      quantity: sum.units,
    }));
}

/** Contract rows hold several types: the item filter keeps a contract when any of them matches. */
function* newestContractsMatching(
  documents: readonly ContractProfitDocument[],
  filter: LedgerFilter,
): Generator<ContractProfitDocument> {
  const since = filter.sinceMs === undefined ? undefined : new Date(filter.sinceMs).toISOString();
  const { typeIds, characterId } = filter;
  for (const document of documents) {
    if (since !== undefined && document.date < since) return;
    if (typeIds && !document.typeIds.some((typeId) => typeIds.has(typeId))) continue;
    if (characterId !== undefined && document.characterId !== characterId) continue;
    if (!ofOwner(filter.owner, {})) continue;
    yield document;
  }
}

/** A contract party's name: as ESI resolved it when the contract was read, else the account's character's. */
function partyName(contract: ContractDocument | undefined, id: number, names: ViewNames): string | null {
  if (id === 0) return null;
  return contract?.partyNames[String(id)] ?? names.characterName(id);
}

export function contractProfitView(
  row: ContractProfitDocument,
  contract: ContractDocument | undefined,
  names: ViewNames,
): ContractProfitRowDto {
  const materialTypeNames: Record<string, string> = {};
  for (const { typeId } of row.materialCosts) materialTypeNames[typeId] = names.typeName(typeId);
  return {
    id: String(row.contractId),
    date: row.date,
    characterContract: {
      characterId: row.characterId,
      characterName: names.characterName(row.characterId),
      acceptorName: partyName(contract, row.acceptorId, names),
      title: row.title,
      contractId: row.contractId,
    },
    materialCosts: row.materialCosts.map(({ typeId, quantity, costCents, missing }) => ({
      typeId,
      quantity,
      totalCost: centsToIsk(costCents),
      missing,
    })),
    materialTypeNames,
    missingMaterials: row.missingMaterials.map(({ typeId, quantity }) => ({ typeId, quantity })),
    materialsIncomplete: row.materialsIncomplete,
    totalCost: centsToIsk(row.totalCostCents),
    sellGross: centsToIsk(row.sellGrossCents),
    sellBrokerFee: centsToIsk(row.sellBrokerFeeCents),
    sellTax: centsToIsk(row.sellTaxCents),
    sellBrokerFeeSource: row.sellBrokerFeeSource,
    sellTaxSource: row.sellTaxSource,
    profit: centsToIsk(row.profitCents),
    margin: row.sellGrossCents === 0 ? null : row.profitCents / row.sellGrossCents,
    counted: row.counted,
    edited: row.edited,
    isIgnored: false,
  };
}

export function contractProfitsPage(
  snapshot: LedgerSnapshot,
  filter: LedgerFilter & { readonly minProfitCents?: number },
  page: Page,
  names: ViewNames,
): ContractProfitsPage {
  const end = page.start + page.count;
  const minimum = atLeast(filter);
  const rows: ContractProfitRowDto[] = [];
  let total = 0;
  for (const row of newestContractsMatching(snapshot.contractProfits, filter)) {
    if (minimum && !minimum(row)) continue;
    if (total >= page.start && total < end)
      rows.push(contractProfitView(row, snapshot.contracts.get(row.contractId), names));
    total += 1;
  }
  return { total, rows };
}

export function boughtContractItemView(
  item: BoughtContractItemDocument,
  names: ViewNames,
): BoughtContractItemRowDto {
  return {
    id: item.itemId,
    date: item.date,
    characterId: item.characterId,
    characterName: names.characterName(item.characterId),
    characterContractId: item.contractId,
    typeId: item.typeId,
    typeName: names.typeName(item.typeId),
    computedUnitPrice: Math.round(item.costCents / item.quantity) / 100,
    totalCost: centsToIsk(item.costCents),
    appraisalMethod: item.appraisalMethod,
    quantity: item.quantity,
    quantitySold: item.quantitySold,
    quantityConsumed: item.quantityConsumed,
    quantityRemaining: item.quantityRemaining,
  };
}

export function boughtContractItemsPage(
  snapshot: LedgerSnapshot,
  filter: LedgerFilter,
  page: Page,
  names: ViewNames,
): BoughtContractItemsPage {
  return newestPage(snapshot.boughtContractItems, filter, page, (item) =>
    boughtContractItemView(item, names),
  );
}

/** View Contract (account-area §3 Contract detail). */
export function contractDetail(contract: ContractDocument, names: ViewNames): ContractDetailDto {
  return {
    contractId: contract.contractId,
    title: contract.title,
    type: contract.type.toUpperCase() as ContractDetailDto['type'],
    issuerName: partyName(contract, contract.issuerId, names),
    issuerCorporationName: partyName(contract, contract.issuerCorporationId, names),
    acceptorName: partyName(contract, contract.acceptorId, names),
    status: contract.status.toUpperCase() as ContractDetailDto['status'],
    availability: contract.availability,
    dateIssued: contract.dateIssued,
    dateCompleted: contract.dateCompleted,
    price: contract.priceCents === null ? null : centsToIsk(contract.priceCents),
    items: contract.items.map((item) => ({
      id: item.itemId,
      typeId: item.typeId,
      typeName: names.typeName(item.typeId),
      quantity: item.quantity,
      isIncluded: item.isIncluded,
    })),
  };
}
