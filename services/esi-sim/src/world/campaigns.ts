import type { UniverseIndex } from '../universe/universe-index';
import { eventId, ID_EPOCH_MS, IdSpace } from './esi-ids';
import {
  placementBrokerFee,
  PRIVATE_CONTRACT_BROKER_FEE,
  PUBLIC_CONTRACT_BROKER_RATE,
  PUBLIC_CONTRACT_SALES_TAX_RATE,
  relistBrokerFee,
} from './market-fees';
import {
  allocateByQuantity,
  applyRate,
  iskToCents,
  roundToWholeIsk,
  tickPrice,
  ticksAway,
  type Cents,
} from './money';
import type { HubQuote } from './market-books';
import type { OutsideCharacter, OutsidePlayers } from './outside-players';
import { DAY_MS, type PriceModel } from './price-model';
import { Random } from './prng';
import { lotShare, orderFeeTruth } from './order-fee-truth';
import { salesTaxRateAt } from './sales-tax';
import { MANUFACTURING_TIME_FACTOR, type SlotPlan } from './world-plan';
import { SECURE_COMMERCE_COMMISSION_ID } from './world-profiles';
import type {
  CampaignRecord,
  ContractRecord,
  ContractPurchaseTruth,
  ContractSaleTruth,
  CostLot,
  JobRecord,
  JobTruth,
  JournalRecord,
  OrderRange,
  OrderRecord,
  OrderStep,
  SaleSource,
  SaleTruth,
  TransactionRecord,
  UndercutRecord,
} from './world-records';

/** The Forge: where contract items are appraised (account-area §9). */
const CONTRACT_APPRAISAL_REGION_ID = 10000002;

// Bound once, as in prng.ts: global lookups are slow inside Jest's sandbox.
const { ceil, floor, max, min, round } = Math;

export interface CampaignEnvironment {
  readonly seed: number;
  readonly universe: UniverseIndex;
  readonly prices: PriceModel;
  readonly outside: OutsidePlayers;
  readonly nameOf: (id: number) => string;
  /** The seeded books' best prices at a hub: characters price against them. */
  readonly quote: (regionId: number, typeId: number, atMs: number) => HubQuote;
}

export function campaignStartMs(plan: SlotPlan, index: number): number {
  return ID_EPOCH_MS + plan.phaseMs + index * plan.periodMs;
}

export function campaignIndexAt(plan: SlotPlan, timeMs: number): number {
  return floor((timeMs - ID_EPOCH_MS - plan.phaseMs) / plan.periodMs);
}

/** Campaigns end before 95% of their period, so the next one on the slot starts with nothing left over. */
const CAMPAIGN_END_SHARE = 0.95;
const NPC_FACILITY_TAX_RATE = 2_500;
const SCC_SURCHARGE_RATE = 40_000;
const MATERIAL_EFFICIENCY = 10;
const SCC_NAME = 'Secure Commerce Commission';

/**
 * One period of one slot: what a character bought, made, listed and sold, as the journal rows, transactions,
 * orders, jobs and contracts it leaves, plus the ground truth of what every sold unit cost. Null for an idle
 * period. Pure: the same plan and index always give the same campaign.
 */
export function generateCampaign(
  env: CampaignEnvironment,
  plan: SlotPlan,
  index: number,
): CampaignRecord | null {
  const startMs = campaignStartMs(plan, index);
  if (startMs < plan.activeSinceMs) return null;
  const rng = Random.of(env.seed, 101, plan.source, index);
  if (!rng.chance(plan.profile.activity)) return null;
  const builder = new CampaignBuilder(env, plan, index, startMs);
  const made = (() => {
    switch (plan.profile.kind) {
      case 'station-trade':
      case 'haul-trade':
        return tradeCampaign(builder, rng);
      case 'manufacture':
        return manufactureCampaign(builder, rng);
      case 'contract-sale':
        return contractSaleCampaign(builder, rng);
      case 'contract-purchase':
        return contractPurchaseCampaign(builder, rng);
    }
  })();
  return made ? builder.build() : null;
}

interface Fill {
  readonly transactionId: number;
  readonly timeMs: number;
  readonly quantity: number;
  readonly unitPrice: Cents;
}

interface SellResult {
  readonly fills: readonly Fill[];
  readonly revenue: readonly Cents[];
  readonly taxes: readonly Cents[];
  /** Each fill's share of the sell order's broker fees (order-fee-truth.ts), by position. */
  readonly fillBrokerFees: readonly Cents[];
}

interface Place {
  readonly locationId: number;
  readonly regionId: number;
}

class CampaignBuilder {
  readonly journal: JournalRecord[] = [];
  readonly transactions: TransactionRecord[] = [];
  readonly orders: OrderRecord[] = [];
  readonly jobs: JobRecord[] = [];
  readonly contracts: ContractRecord[] = [];
  readonly sales: SaleTruth[] = [];
  readonly contractSales: ContractSaleTruth[] = [];
  readonly contractPurchases: ContractPurchaseTruth[] = [];
  readonly jobTruths: JobTruth[] = [];
  readonly undercuts: UndercutRecord[] = [];
  readonly endMs: number;
  readonly self: number;
  readonly selfName: string;
  /** The `brokers_fee` description: as in ESI, it names no order (placements and changes alike). */
  readonly commission: string;
  private readonly usedSeconds = new Set<number>();

  constructor(
    readonly env: CampaignEnvironment,
    readonly plan: SlotPlan,
    readonly index: number,
    readonly startMs: number,
  ) {
    this.endMs = startMs + floor(plan.periodMs * CAMPAIGN_END_SHARE);
    this.self = plan.corporationId ?? plan.character.characterId;
    this.selfName = env.nameOf(this.self);
    this.commission = `Market order commission to ${SCC_NAME} authorized by: ${env.nameOf(plan.character.characterId)}`;
  }

  /** A whole second at or after `timeMs` that no other event of this campaign uses. */
  second(timeMs: number): number {
    let second = floor(timeMs / 1000);
    while (this.usedSeconds.has(second)) second++;
    this.usedSeconds.add(second);
    return second * 1000;
  }

  /** `count` distinct event seconds spread over [fromMs, toMs]. */
  seconds(rng: Random, count: number, fromMs: number, toMs: number): number[] {
    const from = ceil(fromMs / 1000);
    const to = max(from + count, floor(toMs / 1000));
    return rng.distinctSorted(count, from, to).map((second) => this.second(second * 1000));
  }

  row(timeMs: number, sub: number, fields: Omit<JournalRecord, 'id' | 'wallet' | 'timeMs'>): JournalRecord {
    const record = fields as { -readonly [K in keyof JournalRecord]: JournalRecord[K] };
    record.id = IdSpace.journal + eventId(timeMs, this.plan.source, sub);
    record.wallet = this.plan.wallet;
    record.timeMs = timeMs;
    this.journal.push(record);
    return record;
  }

  transactionId(timeMs: number): number {
    return IdSpace.transaction + eventId(timeMs, this.plan.source, 0);
  }

  build(): CampaignRecord {
    const periodEndMs = this.startMs + this.plan.periodMs;
    if (this.usedSeconds.size > 0 && max(...this.usedSeconds) * 1000 >= periodEndMs) {
      throw new Error(
        `Campaign ${this.plan.source}/${this.index} runs past its period; its ids could collide`,
      );
    }
    return {
      source: this.plan.source,
      index: this.index,
      startMs: this.startMs,
      endMs: this.endMs,
      journal: this.journal,
      transactions: this.transactions,
      orders: this.orders,
      jobs: this.jobs,
      contracts: this.contracts,
      sales: this.sales,
      contractSales: this.contractSales,
      contractPurchases: this.contractPurchases,
      jobTruths: this.jobTruths,
      undercuts: this.undercuts,
    };
  }
}

function tradeCampaign(b: CampaignBuilder, rng: Random): boolean {
  const { plan } = b;
  if (plan.typePool.length === 0) return false;
  const typeId = rng.pick(plan.typePool);
  const atStructure =
    plan.profile.kind === 'station-trade' && plan.marketStructure !== undefined && rng.chance(0.15);
  const buyPlace: Place = atStructure
    ? { locationId: plan.marketStructure!.structureId, regionId: plan.marketStructure!.regionId }
    : hubStation(plan.homeHub);
  const quantity = quantityFor(b, rng, typeId, buyPlace.regionId);
  if (quantity === 0) return false;
  const bought =
    plan.profile.kind === 'station-trade'
      ? buyWithOrder(
          b,
          rng,
          typeId,
          quantity,
          buyPlace,
          atStructure ? plan.marketStructure!.brokerRate : plan.brokerRate,
        )
      : buyFromSellOrders(b, rng, [{ typeId, quantity }], buyPlace, b.startMs + plan.periodMs * 0.3);
  const lots = bought.lots.get(typeId) ?? [];
  const units = lots.reduce((sum, lot) => sum + lot.quantity, 0);
  if (units === 0) return true;
  const sellPlace = plan.profile.kind === 'haul-trade' ? hubStation(plan.destinationHub) : buyPlace;
  const sellBrokerRate = atStructure ? plan.marketStructure!.brokerRate : plan.brokerRate;
  const sold = sellWithOrder(
    b,
    rng,
    typeId,
    units,
    sellPlace,
    sellBrokerRate,
    b.startMs + plan.periodMs * 0.45,
  );
  const fifo = new FifoLots(lots);
  recordSales(b, typeId, sold, (fill) => {
    const taken = fifo.take(fill.quantity);
    const used = taken.map(({ lot, from, to }) => ({
      transactionId: lot.transactionId,
      quantity: to - from,
      unitPrice: lot.unitPrice,
    }));
    return {
      costOfGoods: used.reduce((sum, lot) => sum + lot.quantity * lot.unitPrice, 0),
      buyBrokerFee: taken.reduce(
        (sum, { lot, from, to }) =>
          sum + lotShare(bought.lotFees.get(lot.transactionId) ?? 0, lot.quantity, from, to),
        0,
      ),
      source: { kind: 'market', lots: used },
    };
  });
  return true;
}

function manufactureCampaign(b: CampaignBuilder, rng: Random): boolean {
  const { plan, env } = b;
  if (plan.blueprints.length === 0) return false;
  const owned = rng.pick(plan.blueprints);
  const manufacturing = owned.blueprint.manufacturing;
  const product = manufacturing.products[0]!;
  const hub = plan.homeHub;
  const runCost = manufacturing.materials.reduce(
    (sum, material) =>
      sum + env.prices.marketPrice(hub.regionId, material.typeId, b.startMs) * material.quantity * 0.9,
    0,
  );
  const runMs = manufacturing.time * MANUFACTURING_TIME_FACTOR * 1000;
  const maxRunsByTime = floor((plan.periodMs * 0.3) / runMs);
  const budget = rng.between(plan.profile.budgetIsk[0], plan.profile.budgetIsk[1]);
  const runs = min(maxRunsByTime, owned.blueprint.maxProductionLimit, max(1, floor(budget / runCost)));
  if (runs < 1) return false;
  const needs = manufacturing.materials.map((material) => ({
    typeId: material.typeId,
    quantity: max(runs, ceil(round(runs * material.quantity * (1 - MATERIAL_EFFICIENCY / 100) * 100) / 100)),
  }));
  const bought = buyFromSellOrders(b, rng, needs, hubStation(hub), b.startMs + plan.periodMs * 0.1);

  const installMs = b.second(b.startMs + plan.periodMs * 0.12);
  const day = floor(installMs / DAY_MS);
  const estimatedItemValue = roundToWholeIsk(
    manufacturing.materials.reduce(
      (sum, material) => sum + material.quantity * runs * env.prices.adjustedPrice(material.typeId, day),
      0,
    ),
  );
  const costIndexPpm = round(env.prices.costIndex(hub.systemId, 'manufacturing', day) * 1_000_000);
  const systemCost = roundToWholeIsk(applyRate(estimatedItemValue, costIndexPpm));
  const facilityTax = roundToWholeIsk(applyRate(estimatedItemValue, NPC_FACILITY_TAX_RATE));
  const surcharge = roundToWholeIsk(applyRate(estimatedItemValue, SCC_SURCHARGE_RATE));
  const jobCost = systemCost + facilityTax + surcharge;
  const jobId = IdSpace.job + eventId(installMs, plan.source, 0);
  b.row(installMs, 0, {
    refType: 'manufacturing',
    amount: -(systemCost + surcharge),
    description: `Installation fee for manufacturing job ${jobId}`,
    firstPartyId: b.self,
    secondPartyId: SECURE_COMMERCE_COMMISSION_ID,
    contextId: jobId,
    contextIdType: 'industry_job_id',
  });
  b.row(installMs, 1, {
    refType: 'industry_job_tax',
    amount: -facilityTax,
    description: `Facility tax for industry job ${jobId}`,
    firstPartyId: b.self,
    secondPartyId: SECURE_COMMERCE_COMMISSION_ID,
    contextId: jobId,
    contextIdType: 'industry_job_id',
  });
  const durationSeconds = max(1, round(runs * manufacturing.time * MANUFACTURING_TIME_FACTOR));
  const endMs = installMs + durationSeconds * 1000;
  const completedMs = b.second(endMs + rng.int(60, 1800) * 1000);
  b.jobs.push({
    jobId,
    installerId: plan.character.characterId,
    corporationId: plan.corporationId,
    facilityId: hub.stationId,
    stationId: hub.stationId,
    blueprintItemId: owned.itemId,
    blueprintTypeId: owned.blueprint.blueprintTypeId,
    productTypeId: product.typeId,
    runs,
    cost: jobCost,
    startMs: installMs,
    endMs,
    completedMs,
    durationSeconds,
  });
  const materialLots = [...bought.lots].flatMap(([typeId, lots]) => lots.map((lot) => ({ ...lot, typeId })));
  const materialsCost = materialLots.reduce((sum, lot) => sum + lot.quantity * lot.unitPrice, 0);
  const units = runs * product.quantity;
  b.jobTruths.push({
    jobId,
    wallet: plan.wallet,
    productTypeId: product.typeId,
    unitsProduced: units,
    materialsCost,
    jobCost,
    materialLots,
  });
  const sold = sellWithOrder(
    b,
    rng,
    product.typeId,
    units,
    hubStation(hub),
    plan.brokerRate,
    completedMs + 60_000,
  );
  const costs = allocateByQuantity(
    materialsCost + jobCost,
    sold.fills.map((fill) => fill.quantity),
  );
  recordSales(b, product.typeId, sold, (_fill, position) => ({
    costOfGoods: costs[position]!,
    buyBrokerFee: 0,
    source: { kind: 'manufacturing', jobId },
  }));
  return true;
}

/** One to three types from the plan's pool with the quantities a contract of them holds (none when the pool is empty). */
function contractLines(b: CampaignBuilder, rng: Random): { typeId: number; quantity: number }[] {
  const { plan } = b;
  if (plan.typePool.length === 0) return [];
  return rng
    .shuffle(plan.typePool)
    .slice(0, rng.int(1, min(3, plan.typePool.length)))
    .map((typeId) => ({ typeId, quantity: quantityFor(b, rng, typeId, plan.homeHub.regionId) }))
    .filter((line) => line.quantity > 0);
}

/** The title the game shows for an item exchange: its lines, cut to 60 characters. */
function contractTitle(
  env: CampaignBuilder['env'],
  lines: readonly { typeId: number; quantity: number }[],
): string {
  const summary = lines.map((line) => `${line.quantity} x ${env.nameOf(line.typeId)}`).join(', ');
  return summary.length > 60 ? `${summary.slice(0, 57)}...` : summary;
}

function contractItems(
  plan: CampaignBuilder['plan'],
  issuedMs: number,
  lines: readonly { typeId: number; quantity: number }[],
): { recordId: number; typeId: number; quantity: number }[] {
  return lines.map((line, position) => ({
    recordId: IdSpace.contractItem + eventId(issuedMs, plan.source, position),
    typeId: line.typeId,
    quantity: line.quantity,
  }));
}

function contractSaleCampaign(b: CampaignBuilder, rng: Random): boolean {
  const { plan, env } = b;
  const hub = plan.homeHub;
  const lines = contractLines(b, rng);
  if (lines.length === 0) return false;
  const bought = buyFromSellOrders(b, rng, lines, hubStation(hub), b.startMs + plan.periodMs * 0.25);
  const lots = [...bought.lots].flatMap(([typeId, typeLots]) => typeLots.map((lot) => ({ ...lot, typeId })));
  const costOfGoods = lots.reduce((sum, lot) => sum + lot.quantity * lot.unitPrice, 0);

  const issuedMs = b.second(b.startMs + plan.periodMs * 0.3);
  const contractId = IdSpace.contract + eventId(issuedMs, plan.source, 0);
  const isPersonal = rng.chance(0.6);
  const buyer = env.outside.character(rng.int(0, env.outside.count - 1));
  const price = tickPrice((costOfGoods / 100) * rng.between(1.04, 1.2));
  const brokerFee = isPersonal ? PRIVATE_CONTRACT_BROKER_FEE : applyRate(price, PUBLIC_CONTRACT_BROKER_RATE);
  const salesTax = isPersonal ? 0 : applyRate(price, PUBLIC_CONTRACT_SALES_TAX_RATE);
  b.row(issuedMs, 0, {
    refType: 'contract_brokers_fee',
    amount: -brokerFee,
    description: `Contract brokers fee for contract ${contractId}`,
    firstPartyId: b.self,
    secondPartyId: SECURE_COMMERCE_COMMISSION_ID,
    contextId: contractId,
    contextIdType: 'contract_id',
  });
  const acceptedMs = b.second(b.startMs + plan.periodMs * rng.between(0.45, 0.9));
  b.row(acceptedMs, 0, {
    refType: 'contract_price',
    amount: price,
    description: `Contract price paid by ${buyer.name} for contract ${contractId}`,
    firstPartyId: buyer.characterId,
    secondPartyId: b.self,
    contextId: contractId,
    contextIdType: 'contract_id',
  });
  if (salesTax > 0) {
    b.row(acceptedMs, 1, {
      refType: 'contract_sales_tax',
      amount: -salesTax,
      description: `Contract sales tax for contract ${contractId}`,
      firstPartyId: b.self,
      secondPartyId: SECURE_COMMERCE_COMMISSION_ID,
      contextId: contractId,
      contextIdType: 'contract_id',
    });
  }
  b.contracts.push({
    contractId,
    issuerId: plan.character.characterId,
    issuerCorporationId: plan.character.corporationId,
    assigneeId: isPersonal ? buyer.characterId : 0,
    acceptorId: buyer.characterId,
    availability: isPersonal ? 'personal' : 'public',
    forCorporation: plan.corporationId !== undefined,
    visibleTo: plan.corporationId === undefined ? [plan.character.characterId] : [],
    visibleFromMs: issuedMs,
    title: contractTitle(env, lines),
    price,
    volume: volumeOf(env, lines),
    locationId: hub.stationId,
    issuedMs,
    expiresMs: issuedMs + 14 * DAY_MS,
    acceptedMs,
    items: contractItems(plan, issuedMs, lines),
  });
  b.contractSales.push({
    contractId,
    wallet: plan.wallet,
    characterId: plan.character.characterId,
    acceptedMs,
    price,
    brokerFee,
    salesTax,
    costOfGoods,
    profit: price - brokerFee - salesTax - costOfGoods,
    lots,
  });
  return true;
}

function contractPurchaseCampaign(b: CampaignBuilder, rng: Random): boolean {
  const { plan, env } = b;
  const hub = plan.homeHub;
  const lines = contractLines(b, rng);
  if (lines.length === 0) return false;
  const issuedMs = b.second(b.startMs + 60_000);
  // Valued as the product's contract appraisal values them: at The Forge's market (account-area §9).
  const unitPrices = lines.map((line) =>
    iskToCents(env.prices.marketPrice(CONTRACT_APPRAISAL_REGION_ID, line.typeId, issuedMs)),
  );
  const values = lines.map((line, position) => unitPrices[position]! * line.quantity);
  const price = tickPrice((values.reduce((a, c) => a + c, 0) / 100) * rng.between(0.85, 0.97));
  const contractId = IdSpace.contract + eventId(issuedMs, plan.source, 0);
  const issuer = env.outside.character(rng.int(0, env.outside.count - 1));
  const isPersonal = rng.chance(0.5);
  const acceptedMs = b.second(b.startMs + plan.periodMs * rng.between(0.05, 0.15));
  b.row(acceptedMs, 0, {
    refType: 'contract_price',
    amount: -price,
    description: `Contract price paid by ${b.selfName} for contract ${contractId}`,
    firstPartyId: b.self,
    secondPartyId: issuer.characterId,
    contextId: contractId,
    contextIdType: 'contract_id',
  });
  const items = contractItems(plan, issuedMs, lines);
  b.contracts.push({
    contractId,
    issuerId: issuer.characterId,
    issuerCorporationId: issuer.corporationId,
    assigneeId: isPersonal ? plan.character.characterId : 0,
    acceptorId: plan.character.characterId,
    availability: isPersonal ? 'personal' : 'public',
    forCorporation: false,
    visibleTo: [plan.character.characterId],
    visibleFromMs: isPersonal ? issuedMs : acceptedMs,
    title: contractTitle(env, lines),
    price,
    volume: volumeOf(env, lines),
    locationId: hub.stationId,
    issuedMs,
    expiresMs: issuedMs + 7 * DAY_MS,
    acceptedMs,
    items,
    appraisedUnitPrices: lines.map((line, position) => ({
      typeId: line.typeId,
      unitPrice: unitPrices[position]!,
    })),
  });
  // The contract price is shared over its lines by appraised value (unit price × quantity), as the product does.
  const lineCosts = allocateByQuantity(price, values);
  b.contractPurchases.push({
    contractId,
    wallet: plan.wallet,
    characterId: plan.character.characterId,
    acceptedMs,
    price,
    lines: items.map((item, position) => ({
      recordId: item.recordId,
      typeId: item.typeId,
      cost: lineCosts[position]!,
    })),
  });
  lines.forEach((line, position) => {
    const sold = sellWithOrder(
      b,
      rng,
      line.typeId,
      line.quantity,
      hubStation(hub),
      plan.brokerRate,
      acceptedMs + 60_000,
    );
    const costs = allocateByQuantity(
      lineCosts[position]!,
      sold.fills.map((fill) => fill.quantity),
    );
    recordSales(b, line.typeId, sold, (_fill, index) => ({
      costOfGoods: costs[index]!,
      buyBrokerFee: 0,
      source: { kind: 'contract', contractId },
    }));
  });
  return true;
}

function hubStation(hub: { readonly stationId: number; readonly regionId: number }): Place {
  return { locationId: hub.stationId, regionId: hub.regionId };
}

/** Units a campaign's budget buys, 0 when one unit costs far more than the budget. */
function quantityFor(b: CampaignBuilder, rng: Random, typeId: number, regionId: number): number {
  const price = b.env.prices.marketPrice(regionId, typeId, b.startMs);
  const budget = rng.between(b.plan.profile.budgetIsk[0], b.plan.profile.budgetIsk[1]);
  if (price > budget * 1.5) return 0;
  return max(1, min(50_000_000, floor(budget / price)));
}

function volumeOf(env: CampaignEnvironment, lines: readonly { typeId: number; quantity: number }[]): number {
  return lines.reduce(
    (sum, line) => sum + (env.universe.typesById.get(line.typeId)?.volume ?? 0) * line.quantity,
    0,
  );
}

function orderRangeFor(rng: Random, isBuy: boolean): OrderRange {
  if (!isBuy) return 'region';
  return rng.pick<OrderRange>(['station', 'station', 'station', 'solarsystem', '5', 'region']);
}

interface Bought {
  readonly lots: Map<number, CostLot[]>;
  /** Each purchase lot's broker fee (its buy fill's, order-fee-truth.ts) by transaction id; none from sell orders. */
  readonly lotFees: ReadonlyMap<number, Cents>;
}

/** A fill bought from an outside seller: the journal's market_transaction row and its wallet transaction. */
function recordPurchase(
  b: CampaignBuilder,
  fill: {
    timeMs: number;
    sub: number;
    typeId: number;
    quantity: number;
    unitPrice: number;
    seller: OutsideCharacter;
    place: Place;
  },
): CostLot {
  const { timeMs, typeId, quantity, unitPrice, seller } = fill;
  const transactionId = b.transactionId(timeMs);
  const entry = b.row(timeMs, fill.sub, {
    refType: 'market_transaction',
    amount: -(unitPrice * quantity),
    description: `Market: ${b.selfName} bought stuff from ${seller.name}`,
    firstPartyId: b.self,
    secondPartyId: seller.characterId,
    contextId: transactionId,
    contextIdType: 'market_transaction_id',
  });
  b.transactions.push({
    id: transactionId,
    wallet: b.plan.wallet,
    timeMs,
    typeId,
    quantity,
    unitPrice,
    clientId: seller.characterId,
    locationId: fill.place.locationId,
    isBuy: true,
    isPersonal: b.plan.corporationId === undefined,
    journalRefId: entry.id,
  });
  return { transactionId, quantity, unitPrice };
}

/** A buy order: broker fee and escrow on placement, escrow released into each fill, the rest refunded if cancelled. */
function buyWithOrder(
  b: CampaignBuilder,
  rng: Random,
  typeId: number,
  quantity: number,
  place: Place,
  brokerRate: number,
): Bought {
  const { plan, env } = b;
  const placedMs = b.second(b.startMs + rng.between(0, 0.05) * plan.periodMs);
  const orderId = IdSpace.order + eventId(placedMs, plan.source, 0);
  let price = ticksAway(env.quote(place.regionId, typeId, placedMs).bestBuy, 1);
  const fillCount = min(quantity, rng.int(plan.profile.buyFills[0], plan.profile.buyFills[1]));
  const parts = rng.partition(quantity, fillCount);
  const cancelEarly = fillCount >= 2 && rng.chance(0.1);
  const changes = rng.int(0, 2);
  const times = b.seconds(rng, fillCount + changes, placedMs + 60_000, b.startMs + plan.periodMs * 0.4);
  const kinds = rng.shuffle([
    ...Array<'fill'>(fillCount).fill('fill'),
    ...Array<'change'>(changes).fill('change'),
  ]);

  const placementFee = placementBrokerFee(price * quantity, brokerRate);
  b.row(placedMs, 0, {
    refType: 'brokers_fee',
    amount: -placementFee,
    description: b.commission,
    firstPartyId: b.self,
    secondPartyId: SECURE_COMMERCE_COMMISSION_ID,
  });
  b.row(placedMs, 1, {
    refType: 'market_escrow',
    amount: -(price * quantity),
    description: `Market escrow authorized by: ${b.selfName}`,
    firstPartyId: b.self,
    secondPartyId: b.self,
  });
  const steps: OrderStep[] = [
    { timeMs: placedMs, kind: 'placed', price, volumeRemain: quantity, brokerFee: placementFee },
  ];
  const rivals = new Undercutters(b, true, quantity);
  const lots: CostLot[] = [];
  let remain = quantity;
  let fillIndex = 0;
  times.forEach((timeMs, position) => {
    if (kinds[position] === 'change') {
      if (remain === 0) return;
      const rival = rivals.beat(steps[steps.length - 1]!.timeMs, timeMs, price);
      const newPrice = ticksAway(max(rival, env.quote(place.regionId, typeId, timeMs).bestBuy), 1);
      const fee = relistBrokerFee(price * remain, newPrice * remain, brokerRate, plan.relistShare);
      b.row(timeMs, 0, {
        refType: 'brokers_fee',
        amount: -fee,
        description: b.commission,
        firstPartyId: b.self,
        secondPartyId: SECURE_COMMERCE_COMMISSION_ID,
      });
      b.row(timeMs, 1, {
        refType: 'market_escrow',
        amount: -((newPrice - price) * remain),
        description: `Market escrow authorized by: ${b.selfName}`,
        firstPartyId: b.self,
        secondPartyId: b.self,
      });
      price = newPrice;
      steps.push({ timeMs, kind: 'modified', price, volumeRemain: remain, brokerFee: fee });
      return;
    }
    const part = parts[fillIndex++]!;
    if (cancelEarly && fillIndex === fillCount) return;
    const seller = env.outside.character(rng.int(0, env.outside.count - 1));
    const total = price * part;
    b.row(timeMs, 0, {
      refType: 'market_escrow',
      amount: total,
      description: 'Market escrow release',
      firstPartyId: b.self,
      secondPartyId: b.self,
    });
    const lot = recordPurchase(b, {
      timeMs,
      sub: 1,
      typeId,
      quantity: part,
      unitPrice: price,
      seller,
      place,
    });
    lots.push(lot);
    remain -= part;
    steps.push({ timeMs, kind: 'filled', price, volumeRemain: remain, transactionId: lot.transactionId });
  });
  let closedMs = steps[steps.length - 1]!.timeMs;
  if (remain > 0) {
    closedMs = b.second(b.startMs + plan.periodMs * 0.42);
    b.row(closedMs, 0, {
      refType: 'market_escrow',
      amount: price * remain,
      description: 'Market escrow release',
      firstPartyId: b.self,
      secondPartyId: b.self,
    });
  }
  const range = orderRangeFor(rng, true);
  rivals.list(orderId, typeId, place, range, steps, closedMs);
  const order: OrderRecord = {
    orderId,
    characterId: plan.character.characterId,
    corporationId: plan.corporationId,
    walletDivision: 1,
    typeId,
    regionId: place.regionId,
    locationId: place.locationId,
    isBuy: true,
    range,
    durationDays: 90,
    minVolume: 1,
    volumeTotal: quantity,
    steps,
    closedMs,
    closeState: remain > 0 ? 'cancelled' : 'expired',
  };
  b.orders.push(order);
  const lotFees = new Map(orderFeeTruth(order).fills.map((fill) => [fill.transactionId, fill.brokerFee]));
  return { lots: new Map([[typeId, lots]]), lotFees };
}

/** Immediate purchases from other players' sell orders: no order, no broker fee, the seller's price. */
function buyFromSellOrders(
  b: CampaignBuilder,
  rng: Random,
  lines: readonly { typeId: number; quantity: number }[],
  place: Place,
  untilMs: number,
): Bought {
  const { plan, env } = b;
  const lots = new Map<number, CostLot[]>();
  for (const line of lines) {
    const fillCount = min(line.quantity, rng.int(1, max(1, min(3, plan.profile.buyFills[1]))));
    const parts = rng.partition(line.quantity, fillCount);
    const times = b.seconds(rng, fillCount, b.startMs + 60_000, untilMs);
    const typeLots: CostLot[] = [];
    times.forEach((timeMs, position) => {
      const part = parts[position]!;
      // Large purchases take a little from the orders behind the best one.
      const price = tickPrice(
        (env.quote(place.regionId, line.typeId, timeMs).bestSell / 100) * rng.between(1, 1.004),
      );
      const seller = env.outside.character(rng.int(0, env.outside.count - 1));
      typeLots.push(
        recordPurchase(b, {
          timeMs,
          sub: 0,
          typeId: line.typeId,
          quantity: part,
          unitPrice: price,
          seller,
          place,
        }),
      );
    });
    lots.set(line.typeId, [...(lots.get(line.typeId) ?? []), ...typeLots]);
  }
  return { lots, lotFees: new Map() };
}

/** A sell order for all `units`: broker fee on placement and on each undercut, sales tax on each fill. */
function sellWithOrder(
  b: CampaignBuilder,
  rng: Random,
  typeId: number,
  units: number,
  place: Place,
  brokerRate: number,
  fromMs: number,
): SellResult {
  const { plan, env } = b;
  const placedMs = b.second(max(fromMs, b.startMs + plan.periodMs * 0.45));
  const orderId = IdSpace.order + eventId(placedMs, plan.source, 0);
  let price = ticksAway(env.quote(place.regionId, typeId, placedMs).bestSell, -1);
  const placementFee = placementBrokerFee(price * units, brokerRate);
  b.row(placedMs, 0, {
    refType: 'brokers_fee',
    amount: -placementFee,
    description: b.commission,
    firstPartyId: b.self,
    secondPartyId: SECURE_COMMERCE_COMMISSION_ID,
  });
  const fillCount = min(units, rng.int(plan.profile.sellFills[0], plan.profile.sellFills[1]));
  const parts = rng.partition(units, fillCount);
  const changes = rng.int(0, 3);
  const times = b.seconds(rng, fillCount + changes, placedMs + 60_000, b.endMs);
  const kinds = rng.shuffle([
    ...Array<'fill'>(fillCount).fill('fill'),
    ...Array<'change'>(changes).fill('change'),
  ]);
  const steps: OrderStep[] = [
    { timeMs: placedMs, kind: 'placed', price, volumeRemain: units, brokerFee: placementFee },
  ];
  const rivals = new Undercutters(b, false, units);
  const fills: Fill[] = [];
  const revenue: Cents[] = [];
  const taxes: Cents[] = [];
  let remain = units;
  let fillIndex = 0;
  times.forEach((timeMs, position) => {
    if (kinds[position] === 'change') {
      if (remain === 0) return;
      const rival = rivals.beat(steps[steps.length - 1]!.timeMs, timeMs, price);
      const newPrice = ticksAway(min(rival, env.quote(place.regionId, typeId, timeMs).bestSell), -1);
      const fee = relistBrokerFee(price * remain, newPrice * remain, brokerRate, plan.relistShare);
      b.row(timeMs, 0, {
        refType: 'brokers_fee',
        amount: -fee,
        description: b.commission,
        firstPartyId: b.self,
        secondPartyId: SECURE_COMMERCE_COMMISSION_ID,
      });
      price = newPrice;
      steps.push({ timeMs, kind: 'modified', price, volumeRemain: remain, brokerFee: fee });
      return;
    }
    const part = parts[fillIndex++]!;
    const buyer = env.outside.character(rng.int(0, env.outside.count - 1));
    const gross = price * part;
    const tax = applyRate(gross, salesTaxRateAt(timeMs));
    const transactionId = b.transactionId(timeMs);
    const entry = b.row(timeMs, 0, {
      refType: 'market_transaction',
      amount: gross,
      description: `Market: ${buyer.name} bought stuff from ${b.selfName}`,
      firstPartyId: buyer.characterId,
      secondPartyId: b.self,
      contextId: transactionId,
      contextIdType: 'market_transaction_id',
    });
    b.row(timeMs, 1, {
      refType: 'transaction_tax',
      amount: -tax,
      description: `Sales tax paid to ${SCC_NAME}`,
      firstPartyId: b.self,
      secondPartyId: SECURE_COMMERCE_COMMISSION_ID,
      contextId: transactionId,
      contextIdType: 'market_transaction_id',
    });
    b.transactions.push({
      id: transactionId,
      wallet: plan.wallet,
      timeMs,
      typeId,
      quantity: part,
      unitPrice: price,
      clientId: buyer.characterId,
      locationId: place.locationId,
      isBuy: false,
      isPersonal: plan.corporationId === undefined,
      journalRefId: entry.id,
    });
    fills.push({ transactionId, timeMs, quantity: part, unitPrice: price });
    revenue.push(gross);
    taxes.push(tax);
    remain -= part;
    steps.push({ timeMs, kind: 'filled', price, volumeRemain: remain, transactionId });
  });
  const closedMs = steps[steps.length - 1]!.timeMs;
  const range = orderRangeFor(rng, false);
  rivals.list(orderId, typeId, place, range, steps, closedMs);
  const order: OrderRecord = {
    orderId,
    characterId: plan.character.characterId,
    corporationId: plan.corporationId,
    walletDivision: 1,
    typeId,
    regionId: place.regionId,
    locationId: place.locationId,
    isBuy: false,
    range,
    durationDays: 90,
    minVolume: 1,
    volumeTotal: units,
    steps,
    closedMs,
    closeState: 'expired',
  };
  b.orders.push(order);
  // The fills are the order's fill steps, in the same order.
  const fillBrokerFees = orderFeeTruth(order).fills.map((fill) => fill.brokerFee);
  return { fills, revenue, taxes, fillBrokerFees };
}

/** Undercuts are placed at least this long before the character answers, so a five-minute book shows them. */
const UNDERCUT_LEAD_MS = 10 * 60_000;

/**
 * Outside traders who beat one of the character's orders by a few ticks (sells lower, buys higher): one before each
 * of the character's price changes, which answers it, and sometimes one after the last, which it never answers.
 * Their own stream of randomness keeps the character's campaign the same whatever they do.
 */
class Undercutters {
  private readonly rng: Random;
  private readonly placed: { timeMs: number; price: Cents; volume: number }[] = [];

  constructor(
    private readonly b: CampaignBuilder,
    private readonly isBuy: boolean,
    private readonly volume: number,
  ) {
    this.rng = Random.of(b.env.seed, 131, b.plan.source, b.index, b.orders.length);
  }

  /** Places an undercut of `price` between the character's last change and `answerMs`; returns its price. */
  beat(sinceMs: number, answerMs: number, price: Cents): Cents {
    const latest = max(sinceMs + 1000, answerMs - UNDERCUT_LEAD_MS);
    return this.place(sinceMs + (latest - sinceMs) * this.rng.between(0.2, 1), price);
  }

  /** Adds the last undercut, if any, and puts them all on the books until the character's order closes. */
  list(
    orderId: number,
    typeId: number,
    place: Place,
    range: OrderRange,
    steps: readonly OrderStep[],
    closedMs: number,
  ): void {
    const lastChange = steps.filter((step) => step.kind !== 'filled').at(-1)!;
    if (closedMs - lastChange.timeMs > 2 * UNDERCUT_LEAD_MS && this.rng.chance(0.6)) {
      this.place(
        lastChange.timeMs + (closedMs - lastChange.timeMs) * this.rng.between(0.1, 0.6),
        lastChange.price,
      );
    }
    for (const { timeMs, price, volume } of this.placed) {
      if (timeMs >= closedMs) continue;
      this.b.undercuts.push({
        orderId: IdSpace.order + eventId(timeMs, this.b.plan.source, 1 + this.b.undercuts.length),
        typeId,
        regionId: place.regionId,
        locationId: place.locationId,
        isBuy: this.isBuy,
        price,
        volume,
        range,
        issuedMs: timeMs,
        closedMs,
        undercutOrderId: orderId,
      });
    }
  }

  private place(atMs: number, price: Cents): Cents {
    const ticks = this.rng.int(1, 3);
    const undercut = ticksAway(price, this.isBuy ? ticks : -ticks);
    const volume = max(1, round(this.volume * this.rng.between(0.1, 0.8)));
    this.placed.push({ timeMs: floor(atMs / 1000) * 1000, price: undercut, volume });
    return undercut;
  }
}

function recordSales(
  b: CampaignBuilder,
  typeId: number,
  sold: SellResult,
  costOf: (fill: Fill, position: number) => { costOfGoods: Cents; buyBrokerFee: Cents; source: SaleSource },
): void {
  sold.fills.forEach((fill, position) => {
    const { costOfGoods, buyBrokerFee, source } = costOf(fill, position);
    const revenue = sold.revenue[position]!;
    const salesTax = sold.taxes[position]!;
    const sellBrokerFee = sold.fillBrokerFees[position]!;
    b.sales.push({
      transactionId: fill.transactionId,
      wallet: b.plan.wallet,
      characterId: b.plan.character.characterId,
      timeMs: fill.timeMs,
      typeId,
      quantity: fill.quantity,
      revenue,
      salesTax,
      sellBrokerFee,
      costOfGoods,
      buyBrokerFee,
      profit: revenue - salesTax - sellBrokerFee - costOfGoods - buyBrokerFee,
      source,
    });
  });
}

/** Units [from, to) of one purchase lot, numbered in the order they were taken. */
interface TakenUnits {
  readonly lot: CostLot;
  readonly from: number;
  readonly to: number;
}

/** Takes units from purchase lots, oldest first. */
class FifoLots {
  private readonly lots: CostLot[];
  private position = 0;
  private usedOfCurrent = 0;

  constructor(lots: readonly CostLot[]) {
    this.lots = [...lots];
  }

  take(quantity: number): TakenUnits[] {
    const taken: TakenUnits[] = [];
    let needed = quantity;
    while (needed > 0) {
      const lot = this.lots[this.position];
      if (!lot) throw new Error('Sold more units than were bought');
      const available = lot.quantity - this.usedOfCurrent;
      const used = min(available, needed);
      taken.push({ lot, from: this.usedOfCurrent, to: this.usedOfCurrent + used });
      needed -= used;
      this.usedOfCurrent += used;
      if (this.usedOfCurrent === lot.quantity) {
        this.position++;
        this.usedOfCurrent = 0;
      }
    }
    return taken;
  }
}
