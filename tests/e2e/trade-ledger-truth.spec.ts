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
  type UnprocessedTransactionDto,
} from '@tradewise/contracts';
import { HEAVY_TRADER_ID, characterWallet } from '@tradewise/esi-sim';
import { EVENT_STORE, type EventStore } from '@tradewise/platform';
import { startServer, type RunningServer } from '../../services/server/src/bootstrap';
import { freePort } from '../support/server-process';
import { adapterSets } from '../support/adapter-sets';
import { expectTradeLedgerToMatchTruth } from './support/ledger-truth';
import { ProductClient } from './support/product-client';

const DAY_MS = 86_400_000;
const FREE_HISTORY_MS = 30 * DAY_MS;
const cents = (isk: number): bigint => BigInt(Math.round(isk * 100));

/**
 * Whose ledger is checked: the heavy trader on the world built for the numbers, and a trader of the demo world `npm
 * start` shows (Pip Newcomb reprices most orders before the first sync reads them: the first order reads show
 * changes, not placements).
 */
const TRADERS = [
  {
    trader: 'the heavy trader',
    characterId: HEAVY_TRADER_ID,
    profile: 'heavy-trader',
    transactions: 5_000,
    rows: 1_000,
  },
  { trader: 'Pip Newcomb (demo)', characterId: 2119000031, profile: 'demo', transactions: 1, rows: 5 },
] as const;

// Each trader on a database and topics of its own.
const cases = TRADERS.flatMap((trader) =>
  adapterSets(`tw_truth_${trader.characterId}`).map((set) => ({
    ...set,
    ...trader,
    projectWithinMs: set.slow ? 300_000 : 120_000,
  })),
);

describe.each(cases)(
  'Trade ledger truth: $trader → sync → bus → events → projection → API ($name)',
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
          ESI_SIM_PROFILE: set.profile,
        },
      });
      client = new ProductClient(server.url);
      await client.authorize(set.characterId);
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
        walletTransactionsStream(set.characterId),
        walletJournalStream(set.characterId),
        orderHistoryStream(set.characterId),
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
        if (now[0]!.revision + 1 >= set.transactions && settled) {
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
        const eventStore = server.app.get<EventStore>(EVENT_STORE);
        const { expected, compared, checkedAgainstTruth, answeredAt } = await expectTradeLedgerToMatchTruth({
          client,
          accountId: account.id,
          world: server.simulator!.world,
          wallet: characterWallet(set.characterId),
          syncStartMs,
          journal: (await eventStore.readStream(walletJournalStream(set.characterId))).map(
            (event) => event.data as JournalEntryRecorded,
          ),
        });
        expect(expected.rows.length).toBeGreaterThan(set.rows);
        expect(checkedAgainstTruth).toBeGreaterThan(compared / 2);

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
