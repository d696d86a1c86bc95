import { createHash, createPublicKey, randomBytes, verify, type JsonWebKey } from 'node:crypto';
import { ssoAccessTokenClaimsSchema } from '@tradewise/contracts';
import type { RunningEsiSimulator } from './esi-simulator';
import { DEMO_SSO_CLIENT } from './sso/sso-authority';
import type { SimulationClock } from './world/simulation-clock';
import { esiFetch, startTestSimulator, TEST_NOW } from './testing/test-simulator';

// Generating a world takes seconds on a busy two-core machine.
jest.setTimeout(30_000);

const ARIA = 2119000011;
const MIRA = 2119000013;
const FFAB = 98770002;
const WALLET = 'esi-wallet.read_character_wallet.v1';
const CORPORATION_WALLETS = 'esi-wallet.read_corporation_wallets.v1';
const CALLBACK = 'http://localhost:3000/api/v1/login/callback';
const basic = `Basic ${Buffer.from(`${DEMO_SSO_CLIENT.clientId}:${DEMO_SSO_CLIENT.clientSecret}`).toString('base64')}`;

async function form(
  simulator: RunningEsiSimulator,
  path: string,
  fields: Record<string, string>,
  authorization?: string,
): Promise<Response> {
  return fetch(`${simulator.url}${path}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      ...(authorization ? { Authorization: authorization } : {}),
    },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
}

/** Goes through the login page like a player: the page, then the form post that redirects with a code. */
async function authorize(
  simulator: RunningEsiSimulator,
  characterId: number,
  scopes: readonly string[],
  extra: Record<string, string> = {},
): Promise<string> {
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: DEMO_SSO_CLIENT.clientId,
    redirect_uri: CALLBACK,
    scope: scopes.join(' '),
    state: 'xyz',
    ...extra,
  });
  const page = await fetch(`${simulator.url}/v2/oauth/authorize?${query.toString()}`);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain('Mira Soltan');
  expect(html).toContain(scopes[0]);
  const body = new URLSearchParams(query);
  body.set('character_id', String(characterId));
  body.set('decision', 'authorize');
  for (const scope of scopes) body.append('granted_scope', scope);
  const redirect = await fetch(`${simulator.url}/v2/oauth/authorize`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: body.toString(),
    redirect: 'manual',
  });
  expect(redirect.status).toBe(302);
  const location = new URL(redirect.headers.get('location')!);
  expect(`${location.origin}${location.pathname}`).toBe(CALLBACK);
  expect(location.searchParams.get('state')).toBe('xyz');
  return location.searchParams.get('code')!;
}

describe('the ESI protocol', () => {
  let simulator: RunningEsiSimulator;
  let aria: string;
  let mira: string;

  beforeAll(async () => {
    simulator = await startTestSimulator();
    aria = simulator.issueTokens(ARIA, [
      WALLET,
      CORPORATION_WALLETS,
      'esi-markets.read_character_orders.v1',
    ]).access_token;
    mira = simulator.issueTokens(MIRA, [WALLET, CORPORATION_WALLETS]).access_token;
  });

  afterAll(async () => {
    await simulator.close();
  });

  beforeEach(() => {
    simulator.resetLimits();
    simulator.faults.clear();
  });

  it('sends ESI headers: cache times, ETag, compatibility date, rate limit, request id', async () => {
    const answer = await esiFetch(simulator, `/characters/${ARIA}/wallet/journal`, { token: aria });
    expect(answer.status).toBe(200);
    const lastModified = Date.parse(answer.headers.get('last-modified')!);
    expect(Date.parse(answer.headers.get('expires')!) - lastModified).toBe(3_600_000);
    expect(lastModified).toBeLessThanOrEqual(Date.parse(TEST_NOW));
    expect(answer.headers.get('date')).toBe(new Date(TEST_NOW).toUTCString());
    expect(answer.headers.get('etag')).toMatch(/^"[0-9a-f]{56}"$/);
    expect(answer.headers.get('cache-control')).toBe('private');
    expect(answer.headers.get('x-compatibility-date')).toBe('2020-01-01');
    expect(answer.headers.get('x-esi-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(answer.headers.get('x-ratelimit-group')).toBe('char-wallet');
    expect(answer.headers.get('x-ratelimit-limit')).toBe('150/15m');
    expect(answer.headers.get('x-ratelimit-used')).toBe('2');
    expect(answer.headers.get('x-esi-error-limit-remain')).toBeNull();
    const orders = await esiFetch(simulator, `/characters/${ARIA}/orders`, { token: aria });
    expect(orders.headers.get('x-esi-error-limit-remain')).toBe('100');
    expect(orders.headers.get('x-ratelimit-group')).toBeNull();
  });

  it('answers 304 to If-None-Match and If-Modified-Since, with the cache headers and no body', async () => {
    const first = await esiFetch(simulator, '/markets/prices');
    const etag = first.headers.get('etag')!;
    const again = await esiFetch(simulator, '/markets/prices', { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('expires')).toBe(first.headers.get('expires'));
    const since = await esiFetch(simulator, '/markets/prices', {
      headers: { 'If-Modified-Since': first.headers.get('last-modified')! },
    });
    expect(since.status).toBe(304);
    const changed = await esiFetch(simulator, '/markets/prices', { headers: { 'If-None-Match': '"other"' } });
    expect(changed.status).toBe(200);
  });

  it('pages with X-Pages, keeps pages consistent, and answers 404 past the last page', async () => {
    const first = await esiFetch(simulator, '/markets/10000002/orders?order_type=all');
    const pages = Number(first.headers.get('x-pages'));
    expect(pages).toBeGreaterThanOrEqual(1);
    const ids = new Set<number>();
    for (let page = 1; page <= pages; page++) {
      const answer = await esiFetch(simulator, `/markets/10000002/orders?order_type=all&page=${page}`);
      expect(answer.headers.get('last-modified')).toBe(first.headers.get('last-modified'));
      for (const order of (await answer.json()) as { order_id: number }[]) ids.add(order.order_id);
    }
    expect(ids.size).toBeGreaterThan((pages - 1) * 1000);
    expect((await esiFetch(simulator, `/markets/10000002/orders?page=${pages + 1}`)).status).toBe(404);
  });

  it('walks wallet transactions back with from_id', async () => {
    const newest = (await (
      await esiFetch(simulator, `/characters/${ARIA}/wallet/transactions`, { token: aria })
    ).json()) as {
      transaction_id: number;
    }[];
    expect(newest.length).toBeGreaterThan(10);
    const from = newest[5]!.transaction_id;
    const older = (await (
      await esiFetch(simulator, `/characters/${ARIA}/wallet/transactions?from_id=${from}`, { token: aria })
    ).json()) as { transaction_id: number }[];
    expect(older[0]!.transaction_id).toBe(from);
    expect(older.slice(0, 5).map((t) => t.transaction_id)).toEqual(
      newest.slice(5, 10).map((t) => t.transaction_id),
    );
  });

  it('answers 401 without a token, with a bad one and with an expired one', async () => {
    const path = `/characters/${ARIA}/wallet`;
    expect((await esiFetch(simulator, path)).status).toBe(401);
    const [header, payload, signature] = aria.split('.');
    const forged = Buffer.from(payload!, 'base64url').toString().replace(`${ARIA}`, `${MIRA}`);
    const tampered = `${header}.${Buffer.from(forged).toString('base64url')}.${signature}`;
    expect((await esiFetch(simulator, `/characters/${MIRA}/wallet`, { token: tampered })).status).toBe(401);
    expect((await esiFetch(simulator, path, { token: 'not-a-jwt' })).status).toBe(401);
    const clock = simulator.clock as SimulationClock;
    const shortLived = simulator.issueTokens(ARIA, [WALLET]).access_token;
    clock.advance(21 * 60_000);
    try {
      const expired = await esiFetch(simulator, path, { token: shortLived });
      expect(expired.status).toBe(401);
      expect(((await expired.json()) as { error: string }).error).toBe('token is expired');
    } finally {
      clock.set(TEST_NOW);
      clock.freeze();
    }
  });

  it('answers 403 for a missing scope, another character and a missing corporation role', async () => {
    const noScope = await esiFetch(simulator, `/characters/${ARIA}/contracts`, { token: aria });
    expect(noScope.status).toBe(403);
    expect(((await noScope.json()) as { error: string }).error).toBe('token not valid for scope');
    expect((await esiFetch(simulator, `/characters/${MIRA}/wallet`, { token: aria })).status).toBe(403);
    const noRole = await esiFetch(simulator, `/corporations/${FFAB}/wallets`, { token: aria });
    expect(noRole.status).toBe(403);
    expect(((await noRole.json()) as { error: string }).error).toMatch(/required role/);
    expect((await esiFetch(simulator, `/corporations/${FFAB}/wallets`, { token: mira })).status).toBe(200);
  });

  it('answers 420 to everything once 100 errors fell in 60 seconds, until the window ends', async () => {
    for (let error = 0; error < 100; error++) {
      const answer = await esiFetch(simulator, '/markets/10000002/history?type_id=1');
      expect(answer.status).toBe(404);
      expect(answer.headers.get('x-esi-error-limit-remain')).toBe(String(99 - error));
    }
    const blocked = await esiFetch(simulator, '/status');
    expect(blocked.status).toBe(420);
    expect(((await blocked.json()) as { error: string }).error).toMatch(/exceeded the error limit/);
    expect((await esiFetch(simulator, `/characters/${ARIA}/wallet`, { token: aria })).status).toBe(420);
    const clock = simulator.clock as SimulationClock;
    clock.advance(60_000);
    try {
      expect((await esiFetch(simulator, '/status')).status).toBe(200);
    } finally {
      clock.set(TEST_NOW);
      clock.freeze();
    }
  });

  it('answers 429 with Retry-After when a rate-limit group is spent, and serves again a window later', async () => {
    const token = simulator.issueTokens(MIRA, [WALLET]).access_token;
    const clock = simulator.clock as SimulationClock;
    const started = clock.nowMs();
    for (let call = 0; call < 75; call++) {
      expect((await esiFetch(simulator, `/characters/${MIRA}/wallet`, { token })).status).toBe(200);
    }
    const limited = await esiFetch(simulator, `/characters/${MIRA}/wallet`, { token });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBe(900);
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
    expect((await esiFetch(simulator, '/markets/prices')).status).toBe(200);
    clock.advance(900_000);
    try {
      expect(
        (
          await esiFetch(simulator, `/characters/${MIRA}/wallet`, {
            token: simulator.issueTokens(MIRA, [WALLET]).access_token,
          })
        ).status,
      ).toBe(200);
    } finally {
      clock.set(started);
      clock.freeze();
    }
  });

  it('checks the compatibility date and serves the legacy paths too', async () => {
    expect(
      (await esiFetch(simulator, '/status', { headers: { 'X-Compatibility-Date': '2099-01-01' } })).status,
    ).toBe(400);
    expect(
      (await esiFetch(simulator, '/status', { headers: { 'X-Compatibility-Date': '2019-12-31' } })).status,
    ).toBe(400);
    expect((await fetch(`${simulator.url}/status`)).status).toBe(200);
    const legacy = await fetch(
      `${simulator.url}/latest/characters/${ARIA}/wallet/?datasource=tranquility&token=${aria}`,
    );
    expect(legacy.status).toBe(200);
    expect(typeof (await legacy.json())).toBe('number');
    const route = await fetch(`${simulator.url}/v1/route/30000142/30002187/?flag=secure`);
    const systems = (await route.json()) as number[];
    expect(systems[0]).toBe(30000142);
    expect(systems[systems.length - 1]).toBe(30002187);
    const missing = await fetch(`${simulator.url}/latest/nowhere/`);
    expect(await missing.json()).toEqual({ error: 'Route GET /latest/nowhere/ not found' });
  });

  it('records what the UI routes asked the game client to do', async () => {
    const token = simulator.issueTokens(MIRA, ['esi-ui.write_waypoint.v1']).access_token;
    const answer = await esiFetch(
      simulator,
      '/ui/autopilot/waypoint?destination_id=30000142&add_to_beginning=true&clear_other_waypoints=false',
      {
        method: 'POST',
        token,
      },
    );
    expect(answer.status).toBe(204);
    expect(simulator.uiActions).toContainEqual({
      kind: 'set-waypoint',
      characterId: MIRA,
      destinationId: 30000142,
      addToBeginning: true,
      clearOtherWaypoints: false,
    });
  });

  it('is alive: moving the clock on brings new journal rows', async () => {
    const clock = simulator.clock as SimulationClock;
    const before = (await (
      await esiFetch(simulator, `/characters/${ARIA}/wallet/journal`, { token: aria })
    ).json()) as { id: number }[];
    clock.advance(12 * 3_600_000);
    try {
      const token = simulator.issueTokens(ARIA, [WALLET]).access_token;
      const after = (await (
        await esiFetch(simulator, `/characters/${ARIA}/wallet/journal`, { token })
      ).json()) as { id: number }[];
      expect(after[0]!.id).toBeGreaterThan(before[0]!.id);
    } finally {
      clock.set(TEST_NOW);
      clock.freeze();
    }
  });
});

describe('the SSO', () => {
  let simulator: RunningEsiSimulator;

  beforeAll(async () => {
    simulator = await startTestSimulator();
  });

  afterAll(async () => {
    await simulator.close();
  });

  it('publishes its endpoints and an RS256 key whose signatures verify, with the claims of esi.md §2', async () => {
    const discovery = (await (
      await fetch(`${simulator.url}/.well-known/oauth-authorization-server`)
    ).json()) as Record<string, unknown>;
    expect(discovery['token_endpoint']).toBe(`${simulator.url}/v2/oauth/token`);
    expect(discovery['code_challenge_methods_supported']).toEqual(['S256']);
    const code = await authorize(simulator, MIRA, [WALLET, CORPORATION_WALLETS]);
    const tokens = (await (
      await form(simulator, '/v2/oauth/token', { grant_type: 'authorization_code', code }, basic)
    ).json()) as {
      access_token: string;
      refresh_token: string;
      expires_in: number;
      token_type: string;
    };
    expect({ type: tokens.token_type, expiresIn: tokens.expires_in }).toEqual({
      type: 'Bearer',
      expiresIn: 1199,
    });
    const jwks = (await (await fetch(`${simulator.url}/oauth/jwks`)).json()) as {
      keys: (JsonWebKey & { kid: string; alg: string })[];
    };
    const [header, payload, signature] = tokens.access_token.split('.') as [string, string, string];
    const { alg, kid } = JSON.parse(Buffer.from(header, 'base64url').toString()) as {
      alg: string;
      kid: string;
    };
    expect({ alg, kid }).toEqual({ alg: 'RS256', kid: 'JWT-Signature-Key' });
    const key = jwks.keys.find((candidate) => candidate.kid === kid && candidate.alg === alg)!;
    const publicKey = createPublicKey({ key, format: 'jwk' });
    expect(
      verify('sha256', Buffer.from(`${header}.${payload}`), publicKey, Buffer.from(signature, 'base64url')),
    ).toBe(true);
    const claims = ssoAccessTokenClaimsSchema.parse(JSON.parse(Buffer.from(payload, 'base64url').toString()));
    expect(claims).toMatchObject({
      sub: `CHARACTER:EVE:${MIRA}`,
      name: 'Mira Soltan',
      scp: [WALLET, CORPORATION_WALLETS],
      aud: [DEMO_SSO_CLIENT.clientId, 'EVE Online'],
      azp: DEMO_SSO_CLIENT.clientId,
      iss: 'https://login.eveonline.com',
      kid: 'JWT-Signature-Key',
      tenant: 'tranquility',
      tier: 'live',
      region: 'world',
    });
    expect(claims.exp - claims.iat).toBe(1200);
    expect(claims.jti).toMatch(/^[0-9a-f-]{36}$/);
    expect(
      (await esiFetch(simulator, `/characters/${MIRA}/wallet`, { token: tokens.access_token })).status,
    ).toBe(200);
    const single = simulator.issueTokens(MIRA, [WALLET]).access_token;
    expect(JSON.parse(Buffer.from(single.split('.')[1]!, 'base64url').toString()).scp).toBe(WALLET);
  });

  it('exchanges a code once, only with the right client secret', async () => {
    const code = await authorize(simulator, MIRA, [WALLET]);
    const wrong = await form(
      simulator,
      '/v2/oauth/token',
      { grant_type: 'authorization_code', code },
      `Basic ${Buffer.from('tradewise-demo:nope').toString('base64')}`,
    );
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toBe('Basic realm="login.eveonline.com"');
    expect(((await wrong.json()) as { error: string }).error).toBe('invalid_client');
    const noSecret = await form(simulator, '/v2/oauth/token', {
      grant_type: 'authorization_code',
      code,
      client_id: DEMO_SSO_CLIENT.clientId,
    });
    expect(noSecret.status).toBe(401);
    expect(
      (await form(simulator, '/v2/oauth/token', { grant_type: 'authorization_code', code }, basic)).status,
    ).toBe(200);
    const reused = await form(
      simulator,
      '/v2/oauth/token',
      { grant_type: 'authorization_code', code },
      basic,
    );
    expect(reused.status).toBe(400);
    expect(((await reused.json()) as { error: string }).error).toBe('invalid_grant');
  });

  it('lets a code expire after five minutes', async () => {
    const code = await authorize(simulator, MIRA, [WALLET]);
    const clock = simulator.clock as SimulationClock;
    clock.advance(5 * 60_000 + 1);
    try {
      expect(
        (await form(simulator, '/v2/oauth/token', { grant_type: 'authorization_code', code }, basic)).status,
      ).toBe(400);
    } finally {
      clock.set(TEST_NOW);
      clock.freeze();
    }
  });

  it('supports PKCE without a secret and refuses a wrong verifier', async () => {
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const pkce = { code_challenge: challenge, code_challenge_method: 'S256' };
    const badCode = await authorize(simulator, ARIA, [WALLET], pkce);
    const bad = await form(simulator, '/v2/oauth/token', {
      grant_type: 'authorization_code',
      code: badCode,
      client_id: DEMO_SSO_CLIENT.clientId,
      code_verifier: `${verifier}x`,
    });
    expect(bad.status).toBe(400);
    const code = await authorize(simulator, ARIA, [WALLET], pkce);
    const good = await form(simulator, '/v2/oauth/token', {
      grant_type: 'authorization_code',
      code,
      client_id: DEMO_SSO_CLIENT.clientId,
      code_verifier: verifier,
    });
    expect(good.status).toBe(200);
    const { refresh_token: refreshToken } = (await good.json()) as { refresh_token: string };
    const refreshed = await form(simulator, '/v2/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: DEMO_SSO_CLIENT.clientId,
    });
    expect(refreshed.status).toBe(200);
  });

  it('rotates refresh tokens: the new one works, and once it is used the old one is refused', async () => {
    const { refresh_token: first } = simulator.issueTokens(MIRA, [WALLET, CORPORATION_WALLETS]);
    const refreshWith = (refreshToken: string, scope?: string) =>
      form(
        simulator,
        '/v2/oauth/token',
        { grant_type: 'refresh_token', refresh_token: refreshToken, ...(scope ? { scope } : {}) },
        basic,
      );
    const rotated = await refreshWith(first!);
    expect(rotated.status).toBe(200);
    const { refresh_token: second, access_token: access } = (await rotated.json()) as {
      refresh_token: string;
      access_token: string;
    };
    expect(second).not.toBe(first);
    expect((await esiFetch(simulator, `/characters/${MIRA}/wallet`, { token: access })).status).toBe(200);
    const narrower = await refreshWith(second, WALLET);
    const { access_token: narrow } = (await narrower.json()) as { access_token: string };
    expect(JSON.parse(Buffer.from(narrow.split('.')[1]!, 'base64url').toString()).scp).toBe(WALLET);
    const replay = await refreshWith(first!);
    expect(replay.status).toBe(400);
    expect(((await replay.json()) as { error: string }).error).toBe('invalid_grant');
  });

  it('revokes a refresh token: 200 always, and the token no longer refreshes', async () => {
    const { refresh_token: token } = simulator.issueTokens(MIRA, [WALLET]);
    const revoke = await form(
      simulator,
      '/v2/oauth/revoke',
      { token: token!, token_type_hint: 'refresh_token' },
      basic,
    );
    expect(revoke.status).toBe(200);
    expect((await form(simulator, '/v2/oauth/revoke', { token: 'unknown' }, basic)).status).toBe(200);
    const refused = await form(
      simulator,
      '/v2/oauth/token',
      { grant_type: 'refresh_token', refresh_token: token! },
      basic,
    );
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toBe('invalid_token');
  });

  it('refuses unknown clients, redirect URLs of other applications and unknown scopes', async () => {
    const strict = await startTestSimulator({
      clients: [{ clientId: 'app', clientSecret: 'secret', callbackUrls: [CALLBACK] }],
    });
    try {
      const query = (fields: Record<string, string>): string =>
        new URLSearchParams({
          response_type: 'code',
          client_id: 'app',
          redirect_uri: CALLBACK,
          state: 's',
          scope: WALLET,
          ...fields,
        }).toString();
      expect((await fetch(`${strict.url}/v2/oauth/authorize?${query({})}`)).status).toBe(200);
      expect((await fetch(`${strict.url}/v2/oauth/authorize?${query({ client_id: 'other' })}`)).status).toBe(
        400,
      );
      expect(
        (await fetch(`${strict.url}/v2/oauth/authorize?${query({ redirect_uri: 'http://evil.example/cb' })}`))
          .status,
      ).toBe(400);
      expect(
        (await fetch(`${strict.url}/v2/oauth/authorize?${query({ scope: 'esi-made-up.v1' })}`)).status,
      ).toBe(400);
      expect((await fetch(`${strict.url}/v2/oauth/authorize?${query({ state: '' })}`)).status).toBe(400);
    } finally {
      await strict.close();
    }
  });
});

describe('fault injection', () => {
  let simulator: RunningEsiSimulator;
  let token: string;

  beforeAll(async () => {
    simulator = await startTestSimulator();
    token = simulator.issueTokens(ARIA, [WALLET]).access_token;
  });

  afterAll(async () => {
    await simulator.close();
  });

  beforeEach(() => {
    simulator.faults.clear();
    simulator.resetLimits();
  });

  it('fails the next requests of a route with a 5xx, then serves again', async () => {
    simulator.faults.failNext(2, 503, { operationId: 'GetCharactersCharacterIdWalletJournal' });
    const path = `/characters/${ARIA}/wallet/journal`;
    expect((await esiFetch(simulator, path, { token })).status).toBe(503);
    expect((await esiFetch(simulator, `/characters/${ARIA}/wallet`, { token })).status).toBe(200);
    expect((await esiFetch(simulator, path, { token })).status).toBe(503);
    expect((await esiFetch(simulator, path, { token })).status).toBe(200);
  });

  it('answers ESI gateway timeouts, slow answers, dropped connections and answers that never come', async () => {
    simulator.faults.inject({ operationId: 'GetStatus', times: 1, effect: { kind: 'gateway-timeout' } });
    const timeout = await esiFetch(simulator, '/status');
    expect(timeout.status).toBe(504);
    expect(await timeout.json()).toMatchObject({ error: 'Timeout contacting tranquility', timeout: 10 });

    simulator.faults.slowDown(300, { operationId: 'GetStatus' });
    const started = Date.now();
    expect((await esiFetch(simulator, '/status')).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    simulator.faults.clear();

    simulator.faults.inject({ path: '/markets/prices', times: 1, effect: { kind: 'reset' } });
    await expect(esiFetch(simulator, '/markets/prices')).rejects.toThrow();

    simulator.faults.hangNext(1, { operationId: 'GetStatus' });
    await expect(esiFetch(simulator, '/status', { signal: AbortSignal.timeout(300) })).rejects.toThrow(
      /aborted|timeout/i,
    );
    expect((await esiFetch(simulator, '/status')).status).toBe(200);
  });

  it('revokes a character’s tokens: ESI answers 401 and refreshing fails', async () => {
    const tokens = simulator.issueTokens(MIRA, [WALLET]);
    simulator.faults.revokeTokens(MIRA);
    expect(
      (await esiFetch(simulator, `/characters/${MIRA}/wallet`, { token: tokens.access_token })).status,
    ).toBe(401);
    const refresh = await form(
      simulator,
      '/v2/oauth/token',
      { grant_type: 'refresh_token', refresh_token: tokens.refresh_token! },
      basic,
    );
    expect(((await refresh.json()) as { error: string }).error).toBe('invalid_token');
  });

  it('is switchable over the control API by tests in another process', async () => {
    const created = await fetch(`${simulator.url}/_sim/faults`, {
      method: 'POST',
      body: JSON.stringify({ operationId: 'GetStatus', times: 1, effect: { kind: 'status', status: 502 } }),
    });
    expect(created.status).toBe(201);
    expect((await esiFetch(simulator, '/status')).status).toBe(502);
    expect((await esiFetch(simulator, '/status')).status).toBe(200);
    const issued = (await (
      await fetch(`${simulator.url}/_sim/tokens`, {
        method: 'POST',
        body: JSON.stringify({ characterId: ARIA, scopes: [WALLET] }),
      })
    ).json()) as { access_token: string };
    expect(
      (await esiFetch(simulator, `/characters/${ARIA}/wallet`, { token: issued.access_token })).status,
    ).toBe(200);
    const clock = (await (
      await fetch(`${simulator.url}/_sim/clock`, { method: 'POST', body: JSON.stringify({ advance: '2h' }) })
    ).json()) as { now: string; frozen: boolean };
    expect(clock).toEqual({ now: '2026-11-21T14:00:00.000Z', frozen: true });
    const truth = (await (
      await fetch(`${simulator.url}/_sim/ground-truth/sales?wallet=character:${ARIA}`)
    ).json()) as unknown[];
    expect(truth.length).toBeGreaterThan(0);
  });
});
