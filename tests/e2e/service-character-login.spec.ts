import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CORPORATION_WALLET_SCOPE, accountStream } from '@tradewise/contracts';
import { EVENT_STORE, READ_STORE, type EventStore, type ReadStore } from '@tradewise/platform';
import { startServer, type RunningServer } from '../../services/server/src/bootstrap';
import { AdminUsageError, runAdminCommand } from '../../services/server/src/operations/admin-cli';
import { freePort } from '../support/server-process';
import { ProductClient } from './support/product-client';

const BANKER = 2119000001;
const ARIA = 2119000011;
const PRODUCT_CORPORATION = 98770001;
const ADMIN_TOKEN = 'service-character-e2e-token';
const DAY = 86_400_000;
const HOUR = 3_600_000;

/**
 * The operator links the service character as on the real ESI (README, docs/billing.md#deposits): with
 * PRODUCT_CORPORATION_ID named, the simulator's banker is not linked at start; the admin token gets a one-time
 * start URL, the SSO asks for the corporation wallet scope, and the callback keeps only a character of the product
 * corporation that granted it. Then the deposit sync reads the journal and credits deposits.
 */
describe('The operator’s service-character login', () => {
  jest.setTimeout(120_000);
  let dataDir: string;
  let server: RunningServer;

  const worker = () => server.syncWorker!;
  const startUrl = (token = ADMIN_TOKEN) =>
    fetch(`${server.url}/api/v1/admin/service-character/login`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
  /** The operator's browser: opens the one-time URL and logs in at the SSO with a character and scopes. */
  async function logInAsService(characterId: number, scopes: readonly string[], url?: string) {
    const start = new URL(url ?? ((await (await startUrl()).json()) as { url: string }).url);
    const browser = new ProductClient(server.url);
    return browser.authorize(characterId, { path: `${start.pathname}${start.search}`, scopes });
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'tw-service-character-'));
    const port = await freePort();
    server = await startServer({
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        LOG_LEVEL: 'silent',
        ADMIN_TOKEN,
        // Named by the operator: the demo's automatic banker is off, as on the real ESI.
        PRODUCT_CORPORATION_ID: String(PRODUCT_CORPORATION),
      },
    });
  });

  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('links no service character on its own, so no deposit is read', async () => {
    expect(await worker().depositSync!.runDue()).toBeNull();
    expect(await worker().serviceCharacter.current()).toBeNull();
  });

  it('gives the start URL only for the admin token, and each URL works once', async () => {
    expect((await startUrl('wrong')).status).toBe(401);
    expect(
      (await fetch(`${server.url}/api/v1/admin/service-character/login`, { method: 'POST' })).status,
    ).toBe(401);
    const answer = await startUrl();
    expect(answer.status).toBe(200);
    const { url, corporationId } = (await answer.json()) as { url: string; corporationId: number };
    expect(corporationId).toBe(PRODUCT_CORPORATION);
    expect(url).toMatch(new RegExp(`^${server.url}/api/v1/login/service-character\\?ticket=[\\w-]{43}$`));

    const browser = new ProductClient(server.url);
    expect((await browser.get('/api/v1/login/service-character?ticket=made-up')).status).toBe(403);
    const path = url.slice(server.url.length);
    const first = await browser.get(path);
    expect(first.status).toBe(302);
    const sso = new URL(first.headers.get('location')!);
    expect(sso.searchParams.get('scope')).toBe(CORPORATION_WALLET_SCOPE);
    expect((await browser.get(path)).status).toBe(403);
  });

  it('refuses a character of another corporation, and a login without the wallet scope', async () => {
    const outsider = await logInAsService(ARIA, [CORPORATION_WALLET_SCOPE]);
    expect(outsider.status).toBe(403);
    expect(outsider.body).toMatchObject({
      message: expect.stringContaining(`not in the product corporation ${PRODUCT_CORPORATION}`),
    });
    const withoutScope = await logInAsService(BANKER, []);
    expect(withoutScope.status).toBe(400);
    expect(withoutScope.body).toMatchObject({
      message: expect.stringContaining(`did not grant ${CORPORATION_WALLET_SCOPE}`),
    });
    expect(await worker().serviceCharacter.current()).toBeNull();
  });

  it('links the Tradewise Banker, its token encrypted at rest, from the URL the CLI prints', async () => {
    const env = { ADMIN_URL: server.url, ADMIN_TOKEN };
    await expect(runAdminCommand(['service-character-login', 'extra'], env)).rejects.toBeInstanceOf(
      AdminUsageError,
    );
    const printed = await runAdminCommand(['service-character-login'], env);
    expect(printed).toContain(`corporation ${PRODUCT_CORPORATION}`);
    const url = /(http:\S+)$/.exec(printed)![1]!;

    const linked = await logInAsService(BANKER, [CORPORATION_WALLET_SCOPE], url);
    expect(linked.status).toBe(200);
    expect(linked.body).toMatch(/^Tradewise Banker \(2119000001\) now reads the wallet journal/);
    expect(await worker().serviceCharacter.current()).toMatchObject({
      characterId: BANKER,
      characterName: 'Tradewise Banker',
      corporationId: PRODUCT_CORPORATION,
      scopes: [CORPORATION_WALLET_SCOPE],
      esiError: null,
    });
    const stored = await server.app
      .get<ReadStore>(READ_STORE)
      .collection<{ refreshToken: string }>('service_character_grant')
      .findOne({});
    const token = await worker().serviceCharacter.loadRefreshToken(BANKER);
    expect(token).toBeTruthy();
    expect(stored!.refreshToken).not.toContain(token!);

    const status = await fetch(`${server.url}/api/v1/admin/service-character`, {
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    expect(await status.json()).toMatchObject({
      corporationId: PRODUCT_CORPORATION,
      serviceCharacter: { characterId: BANKER },
    });
  });

  it('then reads the journal, and credits a sender’s deposits once, to the cent', async () => {
    const simulator = server.simulator!;
    const now = simulator.clock.now().getTime();
    const expected = simulator.world.groundTruth
      .deposits('', now - 30 * DAY + 2 * HOUR, now - 2 * HOUR)
      .filter((deposit) => deposit.characterId === ARIA);
    expect(expected.length).toBeGreaterThanOrEqual(1);
    const player = new ProductClient(server.url);
    await player.authorize(ARIA);
    const { id: accountId } = (await player.get('/api/v1/account')).body as { id: string };

    const read = await worker().depositSync!.runDue();
    expect(read!.published).toBeGreaterThanOrEqual(expected.length);
    const credited = async () =>
      (await server.app.get<EventStore>(EVENT_STORE).readStream(accountStream(accountId)))
        .filter((event) => event.type === 'DepositCredited')
        .map((event) => event.data as { journalRefId: number; amountCents: number });
    for (let attempt = 0; (await credited()).length < expected.length; attempt++) {
      if (attempt > 100) throw new Error('The deposits were not credited in time');
      await worker().deposits.runDue();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // Everything the journal surely listed is credited; nothing it never listed, nothing twice, to the cent.
    const listed = new Map(
      simulator.world.groundTruth
        .deposits('', now - 30 * DAY - 2 * HOUR, simulator.clock.now().getTime())
        .map((deposit) => [deposit.journalId, deposit.amountCents]),
    );
    const done = await credited();
    expect(new Set(done.map((deposit) => deposit.journalRefId)).size).toBe(done.length);
    for (const deposit of done) expect(deposit.amountCents).toBe(listed.get(deposit.journalRefId));
    expect(done.map((deposit) => deposit.journalRefId)).toEqual(
      expect.arrayContaining(expected.map((deposit) => deposit.journalId)),
    );
    const { balance } = (await player.get('/api/v1/account')).body as { balance: number };
    expect(Math.round(balance * 100)).toBe(done.reduce((sum, deposit) => sum + deposit.amountCents, 0));
  });
});
