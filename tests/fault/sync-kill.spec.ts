import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  accountStream,
  walletJournalStream,
  walletTransactionsStream,
  type AccountDto,
  type JournalEntriesPage,
  type WalletTransactionsPage,
} from '@tradewise/contracts';
import {
  HEAVY_TRADER_ID,
  SSO_GRANTS_FILE,
  SimulatedWorld,
  characterWallet,
  loadUniverseFromStaticDataset,
} from '@tradewise/esi-sim';
import { resolveStaticDataDir } from '@tradewise/market';
import { ProductClient } from '../e2e/support/product-client';
import { inAny, inEvery, listedEachHour } from './support/listed-records';
import { logLines, untilLogged } from './support/server-log';
import { storedStreams } from './support/stored-streams';
import {
  freePort,
  killIfRunning,
  startServerProcess,
  stopCleanly,
  waitForStatus,
  type ServerProcess,
} from '../support/server-process';

const ARIA = 2119000011;

async function kill(server: ServerProcess): Promise<void> {
  server.child.kill('SIGKILL');
  await server.exited;
}

async function stop(server: ServerProcess): Promise<void> {
  await stopCleanly(server);
}

describe('Fault: the product killed and restarted around an account sync', () => {
  jest.setTimeout(600_000);
  let dataDir: string;
  let port: number;
  let running: ServerProcess | undefined;

  const spawn = (env: Record<string, string>): ServerProcess =>
    (running = startServerProcess({ DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'info', ...env }));

  const start = async (env: Record<string, string> = {}): Promise<ServerProcess> => {
    const server = spawn(env);
    await waitForStatus(server, '/healthz', 200, 120_000);
    return server;
  };

  /** Logs a character in on its own account, starts syncing, and kills the server before its first sync. */
  const linkAndKill = async (
    server: ServerProcess,
    characterId: number,
  ): Promise<{ client: ProductClient; accountId: string }> => {
    const client = new ProductClient(server.url);
    await client.authorize(characterId);
    expect((await client.request('PATCH', '/api/v1/account', { body: { syncEnabled: true } })).status).toBe(
      200,
    );
    const { id } = (await client.get('/api/v1/account')).body as AccountDto;
    await kill(server);
    expect(logLines(server).some((line) => line.msg === 'Account sync started')).toBe(false);
    return { client, accountId: id };
  };

  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'tw-sync-kill-'));
    port = await freePort();
  });

  afterEach(async () => {
    await killIfRunning(running);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("keeps the simulator's refresh tokens across a restart: the character stays SYNCING and syncs", async () => {
    const { client } = await linkAndKill(await start(), ARIA);

    const server = await start();
    expect(await untilLogged(server, 'Account sync ended')).toMatchObject({ outcome: 'completed' });
    const account = (await client.get('/api/v1/account')).body as AccountDto;
    expect(account.lastUpdate).not.toBeNull();
    expect(account.characters).toMatchObject([
      { id: ARIA, syncStatus: 'SYNCING', lastWalletUpdate: account.lastUpdate },
    ]);
    await stop(server);
    expect(statSync(join(dataDir, SSO_GRANTS_FILE)).mode & 0o777).toBe(0o600);
  });

  it('ends a sync killed mid-way as interrupted when its worker restarts, syncs the account at once, and loses and doubles nothing', async () => {
    const env = { ESI_SIM_PROFILE: 'heavy-trader' };
    const { client, accountId } = await linkAndKill(await start(env), HEAVY_TRADER_ID);

    // The start-up round syncs the account; the heavy trader's first sync reads for seconds, and is killed in them.
    const killedFrom = Date.now();
    const killed = spawn(env);
    killed.child.stdout!.on('data', () => {
      if (killed.output().includes('"msg":"Account sync started"')) killed.child.kill('SIGKILL');
    });
    expect(await killed.exited).toMatchObject({ signal: 'SIGKILL' });
    expect(logLines(killed).some((line) => line.msg === 'Account sync ended')).toBe(false);

    const resumedFrom = Date.now();
    const server = await start(env);
    const healthyAt = Date.now();
    expect(await untilLogged(server, 'Account sync ended')).toMatchObject({ outcome: 'completed' });
    expect(logLines(server).map((line) => line.msg)).toContain(
      'An account sync ended with the run that started it',
    );
    const account = (await client.get('/api/v1/account')).body as AccountDto;
    expect(account.characters).toMatchObject([{ id: HEAVY_TRADER_ID, syncStatus: 'SYNCING' }]);

    // What ESI listed throughout: all of it in every hour the resumed sync may have read, some of it in any hour.
    const world = new SimulatedWorld({
      seed: 'tradewise',
      universe: await loadUniverseFromStaticDataset(resolveStaticDataDir()),
      profile: 'heavy-trader',
    });
    const wallet = characterWallet(HEAVY_TRADER_ID);
    const syncedAt = Date.parse(account.lastUpdate!);
    const transactionsListed = (atMs: number) => world.transactions(wallet, atMs);
    const journalListed = (atMs: number) => world.journal(wallet, atMs);
    const mustHave = [
      inEvery(listedEachHour(transactionsListed, resumedFrom, syncedAt)),
      inEvery(listedEachHour(journalListed, resumedFrom, syncedAt)),
    ];
    const mayHave = [
      inAny(listedEachHour(transactionsListed, killedFrom, syncedAt)),
      inAny(listedEachHour(journalListed, killedFrom, syncedAt)),
    ];

    // The import runs on after the sync: wait until both read models hold at least what must be there, and rest.
    const totals = async (): Promise<number[]> => [
      ((await client.get(`/api/v1/journal/${accountId}/transactions?count=1`)).body as WalletTransactionsPage)
        .total,
      ((await client.get(`/api/v1/journal/${accountId}/entries?count=1`)).body as JournalEntriesPage).total,
    ];
    let settled: number[] = [];
    for (const deadline = Date.now() + 180_000; ;) {
      const now = await totals();
      const enough = now.every((total, i) => total >= mustHave[i]!.size);
      if (enough && JSON.stringify(now) === JSON.stringify(settled)) break;
      if (Date.now() > deadline) throw new Error(`the import did not settle: ${JSON.stringify(now)}`);
      settled = now;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    await stop(server);

    const [events, transactions, journal] = await storedStreams(dataDir, [
      accountStream(accountId),
      walletTransactionsStream(HEAVY_TRADER_ID),
      walletJournalStream(HEAVY_TRADER_ID),
    ]);
    const syncs = events!.filter((event) => event.type.startsWith('AccountSync'));
    expect(syncs.map((event) => event.type)).toEqual([
      'AccountSyncStarted',
      'AccountSyncInterrupted',
      'AccountSyncStarted',
      'AccountSyncCompleted',
    ]);
    const [first, interrupted, resumed] = syncs.map((event) => event.data as Record<string, string>);
    expect(interrupted).toMatchObject({ startedAt: first!.startedAt, reason: 'worker-restarted' });
    expect(resumed).toMatchObject({ workerId: first!.workerId });
    expect(resumed!.runId).not.toBe(first!.runId);
    // At once, not at the first poll 30 seconds after the start.
    expect(Date.parse(resumed!.startedAt!) - healthyAt).toBeLessThan(10_000);

    const recorded = [
      transactions!.map((event) => (event.data as { transactionId: number }).transactionId),
      journal!.map((event) => (event.data as { entryId: number }).entryId),
    ];
    for (const [i, ids] of recorded.entries()) {
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids.length).toBe(settled[i]);
      const kept = new Set(ids);
      expect([...mustHave[i]!].filter((id) => !kept.has(id))).toEqual([]);
      expect(ids.filter((id) => !mayHave[i]!.has(id))).toEqual([]);
    }
  });
});
