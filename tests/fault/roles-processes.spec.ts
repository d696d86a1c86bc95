import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  accountStream,
  eventCatalogue,
  orderHistoryStream,
  walletJournalStream,
  walletTransactionsStream,
  type AccountDto,
  type JournalEntryRecorded,
} from '@tradewise/contracts';
import {
  DEMO_SSO_CLIENT,
  characterWallet,
  loadUniverseFromStaticDataset,
  startEsiSimulator,
  type RunningEsiSimulator,
} from '@tradewise/esi-sim';
import { resolveStaticDataDir } from '@tradewise/market';
import { SqliteEventStore, SystemClock, type RecordedEvent } from '@tradewise/platform';
import { syncWorkerIdentity } from '@tradewise/sync';
import { expectTradeLedgerToMatchTruth } from '../e2e/support/ledger-truth';
import { ProductClient } from '../e2e/support/product-client';
import { adapterSets } from '../support/adapter-sets';
import { eventually, readUntil } from '../support/collect';
import {
  freePort,
  killIfRunning,
  startServerProcess,
  waitForStatus,
  type ServerProcess,
} from '../support/server-process';
import { inAny, inEvery, listedEachHour } from './support/listed-records';
import { logLines } from './support/server-log';

/** The demo world's traders, each on an account of their own. */
const CHARACTERS = [2119000011, 2119000012, 2119000013, 2119000021, 2119000022, 2119000031];
const SYNC_ENDS = [
  'AccountSyncCompleted',
  'AccountSyncInterrupted',
  'AccountSyncFailed',
  'AccountSyncTimedOut',
];

const scaleOut = adapterSets('tw_roles').find((set) => set.env.BUS === 'kafka')!;
// Without Kafka and a MongoDB-wire server (deploy/local/servers.sh up) the suite is skipped, as global setup says;
// with REQUIRE_SERVERS=1 global setup fails the run instead.
const describeIfServers = scaleOut.enabled ? describe : describe.skip;

interface SyncStarted {
  readonly startedAt: string;
  readonly workerId: string;
  readonly runId: string;
  readonly leaseUntil: string;
}

/**
 * Issue #28: the roles in separate processes — one api, two sync workers, one projections — on Kafka, a
 * MongoDB-wire server and one SQLite event store file they share (ADR 0019), each with its own data directory.
 */
describeIfServers('Fault: the roles as separate processes, one sync worker killed mid-sync', () => {
  jest.setTimeout(300_000);
  let root: string;
  let simulator: RunningEsiSimulator;
  let store: SqliteEventStore;
  const processes: ServerProcess[] = [];

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'tw-roles-'));
    const ssoPort = await freePort();
    const ssoUrl = `http://127.0.0.1:${ssoPort}`;
    // The game stands alone, as the real one does: every role reaches it by SSO_BASE_URL and ESI_BASE_URL.
    simulator = await startEsiSimulator({
      universe: await loadUniverseFromStaticDataset(resolveStaticDataDir()),
      seed: 'tradewise',
      port: ssoPort,
      issuer: ssoUrl,
    });
  });

  afterAll(async () => {
    await Promise.all(processes.map((server) => killIfRunning(server)));
    await store?.close();
    await simulator?.close();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('shares the accounts between the sync workers, one sync at a time each, and loses and doubles nothing when one dies mid-sync', async () => {
    const eventStorePath = join(root, 'shared', 'events.sqlite');
    const apiPort = await freePort();
    const common: Record<string, string> = {
      ...scaleOut.env,
      EVENT_STORE_PATH: eventStorePath,
      // Shared by every process through the environment: the sync decrypts the refresh tokens the api stored.
      TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      AUDIT_SIGNING_KEY: randomBytes(32).toString('base64'),
      ESI_CLIENT_ID: DEMO_SSO_CLIENT.clientId,
      ESI_CLIENT_SECRET: DEMO_SSO_CLIENT.clientSecret!,
      ESI_CALLBACK_URL: `http://127.0.0.1:${apiPort}/api/v1/login/callback`,
      PUBLIC_URL: `http://127.0.0.1:${apiPort}`,
      SSO_BASE_URL: simulator.url,
      ESI_BASE_URL: simulator.url,
      PRODUCT_CORPORATION_ID: 'none',
    };
    const role = async (
      roles: string,
      dataDir: string,
      options: { port?: number; env?: Record<string, string>; entry?: string } = {},
    ): Promise<ServerProcess> => {
      const env = {
        ...common,
        ROLES: roles,
        DATA_DIR: join(root, dataDir),
        PORT: String(options.port ?? (await freePort())),
        LOG_LEVEL: 'info',
        ...options.env,
      };
      const server = startServerProcess(env, options.entry);
      processes.push(server);
      return server;
    };
    const healthy = (server: ServerProcess): Promise<number> =>
      waitForStatus(server, '/healthz', 200, 150_000);

    const api = await role('api', 'api', { port: apiPort });
    await healthy(api);
    const projections = await role('projections', 'projections');
    await healthy(projections);
    store = new SqliteEventStore({
      path: eventStorePath,
      catalogue: eventCatalogue,
      clock: new SystemClock(),
    });

    // Every character logs in on its own account and turns sync on, before any sync worker runs.
    const accounts = new Map<number, { client: ProductClient; accountId: string }>();
    for (const characterId of CHARACTERS) {
      const client = new ProductClient(api.url);
      await client.authorize(characterId);
      const patched = await client.request('PATCH', '/api/v1/account', { body: { syncEnabled: true } });
      expect(patched.status).toBe(200);
      const { id } = (await client.get('/api/v1/account')).body as AccountDto;
      accounts.set(characterId, { client, accountId: id });
    }
    // The workers find due accounts in the accounts read model, which the projections process writes.
    for (const { client } of accounts.values()) {
      await readUntil(
        () => client.get('/api/v1/account'),
        (answer) => (answer.body as AccountDto).syncEnabled,
        'sync turned on in the accounts read model',
        60_000,
      );
    }

    const syncEvents = async (accountId: string): Promise<RecordedEvent[]> =>
      (await store.readStream(accountStream(accountId))).filter((event) =>
        event.type.startsWith('AccountSync'),
      );

    // Worker A dies right after recording the first open orders it read: mid-sync, its wallet records published
    // and remembered, the account's sync started and not ended.
    const firstSyncMs = Date.now();
    const killed = await role('sync', 'sync-a', {
      entry: 'tests/fault/support/killable-server.ts',
      env: { KILL_AT_COMMANDS: 'RecordMarketOrders', KILL_AT_COUNT: '1' },
    });
    expect(await killed.exited).toMatchObject({ signal: 'SIGKILL' });
    expect(killed.output()).toContain('kill-point RecordMarketOrders 1');
    const startedByKilled = logLines(killed).filter((line) => line.msg === 'Account sync started');
    expect(logLines(killed).some((line) => line.msg === 'Account sync ended')).toBe(false);
    expect(startedByKilled).toHaveLength(1);
    const killedAccountId = startedByKilled[0]!.accountId as string;
    const workerA = syncWorkerIdentity(join(root, 'sync-a')).workerId;
    const workerB = syncWorkerIdentity(join(root, 'sync-b')).workerId;
    const leftByKilled = await syncEvents(killedAccountId);
    expect(leftByKilled.map((event) => event.type)).toEqual(['AccountSyncStarted']);
    expect(leftByKilled[0]!.data).toMatchObject({ workerId: workerA });

    // Worker B starts and takes the accounts no lease holds; then worker A restarts on its data directory, ends its
    // killed sync and takes that account over (its lease, minutes long, keeps B off it). The two run side by side.
    const syncB = await role('sync', 'sync-b');
    await healthy(syncB);
    const syncA = await role('sync', 'sync-a');
    await healthy(syncA);

    const accountIds = [...accounts.values()].map((account) => account.accountId);
    await eventually(
      async () => {
        for (const accountId of accountIds) {
          const events = await syncEvents(accountId);
          if (!events.some((event) => event.type === 'AccountSyncCompleted')) return false;
        }
        return true;
      },
      150_000,
      'every account synced',
    );
    const lastSyncMs = Date.now();

    // What ESI listed throughout: all of it in every hour a sync may have read, some of it in any hour.
    const listed = new Map(
      CHARACTERS.map((characterId) => {
        const wallet = characterWallet(characterId);
        const transactions = (atMs: number) => simulator.world.transactions(wallet, atMs);
        const journal = (atMs: number) => simulator.world.journal(wallet, atMs);
        return [
          characterId,
          {
            mustHave: [
              inEvery(listedEachHour(transactions, firstSyncMs, lastSyncMs)),
              inEvery(listedEachHour(journal, firstSyncMs, lastSyncMs)),
            ],
            mayHave: [
              inAny(listedEachHour(transactions, firstSyncMs, lastSyncMs)),
              inAny(listedEachHour(journal, firstSyncMs, lastSyncMs)),
            ],
          },
        ];
      }),
    );
    const walletStreams = (characterId: number): string[] => [
      walletTransactionsStream(characterId),
      walletJournalStream(characterId),
    ];
    const recordIds = async (characterId: number): Promise<number[][]> => [
      (await store.readStream(walletTransactionsStream(characterId))).map(
        (event) => (event.data as { transactionId: number }).transactionId,
      ),
      (await store.readStream(walletJournalStream(characterId))).map(
        (event) => (event.data as { entryId: number }).entryId,
      ),
    ];

    // The import threads record what the syncs published: wait until every character's streams hold at least what
    // must be there and stopped growing, then until the ledger has projected them (and the order reads).
    let before = '';
    await eventually(
      async () => {
        const counts: number[][] = [];
        let enough = true;
        for (const characterId of CHARACTERS) {
          const ids = await recordIds(characterId);
          counts.push(ids.map((list) => list.length));
          const { mustHave } = listed.get(characterId)!;
          if (ids.some((list, index) => list.length < mustHave[index]!.size)) enough = false;
        }
        const now = JSON.stringify(counts);
        const settled = enough && now === before;
        before = now;
        if (!settled) await new Promise((resolve) => setTimeout(resolve, 1_500));
        return settled;
      },
      120_000,
      'the imports to settle',
    );
    for (const characterId of CHARACTERS) {
      const { client, accountId } = accounts.get(characterId)!;
      const heads = await Promise.all(
        [...walletStreams(characterId), orderHistoryStream(characterId)].map(
          async (stream) => (await store.readStream(stream, { direction: 'backwards', maxCount: 1 }))[0],
        ),
      );
      const position = Math.max(0, ...heads.map((event) => event?.position ?? 0));
      await readUntil(
        () => client.get(`/api/v1/profit/${accountId}/tradeProfits?count=1&position=${position}`),
        (answer) => answer.status === 200,
        `the trade ledger of ${characterId} projected to ${position}`,
      );
    }

    // One sync at a time on each account: every start is followed by exactly one end before the next start, and a
    // start by another worker comes after the sync before it ended (or its lease ran out).
    const runs = { [workerA]: [killed, syncA], [workerB]: [syncB] };
    const completedBy = new Map<string, number>();
    for (const accountId of accountIds) {
      const events = await syncEvents(accountId);
      expect(events.map((event) => event.revision)).toEqual(
        [...events].map((event) => event.revision).sort((a, b) => a - b),
      );
      for (let index = 0; index < events.length; index += 2) {
        const started = events[index]!;
        const ended = events[index + 1];
        expect(started.type).toBe('AccountSyncStarted');
        expect(SYNC_ENDS).toContain(ended?.type);
        const { startedAt, workerId, leaseUntil } = started.data as SyncStarted;
        expect(ended!.data).toMatchObject({ startedAt });
        const next = events[index + 2]?.data as SyncStarted | undefined;
        if (next && next.workerId !== workerId) {
          const end = ended!.data as { at?: string; completedAt?: string; reason?: string };
          const heldUntil = end.reason === 'lease-expired' ? leaseUntil : (end.completedAt ?? end.at)!;
          expect(Date.parse(next.startedAt)).toBeGreaterThanOrEqual(Date.parse(heldUntil));
        }
        if (ended!.type === 'AccountSyncCompleted')
          completedBy.set(workerId, (completedBy.get(workerId) ?? 0) + 1);
      }
      expect(events[events.length - 1]!.type).toBe('AccountSyncCompleted');

      // Each sync was run by the worker its lease names, and by no other: its processes logged as many starts and
      // completions of the account as the stream holds for that worker.
      for (const [workerId, processesOfWorker] of Object.entries(runs)) {
        const logged = processesOfWorker.flatMap((server) =>
          logLines(server).filter((line) => line.accountId === accountId),
        );
        const startedHere = events.filter(
          (event) => event.type === 'AccountSyncStarted' && (event.data as SyncStarted).workerId === workerId,
        );
        expect(logged.filter((line) => line.msg === 'Account sync started')).toHaveLength(startedHere.length);
        const completedHere = events.filter(
          (event, index) =>
            event.type === 'AccountSyncCompleted' &&
            (events[index - 1]!.data as SyncStarted).workerId === workerId,
        );
        expect(
          logged.filter((line) => line.msg === 'Account sync ended' && line.outcome === 'completed'),
        ).toHaveLength(completedHere.length);
      }
    }
    // The killed sync was ended by its worker's next run, and the account synced after it.
    const killedAccount = await syncEvents(killedAccountId);
    expect(killedAccount[1]).toMatchObject({
      type: 'AccountSyncInterrupted',
      data: { startedAt: (leftByKilled[0]!.data as SyncStarted).startedAt, reason: 'worker-restarted' },
    });
    // Both workers took a share of the accounts.
    expect(completedBy.get(workerA)).toBeGreaterThan(0);
    expect(completedBy.get(workerB)).toBeGreaterThan(0);

    // Nothing lost, nothing doubled: each character's records are ESI's, each once.
    for (const characterId of CHARACTERS) {
      const { mustHave, mayHave } = listed.get(characterId)!;
      for (const [index, ids] of (await recordIds(characterId)).entries()) {
        expect(new Set(ids).size).toBe(ids.length);
        const kept = new Set(ids);
        expect([...mustHave[index]!].filter((id) => !kept.has(id))).toEqual([]);
        expect(ids.filter((id) => !mayHave[index]!.has(id))).toEqual([]);
      }
    }

    // The numbers: each account's trade ledger equals the independent recomputation and the ground truth.
    let compared = 0;
    let checkedAgainstTruth = 0;
    for (const characterId of CHARACTERS) {
      const { client, accountId } = accounts.get(characterId)!;
      const truth = await expectTradeLedgerToMatchTruth({
        client,
        accountId,
        world: simulator.world,
        wallet: characterWallet(characterId),
        syncStartMs: firstSyncMs,
        journal: (await store.readStream(walletJournalStream(characterId))).map(
          (event) => event.data as JournalEntryRecorded,
        ),
      });
      compared += truth.compared;
      checkedAgainstTruth += truth.checkedAgainstTruth;
    }
    expect(compared).toBeGreaterThan(0);
    expect(checkedAgainstTruth).toBeGreaterThan(compared / 2);
  });
});
