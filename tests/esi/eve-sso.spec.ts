import { DEMO_SSO_CLIENT, HEAVY_TRADER_ID } from '@tradewise/esi-sim';
import {
  InvalidAccessTokenError,
  InvalidGrantError,
  issuersFor,
  SsoRequestError,
  SsoUnavailableError,
} from '@tradewise/platform';
import {
  eveAccessTokenClaims,
  TestJwtSigner,
} from '../../services/platform/src/eve-sso/testing/test-jwt.signer';
import { approveInBrowser, CALLBACK_URL, PUBLIC_CLIENT_ID, ssoClientFor } from './support/esi-test-kit';
import { hostSimulator, type HostedSimulator } from './support/simulator-host';

const WALLET = 'esi-wallet.read_character_wallet.v1';
const ORDERS = 'esi-markets.read_character_orders.v1';

async function reason(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(InvalidAccessTokenError);
  return (error as InvalidAccessTokenError).reason;
}

describe('EveSsoClient against the simulated SSO', () => {
  let host: HostedSimulator;

  beforeAll(async () => {
    host = await hostSimulator({
      profile: 'heavy-trader',
      clients: [DEMO_SSO_CLIENT, { clientId: PUBLIC_CLIENT_ID, callbackUrls: [CALLBACK_URL] }],
    });
  });
  afterAll(() => host.close());
  afterEach(() => host.simulator.faults.clear());

  describe('login', () => {
    it('builds an authorize URL with state, PKCE (S256), scopes and the callback', () => {
      const request = ssoClientFor(host).createAuthorizationRequest([WALLET, ORDERS]);
      const url = new URL(request.url);
      expect(`${url.origin}${url.pathname}`).toBe(`${host.url}/v2/oauth/authorize`);
      expect(Object.fromEntries(url.searchParams)).toEqual({
        response_type: 'code',
        client_id: DEMO_SSO_CLIENT.clientId,
        redirect_uri: CALLBACK_URL,
        scope: `${WALLET} ${ORDERS}`,
        state: request.state,
        code_challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        code_challenge_method: 'S256',
      });
      expect(request.codeVerifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(ssoClientFor(host).createAuthorizationRequest([WALLET]).state).not.toBe(request.state);
    });

    it('exchanges a code with the client secret (Basic auth) and verifies the token', async () => {
      const sso = ssoClientFor(host);
      const request = sso.createAuthorizationRequest([WALLET, ORDERS]);
      const callback = await approveInBrowser(host, request, HEAVY_TRADER_ID, [WALLET, ORDERS]);
      expect(callback.state).toBe(request.state);

      const tokens = await sso.exchangeCode(callback.code, request.codeVerifier);
      expect(tokens.refreshToken).toEqual(expect.any(String));
      expect(tokens.accessTokenExpiresAt.getTime()).toBe(host.clock.now().getTime() + 1199_000);
      expect(tokens.character).toMatchObject({
        characterId: HEAVY_TRADER_ID,
        characterName: 'Hektor Volume',
        ownerHash: expect.any(String),
        scopes: [WALLET, ORDERS],
      });
      const tokenRequest = host.requests.filter((r) => r.url === '/v2/oauth/token').at(-1);
      expect(tokenRequest?.headers.authorization).toMatch(/^Basic /);
      expect(tokenRequest?.headers['user-agent']).toMatch(/^Tradewise\//);
    });

    it('exchanges a code with PKCE alone for a client without a secret', async () => {
      const sso = ssoClientFor(host, { clientId: PUBLIC_CLIENT_ID });
      const request = sso.createAuthorizationRequest([WALLET]);
      const callback = await approveInBrowser(host, request, HEAVY_TRADER_ID, [WALLET]);
      const tokens = await sso.exchangeCode(callback.code, request.codeVerifier);
      expect(tokens.character.characterId).toBe(HEAVY_TRADER_ID);
      expect(
        host.requests.filter((r) => r.url === '/v2/oauth/token').at(-1)?.headers.authorization,
      ).toBeUndefined();
    });

    it('refuses a code with the wrong PKCE verifier, and a code used twice, as invalid_grant', async () => {
      const sso = ssoClientFor(host, { clientId: PUBLIC_CLIENT_ID });
      const request = sso.createAuthorizationRequest([WALLET]);
      const callback = await approveInBrowser(host, request, HEAVY_TRADER_ID, [WALLET]);
      await expect(sso.exchangeCode(callback.code, 'not-the-verifier')).rejects.toBeInstanceOf(
        InvalidGrantError,
      );

      const again = sso.createAuthorizationRequest([WALLET]);
      const secondCallback = await approveInBrowser(host, again, HEAVY_TRADER_ID, [WALLET]);
      await sso.exchangeCode(secondCallback.code, again.codeVerifier);
      await expect(sso.exchangeCode(secondCallback.code, again.codeVerifier)).rejects.toBeInstanceOf(
        InvalidGrantError,
      );
    });

    it('reports wrong application credentials as an SSO refusal, not as a lost grant', async () => {
      const sso = ssoClientFor(host, { clientId: DEMO_SSO_CLIENT.clientId, clientSecret: 'wrong' });
      const request = sso.createAuthorizationRequest([WALLET]);
      const callback = await approveInBrowser(host, request, HEAVY_TRADER_ID, [WALLET]);
      const error = await sso.exchangeCode(callback.code, request.codeVerifier).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SsoRequestError);
      expect(error).toMatchObject({ status: 401, oauthError: 'invalid_client' });
    });
  });

  describe('refresh and revoke', () => {
    it('refreshes with a rotated refresh token; the used one stops working once the new one is used', async () => {
      const sso = ssoClientFor(host);
      const issued = host.simulator.issueTokens(HEAVY_TRADER_ID, [WALLET]);
      const first = await sso.refresh(issued.refresh_token!);
      expect(first.refreshToken).toEqual(expect.any(String));
      expect(first.refreshToken).not.toBe(issued.refresh_token);
      expect(first.character.scopes).toEqual([WALLET]);
      // The answer carrying `first` may have been lost: the used token still works until its successor is used.
      const retried = await sso.refresh(issued.refresh_token!);
      await expect(sso.refresh(retried.refreshToken!)).resolves.toBeDefined();
      await expect(sso.refresh(issued.refresh_token!)).rejects.toBeInstanceOf(InvalidGrantError);
    });

    it('revokes a refresh token', async () => {
      const sso = ssoClientFor(host);
      const { refreshToken } = await sso.refresh(
        host.simulator.issueTokens(HEAVY_TRADER_ID, [WALLET]).refresh_token!,
      );
      await sso.revoke(refreshToken!);
      const error = await sso.refresh(refreshToken!).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(InvalidGrantError);
      expect((error as InvalidGrantError).oauthError).toBe('invalid_token');
      await expect(sso.revoke('never-issued')).resolves.toBeUndefined();
    });

    it('reports an SSO outage as unavailable (worth retrying), not as a lost grant', async () => {
      const sso = ssoClientFor(host);
      const issued = host.simulator.issueTokens(HEAVY_TRADER_ID, [WALLET]);
      host.simulator.faults.failNext(1, 503, { operationId: 'SsoToken' });
      await expect(sso.refresh(issued.refresh_token!)).rejects.toBeInstanceOf(SsoUnavailableError);
      await expect(sso.refresh(issued.refresh_token!)).resolves.toBeDefined();
    });
  });

  describe('access token verification (JWKS)', () => {
    it('accepts a token the SSO issued, with one scope as a string and several as an array', async () => {
      const sso = ssoClientFor(host);
      const one = host.simulator.issueTokens(HEAVY_TRADER_ID, [WALLET]).access_token;
      const several = host.simulator.issueTokens(HEAVY_TRADER_ID, [WALLET, ORDERS]).access_token;
      const payload = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString());
      expect(payload(one).scp).toBe(WALLET);
      expect(payload(several).scp).toEqual([WALLET, ORDERS]);
      expect((await sso.verifyAccessToken(one)).scopes).toEqual([WALLET]);
      expect((await sso.verifyAccessToken(several)).scopes).toEqual([WALLET, ORDERS]);
    });

    it('rejects a token with a bad signature', async () => {
      const impostor = new TestJwtSigner();
      const nowSeconds = Math.floor(host.clock.now().getTime() / 1000);
      const forged = impostor.sign(eveAccessTokenClaims({ clientId: DEMO_SSO_CLIENT.clientId, nowSeconds }));
      expect(await reason(ssoClientFor(host).verifyAccessToken(forged))).toBe('bad signature');

      const genuine = host.simulator.issueTokens(HEAVY_TRADER_ID, [WALLET]).access_token;
      const [header, payload, signature] = genuine.split('.');
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
      const tampered = Buffer.from(JSON.stringify({ ...claims, sub: 'CHARACTER:EVE:90000001' })).toString(
        'base64url',
      );
      expect(await reason(ssoClientFor(host).verifyAccessToken(`${header}.${tampered}.${signature}`))).toBe(
        'bad signature',
      );
    });

    it('rejects a token from another issuer', async () => {
      const other = await hostSimulator({ issuer: 'https://login.example.invalid' });
      try {
        const token = other.simulator.issueTokens(other.simulator.world.characters[0].characterId, [WALLET]);
        expect(await reason(ssoClientFor(other).verifyAccessToken(token.access_token))).toMatch(
          /wrong issuer/,
        );
        const trusting = ssoClientFor(other, DEMO_SSO_CLIENT, issuersFor('https://login.example.invalid'));
        await expect(trusting.verifyAccessToken(token.access_token)).resolves.toBeDefined();
      } finally {
        await other.close();
      }
    });

    it('rejects a token issued to another application', async () => {
      const other = await hostSimulator({
        profile: 'heavy-trader',
        clients: [DEMO_SSO_CLIENT, { clientId: 'someone-else', clientSecret: 's', callbackUrls: '*' }],
      });
      try {
        const token = other.simulator.issueTokens(HEAVY_TRADER_ID, [WALLET], 'someone-else').access_token;
        expect(await reason(ssoClientFor(other).verifyAccessToken(token))).toMatch(/wrong audience/);
      } finally {
        await other.close();
      }
    });

    it('rejects an expired token (20 minutes, 30 s of clock skew allowed)', async () => {
      const sso = ssoClientFor(host);
      const token = host.simulator.issueTokens(HEAVY_TRADER_ID, [WALLET]).access_token;
      host.clock.advance(1200_000 + 20_000);
      await expect(sso.verifyAccessToken(token)).resolves.toBeDefined();
      host.clock.advance(10_000);
      expect(await reason(sso.verifyAccessToken(token))).toBe('expired');
    });

    it('fetches the key set once and reuses it', async () => {
      const sso = ssoClientFor(host);
      const before = host.requests.filter((r) => r.url === '/oauth/jwks').length;
      for (let i = 0; i < 3; i++) {
        await sso.verifyAccessToken(host.simulator.issueTokens(HEAVY_TRADER_ID, [WALLET]).access_token);
      }
      expect(host.requests.filter((r) => r.url === '/oauth/jwks').length - before).toBe(1);
    });
  });
});
