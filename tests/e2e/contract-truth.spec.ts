import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  iskToCents,
  type AccountDto,
  type BoughtContractItemRowDto,
  type ContractDetailDto,
  type ContractProfitRowDto,
  type LedgerWriteResult,
  type ProfitAggregateRow,
  type TradeProfitRowDto,
  WALLET_RECORDS_PER_MESSAGE,
} from '@tradewise/contracts';
import { characterWallet, esiContractHistory, esiWalletHistory } from '@tradewise/esi-sim';
import {
  RecordContracts,
  RecordWalletJournal,
  RecordWalletTransactions,
  walletImportCommands,
} from '@tradewise/ledger';
import { EVENT_STORE, type EventStore } from '@tradewise/platform';
import { contractMessages } from '@tradewise/sync';
import { startServer, type RunningServer } from '../../services/server/src/bootstrap';
import { freePort } from '../support/server-process';
import { adapterSets } from '../support/adapter-sets';
import { ProductClient } from './support/product-client';

const LENA = 2119000022; // sells items through contracts and buys contracts to sell their items
const DAY = 86_400_000;
const YEAR = 365 * DAY;
const WALLET_LAG = 30 * DAY;

/**
 * Contract truth: a year of Lena's wallet and contracts, as the sync would have published them, through the import
 * and the projection to the API. Every contract she sold and every line she bought costs what the simulator's
 * ground truth says, to the cent; the market sales of what she bought through contracts are costed in full.
 */
describe.each(adapterSets('tw_contract_truth'))(
  'Contract truth: a year of contracts → import → projection → API ($name)',
  (set) => {
    jest.setTimeout(set.slow ? 900_000 : 400_000);
    const it = set.enabled ? test : test.skip;
    let dataDir: string;
    let server: RunningServer;
    let client: ProductClient;
    let accountId: string;
    let nowMs: number;
    let transactionIds: Set<number>;

    beforeAll(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'tw-contract-truth-'));
      if (!set.enabled) return;
      server = await startServer({
        env: {
          ...process.env,
          ...set.env,
          DATA_DIR: dataDir,
          PORT: String(await freePort()),
          LOG_LEVEL: 'silent',
          PRODUCT_CORPORATION_ID: 'none',
        },
      });
      client = new ProductClient(server.url);
      await client.authorize(LENA);
      accountId = ((await client.get('/api/v1/account')).body as AccountDto).id;
      // PRO: contract profit and all-time history.
      expect((await client.request('POST', '/api/v1/account/subscriptions/freeTrial')).status).toBe(200);
      // Lena buys from sell orders: no broker fee on her buys, as a user would set it.
      const override = await client.request('POST', '/api/v1/account/brokerfees', {
        body: { startDate: '2020-01-01 00:00', characterId: LENA, buyFee: 0, sellFee: 0.5, npcSellFee: 3.5 },
      });
      expect(override.status).toBeLessThan(300);

      const world = server.simulator!.world;
      nowMs = Date.now();
      const fromMs = nowMs - YEAR;
      // The wallet starts a month after the contracts, as a first sync reads 30 days of wallet beside older
      // contracts: the contracts Lena sold in that month took items the ledger never saw bought.
      const wallet = esiWalletHistory(world, LENA, fromMs + WALLET_LAG, nowMs);
      const contracts = esiContractHistory(world, LENA, { fromMs, toMs: nowMs });
      transactionIds = new Set(wallet.transactions.map((t) => t.transaction_id));
      const base = { accountId, characterId: LENA, fetchedAt: new Date(nowMs).toISOString() };
      const imports = await walletImportCommands(server.app.get<EventStore>(EVENT_STORE));
      let position = 0;
      const note = (outcome: { position: number | null }) => {
        position = Math.max(position, outcome.position ?? 0);
      };
      try {
        for (let start = 0; start < wallet.transactions.length; start += WALLET_RECORDS_PER_MESSAGE)
          note(
            await imports.commands.execute(
              new RecordWalletTransactions({
                ...base,
                transactions: wallet.transactions.slice(start, start + WALLET_RECORDS_PER_MESSAGE),
              }),
            ),
          );
        for (let start = 0; start < wallet.journal.length; start += WALLET_RECORDS_PER_MESSAGE)
          note(
            await imports.commands.execute(
              new RecordWalletJournal({
                ...base,
                entries: wallet.journal.slice(start, start + WALLET_RECORDS_PER_MESSAGE),
              }),
            ),
          );
        for (const part of contractMessages(contracts))
          note(await imports.commands.execute(new RecordContracts({ ...base, contracts: part })));
      } finally {
        await imports.close();
      }
      // Read at least as far as the last record, so every figure below has seen the whole year.
      const deadline = Date.now() + (set.slow ? 600_000 : 240_000);
      for (;;) {
        const answer = await client.get(
          `/api/v1/profit/${accountId}/contractProfits?count=1&position=${position}`,
        );
        if (answer.status === 200) break;
        expect(answer.status).toBe(503);
        if (Date.now() > deadline) throw new Error('The ledger did not catch up with the year');
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    });

    afterAll(async () => {
      await server?.close();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('costs every contract Lena sold as the ground truth says: the items she bought for it, the fee, the tax', async () => {
      const truths = server
        .simulator!.world.groundTruth.contractSales(characterWallet(LENA), nowMs - YEAR, nowMs)
        .filter((truth) => truth.characterId === LENA);
      expect(truths.length).toBeGreaterThan(5);
      const rows = new Map(
        (await client.allRows<ContractProfitRowDto>(`/api/v1/profit/${accountId}/contractProfits`)).map(
          (row) => [row.characterContract.contractId, row],
        ),
      );
      let checked = 0;
      let incomplete = 0;
      for (const truth of truths) {
        const row = rows.get(truth.contractId);
        // Contracts issued before the year began are not in the history fed.
        if (!row) continue;
        expect(row.characterContract).toMatchObject({ characterId: LENA, contractId: truth.contractId });
        expect(iskToCents(row.sellGross)).toBe(truth.price);
        expect(iskToCents(row.sellBrokerFee)).toBe(truth.brokerFee);
        expect(iskToCents(row.sellTax)).toBe(truth.salesTax);
        // Items bought before the year began are not in the wallet fed: the row says it is incomplete.
        if (!truth.lots.every((lot) => transactionIds.has(lot.transactionId))) {
          expect(row.materialsIncomplete).toBe(true);
          expect(row.counted).toBe(false);
          incomplete++;
          continue;
        }
        expect(row.materialsIncomplete).toBe(false);
        expect(row.missingMaterials).toEqual([]);
        expect(iskToCents(row.totalCost)).toBe(truth.costOfGoods);
        expect(iskToCents(row.profit)).toBe(truth.profit);
        const perType = new Map<number, number>();
        for (const lot of truth.lots)
          perType.set(lot.typeId, (perType.get(lot.typeId) ?? 0) + lot.quantity * lot.unitPrice);
        expect(new Map(row.materialCosts.map((m) => [m.typeId, iskToCents(m.totalCost)]))).toEqual(perType);
        checked++;
      }
      expect(checked).toBeGreaterThan(5);
      expect(incomplete).toBeGreaterThan(0);
      expect(rows.size).toBeGreaterThanOrEqual(checked + incomplete);
    });

    it('costs every line Lena bought through a contract at its appraised share of the price, summing to it', async () => {
      const truths = server
        .simulator!.world.groundTruth.contractPurchases(characterWallet(LENA), nowMs - YEAR, nowMs)
        .filter((truth) => truth.characterId === LENA);
      expect(truths.length).toBeGreaterThan(5);
      const items = new Map(
        (
          await client.allRows<BoughtContractItemRowDto>(`/api/v1/journal/${accountId}/boughtContractItems`)
        ).map((item) => [item.id, item]),
      );
      let checked = 0;
      for (const truth of truths) {
        if (!items.has(truth.lines[0]!.recordId)) continue;
        let sum = 0;
        for (const line of truth.lines) {
          const item = items.get(line.recordId)!;
          expect(item.characterContractId).toBe(truth.contractId);
          expect(iskToCents(item.totalCost)).toBe(line.cost);
          expect(item.appraisalMethod).toBe(truth.lines.length > 1 ? 'MARKET_ORDERS' : 'SINGLE_ITEM_TYPE');
          sum += iskToCents(item.totalCost);
        }
        expect(sum).toBe(truth.price);
        checked++;
      }
      expect(checked).toBeGreaterThan(5);

      // View Contract shows one of them as ESI lists it.
      const truth = truths.find((t) => items.has(t.lines[0]!.recordId))!;
      const detail = (await client.get(`/api/v1/journal/${accountId}/contracts/${truth.contractId}`))
        .body as ContractDetailDto;
      expect(detail).toMatchObject({
        contractId: truth.contractId,
        type: 'ITEM_EXCHANGE',
        status: 'FINISHED',
        price: truth.price / 100,
      });
      expect(detail.items.map((item) => item.id).sort()).toEqual(truth.lines.map((l) => l.recordId).sort());

      // Quantity Consumed: raised only, up to quantity − sold; an unknown item is 404, never a 500.
      const item = [...items.values()].find((candidate) => candidate.quantityRemaining > 0)!;
      const most = item.quantity - item.quantitySold;
      const path = `/api/v1/journal/${accountId}/boughtContractItems`;
      const tooMany = await client.request('PATCH', path, {
        body: [{ id: item.id, quantityConsumed: most + 1 }],
      });
      expect(tooMany.status).toBe(400);
      expect((tooMany.body as { message: string }).message).toContain(`at most ${most}`);
      const unknown = await client.request('PATCH', path, { body: [{ id: 1, quantityConsumed: 1 }] });
      expect(unknown.status).toBe(404);
      const raised = await client.request('PATCH', path, { body: [{ id: item.id, quantityConsumed: most }] });
      expect(raised.status).toBe(200);
      const after = await client.allRows<BoughtContractItemRowDto>(
        `${path}?position=${(raised.body as LedgerWriteResult).position}`,
      );
      expect(after.find((row) => row.id === item.id)).toMatchObject({
        quantityConsumed: most,
        quantityRemaining: 0,
      });
    });

    it('costs every market sale of what Lena bought through contracts, and keeps each bought line whole', async () => {
      // Which stack a sale takes is FIFO over everything Lena holds of the type (leftovers of earlier campaigns go
      // first); the simulator books each sale to the campaign that made it. So the costs of these sales are checked
      // where the ledger's rules are the same as the simulator's (the contract rows above); here every one of them
      // is costed in full, and no bought line gains or loses a unit.
      const purchases = server
        .simulator!.world.groundTruth.contractPurchases(characterWallet(LENA), nowMs - YEAR, nowMs)
        .filter((p) => p.acceptedMs >= nowMs - YEAR + WALLET_LAG);
      const contractIds = new Set(purchases.map((p) => p.contractId));
      const sales = server
        .simulator!.world.groundTruth.sales(characterWallet(LENA), nowMs - YEAR, nowMs)
        .filter(
          (sale) =>
            sale.characterId === LENA &&
            sale.source.kind === 'contract' &&
            contractIds.has(sale.source.contractId) &&
            transactionIds.has(sale.transactionId),
        );
      expect(sales.length).toBeGreaterThan(5);
      const rows = await client.allRows<TradeProfitRowDto>(`/api/v1/profit/${accountId}/tradeProfits`);
      const bySale = new Map<number, TradeProfitRowDto[]>();
      for (const row of rows) {
        const saleId = Number(row.id.split('-')[0]);
        bySale.set(saleId, [...(bySale.get(saleId) ?? []), row]);
      }
      for (const sale of sales) {
        const saleRows = bySale.get(sale.transactionId) ?? [];
        expect(saleRows.reduce((sum, row) => sum + row.quantitySold, 0)).toBe(sale.quantity);
        expect(saleRows.reduce((sum, row) => sum + iskToCents(row.sellGross), 0)).toBe(sale.revenue);
        expect(saleRows.every((row) => row.buyCost > 0)).toBe(true);
      }
      const items = await client.allRows<BoughtContractItemRowDto>(
        `/api/v1/journal/${accountId}/boughtContractItems`,
      );
      expect(items.length).toBeGreaterThan(5);
      for (const item of items)
        expect(item.quantitySold + item.quantityConsumed + item.quantityRemaining).toBe(item.quantity);
      expect(items.some((item) => item.quantitySold > 0)).toBe(true);
    });

    it('adds counted contract rows, and only those, to the daily profit; an edited incomplete row counts', async () => {
      const rows = await client.allRows<ContractProfitRowDto>(`/api/v1/profit/${accountId}/contractProfits`);
      const perDay = (list: readonly ContractProfitRowDto[]) => {
        const sums = new Map<number, number>();
        for (const row of list.filter((r) => r.counted)) {
          const day = Date.parse(row.date) - (Date.parse(row.date) % DAY);
          sums.set(day, (sums.get(day) ?? 0) + iskToCents(row.profit));
        }
        return [...sums].filter(([, cents]) => cents !== 0).sort(([a], [b]) => a - b);
      };
      const daily = async () =>
        ((await client.get(`/api/v1/profit/${accountId}/aggregates/daily`)).body as ProfitAggregateRow[])
          .filter((day) => day.contractProfit !== 0)
          .map((day) => [day.timestamp, iskToCents(day.contractProfit)]);
      expect(await daily()).toEqual(perDay(rows));

      const incomplete = rows.find((row) => row.materialsIncomplete && !row.counted);
      expect(incomplete).toBeDefined();
      const edit = await client.request('PATCH', `/api/v1/profit/${accountId}/contractProfits`, {
        body: [
          {
            id: incomplete!.id,
            totalCost: 1_000_000,
            sellGross: incomplete!.sellGross,
            sellBrokerFee: incomplete!.sellBrokerFee,
            sellTax: incomplete!.sellTax,
          },
        ],
      });
      expect(edit.status).toBe(200);
      const { position } = edit.body as LedgerWriteResult;
      const after = await client.allRows<ContractProfitRowDto>(
        `/api/v1/profit/${accountId}/contractProfits?position=${position}`,
      );
      const edited = after.find((row) => row.id === incomplete!.id)!;
      expect(edited).toMatchObject({ edited: true, counted: true, totalCost: 1_000_000 });
      expect(iskToCents(edited.profit)).toBe(
        iskToCents(incomplete!.sellGross) -
          iskToCents(incomplete!.sellBrokerFee) -
          iskToCents(incomplete!.sellTax) -
          100_000_000,
      );
      expect(await daily()).toEqual(perDay(after));
    });
  },
);
