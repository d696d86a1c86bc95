import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  iskToCents,
  orderFeeMatchStream,
  orderHistoryStream,
  TRADE_LEDGER_READ_MODEL,
  type LedgerTransactionDocument,
  type MarketOrderDocument,
  type TradeLedgerDocument,
  WALLET_RECORDS_PER_MESSAGE,
  type AccountDto,
  type OrderHistoryImported,
  type TradeProfitRowDto,
  type WalletTransactionRowDto,
} from '@tradewise/contracts';
import { HEAVY_TRADER_ID, characterWallet, esiOrderReads, esiWalletHistory } from '@tradewise/esi-sim';
import {
  NO_ORDER_HISTORY,
  RecordWalletJournal,
  RecordWalletTransactions,
  decideOrderHistory,
  evolveOrderHistory,
  walletImportCommands,
} from '@tradewise/ledger';
import {
  EVENT_STORE,
  READ_MODELS,
  uuidV5,
  type EventStore,
  type EventToAppend,
  type ReadModels,
} from '@tradewise/platform';
import { PROJECTION_RUNNER, type ProjectionRunner } from '@tradewise/projections';
import { startServer, type RunningServer } from '../../services/server/src/bootstrap';
import { readUntil } from '../support/collect';
import { freePort } from '../support/server-process';
import { adapterSets } from '../support/adapter-sets';
import { ProductClient } from './support/product-client';

const DAY = 86_400_000;
/**
 * The heavy trader's year on the embedded adapters; a month on Kafka + FerretDB, whose writes are far slower
 * (docs/PERFORMANCE.md): the same rules, to the cent, on both.
 */
const daysOf = (set: { slow: boolean }): number => (set.slow ? 30 : 365);
/** The sync reads a character's orders every 20 minutes: ESI caches `/characters/{id}/orders` that long. */
const ORDER_READS_EVERY_MS = 20 * 60_000;
/** Events appended per call when the order reads are stored. */
const EVENTS_PER_APPEND = 5_000;

/**
 * Broker fee truth (issue #29): a year of the heavy trader's wallet and of his order reads as a sync every 20 minutes
 * would have recorded them (a month on the scale-out set), through the projection to the API. Every trade profit row not marked estimated carries
 * the broker fees the simulator charged for its units, to the cent; rows marked estimated are few; the Overview's
 * broker fee total is the journal's.
 */
describe.each(adapterSets('tw_broker_truth'))(
  'Broker fee truth: a year of orders, journal and fills → matching → API ($name)',
  (set) => {
    jest.setTimeout(set.slow ? 1_200_000 : 600_000);
    const it = set.enabled ? test : test.skip;
    let dataDir: string;
    let server: RunningServer;
    let client: ProductClient;
    let accountId: string;
    let nowMs: number;
    let fromMs: number;
    let journalBrokerFees: { timeMs: number; amount: number }[];

    beforeAll(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'tw-broker-truth-'));
      if (!set.enabled) return;
      server = await startServer({
        env: {
          ...process.env,
          ...set.env,
          DATA_DIR: dataDir,
          PORT: String(await freePort()),
          LOG_LEVEL: 'silent',
          ESI_SIM_PROFILE: 'heavy-trader',
          PRODUCT_CORPORATION_ID: 'none',
        },
      });
      // The recorder's round every five minutes would record the year's matches whenever the import passes that
      // mark (on a slow machine, before the recording test counts them): the test starts it when it records.
      await server.syncWorker!.orderFeeMatches.stop();
      client = new ProductClient(server.url);
      await client.authorize(HEAVY_TRADER_ID);
      accountId = ((await client.get('/api/v1/account')).body as AccountDto).id;
      // PRO: all-time history, so the whole year is listed.
      expect((await client.request('POST', '/api/v1/account/subscriptions/freeTrial')).status).toBe(200);

      const world = server.simulator!.world;
      nowMs = Date.now();
      fromMs = nowMs - daysOf(set) * DAY;
      const wallet = esiWalletHistory(world, HEAVY_TRADER_ID, fromMs, nowMs);
      journalBrokerFees = wallet.journal
        .filter((row) => row.ref_type === 'brokers_fee')
        .map((row) => ({ timeMs: Date.parse(row.date), amount: -iskToCents(row.amount!) }));
      const eventStore = server.app.get<EventStore>(EVENT_STORE);
      const base = { accountId, characterId: HEAVY_TRADER_ID, fetchedAt: new Date(nowMs).toISOString() };
      const imports = await walletImportCommands(eventStore);
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
      } finally {
        await imports.close();
      }
      // A year of reads is 26,000 batches: the import's decider decides each as the handler would, in memory, and
      // the events are stored in large appends (the handler folds the whole stream per batch).
      let state = NO_ORDER_HISTORY;
      const events: EventToAppend[] = [];
      const correlationId = randomUUID();
      for (const read of esiOrderReads(world, HEAVY_TRADER_ID, fromMs, nowMs, ORDER_READS_EVERY_MS)) {
        const batch: OrderHistoryImported = {
          accountId,
          characterId: HEAVY_TRADER_ID,
          fetchedAt: new Date(read.readAtMs).toISOString(),
          orders: [...read.closedSince],
          openOrders: [...read.open],
        };
        for (const event of decideOrderHistory(state, batch)) {
          state = evolveOrderHistory(state, event);
          events.push({
            id: uuidV5(event.source),
            type: event.type,
            data: event.data,
            metadata: { $correlationId: correlationId, $causationId: correlationId, actor: 'system:sync' },
          });
        }
      }
      expect(events.length).toBeGreaterThan(daysOf(set) * 80);
      for (let start = 0; start < events.length; start += EVENTS_PER_APPEND) {
        const appended = await eventStore.append(
          orderHistoryStream(HEAVY_TRADER_ID),
          events.slice(start, start + EVENTS_PER_APPEND),
          { expectedRevision: 'any' },
        );
        position = Math.max(position, appended.position);
      }
      const deadline = Date.now() + (set.slow ? 1_000_000 : 400_000);
      for (;;) {
        // While the projection folds a year in one go the server may drop an idle kept-alive connection: ask again.
        const answer = await client
          .get(`/api/v1/profit/${accountId}/tradeProfits?count=1&position=${position}`)
          .catch(() => ({ status: 503 }));
        if (answer.status === 200) break;
        expect(answer.status).toBe(503);
        if (Date.now() > deadline) throw new Error('The ledger did not catch up with the year');
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
    });

    afterAll(async () => {
      await server?.close();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('charges every sale the broker fees the simulator charged for its units, and marks the few it estimates', async () => {
      const wallet = characterWallet(HEAVY_TRADER_ID);
      const world = server.simulator!.world;
      const sales = new Map(
        world.groundTruth.sales(wallet, fromMs, nowMs).map((sale) => [sale.transactionId, sale]),
      );
      const rows = await client.allRows<TradeProfitRowDto>(`/api/v1/profit/${accountId}/tradeProfits`);
      expect(rows.length).toBeGreaterThan(daysOf(set) * 100);
      const bySale = new Map<number, TradeProfitRowDto[]>();
      for (const row of rows) {
        const sellTransactionId = Number(row.id.split('-')[0]);
        bySale.set(sellTransactionId, [...(bySale.get(sellTransactionId) ?? []), row]);
      }
      let estimated = 0;
      let exact = 0;
      let sameLots = 0;
      const wrong: string[] = [];
      for (const [sellTransactionId, saleRows] of bySale) {
        const truth = sales.get(sellTransactionId);
        if (!truth) continue;
        if (saleRows.some((row) => row.brokerFeeEstimate !== null)) {
          estimated += saleRows.length;
          continue;
        }
        exact += saleRows.length;
        const sum = (pick: (row: TradeProfitRowDto) => number) =>
          saleRows.reduce((total, row) => total + iskToCents(pick(row)), 0);
        if (saleRows.reduce((units, row) => units + row.quantitySold, 0) !== truth.quantity) continue;
        if (sum((row) => row.sellBrokerFee) !== truth.sellBrokerFee)
          wrong.push(
            `sale ${sellTransactionId}: sell fee ${sum((row) => row.sellBrokerFee)} ≠ ${truth.sellBrokerFee}`,
          );
        // The buy side is the simulator's where the ledger took the same purchases (its FIFO is per account).
        if (sum((row) => row.buyCost) !== truth.costOfGoods) continue;
        sameLots++;
        if (sum((row) => row.buyBrokerFee) !== truth.buyBrokerFee)
          wrong.push(
            `sale ${sellTransactionId}: buy fee ${sum((row) => row.buyBrokerFee)} ≠ ${truth.buyBrokerFee}`,
          );
      }
      expect(wrong.slice(0, 20)).toEqual([]);
      expect(sameLots).toBeGreaterThan(exact / 2);
      // Issue #29: under 2% of the year's rows estimated (a row is estimated if its sale's fill or any fill it bought
      // is). The matching reaches about 1% of rows: changes between two reads whose fee rows another order could also
      // have paid, placements between two reads not found, and orders at the year's edges. A month (the scale-out
      // set) has the same edges in a twelfth of the rows (orders placed before its first day paid fees it does not
      // list): about 2% there.
      expect(estimated / (estimated + exact)).toBeLessThan(daysOf(set) === 365 ? 0.02 : 0.03);
    });

    it('gives each transaction the fee its order charged for it, and none to purchases from other players’ orders', async () => {
      const wallet = characterWallet(HEAVY_TRADER_ID);
      const fillFees = new Map<number, number>();
      for (const order of server.simulator!.world.groundTruth.orderFees(wallet, fromMs - 30 * DAY, nowMs))
        for (const fill of order.fills) fillFees.set(fill.transactionId, fill.brokerFee);
      const transactions = await client.allRows<WalletTransactionRowDto>(
        `/api/v1/journal/${accountId}/transactions`,
      );
      let exact = 0;
      const wrong: string[] = [];
      for (const transaction of transactions) {
        if (transaction.brokerFeeEstimate !== null) continue;
        exact++;
        const fee = iskToCents(transaction.brokerFee);
        const truth = fillFees.get(transaction.id) ?? 0;
        if (fee !== truth) wrong.push(`transaction ${transaction.id}: fee ${fee} ≠ ${truth}`);
      }
      // One assertion over the year (an expect per transaction was a tenth of the test's time).
      expect(wrong.slice(0, 20)).toEqual([]);
      expect(exact).toBeGreaterThan(transactions.length * 0.975);
    });

    it('records every final match as an event, and no fee moves when the ledger folds them back', async () => {
      const ledger = (await server.app
        .get<ReadModels>(READ_MODELS)
        .serving<TradeLedgerDocument>(TRADE_LEDGER_READ_MODEL))!;
      // Read from the read model, not paged through the API: two listings of the year's fills would load the
      // machine the other suites share for a minute.
      // Each fill's fee, its source and its estimate reason as one string: a year of them compares as strings,
      // where a deep equality over 100,000 entries took seconds.
      const fees = async () =>
        new Map(
          (await ledger.find({ accountId, kind: 'transaction' }).toArray()).map((document) => {
            const transaction = document as LedgerTransactionDocument;
            return [
              transaction.transactionId,
              JSON.stringify([
                transaction.brokerFeeCents,
                transaction.brokerFeeSource,
                transaction.brokerFeeEstimate,
              ]),
            ];
          }),
        );
      const before = await fees();
      const orders = { accountId, kind: 'order' } as const;
      const final = await ledger.countDocuments({ ...orders, matchState: 'final' });
      // Orders a day past their close are final: almost every closed order of the year.
      expect(final).toBeGreaterThan(daysOf(set) * 40);

      const recorder = server.syncWorker!.orderFeeMatches;
      recorder.start();
      expect(await recorder.runDue()).toBe(final);
      expect(await ledger.countDocuments({ ...orders, matchState: 'final' })).toBe(0);
      expect(await ledger.countDocuments({ ...orders, matchState: 'recorded' })).toBe(final);
      const sample = (await ledger.findOne({ ...orders, matchState: 'recorded' })) as MarketOrderDocument;
      const [event] = await server.app
        .get<EventStore>(EVENT_STORE)
        .readStream(orderFeeMatchStream(accountId, sample.orderId));
      expect(event).toMatchObject({
        type: 'OrderFeesMatched',
        data: { orderId: sample.orderId, fees: sample.fees, fills: sample.fills },
      });
      // A second round finds nothing left to record.
      expect(await recorder.runDue()).toBe(0);
      const after = await fees();
      expect(after.size).toBe(before.size);
      expect([...before].filter(([id, fee]) => after.get(id) !== fee).slice(0, 5)).toEqual([]);
    });

    it('rebuilds the ledger to the same documents: read first, the records keep their orders out of the matching', async () => {
      const readModels = server.app.get<ReadModels>(READ_MODELS);
      const documents = async () => {
        const ledger = (await readModels.serving<TradeLedgerDocument>(TRADE_LEDGER_READ_MODEL))!;
        const found = new Map<string, string>();
        // The position an event last changed a document at differs with the order the fold met the records in.
        for (const { _position: _, ...document } of await ledger.find({ accountId }).toArray())
          found.set(document._id, JSON.stringify(document));
        return found;
      };
      const before = await documents();
      const host = server.app.get<ProjectionRunner>(PROJECTION_RUNNER).host(TRADE_LEDGER_READ_MODEL);
      const serving = (await host.status()).servingCollection;
      await host.rebuild();
      await readUntil(
        () => host.status(),
        (status) => status.rebuild === null && status.servingCollection !== serving,
        'the rebuilt ledger serving',
        set.slow ? 600_000 : 300_000,
      );
      const after = await documents();
      const differing = [...before].filter(([id, document]) => after.get(id) !== document).map(([id]) => id);
      expect(differing.slice(0, 5)).toEqual([]);
      expect(after.size).toBe(before.size);
    });

    it('shows the journal’s broker fees as the Overview’s total', async () => {
      const startTime = nowMs - 90 * DAY;
      const stats = (await client.get(`/api/v1/journal/${accountId}/stats?startTime=${startTime}`)).body as {
        totalBroker: number;
      };
      const expected = journalBrokerFees
        .filter((row) => row.timeMs >= startTime)
        .reduce((sum, row) => sum + row.amount, 0);
      expect(iskToCents(stats.totalBroker)).toBe(expected);
    });
  },
);
