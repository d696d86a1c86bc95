import { testUniverse } from '../universe/test-universe';
import { UniverseIndex } from '../universe/universe-index';
import { campaignIndexAt, campaignStartMs } from './campaigns';
import { MINIMUM_BROKER_FEE } from './market-fees';
import { applyRate } from './money';
import { orderFeeTruth } from './order-fee-truth';
import { DAY_MS } from './price-model';
import { salesTaxRateAt } from './sales-tax';
import { SimulatedWorld, WALLET_HISTORY_DAYS } from './simulated-world';
import { HEAVY_TRADER_ID, PRODUCT_CORPORATION_ID } from './world-profiles';
import { characterWallet, corporationWallet, type CampaignRecord } from './world-records';

// Generating a world takes seconds on a busy two-core machine.
jest.setTimeout(30_000);

const universe = new UniverseIndex(testUniverse());
const AT = Date.parse('2026-11-21T12:00:00Z');
const ARIA = 2119000011;
const DAX = 2119000012;
const FFAB = 98770002;

describe('the simulated world', () => {
  const world = new SimulatedWorld({ seed: 'unit', universe, profile: 'demo' });
  const tradingWallets = [...world.plan.wallets.values()].filter((plan) => plan.slots.length > 0);

  it('books every wallet with unique ids, newest first, within 30 days, balances that add up', () => {
    const problems: string[] = [];
    for (const plan of world.plan.wallets.values()) {
      const rows = world.journal(plan.wallet, AT);
      const ids = rows.map((row) => row.id);
      if (new Set(ids).size !== ids.length) problems.push(`${plan.wallet}: duplicate ids`);
      if (ids.some((id, index) => index > 0 && id >= ids[index - 1]!))
        problems.push(`${plan.wallet}: not newest first`);
      const outside = rows.filter((row) => row.timeMs < AT - WALLET_HISTORY_DAYS * DAY_MS || row.timeMs > AT);
      if (outside.length > 0) problems.push(`${plan.wallet}: ${outside.length} rows outside 30 days`);
      if (!rows.every((row) => Number.isInteger(row.amount)))
        problems.push(`${plan.wallet}: fractional cents`);
      for (let index = 0; index + 1 < rows.length; index++) {
        if (rows[index]!.balance !== rows[index + 1]!.balance + rows[index]!.amount) {
          problems.push(`${plan.wallet}: balance of ${rows[index]!.id} does not follow`);
        }
      }
      if (rows.length > 0 && world.walletBalance(plan.wallet, AT) !== rows[0]!.balance) {
        problems.push(`${plan.wallet}: wallet balance differs from the journal`);
      }
    }
    expect(problems).toEqual([]);
    expect(tradingWallets.length).toBeGreaterThan(5);
  });

  it('gives every row the same balance whichever window it is read in', () => {
    const wallet = characterWallet(ARIA);
    const early = new Map(world.journal(wallet, AT - 10 * DAY_MS).map((row) => [row.id, row.balance]));
    const late = world.journal(wallet, AT);
    const shared = late.filter((row) => early.has(row.id));
    expect(shared.length).toBeGreaterThan(100);
    for (const row of shared) expect(row.balance).toBe(early.get(row.id));
  });

  it('settles each wallet back to its working capital every Monday with a player_donation', () => {
    const rows = world.journal(characterWallet(ARIA), AT);
    const settlements = rows.filter(
      (row) => row.refType === 'player_donation' && row.reason?.startsWith('Weekly'),
    );
    expect(settlements.length).toBeGreaterThanOrEqual(4);
    for (const settlement of settlements) {
      expect(new Date(settlement.timeMs).toISOString()).toMatch(/T00:00:00.000Z$/);
      expect(new Date(settlement.timeMs).getUTCDay()).toBe(1);
      expect(settlement.balance).toBe(world.walletPlan(characterWallet(ARIA))!.workingCapital);
    }
  });

  it('matches every transaction with its market_transaction row and every sale with its tax, to the cent', () => {
    const problems: string[] = [];
    for (const plan of tradingWallets) {
      const rows = new Map(world.journal(plan.wallet, AT).map((row) => [row.id, row]));
      const taxes = new Map(
        [...rows.values()]
          .filter((row) => row.refType === 'transaction_tax')
          .map((row) => [row.contextId, row]),
      );
      const transactions = world.transactions(plan.wallet, AT);
      if (transactions.length === 0) problems.push(`${plan.wallet}: no transactions`);
      for (const transaction of transactions) {
        const row = rows.get(transaction.journalRefId);
        const gross = transaction.unitPrice * transaction.quantity;
        if (
          row?.refType !== 'market_transaction' ||
          row.contextId !== transaction.id ||
          row.amount !== (transaction.isBuy ? -gross : gross)
        ) {
          problems.push(`transaction ${transaction.id}: journal row ${JSON.stringify(row)}`);
        }
        const expectedTax = -applyRate(gross, salesTaxRateAt(transaction.timeMs));
        if (!transaction.isBuy && taxes.get(transaction.id)?.amount !== expectedTax) {
          problems.push(
            `transaction ${transaction.id}: tax ${taxes.get(transaction.id)?.amount}, not ${expectedTax}`,
          );
        }
      }
      const ids = new Set(transactions.map((transaction) => transaction.id));
      for (const row of rows.values()) {
        if (row.refType === 'market_transaction' && !ids.has(row.contextId!))
          problems.push(`row ${row.id}: no transaction`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('moves escrow in and out to the cent and charges a broker fee for each placement and change', () => {
    for (const campaign of campaignsOf(world, AT - 20 * DAY_MS, AT - DAY_MS)) {
      const escrow = campaign.journal.filter((row) => row.refType === 'market_escrow');
      expect(escrow.reduce((sum, row) => sum + row.amount, 0)).toBe(0);
      const fees = campaign.journal.filter((row) => row.refType === 'brokers_fee');
      const placementsAndChanges = campaign.orders.flatMap((order) =>
        order.steps.filter((s) => s.kind !== 'filled'),
      );
      expect(fees.length).toBe(placementsAndChanges.length);
      for (const fee of fees) expect(fee.amount).toBeLessThanOrEqual(-MINIMUM_BROKER_FEE);
      for (const order of campaign.orders) {
        const last = order.steps[order.steps.length - 1]!;
        if (order.closeState === 'expired')
          expect({ at: last.timeMs, left: last.volumeRemain }).toEqual({ at: order.closedMs, left: 0 });
        else expect(order.closedMs).toBeGreaterThan(last.timeMs);
      }
    }
  });

  it('keeps ground truth that agrees with the books: first in, first out within each wallet and type', () => {
    let checked = 0;
    for (const plan of tradingWallets) {
      const sales = world.groundTruth.sales(plan.wallet, AT - 20 * DAY_MS, AT);
      const campaigns = world.campaignsBetween(plan.slots, AT - 28 * DAY_MS, AT);
      const transactions = campaigns
        .flatMap((c) => c.transactions)
        .sort((a, b) => a.timeMs - b.timeMs || a.id - b.id);
      const byId = new Map(transactions.map((t) => [t.id, t]));
      const boughtOnMarket = new Set(
        campaigns.flatMap((c) =>
          c.sales.filter((sale) => sale.source.kind === 'market').map((sale) => sale.transactionId),
        ),
      );
      const fifo = new Map<number, { quantity: number; unitPrice: number }[]>();
      const fifoCost = new Map<number, number>();
      for (const transaction of transactions) {
        const lots = fifo.get(transaction.typeId) ?? [];
        fifo.set(transaction.typeId, lots);
        if (transaction.isBuy)
          lots.push({ quantity: transaction.quantity, unitPrice: transaction.unitPrice });
        else if (boughtOnMarket.has(transaction.id))
          fifoCost.set(transaction.id, takeFifo(lots, transaction.quantity));
      }
      for (const sale of sales) {
        const transaction = byId.get(sale.transactionId)!;
        expect(sale.revenue).toBe(transaction.unitPrice * transaction.quantity);
        expect(sale.profit).toBe(
          sale.revenue - sale.salesTax - sale.sellBrokerFee - sale.costOfGoods - sale.buyBrokerFee,
        );
        if (sale.source.kind !== 'market') continue;
        expect(sale.source.lots.reduce((sum, lot) => sum + lot.quantity, 0)).toBe(sale.quantity);
        for (const lot of sale.source.lots) expect(byId.get(lot.transactionId)?.typeId).toBe(sale.typeId);
        if (campaignOfSaleStartedAfter(campaigns, sale.transactionId, AT - 27 * DAY_MS)) {
          expect(sale.costOfGoods).toBe(fifoCost.get(sale.transactionId));
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('books each placement’s and change’s broker fee as a brokers_fee row that, as in ESI, names no order', () => {
    let checked = 0;
    for (const campaign of campaignsOf(world, AT - 15 * DAY_MS, AT - DAY_MS)) {
      const fees = campaign.journal.filter((row) => row.refType === 'brokers_fee');
      const byTime = new Map(fees.map((row) => [row.timeMs, row]));
      for (const order of campaign.orders) {
        const name = world.nameOf(order.characterId);
        for (const step of order.steps) {
          if (step.kind === 'filled') continue;
          const row = byTime.get(step.timeMs)!;
          expect(row.amount).toBe(-step.brokerFee);
          expect(row.description).toBe(
            `Market order commission to Secure Commerce Commission authorized by: ${name}`,
          );
          expect(row.contextId).toBeUndefined();
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('shares each sell order’s broker fees over its fills exactly, by the allocation rule', () => {
    for (const campaign of campaignsOf(world, AT - 15 * DAY_MS, AT - DAY_MS)) {
      const sales = new Map(campaign.sales.map((sale) => [sale.transactionId, sale]));
      for (const order of campaign.orders.filter((o) => !o.isBuy)) {
        const truth = orderFeeTruth(order);
        const charged = order.steps.reduce(
          (sum, step) => sum + (step.kind === 'filled' ? 0 : step.brokerFee),
          0,
        );
        expect(truth.unfilledBrokerFee).toBe(0);
        expect(truth.fills.reduce((sum, fill) => sum + sales.get(fill.transactionId)!.sellBrokerFee, 0)).toBe(
          charged,
        );
        for (const fill of truth.fills)
          expect(sales.get(fill.transactionId)!.sellBrokerFee).toBe(fill.brokerFee);
      }
    }
  });

  it('gives the units sold their buy order’s fill fees exactly, none of the units that never filled', () => {
    let cancelled = 0;
    for (const campaign of campaignsOf(world, AT - 15 * DAY_MS, AT - DAY_MS)) {
      const buy = campaign.orders.find((o) => o.isBuy);
      const marketSales = campaign.sales.filter((sale) => sale.source.kind === 'market');
      if (!buy) {
        for (const sale of campaign.sales) expect(sale.buyBrokerFee).toBe(0);
        continue;
      }
      const truth = orderFeeTruth(buy);
      const fills = truth.fills.reduce((sum, fill) => sum + fill.brokerFee, 0);
      const charged = truth.fees.reduce((sum, fee) => sum + fee.amount, 0);
      expect(marketSales.reduce((sum, sale) => sum + sale.buyBrokerFee, 0)).toBe(fills);
      expect(fills + truth.unfilledBrokerFee).toBe(charged);
      if (buy.closeState === 'cancelled') {
        expect(truth.unfilledBrokerFee).toBeGreaterThan(0);
        cancelled++;
      }
    }
    expect(cancelled).toBeGreaterThan(0);
  });

  it('states every order’s fees, fills and unfilled fee in the ground truth', () => {
    const wallet = characterWallet(ARIA);
    const fromMs = AT - 10 * DAY_MS;
    const truths = world.groundTruth.orderFees(wallet, fromMs, AT);
    expect(truths.length).toBeGreaterThan(10);
    const transactions = new Map(
      world
        .campaignsBetween(world.walletPlan(wallet)!.slots, fromMs, AT)
        .flatMap((c) => c.transactions.map((t) => [t.id, t] as const)),
    );
    for (const truth of truths) {
      expect(truth.characterId).toBe(ARIA);
      for (const fill of truth.fills) {
        const transaction = transactions.get(fill.transactionId)!;
        expect([transaction.quantity, transaction.timeMs, transaction.isBuy]).toEqual([
          fill.quantity,
          fill.timeMs,
          truth.isBuy,
        ]);
      }
      const inWindow = [...truth.fees.map((f) => f.timeMs), ...truth.fills.map((f) => f.timeMs)].some(
        (timeMs) => timeMs >= fromMs && timeMs <= AT,
      );
      expect(inWindow).toBe(true);
    }
  });

  it('runs industry jobs on real blueprints whose cost is the manufacturing and facility tax rows', () => {
    const views = world.characterJobs(DAX, AT, true);
    expect(views.length).toBeGreaterThan(0);
    for (const { job } of views) {
      const blueprint = universe.blueprintsByTypeId.get(job.blueprintTypeId)!;
      expect(blueprint.manufacturing.products[0]!.typeId).toBe(job.productTypeId);
      const rows = world
        .journal(characterWallet(DAX), AT)
        .filter((row) => row.contextIdType === 'industry_job_id' && row.contextId === job.jobId);
      if (job.startMs < AT - WALLET_HISTORY_DAYS * DAY_MS) continue;
      expect(rows.map((row) => row.refType).sort()).toEqual(['industry_job_tax', 'manufacturing']);
      expect(rows.reduce((sum, row) => sum - row.amount, 0)).toBe(job.cost);
    }
    expect(world.corporationJobs(FFAB, AT, true).length).toBeGreaterThan(0);
  });

  it('sends subscription deposits to the product corporation, booked on both sides', () => {
    const corporationRows = world.journal(corporationWallet(PRODUCT_CORPORATION_ID, 1), AT);
    const fromAria = corporationRows.filter((row) => row.firstPartyId === ARIA);
    expect(fromAria.length).toBeGreaterThan(0);
    expect(corporationRows.some((row) => row.firstPartyId! >= 2_120_000_000)).toBe(true);
    const ariaRows = world.journal(characterWallet(ARIA), AT);
    for (const deposit of fromAria) {
      const mirror = ariaRows.find(
        (row) => row.timeMs === deposit.timeMs && row.secondPartyId === PRODUCT_CORPORATION_ID,
      );
      expect(mirror?.amount).toBe(-deposit.amount);
      expect(mirror?.refType).toBe('player_donation');
    }
  });

  it('lists item-exchange contracts with their items, and the contract rows match their price', () => {
    const lena = 2119000022;
    const contracts = world.contracts(lena, AT);
    expect(contracts.length).toBeGreaterThan(3);
    const rows = world.journal(characterWallet(lena), AT);
    for (const contract of contracts) {
      expect(contract.items.length).toBeGreaterThan(0);
      const priceRow = rows.find(
        (row) => row.refType === 'contract_price' && row.contextId === contract.contractId,
      );
      if (priceRow && contract.acceptedMs <= AT) expect(Math.abs(priceRow.amount)).toBe(contract.price);
    }
    expect(world.corporationContracts(FFAB, AT).every((contract) => contract.forCorporation)).toBe(true);
  });

  it('given the default demo trader, when her 30 days are summed from the ground truth, then she earns a few percent and some flips lose', () => {
    const sales = world.groundTruth.sales(characterWallet(ARIA), AT - WALLET_HISTORY_DAYS * DAY_MS, AT);
    const profit = sales.reduce((sum, sale) => sum + sale.profit, 0);
    const revenue = sales.reduce((sum, sale) => sum + sale.revenue, 0);
    const profitable = sales.filter((sale) => sale.profit > 0).length;
    expect(sales.length).toBeGreaterThan(100);
    expect(profit).toBeGreaterThan(0);
    expect(profit / revenue).toBeGreaterThan(0.005);
    expect(profit / revenue).toBeLessThan(0.1);
    expect(profitable / sales.length).toBeGreaterThan(0.6);
    expect(profitable).toBeLessThan(sales.length);
  });

  it('trades what traders trade: no SKINs, apparel, blueprints, skills or collectibles in any pool', () => {
    const untraded = new Set([9, 16, 30, 63, 91, 2118]);
    const pooled = world.plan.slots.flatMap((slot) => slot.typePool);
    expect(pooled.length).toBeGreaterThan(20);
    for (const typeId of pooled) expect(untraded.has(universe.typesById.get(typeId)!.categoryId)).toBe(false);
  });

  it('comes out the same for the same seed and differently for another', () => {
    const again = new SimulatedWorld({ seed: 'unit', universe, profile: 'demo' });
    const other = new SimulatedWorld({ seed: 'other', universe, profile: 'demo' });
    const summary = (w: SimulatedWorld): string[] =>
      w.journal(characterWallet(ARIA), AT).map((row) => `${row.id}:${row.amount}:${row.balance}`);
    expect(summary(again)).toEqual(summary(world));
    expect(summary(other)).not.toEqual(summary(world));
  });

  it('is alive: a later instant shows newer rows', () => {
    const now = world.journal(characterWallet(ARIA), AT)[0]!;
    const later = world.journal(characterWallet(ARIA), AT + 6 * 3_600_000)[0]!;
    expect(later.timeMs).toBeGreaterThan(now.timeMs);
  });

  it('gives the heavy trader over 100,000 transactions a year', () => {
    const heavy = new SimulatedWorld({ seed: 'unit', universe, profile: 'heavy-trader' });
    const count = heavy.groundTruth.transactionCount(characterWallet(HEAVY_TRADER_ID), AT - 365 * DAY_MS, AT);
    expect(count).toBeGreaterThanOrEqual(100_000);
  }, 30_000);
});

function campaignsOf(world: SimulatedWorld, fromMs: number, toMs: number): CampaignRecord[] {
  return world
    .campaignsBetween(world.plan.slots, fromMs, toMs)
    .filter((c) => c.startMs >= fromMs && c.endMs <= toMs);
}

function takeFifo(lots: { quantity: number; unitPrice: number }[], quantity: number): number {
  let cost = 0;
  let needed = quantity;
  while (needed > 0) {
    const lot = lots[0]!;
    const used = Math.min(lot.quantity, needed);
    cost += used * lot.unitPrice;
    lot.quantity -= used;
    needed -= used;
    if (lot.quantity === 0) lots.shift();
  }
  return cost;
}

function campaignOfSaleStartedAfter(
  campaigns: readonly CampaignRecord[],
  transactionId: number,
  fromMs: number,
): boolean {
  const campaign = campaigns.find((c) => c.transactions.some((t) => t.id === transactionId));
  return campaign !== undefined && campaign.startMs >= fromMs;
}

describe('campaign periods', () => {
  it('number periods from the id epoch so any instant maps to one campaign', () => {
    const world = new SimulatedWorld({ seed: 'unit', universe, profile: 'demo' });
    for (const slot of world.plan.slots) {
      const index = campaignIndexAt(slot, AT);
      expect(campaignStartMs(slot, index)).toBeLessThanOrEqual(AT);
      expect(campaignStartMs(slot, index + 1)).toBeGreaterThan(AT);
    }
  });
});
