import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  TRADE_LEDGER_READ_MODEL,
  WALLET_JOURNAL_TOPIC,
  WALLET_RECORDS_PER_MESSAGE,
  WALLET_TRANSACTIONS_TOPIC,
  eventCatalogue,
  type TradeLedgerDocument,
} from '@tradewise/contracts';
import { HEAVY_TRADER_ID, createEsiSimulator, esiWalletHistory, testUniverse } from '@tradewise/esi-sim';
import {
  EMBEDDED_FILES,
  EmbeddedReadStore,
  SystemClock,
  createAdapters,
  loadPlatformConfig,
} from '@tradewise/platform';
import { ProjectionRegistry } from '@tradewise/projections';
import { runKillableChild, type KillOptions } from './support/killable-child';

const ACCOUNT = '4b0d4a8e-6f3e-4c1a-9d4f-2f6a8f1b0c11';
const DAYS = 20;
const RUNS = 6;

function runChild(
  dataDir: string,
  counts: { transactions: number; journal: number },
  options: KillOptions,
): Promise<boolean> {
  return runKillableChild(
    'tests/fault/support/ledger-child.ts',
    [dataDir, String(HEAVY_TRADER_ID), String(counts.transactions), String(counts.journal)],
    options,
  );
}

async function ledgerDocuments(dataDir: string): Promise<TradeLedgerDocument[]> {
  const readStore = new EmbeddedReadStore(join(dataDir, EMBEDDED_FILES.readStore));
  try {
    const entry = await new ProjectionRegistry(readStore).get(TRADE_LEDGER_READ_MODEL);
    if (!entry.serving) throw new Error('no serving trade ledger');
    return await readStore
      .collection<TradeLedgerDocument>(entry.serving.collection)
      .find({}, { sort: { _id: 1 } })
      .toArray();
  } finally {
    await readStore.close();
  }
}

describe('Fault: the ledger killed at random points during import and projection', () => {
  jest.setTimeout(900_000);
  let dir: string;
  let seeded: string;
  let counts: { transactions: number; journal: number };
  let clean: TradeLedgerDocument[];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tw-ledger-kill-'));
    seeded = join(dir, 'seeded');
    // The sync's messages for 20 days of the heavy trader, waiting on the embedded bus.
    const simulator = createEsiSimulator({
      universe: testUniverse(),
      profile: 'heavy-trader',
      controlApi: false,
    });
    const nowMs = simulator.clock.now().getTime();
    const history = esiWalletHistory(simulator.world, HEAVY_TRADER_ID, nowMs - DAYS * 86_400_000, nowMs);
    counts = { transactions: history.transactions.length, journal: history.journal.length };
    const adapters = await createAdapters(
      loadPlatformConfig({ DATA_DIR: seeded, LOG_LEVEL: 'silent' }),
      eventCatalogue,
      new SystemClock(),
    );
    const base = {
      accountId: ACCOUNT,
      characterId: HEAVY_TRADER_ID,
      fetchedAt: new Date(nowMs).toISOString(),
    };
    const key = String(HEAVY_TRADER_ID);
    for (let start = 0; start < history.transactions.length; start += WALLET_RECORDS_PER_MESSAGE) {
      const transactions = history.transactions.slice(start, start + WALLET_RECORDS_PER_MESSAGE);
      await adapters.bus.publish(WALLET_TRANSACTIONS_TOPIC, [
        { key, value: { ...base, transactions }, headers: {} },
      ]);
    }
    for (let start = 0; start < history.journal.length; start += WALLET_RECORDS_PER_MESSAGE) {
      const entries = history.journal.slice(start, start + WALLET_RECORDS_PER_MESSAGE);
      await adapters.bus.publish(WALLET_JOURNAL_TOPIC, [{ key, value: { ...base, entries }, headers: {} }]);
    }
    await adapters.close();
    const cleanDir = join(dir, 'clean');
    cpSync(seeded, cleanDir, { recursive: true });
    expect(await runChild(cleanDir, counts, {})).toBe(true);
    clean = await ledgerDocuments(cleanDir);
  });

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('a clean run projects every transaction and a profit row for most sales', () => {
    const transactions = clean.filter((d) => d.kind === 'transaction');
    expect(counts.transactions).toBeGreaterThan(1_000);
    expect(transactions).toHaveLength(counts.transactions);
    expect(clean.filter((d) => d.kind === 'profit').length).toBeGreaterThan(counts.transactions / 4);
  });

  it(`loses nothing and doubles nothing when killed, in ${RUNS} of ${RUNS} runs`, async () => {
    let kills = 0;
    for (let run = 0; run < RUNS; run += 1) {
      const runDir = join(dir, `run-${run}`);
      cpSync(seeded, runDir, { recursive: true });
      // Even runs die right after a read-model write and before its checkpoint; odd runs at a random moment
      // (while messages are being recorded or projected).
      const options =
        run % 2 === 0
          ? { killAfterWrites: 1 + Math.floor(Math.random() * 4) }
          : { killAfterMs: 200 + Math.floor(Math.random() * 1_500) };
      let caughtUp = await runChild(runDir, counts, options);
      let restarts = 0;
      while (!caughtUp) {
        kills += 1;
        restarts += 1;
        expect(restarts).toBeLessThan(8);
        caughtUp = await runChild(
          runDir,
          counts,
          restarts < 2 ? { killAfterMs: 300 + Math.floor(Math.random() * 1_500) } : {},
        );
      }
      expect(JSON.stringify(await ledgerDocuments(runDir))).toBe(JSON.stringify(clean));
    }
    expect(kills).toBeGreaterThanOrEqual(RUNS / 2);
  });
});
