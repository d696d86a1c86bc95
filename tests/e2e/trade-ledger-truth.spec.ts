import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  orderHistoryStream,
  walletJournalStream,
  walletTransactionsStream,
  type AccountDto,
  type JournalEntryRecorded,
  type ProfitAggregateRow,
  type TradeProfitRowDto,
  type UnprocessedTransactionDto,
  type WalletTransactionRowDto,
} from '@tradewise/contracts';
import { HEAVY_TRADER_ID, characterWallet } from '@tradewise/esi-sim';
import { EVENT_STORE, type EventStore } from '@tradewise/platform';
import { startServer, type RunningServer } from '../../services/server/src/bootstrap';
import { freePort } from '../support/server-process';
import { adapterSets } from '../support/adapter-sets';
import { expectedLedger, type TruthTransaction } from './support/independent-fifo';
import { ProductClient } from './support/product-client';

const DAY_MS = 86_400_000;
const FREE_HISTORY_MS = 30 * DAY_MS;
/** The rate in force since 13 Mar 2025 (public-tools §9), for a sale whose journal row ESI no longer lists. */
const CURRENT_SALES_TAX_PPM = 33_750n;
const cents = (isk: number): bigint => BigInt(Math.round(isk * 100));

const adapterSetsWithBudgets = adapterSets('tw_truth').map((set) => ({
  ...set,
  projectWithinMs: set.slow ? 300_000 : 120_000,
}));

describe.each(adapterSetsWithBudgets)(
  'Trade ledger truth: heavy trader → sync → bus → events → projection → API ($name)',
  (set) => {
    const maybe = set.enabled ? it : it.skip;
    jest.setTimeout(600_000);
    let dataDir: string;
    let server: RunningServer;
    let client: ProductClient;
    let account: AccountDto;
    let syncStartMs: number;

    beforeAll(async () => {
      if (!set.enabled) return;
      dataDir = mkdtempSync(join(tmpdir(), 'tw-truth-'));
      server = await startServer({
        env: {
          ...process.env,
          ...set.env,
          DATA_DIR: dataDir,
          PORT: String(await freePort()),
          LOG_LEVEL: 'silent',
          ESI_SIM_PROFILE: 'heavy-trader',
        },
      });
      client = new ProductClient(server.url);
      await client.authorize(HEAVY_TRADER_ID);
      account = (await client.get('/api/v1/account')).body as AccountDto;
      expect((await client.request('PATCH', '/api/v1/account', { body: { syncEnabled: true } })).status).toBe(
        200,
      );
      syncStartMs = Date.now();
      await server.syncWorker!.scheduler.runDue();
      // The sync published the records; the import threads record them as events and the projection applies them.
      // Ready once the wallet and order streams stopped growing for a second and the projection reached their last
      // events: the broker fees a fill pays come from the order reads, which arrive on their own topic.
      const eventStore = server.app.get<EventStore>(EVENT_STORE);
      const deadline = Date.now() + set.projectWithinMs;
      const streams = [
        walletTransactionsStream(HEAVY_TRADER_ID),
        walletJournalStream(HEAVY_TRADER_ID),
        orderHistoryStream(HEAVY_TRADER_ID),
      ];
      const lastEvents = () =>
        Promise.all(
          streams.map(async (stream) => {
            const [last] = await eventStore.readStream(stream, { direction: 'backwards', maxCount: 1 });
            return { revision: last?.revision ?? -1, position: last?.position ?? 0 };
          }),
        );
      let before = await lastEvents();
      for (;;) {
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        const now = await lastEvents();
        const settled = now.every((last, index) => last.revision === before[index]!.revision);
        if (now[0]!.revision >= 5_000 && settled) {
          const position = Math.max(...now.map((last) => last.position));
          const caughtUp = await client.get(
            `/api/v1/journal/${account.id}/transactions?count=1&position=${position}`,
          );
          if (caughtUp.status === 200) break;
          expect(caughtUp.status).toBe(503);
        }
        if (Date.now() > deadline)
          throw new Error(
            `the ledger did not catch up with ${now.map((last) => last.revision + 1).join('/')} events`,
          );
        before = now;
      }
    });

    afterAll(async () => {
      await server?.close();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    maybe(
      'every profit row, the total, the daily aggregates and the pending sales equal an independent recomputation',
      async () => {
        const world = server.simulator!.world;
        const wallet = characterWallet(HEAVY_TRADER_ID);
        const nowMs = Date.now();
        // The world's own records of the transactions the sync imported (values from the world, not from our import).
        // The world's 30 days as of a few instants: ESI answers from caches, so the sync saw a recent past.
        const worldRecords = new Map(
          [-24, -6, -1, 0]
            .map((hours) => syncStartMs + hours * 3_600_000)
            .concat(nowMs)
            .flatMap((atMs) => world.transactions(wallet, atMs))
            .map((t) => [t.id, t]),
        );
        const transactions = await client.allRows<WalletTransactionRowDto>(
          `/api/v1/journal/${account.id}/transactions`,
        );
        // The fee each fill's order charged it, as the simulator charged it (docs/profit-rules.md §6): where the
        // ledger matched the fill to an order, the recomputation takes the simulator's figure; where it says the fill
        // took another player's order, nothing; where it estimates, the configured rate.
        const fillFees = new Map<number, bigint>();
        for (const order of world.groundTruth.orderFees(wallet, nowMs - 40 * DAY_MS, nowMs))
          for (const fill of order.fills) fillFees.set(fill.transactionId, BigInt(fill.brokerFee));
        const truthTransactions: TruthTransaction[] = transactions.map((row) => {
          const record = worldRecords.get(row.id);
          if (!record) throw new Error(`transaction ${row.id} is not one of the world's`);
          expect(cents(row.unitPrice)).toBe(BigInt(record.unitPrice));
          const brokerFee =
            row.brokerFeeSource === 'order'
              ? (fillFees.get(row.id) ?? 0n)
              : row.brokerFeeSource === 'noOrder'
                ? 0n
                : undefined;
          return {
            id: record.id,
            timeMs: record.timeMs,
            typeId: record.typeId,
            quantity: record.quantity,
            unitPriceCents: record.unitPrice,
            isBuy: record.isBuy,
            locationId: record.locationId,
            ...(brokerFee === undefined ? {} : { brokerFee }),
          };
        });

        // Which sales ESI still listed a tax row for comes from the import; the amounts come from the ground truth.
        const eventStore = server.app.get<EventStore>(EVENT_STORE);
        const taxRows = (await eventStore.readStream(walletJournalStream(HEAVY_TRADER_ID)))
          .map((event) => event.data as JournalEntryRecorded)
          .filter((entry) => entry.refType === 'transaction_tax');
        const truthSales = new Map(
          world.groundTruth
            .sales(wallet, nowMs - 40 * DAY_MS, nowMs)
            .map((sale) => [sale.transactionId, sale]),
        );
        const journalTax = new Map<number, bigint>();
        for (const row of taxRows) {
          const sale = truthSales.get(row.esi.context_id!)!;
          expect(-BigInt(row.amountCents!)).toBe(BigInt(sale.salesTax));
          journalTax.set(sale.transactionId, BigInt(sale.salesTax));
        }
        const expected = expectedLedger(truthTransactions, journalTax, CURRENT_SALES_TAX_PPM);
        expect(expected.rows.length).toBeGreaterThan(1_000);

        const requestedAt = Date.now();
        const rows = await client.allRows<TradeProfitRowDto>(`/api/v1/profit/${account.id}/tradeProfits`);
        const answeredAt = Date.now();
        // A FREE account sees 30 days; rows within the seconds the paging took are on either side of that edge.
        const edge = (timeMs: number): boolean =>
          timeMs >= requestedAt - FREE_HISTORY_MS - 1_000 && timeMs <= answeredAt - FREE_HISTORY_MS + 1_000;
        const visible = expected.rows.filter(
          (row) => row.timeMs >= answeredAt - FREE_HISTORY_MS && !edge(row.timeMs),
        );
        const served = new Map(rows.filter((row) => !edge(Date.parse(row.date))).map((row) => [row.id, row]));
        expect(served.size).toBe(visible.length);
        let total = 0n;
        let checkedAgainstTruth = 0;
        for (const want of visible) {
          const got = served.get(want.id);
          expect(got).toBeDefined();
          expect({
            id: got!.id,
            typeId: got!.typeId,
            quantitySold: got!.quantitySold,
            buyCost: cents(got!.buyCost),
            buyBrokerFee: cents(got!.buyBrokerFee),
            sellGross: cents(got!.sellGross),
            sellBrokerFee: cents(got!.sellBrokerFee),
            sellTax: cents(got!.sellTax),
            profit: cents(got!.profit),
          }).toEqual({
            id: want.id,
            typeId: want.typeId,
            quantitySold: want.quantitySold,
            buyCost: want.buyCost,
            buyBrokerFee: want.buyBrokerFee,
            sellGross: want.sellGross,
            sellBrokerFee: want.sellBrokerFee,
            sellTax: want.sellTax,
            profit: want.profit,
          });
          total += want.profit;
          // The ground truth's own figures for the sale: what it fetched and what it paid in tax.
          const sale = truthSales.get(Number(want.id.split('-')[0]));
          if (sale && want.quantitySold === sale.quantity && journalTax.has(sale.transactionId)) {
            expect(want.sellGross).toBe(BigInt(sale.revenue));
            expect(want.sellTax).toBe(BigInt(sale.salesTax));
            checkedAgainstTruth += 1;
          }
        }
        expect(checkedAgainstTruth).toBeGreaterThan(visible.length / 2);
        expect(total).toBe(
          rows.reduce((sum, row) => sum + (edge(Date.parse(row.date)) ? 0n : cents(row.profit)), 0n),
        );

        const daily = (await client.get(`/api/v1/profit/${account.id}/aggregates/daily`))
          .body as ProfitAggregateRow[];
        const expectedDaily = new Map<number, bigint>();
        for (const row of expected.rows.filter((r) => r.timeMs >= answeredAt - FREE_HISTORY_MS)) {
          const day = row.timeMs - (row.timeMs % DAY_MS);
          expectedDaily.set(day, (expectedDaily.get(day) ?? 0n) + row.profit);
        }
        const firstDay = Math.min(...expectedDaily.keys());
        // The oldest day straddles the 30-day edge; every later day is complete on both sides.
        const comparable = (day: number): boolean => day > firstDay;
        expect(
          daily
            .filter((row) => comparable(row.timestamp))
            .map((row) => [row.timestamp, cents(row.tradeProfit)]),
        ).toEqual([...expectedDaily].filter(([day]) => comparable(day)).sort(([a], [b]) => a - b));

        const pending = (await client.get(`/api/v1/journal/${account.id}/unprocessed`))
          .body as UnprocessedTransactionDto[];
        expect(new Map(pending.map((row) => [row.id, row.quantity]))).toEqual(expected.pending);
      },
    );
  },
);
