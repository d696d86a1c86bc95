import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { ESI_LOGIN_SCOPES, ESI_OPTIONAL_SCOPES, accountStream, type AccountDto } from '@tradewise/contracts';
import { LOGIN_ATTEMPTS_PER_WINDOW, SyncGrantStore } from '@tradewise/accounts';
import { DEMO_SSO_CLIENT } from '@tradewise/esi-sim';
import {
  DEFAULT_SSO_BASE_URL,
  EVENT_STORE,
  EveSsoClient,
  READ_STORE,
  SystemClock,
  issuersFor,
  type EventStore,
  type ReadStore,
} from '@tradewise/platform';
import { CharacterGrantError, RefreshingTokenProvider } from '@tradewise/platform';
import { startServer, type RunningServer } from '../../services/server/src/bootstrap';
import { freePort } from '../support/server-process';
import { ProductClient } from './support/product-client';

const ARIA = 2119000011; // Trader
const DAX = 2119000012; // Factory_Manager
const MIRA = 2119000013;
const KAEL = 2119000021;

describe('Login and accounts through the ESI simulator (browser-free)', () => {
  jest.setTimeout(120_000);
  let dataDir: string;
  let server: RunningServer;

  /** Each client comes from its own address (trusted X-Forwarded-For from loopback), so rate limits stay apart. */
  const newClient = (): ProductClient => {
    const client = new ProductClient(server.url);
    const address = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const request = client.request.bind(client);
    client.request = (method, path, options = {}) =>
      request(method, path, { ...options, headers: { 'x-forwarded-for': address, ...options.headers } });
    return client;
  };

  async function loggedIn(characterId: number): Promise<{ client: ProductClient; account: AccountDto }> {
    const client = newClient();
    const login = await client.authorize(characterId);
    expect(login).toMatchObject({ status: 302, location: '/index' });
    const account = await client.get('/api/v1/account');
    expect(account.status).toBe(200);
    return { client, account: account.body as AccountDto };
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'tw-login-'));
    server = await startServer({
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: String(await freePort()),
        LOG_LEVEL: 'silent',
        // The simulator's traders deposit ISK: deposits (tests/e2e/deposits.spec.ts) would move the balance.
        PRODUCT_CORPORATION_ID: 'none',
      },
    });
  });

  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('logs in end to end: SSO redirect with state and PKCE, callback, session cookie, GET /api/v1/account', async () => {
    const client = newClient();
    const start = await client.get('/api/v1/login/redirect');
    expect(start.status).toBe(302);
    const authorize = new URL(start.headers.get('location')!);
    expect(authorize.pathname).toBe('/esi-sim/v2/oauth/authorize');
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${server.url}/api/v1/login/callback`);
    expect(authorize.searchParams.get('scope')!.split(' ')).toEqual([...ESI_LOGIN_SCOPES]);
    const stateCookie = start.headers.getSetCookie().find((c) => c.startsWith('tw_login='))!;
    expect(stateCookie).toMatch(/HttpOnly/);
    expect(stateCookie).toMatch(/SameSite=Lax/);
    expect(stateCookie).toContain(`tw_login=${authorize.searchParams.get('state')}`);

    const login = await client.authorize(ARIA);
    expect(login.location).toBe('/index');
    const sessionCookie = login.headers.getSetCookie().find((c) => c.startsWith('tw_session='))!;
    expect(sessionCookie).toMatch(/HttpOnly/);
    expect(sessionCookie).toMatch(/SameSite=Lax/);
    expect(sessionCookie).not.toMatch(/Secure/); // plain http here; Secure behind https
    const csrfCookie = login.headers.getSetCookie().find((c) => c.startsWith('tw_csrf='))!;
    expect(csrfCookie).not.toMatch(/HttpOnly/);

    const account = await client.get('/api/v1/account');
    expect(account.status).toBe(200);
    expect(account.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      characters: [
        {
          id: ARIA,
          name: 'Aria Venn',
          roles: ['Trader'],
          syncStatus: 'SYNCING',
          esiScopes: ESI_LOGIN_SCOPES.join(','),
          enableSync: true,
          enableCorpIndustrySync: false,
          enableCorpTradeSync: false,
          canSyncCorpIndustry: false,
          canSyncCorpTrade: false,
          defaultPriceRegion: null,
          defaultPriceFactor: null,
          reactionBonus: null,
          lastWalletUpdate: null,
          lastCorpIndustryUpdate: null,
          lastIndustryUpdate: null,
          lastTransactionsExport: null,
          lastJournalExport: null,
        },
      ],
      syncEnabled: false,
      autoRebill: false,
      subscriptionTier: 'FREE',
      lastSubscription: null,
      lastUpdate: null,
      lastSyncTimeout: null,
      corporationWallets: [],
      staffRole: null,
      balance: 0,
      characterName: 'Aria Venn',
      loginCharacterId: ARIA,
    });
  });

  it('answers 401 without a session, and after logout', async () => {
    const visitor = newClient();
    expect(await visitor.get('/api/v1/account')).toMatchObject({
      status: 401,
      body: { statusCode: 401, message: 'You are not logged in.' },
    });
    const { client } = await loggedIn(MIRA);
    expect((await client.request('POST', '/api/v1/account/logout')).status).toBe(204);
    expect(client.cookies.has('tw_session')).toBe(false);
    expect((await client.get('/api/v1/account')).status).toBe(401);
  });

  it('logs the same character into the same account again, with a new session id each time', async () => {
    const first = await loggedIn(KAEL);
    const oldSession = first.client.cookies.get('tw_session')!;
    const again = await first.client.authorize(KAEL);
    expect(again.location).toBe('/index');
    expect(first.client.cookies.get('tw_session')).not.toBe(oldSession);
    const account = (await first.client.get('/api/v1/account')).body as AccountDto;
    expect(account.id).toBe(first.account.id);
    const stale = new ProductClient(server.url);
    stale.cookies.set('tw_session', oldSession);
    expect((await stale.get('/api/v1/account')).status).toBe(401);

    const events = await server.app.get<EventStore>(EVENT_STORE).readStream(accountStream(account.id));
    expect(events.map((e) => e.type)).toEqual(['AccountOpened', 'CharacterLinked', 'CharacterRolesUpdated']);
    expect(
      events.every((e) => e.metadata.actor === `character:${KAEL}` || e.metadata.actor === 'system:login'),
    ).toBe(true);
  });

  it('refuses a callback whose state the browser did not start, and a code used twice', async () => {
    const client = newClient();
    const start = await client.get('/api/v1/login/redirect');
    const state = new URL(start.headers.get('location')!).searchParams.get('state');
    const other = newClient();
    const forged = await other.get(`/api/v1/login/callback?code=whatever&state=${state}`);
    expect(forged).toMatchObject({
      status: 400,
      body: { message: 'This login was started in another browser tab or has expired. Please log in again.' },
    });
    expect((await other.get('/api/v1/login/callback')).status).toBe(400);
    const replayer = newClient();
    const login = await replayer.authorize(ARIA);
    expect(login.location).toBe('/index');
    replayer.cookies.set('tw_login', new URL(login.callback, server.url).searchParams.get('state')!);
    expect(await replayer.get(login.callback)).toMatchObject({
      status: 400,
      body: { message: 'This login has expired or was already used. Please log in again.' },
    });
    const cancelled = await newClient().authorize(ARIA, { cancel: true });
    expect(cancelled).toMatchObject({ status: 302, location: '/' });
  });

  it('adds characters in the popup flow, reads roles from ESI, and enforces the FREE limit of 2 syncing characters', async () => {
    const { client, account } = await loggedIn(DAX);
    expect(account.characters[0]).toMatchObject({ id: DAX, roles: ['Factory_Manager'] });
    const added = await client.authorize(ARIA, { path: '/api/v1/account/addCharacter' });
    expect(added).toMatchObject({ status: 302, location: '/addCharacterComplete' });
    const third = await client.authorize(MIRA, { path: '/api/v1/account/addCharacter' });
    expect(third.location).toBe('/addCharacterComplete');
    const extended = await client.get('/api/v1/account/addCharacter?scopes=extended');
    expect(new URL(extended.headers.get('location')!).searchParams.get('scope')!.split(' ')).toEqual([
      ...ESI_LOGIN_SCOPES,
      ...ESI_OPTIONAL_SCOPES,
    ]);
    // An unknown scopes value is a mistake to report, not the login's scopes in disguise.
    for (const scopes of ['everything', '', 'extended,more']) {
      expect(await client.get(`/api/v1/account/addCharacter?scopes=${scopes}`)).toMatchObject({
        status: 400,
        body: { message: "scopes must be 'extended', or left out for the login's scopes." },
      });
    }

    const characters = (await client.get('/api/v1/account/characters')).body as AccountDto['characters'];
    expect(characters.map((c) => [c.id, c.enableSync, c.syncStatus])).toEqual([
      [DAX, true, 'SYNCING'],
      [ARIA, true, 'SYNCING'],
      [MIRA, false, 'NOT_SYNCING_MANUAL'],
    ]);
    // Aria moved here from the account she logged in to first.
    const ariaAlone = await loggedIn(ARIA);
    expect(ariaAlone.account.id).toBe(account.id);

    expect(
      await client.request('PATCH', `/api/v1/account/characters/${MIRA}`, { body: { enableSync: true } }),
    ).toMatchObject({
      status: 403,
      body: {
        statusCode: 403,
        code: 'INSUFFICIENT_SUBSCRIPTION',
        limit: 2,
        message: 'Your current subscription allows a maximum of 2 characters to be synced.',
      },
    });
    const stopped = await client.request('PATCH', `/api/v1/account/characters/${ARIA}`, {
      body: { enableSync: false, defaultPriceRegion: 10000002, defaultPriceFactor: 0.95 },
    });
    expect(stopped).toMatchObject({
      status: 200,
      body: { id: ARIA, enableSync: false, syncStatus: 'NOT_SYNCING_MANUAL', defaultPriceFactor: 0.95 },
    });
    const started = await client.request('PATCH', `/api/v1/account/characters/${MIRA}`, {
      body: { enableSync: true },
    });
    expect(started.body).toMatchObject({ id: MIRA, syncStatus: 'SYNCING' });

    expect(await client.request('PATCH', '/api/v1/account/', { body: { syncEnabled: true } })).toMatchObject({
      status: 200,
      body: { syncEnabled: true },
    });
    expect((await client.request('DELETE', `/api/v1/account/characters/${MIRA}`)).status).toBe(204);
    const after = (await client.get('/api/v1/account')).body as AccountDto;
    expect(after.characters.map((c) => c.id)).toEqual([DAX, ARIA]);
    expect(await client.request('DELETE', `/api/v1/account/characters/${MIRA}`)).toMatchObject({
      status: 404,
    });
  });

  it('answers bad input with a 400 the UI can show', async () => {
    const { client } = await loggedIn(2119000022);
    const patch = (path: string, body: unknown) => client.request('PATCH', path, { body });
    expect(await patch('/api/v1/account', { syncEnabled: 'yes' })).toMatchObject({
      status: 400,
      body: { message: expect.stringMatching(/^The request is not valid: syncEnabled: /) },
    });
    expect(await patch('/api/v1/account', { tier: 'PRO' })).toMatchObject({
      status: 400,
      body: { message: "The request is not valid: unknown field 'tier'." },
    });
    expect(await patch('/api/v1/account/characters/abc', { enableSync: true })).toMatchObject({
      status: 400,
      body: { message: "'abc' is not a character id." },
    });
    expect(await patch('/api/v1/account/characters/2119000022', { defaultPriceFactor: 0.5 })).toMatchObject({
      status: 400,
      body: { code: 'PRICE_FACTOR_NEEDS_REGION' },
    });
    expect(
      await patch('/api/v1/account/characters/2119000022', { enableCorpIndustrySync: true }),
    ).toMatchObject({
      status: 403,
      body: { code: 'NOT_A_FACTORY_MANAGER' },
    });
    expect(await patch('/api/v1/account', '{bad')).toMatchObject({ status: 400 });
    expect(await patch('/api/v1/account', [true])).toMatchObject({
      status: 400,
      body: { message: 'The request body must be a JSON object.' },
    });
  });

  it('refuses cookie-authenticated writes without the CSRF token or from another site', async () => {
    const { client } = await loggedIn(2119000031);
    const refused = {
      status: 403,
      body: {
        message:
          'This change was refused because it did not come from a Tradewise page. Reload the page and try again.',
      },
    };
    expect(
      await client.request('PATCH', '/api/v1/account', { body: { autoRebill: true }, csrf: false }),
    ).toMatchObject(refused);
    expect(
      await client.request('PATCH', '/api/v1/account', {
        body: { autoRebill: true },
        headers: { 'x-csrf-token': 'guessed' },
        csrf: false,
      }),
    ).toMatchObject(refused);
    expect(
      await client.request('PATCH', '/api/v1/account', {
        body: { autoRebill: true },
        headers: { origin: 'https://evil.example' },
      }),
    ).toMatchObject(refused);
    expect(await client.request('POST', '/api/v1/account/logout', { csrf: false })).toMatchObject(refused);
    const accepted = await client.request('PATCH', '/api/v1/account', {
      body: { autoRebill: true },
      headers: { origin: server.url, 'sec-fetch-site': 'same-origin' },
    });
    expect(accepted).toMatchObject({ status: 200, body: { autoRebill: true } });
  });

  it('keeps refresh tokens encrypted at rest, bound to their character', async () => {
    const { account } = await loggedIn(2119000001);
    const grants = server.app
      .get<ReadStore>(READ_STORE)
      .collection<{ _id: string; accountId: string; refreshToken: string }>('character_grants');
    const grant = await grants.findOne({ _id: '2119000001' });
    expect(grant).toMatchObject({ accountId: account.id, refreshToken: expect.stringMatching(/^v1\./) });
    const stored = JSON.stringify(await grants.find({}).toArray());
    // The simulator's refresh tokens are 32 url-safe characters; none appears in the clear.
    for (const token of stored.match(/"refreshToken":"([^"]+)"/g) ?? []) {
      expect(token).toMatch(/"refreshToken":"v1\./);
    }
  });

  it('treats a character whose owner changed as a new owner: it leaves the old account for a new one', async () => {
    const seller = await loggedIn(2119000031);
    server.simulator!.sso.transferCharacter(2119000031);
    const buyer = await loggedIn(2119000031);
    expect(buyer.account.id).not.toBe(seller.account.id);
    expect(buyer.account.characters.map((c) => c.id)).toEqual([2119000031]);
    const old = await seller.client.get('/api/v1/account');
    expect((old.body as AccountDto).characters).toEqual([]);
    const events = await server.app.get<EventStore>(EVENT_STORE).readStream(accountStream(seller.account.id));
    expect(events.at(-1)).toMatchObject({
      type: 'CharacterUnlinked',
      data: { characterId: 2119000031, reason: 'owner-changed' },
      metadata: { actor: 'system:login' },
    });
  });

  it("gives the sync worker the grant: rotated tokens are kept, a refused one marks the character's ESI error", async () => {
    const { client } = await loggedIn(2119000022);
    const grants = server.app.get(SyncGrantStore);
    const sso = new EveSsoClient({
      ssoBaseUrl: `${server.url}/esi-sim`,
      clientId: DEMO_SSO_CLIENT.clientId,
      clientSecret: DEMO_SSO_CLIENT.clientSecret,
      callbackUrl: `${server.url}/api/v1/login/callback`,
      userAgent: 'Tradewise tests',
      clock: new SystemClock(),
      issuers: issuersFor(DEFAULT_SSO_BASE_URL),
    });
    const tokens = new RefreshingTokenProvider({ sso, grants, clock: new SystemClock() });
    const before = await grants.loadRefreshToken(2119000022);
    const access = await tokens.accessTokenFor(2119000022);
    expect(access.scopes).toEqual([...ESI_LOGIN_SCOPES]);
    const rotated = await grants.loadRefreshToken(2119000022);
    expect(rotated).not.toBe(before);

    server.simulator!.faults.revokeTokens(2119000022);
    tokens.invalidate(2119000022, access.accessToken);
    await expect(tokens.accessTokenFor(2119000022)).rejects.toThrow(CharacterGrantError);
    const marked = (await client.get('/api/v1/account')).body as AccountDto;
    expect(marked.characters[0]!.syncStatus).toBe('NOT_SYNCING_ESI_ERROR');

    await client.authorize(2119000022);
    const reauthorized = (await client.get('/api/v1/account')).body as AccountDto;
    expect(reauthorized.characters[0]!.syncStatus).toBe('SYNCING');
  });

  it('limits login attempts per address with a 429 and Retry-After', async () => {
    const client = newClient();
    const answers = [];
    for (let attempt = 0; attempt <= LOGIN_ATTEMPTS_PER_WINDOW; attempt++) {
      answers.push(await client.get('/api/v1/login/redirect'));
    }
    expect(answers.slice(0, LOGIN_ATTEMPTS_PER_WINDOW).every((a) => a.status === 302)).toBe(true);
    expect(answers[LOGIN_ATTEMPTS_PER_WINDOW]).toMatchObject({
      status: 429,
      body: {
        statusCode: 429,
        error: 'Too Many Requests',
        message: expect.stringMatching(/^Too many login attempts/),
      },
    });
    expect(Number(answers[LOGIN_ATTEMPTS_PER_WINDOW]!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await newClient().get('/api/v1/login/redirect')).status).toBe(302);
  });

  it('keeps session cookies, CSRF tokens and login codes out of the request log', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const logDir = mkdtempSync(join(tmpdir(), 'tw-login-log-'));
    const logged = await startServer({
      env: {
        ...process.env,
        DATA_DIR: logDir,
        PORT: String(await freePort()),
        LOG_LEVEL: 'info',
        ROLES: 'api,projections',
      },
      logDestination: sink,
    });
    try {
      const client = new ProductClient(logged.url);
      const login = await client.authorize(ARIA);
      expect(login.location).toBe('/index');
      await client.request('PATCH', '/api/v1/account', { body: { autoRebill: true } });
      const code = new URL(login.callback, logged.url).searchParams.get('code')!;
      const log = lines.join('');
      expect(log).toContain('/api/v1/login/callback?code=[redacted]');
      for (const secret of [client.cookies.get('tw_session')!, client.csrfToken!, code]) {
        expect(log).not.toContain(secret);
      }
    } finally {
      await logged.close();
      rmSync(logDir, { recursive: true, force: true });
    }
  });

  it('never answers 500 to a garbled cookie or callback', async () => {
    const client = newClient();
    client.cookies.set('tw_session', '%E0%A4%A');
    expect((await client.get('/api/v1/account')).status).toBe(401);
    expect(
      (await client.get(`/api/v1/login/callback?code=${randomUUID()}&state=${randomUUID()}`)).status,
    ).toBe(400);
  });
});
