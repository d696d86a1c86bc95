import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ESI_LOGIN_SCOPES,
  eventCatalogue,
  walletJournalStream,
  walletTransactionsStream,
  type WalletTransactionRecorded,
} from '@tradewise/contracts';
import { HEAVY_TRADER_ID, characterWallet } from '@tradewise/esi-sim';
import {
  RecordWalletTransactions,
  consumeWalletImports,
  walletImportCommands,
  type WalletImportCommands,
} from '@tradewise/ledger';
import {
  createAdapters,
  createLogger,
  loadPlatformConfig,
  type Consumer,
  type PlatformAdapters,
} from '@tradewise/platform';
import { EsiThrottledError, EsiUnavailableError } from '@tradewise/platform';
import { CharacterWalletSync } from '@tradewise/sync';
import { esiClientFor, type EsiTestClient } from '../esi/support/esi-test-kit';
import { hostSimulator, type HostedSimulator } from '../esi/support/simulator-host';

const ACCOUNT = '4b0d4a8e-6f3e-4c1a-9d4f-2f6a8f1b0c11';
const DAY = 86_400_000;

describe('Wallet import: simulator → sync → bus → ledger events (embedded adapters)', () => {
  jest.setTimeout(120_000);
  let dataDir: string;
  let host: HostedSimulator;
  let client: EsiTestClient;
  let adapters: PlatformAdapters;
  let consumer: Consumer;
  let imports: WalletImportCommands;
  let sync: CharacterWalletSync;

  async function streamLength(stream: string): Promise<number> {
    return (await adapters.eventStore.readStream(stream)).length;
  }

  /** The consumer runs asynchronously: wait until the stream holds `count` events. */
  async function recorded(stream: string, count: number): Promise<void> {
    const deadline = Date.now() + 60_000;
    while ((await streamLength(stream)) < count) {
      if (Date.now() > deadline) throw new Error(`${stream} holds ${await streamLength(stream)} of ${count}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'tw-wallet-'));
    host = await hostSimulator({ profile: 'heavy-trader' });
    client = esiClientFor(host, [HEAVY_TRADER_ID], ESI_LOGIN_SCOPES);
    adapters = await createAdapters(
      loadPlatformConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
      eventCatalogue,
      host.clock,
    );
    imports = await walletImportCommands(adapters.eventStore);
    consumer = await consumeWalletImports(adapters.bus, imports.commands, createLogger('silent'));
    sync = new CharacterWalletSync(client.esi, adapters.bus, adapters.readStore, host.clock);
  });

  afterAll(async () => {
    await consumer?.close();
    await imports?.close();
    await adapters?.close();
    await host?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("records every transaction of ESI's 30 days once, as the ground truth counts them, with exact cents", async () => {
    const result = await sync.sync(ACCOUNT, HEAVY_TRADER_ID);
    const now = host.clock.now().getTime();
    const truth = host.simulator.world.groundTruth.transactionCount(
      characterWallet(HEAVY_TRADER_ID),
      now - 30 * DAY,
      now,
    );
    expect(result.transactions).toBe(truth);
    expect(result.transactions).toBeGreaterThan(5_000);
    await recorded(walletTransactionsStream(HEAVY_TRADER_ID), result.transactions);
    await recorded(walletJournalStream(HEAVY_TRADER_ID), result.journalEntries);

    const events = await adapters.eventStore.readStream(walletTransactionsStream(HEAVY_TRADER_ID));
    const ids = events.map((e) => (e.data as WalletTransactionRecorded).transactionId);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    for (const event of events.slice(0, 500)) {
      const data = event.data as WalletTransactionRecorded;
      expect(data.unitPriceCents).toBe(Math.round(data.esi.unit_price * 100));
      expect(event.metadata).toEqual({
        $correlationId: expect.any(String),
        $causationId: event.metadata.$correlationId,
        actor: 'system:sync',
        schemaVersion: 1,
        recordedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
    }
  });

  it('publishes nothing new on an unchanged wallet, and only the new records after the world moves on', async () => {
    const before = await streamLength(walletTransactionsStream(HEAVY_TRADER_ID));
    expect(await sync.sync(ACCOUNT, HEAVY_TRADER_ID)).toEqual({ transactions: 0, journalEntries: 0 });
    host.clock.advance(2 * 3600_000);
    const later = await sync.sync(ACCOUNT, HEAVY_TRADER_ID);
    expect(later.transactions).toBeGreaterThan(0);
    await recorded(walletTransactionsStream(HEAVY_TRADER_ID), before + later.transactions);
    expect(await streamLength(walletTransactionsStream(HEAVY_TRADER_ID))).toBe(before + later.transactions);
  });

  it('records a redelivered batch once (the importer is idempotent)', async () => {
    const [last] = await adapters.eventStore.readStream(walletTransactionsStream(HEAVY_TRADER_ID), {
      direction: 'backwards',
      maxCount: 1,
    });
    const data = last!.data as WalletTransactionRecorded;
    const again = await imports.commands.execute(
      new RecordWalletTransactions({
        accountId: ACCOUNT,
        characterId: HEAVY_TRADER_ID,
        fetchedAt: host.clock.now().toISOString(),
        transactions: [data.esi],
      }),
    );
    expect(again).toEqual({ recorded: 0, position: null });
  });

  it('publishes nothing and remembers nothing when ESI keeps failing; the next sync catches up', async () => {
    const before = await streamLength(walletJournalStream(HEAVY_TRADER_ID));
    host.clock.advance(2 * 3600_000);
    host.simulator.faults.failNext(20, 503, { operationId: 'GetCharactersCharacterIdWalletJournal' });
    await expect(sync.sync(ACCOUNT, HEAVY_TRADER_ID)).rejects.toBeInstanceOf(EsiUnavailableError);
    host.simulator.faults.clear();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await streamLength(walletJournalStream(HEAVY_TRADER_ID))).toBe(before);
    const caughtUp = await sync.sync(ACCOUNT, HEAVY_TRADER_ID);
    expect(caughtUp.journalEntries).toBeGreaterThan(0);
    await recorded(walletJournalStream(HEAVY_TRADER_ID), before + caughtUp.journalEntries);
  });

  it('an ESI 420 storm ends the sync without publishing anything; once the error window resets it imports it all', async () => {
    const before = {
      transactions: await streamLength(walletTransactionsStream(HEAVY_TRADER_ID)),
      journal: await streamLength(walletJournalStream(HEAVY_TRADER_ID)),
    };
    host.clock.advance(2 * 3600_000);
    // A throttled call gives up rather than wait out the window: the scheduler records the sync as timed out.
    const throttled = esiClientFor(host, [HEAVY_TRADER_ID], ESI_LOGIN_SCOPES, {
      errorLimitReserve: 0,
      maxThrottleWaitMs: 1_000,
    });
    const stormy = new CharacterWalletSync(throttled.esi, adapters.bus, adapters.readStore, host.clock);
    // Other clients spent the error budget: ESI answers 420 to everything until the window resets.
    host.simulator.faults.failNext(100, 404, { operationId: 'GetStatus' });
    for (let i = 0; i < 100; i++) await (await fetch(`${host.url}/status`)).text();
    await expect(stormy.sync(ACCOUNT, HEAVY_TRADER_ID)).rejects.toBeInstanceOf(EsiThrottledError);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await streamLength(walletTransactionsStream(HEAVY_TRADER_ID))).toBe(before.transactions);
    expect(await streamLength(walletJournalStream(HEAVY_TRADER_ID))).toBe(before.journal);

    host.clock.advance(61_000);
    const resumed = await stormy.sync(ACCOUNT, HEAVY_TRADER_ID);
    expect(resumed.transactions).toBeGreaterThan(0);
    await recorded(walletTransactionsStream(HEAVY_TRADER_ID), before.transactions + resumed.transactions);
    await recorded(walletJournalStream(HEAVY_TRADER_ID), before.journal + resumed.journalEntries);
  });
});
