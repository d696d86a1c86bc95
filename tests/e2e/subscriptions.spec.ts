import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  accountBillingEventDefinitions,
  accountStream,
  type AccountDto,
  type AccountTransactionDto,
  type SubscriptionRecordDto,
} from '@tradewise/contracts';
import { EVENT_STORE, ManualClock, type EventStore } from '@tradewise/platform';
import { startServer, type RunningServer } from '../../services/server/src/bootstrap';
import { AdminUsageError, runAdminCommand } from '../../services/server/src/operations/admin-cli';
import { freePort } from '../support/server-process';
import { ProductClient, type HttpAnswer } from './support/product-client';

const ARIA = 2119000011;
const DAX = 2119000012;
const MIRA = 2119000013;
const DAY = 86_400_000;
const T0 = Date.parse('2026-03-02T12:00:00.000Z');
const day = (n: number): string => new Date(T0 + n * DAY).toISOString();

/**
 * Subscriptions over HTTP on a fake clock across 90 days (account-area §4 Subscriptions, docs/billing.md): staff
 * funds the balance, the trial, a purchase retried with its Idempotency-Key, the pro-rated upgrade, a renewal by
 * Automatic Re-bill, and the drop to FREE that stops the third character.
 */
describe('Subscriptions in the product process, on a fake clock', () => {
  jest.setTimeout(120_000);
  const clock = new ManualClock(day(0));
  let dataDir: string;
  let server: RunningServer;
  let client: ProductClient;
  let accountId: string;
  let adminToken: string;

  /** Sessions end after 14 idle days: a jump in time logs in again, into the same account. */
  async function logIn(): Promise<void> {
    client = new ProductClient(server.url);
    await client.authorize(ARIA);
  }
  const account = async (): Promise<AccountDto> => (await client.get('/api/v1/account')).body as AccountDto;
  const buy = (tier: string, headers: Record<string, string> = {}): Promise<HttpAnswer> =>
    client.request('POST', '/api/v1/account/subscriptions', { body: { tier }, headers });
  const staff = (kind: 'credits' | 'debits', body: unknown, token = adminToken) =>
    fetch(`${server.url}/api/v1/admin/accounts/${accountId}/${kind}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  async function travelTo(n: number): Promise<number> {
    clock.set(day(n));
    const recorded = await server.syncWorker!.subscriptions.runDue();
    await logIn();
    return recorded;
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'tw-subscriptions-'));
    server = await startServer({
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: String(await freePort()),
        LOG_LEVEL: 'silent',
        // The simulator's traders deposit ISK: deposits (tests/e2e/deposits.spec.ts) would move the balance.
        PRODUCT_CORPORATION_ID: 'none',
      },
      clock,
    });
    adminToken = readFileSync(join(dataDir, 'admin.token'), 'utf8').trim();
    await logIn();
    accountId = (await account()).id;
  });

  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('opens FREE with no balance, and refuses a purchase with the Purchase Error title', async () => {
    expect(await account()).toMatchObject({ subscriptionTier: 'FREE', balance: 0, lastSubscription: null });
    expect(await buy('SUPPORTER')).toMatchObject({
      status: 400,
      body: {
        statusCode: 400,
        code: 'INSUFFICIENT_BALANCE',
        title: 'Insufficient balance',
        message:
          "The Supporter subscription's price of 100,000,000.00 ISK is more than your balance of 0.00 ISK.",
      },
    });
    expect((await buy('FREE')).status).toBe(400);
  });

  it('lets support staff credit the account with a reason, only with the admin token', async () => {
    expect((await staff('credits', { isk: 1, reason: 'x', staff: 'e2e' }, 'wrong')).status).toBe(401);
    expect((await staff('credits', { isk: 1.001, reason: 'x', staff: 'e2e' })).status).toBe(400);
    const credited = await staff('credits', { isk: 450_000_000, reason: 'Test funds', staff: 'e2e' });
    expect(credited.status).toBe(200);
    expect(await credited.json()).toMatchObject({ accountId, balance: 450_000_000 });
    expect((await account()).balance).toBe(450_000_000);
  });

  it('starts the 3-day Pro trial once, and Pro has nothing to buy', async () => {
    const trial = await client.request('POST', '/api/v1/account/subscriptions/freeTrial');
    expect(trial).toMatchObject({
      status: 200,
      body: {
        subscriptionTier: 'PRO',
        balance: 450_000_000,
        lastSubscription: { tier: 'PRO', startDate: day(0), endDate: day(3) },
      },
    });
    expect(await client.request('POST', '/api/v1/account/subscriptions/freeTrial')).toMatchObject({
      status: 400,
      body: { code: 'TRIAL_NOT_ELIGIBLE', title: 'Not eligible for the free trial' },
    });
    expect(await buy('PRO')).toMatchObject({
      status: 400,
      body: { code: 'ALREADY_SUBSCRIBED', title: 'Already subscribed' },
    });
  });

  it('ends the trial at its end date: the account is FREE again, and the trial is not offered again', async () => {
    expect(await travelTo(2.99)).toBe(0);
    expect(await travelTo(3)).toBe(1);
    expect(await account()).toMatchObject({
      subscriptionTier: 'FREE',
      lastSubscription: { endDate: day(3) },
    });
    expect((await client.request('POST', '/api/v1/account/subscriptions/freeTrial')).status).toBe(400);
  });

  it('charges a purchase retried with the same Idempotency-Key once', async () => {
    const key = { 'Idempotency-Key': 'purchase-7f3a' };
    const first = await buy('SUPPORTER', key);
    const retry = await buy('SUPPORTER', key);
    expect(first).toMatchObject({
      status: 200,
      body: { subscriptionTier: 'SUPPORTER', balance: 350_000_000 },
    });
    expect(retry).toMatchObject({
      status: 200,
      body: { subscriptionTier: 'SUPPORTER', balance: 350_000_000 },
    });
    expect(await buy('SUPPORTER', { 'Idempotency-Key': 'another-tab' })).toMatchObject({
      status: 400,
      body: { title: 'Already subscribed' },
    });
  });

  it('upgrades Supporter to Pro after 10 days for 200m less the 20 unused days, for 30 days from the upgrade', async () => {
    await travelTo(13);
    const upgraded = await buy('PRO');
    expect(upgraded).toMatchObject({
      status: 200,
      body: {
        subscriptionTier: 'PRO',
        balance: 216_666_666.66,
        lastSubscription: { tier: 'PRO', startDate: day(13), endDate: day(43) },
      },
    });
    await client.authorize(DAX, { path: '/api/v1/account/addCharacter' });
    await client.authorize(MIRA, { path: '/api/v1/account/addCharacter' });
    expect((await account()).characters.map((c) => [c.id, c.syncStatus])).toEqual([
      [ARIA, 'SYNCING'],
      [DAX, 'SYNCING'],
      [MIRA, 'SYNCING'],
    ]);
  });

  it('renews Pro with Automatic Re-bill from its end date, then drops to FREE when the balance runs short', async () => {
    expect((await client.request('PATCH', '/api/v1/account', { body: { autoRebill: true } })).status).toBe(
      200,
    );
    expect(await travelTo(43)).toBe(1);
    expect(await account()).toMatchObject({
      subscriptionTier: 'PRO',
      balance: 16_666_666.66,
      lastSubscription: { tier: 'PRO', startDate: day(43), endDate: day(73) },
    });

    expect(await travelTo(73)).toBe(1);
    const free = await account();
    expect(free).toMatchObject({ subscriptionTier: 'FREE', balance: 16_666_666.66, autoRebill: true });
    expect(free.characters.map((c) => [c.id, c.syncStatus, c.enableSync])).toEqual([
      [ARIA, 'SYNCING', true],
      [DAX, 'SYNCING', true],
      [MIRA, 'NOT_SYNCING_SUB_INSUFFICIENT', false],
    ]);
    expect(await travelTo(90)).toBe(0);
  });

  it('lets staff debit within the balance only, and lists every transaction and subscription, newest first', async () => {
    expect((await staff('debits', { isk: 16_666_666.67, reason: 'Too much', staff: 'e2e' })).status).toBe(
      400,
    );
    const debited = await staff('debits', { isk: 6_666_666.66, reason: 'ISK sent back', staff: 'e2e' });
    expect(await debited.json()).toMatchObject({ balance: 10_000_000 });

    const transactions = (await client.get('/api/v1/account/transactions')).body as AccountTransactionDto[];
    expect(transactions.map(({ reason, amount, description }) => [reason, amount, description])).toEqual([
      ['WITHDRAWAL', -6_666_666.66, 'ISK sent back'],
      ['PURCHASE', -200_000_000, 'Pro subscription renewed'],
      ['PURCHASE', -133_333_333.34, 'Upgrade to Pro (pro-rated)'],
      ['PURCHASE', -100_000_000, 'Supporter subscription'],
      ['CREDIT', 450_000_000, 'Test funds'],
    ]);
    const balance = transactions.reduce((sum, row) => sum + Math.round(row.amount * 100), 0) / 100;
    expect(balance).toBe((await account()).balance);

    const subscriptions = (await client.get('/api/v1/account/subscriptions')).body as SubscriptionRecordDto[];
    expect(subscriptions.map(({ tier, startDate, endDate }) => [tier, startDate, endDate])).toEqual([
      ['PRO', day(43), day(73)],
      ['PRO', day(13), day(43)],
      ['SUPPORTER', day(3), day(13)],
      ['PRO', day(0), day(3)],
    ]);

    const events = await server.app.get<EventStore>(EVENT_STORE).readStream(accountStream(accountId));
    const actors = events
      .filter((e) => accountBillingEventDefinitions.some((definition) => definition.type === e.type))
      .map((e) => [e.type, e.metadata.actor]);
    expect(actors).toEqual([
      ['AccountCredited', 'staff:e2e'],
      ['FreeTrialStarted', `account:${accountId}`],
      ['SubscriptionExpired', 'system:subscriptions'],
      ['SubscriptionPurchased', `account:${accountId}`],
      ['SubscriptionUpgraded', `account:${accountId}`],
      ['SubscriptionRenewed', 'system:subscriptions'],
      ['SubscriptionExpired', 'system:subscriptions'],
      ['AccountDebited', 'staff:e2e'],
    ]);
  });

  it('lets staff credit and debit from the shell (npm run admin) against the running server', async () => {
    const env = { DATA_DIR: dataDir, ADMIN_URL: server.url, USER: 'shell-user' };
    expect(await runAdminCommand(['credit', accountId, '1,000,000', '--reason', 'Goodwill'], env)).toBe(
      `Credited 1,000,000.00 ISK to account ${accountId} as staff:shell-user; the balance is 11,000,000.00 ISK.`,
    );
    await expect(
      runAdminCommand(['debit', accountId, '20000000', '--reason', 'Too much', '--staff', 'bob'], env),
    ).rejects.toThrow('A debit of 20,000,000.00 ISK is more than your balance of 11,000,000.00 ISK.');
    await expect(runAdminCommand(['credit', accountId, '5'], env)).rejects.toBeInstanceOf(AdminUsageError);
    const events = await server.app.get<EventStore>(EVENT_STORE).readStream(accountStream(accountId));
    expect(events.at(-1)).toMatchObject({
      type: 'AccountCredited',
      data: { amountCents: 100_000_000, reason: 'Goodwill' },
      metadata: { actor: 'staff:shell-user' },
    });
  });

  it('keeps a character the drop to FREE stopped until its owner, subscribed again, starts it', async () => {
    const start = () =>
      client.request('PATCH', `/api/v1/account/characters/${MIRA}`, { body: { enableSync: true } });
    expect(await start()).toMatchObject({
      status: 403,
      body: { message: 'Your current subscription allows a maximum of 2 characters to be synced.' },
    });
    expect((await staff('credits', { isk: 100_000_000, reason: 'Top-up', staff: 'e2e' })).status).toBe(200);
    expect((await buy('SUPPORTER')).status).toBe(200);
    const subscribed = await account();
    expect(subscribed.characters.find((c) => c.id === MIRA)).toMatchObject({
      enableSync: false,
      syncStatus: 'NOT_SYNCING_SUB_INSUFFICIENT',
    });
    expect(await start()).toMatchObject({ status: 200 });
    expect((await account()).characters.map((c) => [c.id, c.syncStatus])).toEqual([
      [ARIA, 'SYNCING'],
      [DAX, 'SYNCING'],
      [MIRA, 'SYNCING'],
    ]);
  });
});
