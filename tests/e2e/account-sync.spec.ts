import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CommandBus } from '@nestjs/cqrs';
import {
  SYNC_LEASE_MS,
  accountStream,
  walletJournalStream,
  walletTransactionsStream,
  type AccountDto,
  type JournalEntriesPage,
} from '@tradewise/contracts';
import { AccountSyncRecords, ChangeAccount } from '@tradewise/accounts';
import {
  CHECKPOINT_STORE,
  EVENT_STORE,
  READ_STORE,
  ManualClock,
  SystemClock,
  createLogger,
  type Clock,
  type EventStore,
} from '@tradewise/platform';
import { RegistryReadModels } from '@tradewise/projections';
import { AccountSyncScheduler, type AccountSyncSchedulerOptions } from '@tradewise/sync';
import { startServer, type RunningServer } from '../../services/server/src/bootstrap';
import { freePort } from '../support/server-process';
import { ProductClient } from './support/product-client';

const ARIA = 2119000011;
const DAX = 2119000012;
const MIRA = 2119000013;

describe('Account sync in the product process (demo: the mounted simulator)', () => {
  jest.setTimeout(120_000);
  let dataDir: string;
  let server: RunningServer;
  let client: ProductClient;
  let account: AccountDto;

  const eventTypes = async (stream: string): Promise<string[]> =>
    (await server.app.get<EventStore>(EVENT_STORE).readStream(stream)).map((e) => e.type);
  /** Another sync worker in this process, as one on another machine would be. */
  const worker = (
    options: Pick<AccountSyncSchedulerOptions, 'wallets'> & {
      workerId: string;
      clock?: Clock;
      timeoutMs?: number;
    },
  ) =>
    new AccountSyncScheduler({
      readModels: new RegistryReadModels(
        server.app.get(READ_STORE),
        server.app.get(CHECKPOINT_STORE),
        new SystemClock(),
      ),
      wallets: options.wallets,
      recorder: server.app.get(AccountSyncRecords),
      clock: options.clock ?? new SystemClock(),
      logger: createLogger('silent'),
      worker: { workerId: options.workerId, runId: randomUUID() },
      timeoutMs: options.timeoutMs,
    });

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'tw-sync-'));
    server = await startServer({
      env: { ...process.env, DATA_DIR: dataDir, PORT: String(await freePort()), LOG_LEVEL: 'silent' },
    });
    client = new ProductClient(server.url);
    await client.authorize(ARIA);
    await client.authorize(DAX, { path: '/api/v1/account/addCharacter' });
    account = (await client.get('/api/v1/account')).body as AccountDto;
  });

  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('syncs nothing until the owner starts syncing', async () => {
    expect(await server.syncWorker!.scheduler.dueAccounts()).toEqual([]);
  });

  it('records a failed sync as failed, not as an update, and retries it on the next round', async () => {
    expect((await client.request('PATCH', '/api/v1/account', { body: { syncEnabled: true } })).status).toBe(
      200,
    );
    expect(await server.syncWorker!.scheduler.dueAccounts()).toEqual([
      { accountId: account.id, characterIds: [ARIA, DAX] },
    ]);
    server.simulator!.faults.failNext(40, 503, { operationId: 'GetCharactersCharacterIdWalletJournal' });
    await server.syncWorker!.scheduler.runDue();
    server.simulator!.faults.clear();
    const failed = (await client.get('/api/v1/account')).body as AccountDto;
    expect(failed.lastUpdate).toBeNull();
    expect((await eventTypes(accountStream(account.id))).slice(-2)).toEqual([
      'AccountSyncStarted',
      'AccountSyncFailed',
    ]);
    expect(await server.syncWorker!.scheduler.dueAccounts()).toHaveLength(1);
  });

  it('imports the wallets, records the update on the account and its characters, and waits an hour for the next', async () => {
    await server.syncWorker!.scheduler.runDue();
    const synced = (await client.get('/api/v1/account')).body as AccountDto;
    expect(synced.lastUpdate).not.toBeNull();
    expect(synced.characters.map((c) => c.lastWalletUpdate)).toEqual([synced.lastUpdate, synced.lastUpdate]);
    const events = await server.app.get<EventStore>(EVENT_STORE).readStream(accountStream(account.id));
    expect(events.at(-1)).toMatchObject({ type: 'AccountSyncCompleted', metadata: { actor: 'system:sync' } });

    const deadline = Date.now() + 30_000;
    while ((await eventTypes(walletTransactionsStream(ARIA))).length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect((await eventTypes(walletTransactionsStream(ARIA))).length).toBeGreaterThan(0);
    expect(await server.syncWorker!.scheduler.dueAccounts()).toEqual([]);
  });

  it('reads the characters’ corporation roles again on each sync, so a promotion shows without a new login', async () => {
    // As if Dax's roles had been read at login, before a promotion to Factory Manager.
    await server.app.get<EventStore>(EVENT_STORE).append(
      accountStream(account.id),
      [
        {
          id: randomUUID(),
          type: 'CharacterRolesUpdated',
          data: { characterId: DAX, roles: [] },
          metadata: { $correlationId: 'roles', $causationId: 'roles', actor: 'system:login' },
        },
      ],
      { expectedRevision: 'any' },
    );
    const rolesOf = async () =>
      ((await client.get('/api/v1/account')).body as AccountDto).characters.find((c) => c.id === DAX)!.roles;
    const deadline = Date.now() + 10_000;
    while ((await rolesOf()).length > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(await rolesOf()).toEqual([]);

    const outcome = await server.syncWorker!.scheduler.syncAccount({
      accountId: account.id,
      characterIds: [ARIA, DAX],
    });
    expect(outcome?.kind).toBe('completed');
    expect(await rolesOf()).toEqual(['Factory_Manager']);
    const events = await server.app.get<EventStore>(EVENT_STORE).readStream(accountStream(account.id));
    expect(events.filter((e) => e.type === 'CharacterRolesUpdated').at(-1)).toMatchObject({
      data: { characterId: DAX, roles: ['Factory_Manager'] },
      metadata: { actor: 'system:sync' },
    });
  });

  it("serves the imported journal, newest first, filtered and paged, naming only the account's characters", async () => {
    const path = `/api/v1/journal/${account.id}/entries`;
    // Every imported row, once the import is over and the projection has applied them all (pages read
    // mid-import would shift under the paging checks below).
    const importedRows = async () =>
      (await eventTypes(walletJournalStream(ARIA))).length +
      (await eventTypes(walletJournalStream(DAX))).length;
    let imported = -1;
    let page: JournalEntriesPage = { total: -1, entries: [] };
    const deadline = Date.now() + 30_000;
    for (;;) {
      const before = imported;
      imported = await importedRows();
      page = (await client.get(path)).body as JournalEntriesPage;
      if ((imported > 0 && imported === before && page.total === imported) || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(imported).toBeGreaterThan(0);
    expect(page.total).toBe(imported);
    expect(page.entries.length).toBe(Math.min(40, page.total));
    const dates = page.entries.map((e) => e.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    const names = new Set(page.entries.flatMap((e) => [e.firstPartyName, e.secondPartyName]));
    for (const name of names) expect([null, 'Aria Venn', 'Dax Korrin']).toContain(name);

    const onlyDax = (await client.get(`${path}?characterId=${DAX}&count=10`)).body as JournalEntriesPage;
    expect(onlyDax.entries.every((e) => e.characterId === DAX)).toBe(true);
    const refType = page.entries[0]!.refType;
    const ofType = (await client.get(`${path}?refType=${refType.toUpperCase()}&count=100`))
      .body as JournalEntriesPage;
    expect(ofType.entries.length).toBeGreaterThan(0);
    expect(ofType.entries.every((e) => e.refType === refType)).toBe(true);
    const second = (await client.get(`${path}?start=10&count=10`)).body as JournalEntriesPage;
    expect(second.entries[0]?.id).toBe(
      ((await client.get(`${path}?count=11`)).body as JournalEntriesPage).entries[10]?.id,
    );

    expect(await client.get(`${path}?count=500`)).toMatchObject({
      status: 400,
      body: { message: 'count must be a whole number from 1 to 100.' },
    });
    expect((await client.get(`${path}?refType=<script>`)).status).toBe(400);
  });

  it('records a sync that runs out of time as timed out, and the next one is due 21 minutes later', async () => {
    const hanging = worker({
      workerId: 'hanging',
      wallets: { sync: () => new Promise(() => undefined) },
      timeoutMs: 100,
    });
    expect(await hanging.syncAccount({ accountId: account.id, characterIds: [ARIA] })).toMatchObject({
      kind: 'timed-out',
    });
    const timedOut = (await client.get('/api/v1/account')).body as AccountDto;
    expect(timedOut.lastSyncTimeout).not.toBeNull();
    expect(await server.syncWorker!.scheduler.dueAccounts()).toEqual([]);
  });

  it('records a sync in which no character could be read as failed, not as an update, and shows the ESI error', async () => {
    // An account of its own, never synced, so ESI's answers are not held in the client's cache.
    const owner = new ProductClient(server.url);
    await owner.authorize(MIRA);
    const mira = (await owner.get('/api/v1/account')).body as AccountDto;
    server.simulator!.sso.revokeCharacter(MIRA, { accessTokens: true });
    const outcome = await server.syncWorker!.scheduler.syncAccount({
      accountId: mira.id,
      characterIds: [MIRA],
    });
    expect(outcome).toMatchObject({
      kind: 'failed',
      reason: expect.stringContaining('No character could be read'),
    });
    const after = (await owner.get('/api/v1/account')).body as AccountDto;
    expect(after.lastUpdate).toBeNull();
    expect(after.characters.map((c) => c.syncStatus)).toEqual(['NOT_SYNCING_ESI_ERROR']);
    expect((await eventTypes(accountStream(mira.id))).slice(-3)).toEqual([
      'AccountSyncStarted',
      'CharacterEsiErrorMarked',
      'AccountSyncFailed',
    ]);
  });

  it('lets no worker take a live sync of another; once its lease has run out, one takes over and the first one ends as superseded', async () => {
    let entered!: () => void;
    const inSync = new Promise<void>((resolve) => (entered = resolve));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const read = { sync: async () => ({ transactions: 0, journalEntries: 0 }) };
    const first = worker({
      workerId: 'worker-a',
      wallets: {
        sync: async () => {
          entered();
          await held;
          return { transactions: 0, journalEntries: 0 };
        },
      },
    });
    const running = first.syncAccount({ accountId: account.id, characterIds: [ARIA] });
    await inSync;
    const typesBefore = await eventTypes(accountStream(account.id));

    expect(
      await worker({ workerId: 'worker-b', wallets: read }).syncAccount({
        accountId: account.id,
        characterIds: [ARIA],
      }),
    ).toBeNull();
    const later = new ManualClock(new Date(Date.now() + SYNC_LEASE_MS + 1_000));
    const second = worker({ workerId: 'worker-b', wallets: read, clock: later });
    expect(await second.syncAccount({ accountId: account.id, characterIds: [ARIA] })).toMatchObject({
      kind: 'completed',
    });
    release();
    await running;

    const events = (
      await server.app.get<EventStore>(EVENT_STORE).readStream(accountStream(account.id))
    ).slice(typesBefore.length);
    expect(events.map((e) => e.type)).toEqual([
      'AccountSyncInterrupted',
      'AccountSyncStarted',
      'AccountSyncCompleted',
    ]);
    expect(events[0]!.data).toMatchObject({ reason: 'lease-expired' });
    expect(events[1]!.data).toMatchObject({ workerId: 'worker-b' });
  });
});

describe('A process that syncs without serving the API', () => {
  jest.setTimeout(120_000);
  let dataDir: string;
  let server: RunningServer;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'tw-sync-role-'));
    const closedPort = await freePort();
    server = await startServer({
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: String(await freePort()),
        LOG_LEVEL: 'silent',
        ROLES: 'sync,projections',
        ESI_CLIENT_ID: 'sync-role-test',
        ESI_CLIENT_SECRET: 'secret',
        ESI_CALLBACK_URL: 'http://127.0.0.1/callback',
        SSO_BASE_URL: `http://127.0.0.1:${closedPort}`,
        ESI_BASE_URL: `http://127.0.0.1:${closedPort}`,
      },
    });
  });

  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("records its syncs through the app's CommandBus, as the API changes accounts", async () => {
    const accountId = randomUUID();
    const character = { characterId: MIRA, characterName: 'Mira', ownerHash: 'mira-owner', scopes: [] };
    const commands = server.app.get(CommandBus);
    await commands.execute(
      new ChangeAccount(accountId, { type: 'OpenAccount', accountId, character }, `character:${MIRA}`),
    );
    await commands.execute(
      new ChangeAccount(
        accountId,
        { type: 'ChangeAccountSettings', changes: { syncEnabled: true } },
        `account:${accountId}`,
      ),
    );
    const scheduler = server.syncWorker!.scheduler;
    const deadline = Date.now() + 30_000;
    while ((await scheduler.dueAccounts()).length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    // Mira has no stored grant, so the sync reads no character and fails; both ends are recorded.
    await scheduler.runDue();

    const events = (
      await server.app.get<EventStore>(EVENT_STORE).readStream(accountStream(accountId))
    ).filter((event) => event.type.startsWith('AccountSync'));
    expect(events.map((event) => [event.type, event.metadata.actor])).toEqual([
      ['AccountSyncStarted', 'system:sync'],
      ['AccountSyncFailed', 'system:sync'],
    ]);
  });
});
