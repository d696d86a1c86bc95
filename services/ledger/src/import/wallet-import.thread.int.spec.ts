import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import {
  WALLET_TRANSACTIONS_TOPIC,
  eventCatalogue,
  walletTransactionsStream,
  type EsiWalletTransaction,
} from '@tradewise/contracts';
import {
  SystemClock,
  createBus,
  createEventStore,
  createLogger,
  loadPlatformConfig,
  type Consumer,
  type EventStore,
  type MessageBus,
  type PlatformConfig,
} from '@tradewise/platform';
import { startWalletImportThread } from './wallet-import.thread';
import { RecordWalletTransactions } from './record-wallet-records.handler';
import { walletImportCommands, type WalletImportCommands } from './wallet-import.module';

const ACCOUNT = '0f4d2c1e-5b6a-4f8e-9c3d-2a1b0c9d8e7f';
const THREAD_CHARACTER = 2119000001;
const MAIN_CHARACTER = 2119000002;

function transactions(firstId: number, count: number): EsiWalletTransaction[] {
  return Array.from({ length: count }, (_, index) => ({
    transaction_id: firstId + index,
    date: new Date(Date.UTC(2026, 10, 1) + (firstId + index) * 1_000).toISOString(),
    type_id: 34,
    quantity: 1 + (index % 7),
    unit_price: 4.5,
    client_id: 90000001,
    location_id: 60003760,
    is_buy: index % 2 === 0,
    is_personal: true,
    journal_ref_id: 9_000_000 + firstId + index,
  }));
}

async function streamLength(eventStore: EventStore, characterId: number): Promise<number> {
  const [last] = await eventStore.readStream(walletTransactionsStream(characterId), {
    direction: 'backwards',
    maxCount: 1,
  });
  return last ? last.revision + 1 : 0;
}

async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the wallet import thread', () => {
  jest.setTimeout(60_000);
  let dataDir: string;
  let config: PlatformConfig;
  let eventStore: EventStore;
  let bus: MessageBus;
  let thread: Consumer | undefined;
  let mainImports: WalletImportCommands | undefined;
  const threads: Worker[] = [];
  const logger = createLogger('silent');

  const publish = (characterId: number, records: EsiWalletTransaction[]): Promise<void> =>
    bus.publish(WALLET_TRANSACTIONS_TOPIC, [
      {
        key: String(characterId),
        value: {
          accountId: ACCOUNT,
          characterId,
          fetchedAt: new Date().toISOString(),
          transactions: records,
        },
        headers: {},
      },
    ]);

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'tw-import-thread-'));
    config = loadPlatformConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    eventStore = createEventStore(config, eventCatalogue, new SystemClock());
    bus = createBus(config);
    threads.length = 0;
  });

  afterEach(async () => {
    await mainImports?.close();
    mainImports = undefined;
    await thread?.close();
    thread = undefined;
    await bus.close();
    await eventStore.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('records what the bus carries while this thread appends to the same event store, each record once', async () => {
    thread = await startWalletImportThread({ config, logger });
    mainImports = await walletImportCommands(eventStore);
    const main = mainImports;
    const published = (async () => {
      for (let batch = 0; batch < 20; batch++)
        await publish(THREAD_CHARACTER, transactions(batch * 1000, 1000));
    })();
    // Appends from this thread interleave with the import thread's on the one SQLite file.
    for (let batch = 0; batch < 200; batch++) {
      await main.commands.execute(
        new RecordWalletTransactions({
          accountId: ACCOUNT,
          characterId: MAIN_CHARACTER,
          fetchedAt: new Date().toISOString(),
          transactions: transactions(1_000_000 + batch * 10, 10),
        }),
      );
      await new Promise((resolve) => setImmediate(resolve));
    }
    await published;
    await eventually(
      async () => (await streamLength(eventStore, THREAD_CHARACTER)) === 20_000,
      'the thread recorded 20,000 transactions',
    );
    expect(await streamLength(eventStore, MAIN_CHARACTER)).toBe(2_000);
    const recorded = await eventStore.readStream(walletTransactionsStream(THREAD_CHARACTER));
    expect(recorded.map((event) => (event.data as { transactionId: number }).transactionId)).toEqual(
      transactions(0, 20_000).map((record) => record.transaction_id),
    );
    // A repeated message (at least once delivery) appends nothing.
    await publish(THREAD_CHARACTER, transactions(19_000, 1000));
    await publish(THREAD_CHARACTER, transactions(20_000, 1));
    await eventually(
      async () => (await streamLength(eventStore, THREAD_CHARACTER)) === 20_001,
      'the thread recorded the next transaction',
    );
    expect(await eventStore.headPosition()).toBe(22_001);
  });

  it("writes the thread's logs with this thread's logger, at their level and marked as the thread's", async () => {
    const lines: Record<string, unknown>[] = [];
    const debugLogger = createLogger('debug', {
      write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>),
    });
    thread = await startWalletImportThread({
      config: { ...config, logLevel: 'debug' },
      logger: debugLogger,
    });
    await publish(THREAD_CHARACTER, transactions(0, 10));
    await eventually(
      async () => lines.some((line) => line.msg === 'Wallet records imported'),
      'the import was logged',
    );
    expect(lines.find((line) => line.msg === 'Wallet records imported')).toMatchObject({
      level: 'debug',
      thread: 'wallet-import',
      topic: WALLET_TRANSACTIONS_TOPIC,
      recorded: 10,
    });
  });

  it('starts a thread that died again, and what was published meanwhile is recorded', async () => {
    thread = await startWalletImportThread({
      config,
      logger,
      restartDelayMs: 100,
      onThreadStarted: (worker) => threads.push(worker),
    });
    await publish(THREAD_CHARACTER, transactions(0, 1000));
    await eventually(
      async () => (await streamLength(eventStore, THREAD_CHARACTER)) === 1000,
      '1,000 recorded',
    );
    await threads[0]!.terminate();
    await publish(THREAD_CHARACTER, transactions(1000, 1000));
    await eventually(async () => threads.length === 2, 'a second thread started');
    await eventually(
      async () => (await streamLength(eventStore, THREAD_CHARACTER)) === 2000,
      '2,000 recorded',
    );
  });

  it('stops consuming when closed: a message published after waits on the bus for the next thread', async () => {
    thread = await startWalletImportThread({ config, logger });
    await publish(THREAD_CHARACTER, transactions(0, 1000));
    await eventually(
      async () => (await streamLength(eventStore, THREAD_CHARACTER)) === 1000,
      '1,000 recorded',
    );
    await thread.close();
    await publish(THREAD_CHARACTER, transactions(1000, 1000));
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await streamLength(eventStore, THREAD_CHARACTER)).toBe(1000);
    thread = await startWalletImportThread({ config, logger });
    await eventually(
      async () => (await streamLength(eventStore, THREAD_CHARACTER)) === 2000,
      '2,000 recorded',
    );
  });
});
