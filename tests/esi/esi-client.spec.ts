import { characterWallet, HEAVY_TRADER_ID } from '@tradewise/esi-sim';
import { ProductScope } from '@tradewise/contracts';
import {
  CharacterGrantError,
  EsiForbiddenError,
  EsiMissingScopeError,
  EsiThrottledError,
  EsiUnavailableError,
  RefreshingTokenProvider,
  ROTATION_SETTLE_MS,
  type TokenProvider,
} from '@tradewise/platform';
import { esiClientFor, RecordingGrantStore, ssoClientFor, USER_AGENT } from './support/esi-test-kit';
import { esiRequests, hostSimulator, type HostedSimulator } from './support/simulator-host';

const HOUR = 3_600_000;
const WALLET_SCOPES = [ProductScope.characterWallet];
const ALL_SCOPES = [
  ProductScope.characterWallet,
  ProductScope.characterOrders,
  ProductScope.characterBlueprints,
  ProductScope.corporationRoles,
  ProductScope.corporationJobs,
];
const PIP_NEWCOMB = 2119000031;
const PIP_CORPORATION = 1000009;

/** The cache window ESI (and the simulator) computed the hourly routes for. */
const hourWindow = (host: HostedSimulator) => Math.floor(host.clock.now().getTime() / HOUR) * HOUR;
const statuses = (host: HostedSimulator, from: number) =>
  esiRequests(host, from).map((request) => request.status);
/** Index of the first request the current test made. */
let mark = 0;

jest.setTimeout(30_000);

describe('EsiClient against the ESI simulator', () => {
  let host: HostedSimulator;

  beforeAll(async () => {
    host = await hostSimulator({ profile: 'heavy-trader' });
    // The world is generated on first use; ESI has its data ready, so the tests do not time that.
    host.simulator.world.journal(characterWallet(HEAVY_TRADER_ID), hourWindow(host));
  });
  afterAll(() => host.close());
  beforeEach(() => {
    // Each test starts at a whole hour, where every cache window of the routes used begins.
    host.clock.advance(HOUR - (host.clock.now().getTime() % HOUR));
    mark = host.requests.length;
  });
  afterEach(() => {
    host.simulator.faults.clear();
    host.simulator.resetLimits();
  });

  describe('paging', () => {
    it('fetches every X-Pages page of a heavy trader’s journal, in order, each entry once', async () => {
      const { esi, http } = esiClientFor(host, [HEAVY_TRADER_ID], WALLET_SCOPES, { pageConcurrency: 4 });
      const journal = await esi.getWalletJournal(HEAVY_TRADER_ID);

      const truth = host.simulator.world.journal(characterWallet(HEAVY_TRADER_ID), hourWindow(host));
      expect(journal.data.map((entry) => entry.id)).toEqual(truth.map((row) => row.id));
      expect(journal.data.length).toBeGreaterThan(2500 * 4);
      const pages = esiRequests(host, mark).filter((r) => r.url.includes('/wallet/journal'));
      expect(pages.map((r) => new URL(r.url, host.url).searchParams.get('page')).sort()).toEqual(
        Array.from({ length: Math.ceil(truth.length / 2500) }, (_, i) => String(i + 1)).sort(),
      );
      expect(journal.unchanged).toBe(false);
      expect(http.metrics.requests).toBe(pages.length);
    });

    it('walks from_id through every transaction of the last 30 days', async () => {
      const { esi } = esiClientFor(host, [HEAVY_TRADER_ID], WALLET_SCOPES);
      const transactions = await esi.getWalletTransactions(HEAVY_TRADER_ID);

      const truth = host.simulator.world.transactions(characterWallet(HEAVY_TRADER_ID), hourWindow(host));
      expect(transactions.data.map((t) => t.transaction_id)).toEqual(truth.map((t) => t.id));
      const walk = esiRequests(host, mark).map((r) => new URL(r.url, host.url).searchParams.get('from_id'));
      expect(walk[0]).toBeNull();
      expect(walk.length).toBe(Math.floor(truth.length / 2500) + 2);
    });

    it('stops the from_id walk at transactions already imported', async () => {
      const { esi } = esiClientFor(host, [HEAVY_TRADER_ID], WALLET_SCOPES);
      const truth = host.simulator.world.transactions(characterWallet(HEAVY_TRADER_ID), hourWindow(host));
      const newerThanId = truth[3000].id;
      const recent = await esi.getWalletTransactions(HEAVY_TRADER_ID, { newerThanId });
      expect(recent.data.map((t) => t.transaction_id)).toEqual(truth.slice(0, 3000).map((t) => t.id));
      expect(esiRequests(host, mark)).toHaveLength(2);
    });

    it('walks the pages again when the resource changed in the middle of the walk', async () => {
      let calls = 0;
      const moveClockOnThirdPage = (inner: TokenProvider): TokenProvider => ({
        accessTokenFor: async (characterId) => {
          if (++calls === 3) host.clock.advance(HOUR);
          return inner.accessTokenFor(characterId);
        },
        invalidate: (characterId, token) => inner.invalidate(characterId, token),
      });
      const { esi, http } = esiClientFor(host, [HEAVY_TRADER_ID], WALLET_SCOPES, {
        pageConcurrency: 1,
        tokenProvider: moveClockOnThirdPage,
      });
      const journal = await esi.getWalletJournal(HEAVY_TRADER_ID);

      expect(http.metrics.pageWalkRestarts).toBe(1);
      const truth = host.simulator.world.journal(characterWallet(HEAVY_TRADER_ID), hourWindow(host));
      expect(journal.data.map((entry) => entry.id)).toEqual(truth.map((row) => row.id));
    });

    it('never reports a partial sync: a page failing for good fails the whole journal', async () => {
      let calls = 0;
      const failFromThirdPage = (inner: TokenProvider): TokenProvider => ({
        accessTokenFor: async (characterId) => {
          if (++calls === 3) {
            host.simulator.faults.inject({
              operationId: 'GetCharactersCharacterIdWalletJournal',
              effect: { kind: 'status', status: 503 },
            });
          }
          return inner.accessTokenFor(characterId);
        },
        invalidate: (characterId, token) => inner.invalidate(characterId, token),
      });
      const { esi } = esiClientFor(host, [HEAVY_TRADER_ID], WALLET_SCOPES, {
        pageConcurrency: 1,
        tokenProvider: failFromThirdPage,
      });
      await expect(esi.getWalletJournal(HEAVY_TRADER_ID)).rejects.toBeInstanceOf(EsiUnavailableError);
      expect(statuses(host, mark)).toEqual([200, 200, 503, 503, 503, 503]);
    });
  });

  describe('caching', () => {
    it('sends nothing before Expires: a second sync is answered from the cache', async () => {
      const { esi, http } = esiClientFor(host, [HEAVY_TRADER_ID], WALLET_SCOPES);
      await esi.getWalletJournal(HEAVY_TRADER_ID);
      await esi.getWalletTransactions(HEAVY_TRADER_ID);
      await esi.getWalletBalance(HEAVY_TRADER_ID);
      const sent = esiRequests(host, mark).length;

      host.clock.advance(110_000);
      const again = await Promise.all([
        esi.getWalletJournal(HEAVY_TRADER_ID),
        esi.getWalletTransactions(HEAVY_TRADER_ID),
        esi.getWalletBalance(HEAVY_TRADER_ID),
      ]);
      expect(esiRequests(host, mark).length).toBe(sent);
      expect(again.every((result) => result.unchanged)).toBe(true);
      expect(http.metrics.servedFromCache).toBeGreaterThan(0);

      host.clock.advance(10_000);
      await esi.getWalletBalance(HEAVY_TRADER_ID);
      expect(esiRequests(host, mark).length).toBe(sent + 1);
    });

    it('revalidates with the ETag after Expires and keeps the body on a 304', async () => {
      const { esi, http } = esiClientFor(host, [HEAVY_TRADER_ID], ALL_SCOPES);
      const roles = await esi.getCharacterRoles(HEAVY_TRADER_ID);
      const blueprints = await esi.getCharacterBlueprints(HEAVY_TRADER_ID);
      const sent = host.requests.length;

      host.clock.advance(HOUR);
      const rolesAgain = await esi.getCharacterRoles(HEAVY_TRADER_ID);
      const blueprintsAgain = await esi.getCharacterBlueprints(HEAVY_TRADER_ID);

      const revalidations = esiRequests(host, sent);
      expect(revalidations.map((r) => r.status)).toEqual(revalidations.map(() => 304));
      expect(revalidations.every((r) => typeof r.headers['if-none-match'] === 'string')).toBe(true);
      expect(rolesAgain).toMatchObject({ data: roles.data, unchanged: true });
      expect(blueprintsAgain).toMatchObject({ data: blueprints.data, unchanged: true });
      expect(http.metrics.notModified).toBe(revalidations.length);
    });

    it('sends the User-Agent and the compatibility date on every request', async () => {
      const { esi } = esiClientFor(host, [HEAVY_TRADER_ID], WALLET_SCOPES);
      await esi.getWalletBalance(HEAVY_TRADER_ID);
      await esi.getMarketPrices();
      for (const request of esiRequests(host, mark)) {
        expect(request.headers['user-agent']).toBe(USER_AGENT);
        expect(request.headers['x-compatibility-date']).toBe('2026-08-18');
      }
    });
  });

  describe('limits', () => {
    async function spendErrorBudget(errors: number): Promise<void> {
      host.simulator.faults.failNext(errors, 404, { operationId: 'GetStatus' });
      for (let i = 0; i < errors; i++) await (await fetch(`${host.url}/status`)).text();
    }

    it('on a 420 pauses every request until the error window resets, then succeeds', async () => {
      const { esi, http } = esiClientFor(host, [], [], { errorLimitReserve: 0 });
      await spendErrorBudget(100);
      const before = host.clock.now().getTime();
      const sent = host.requests.length;

      const prices = await esi.getMarketPrices();
      expect(prices.data.length).toBeGreaterThan(0);
      expect(statuses(host, sent)).toEqual([420, 200]);
      expect(http.metrics.errorLimitPauses).toBe(1);
      expect(host.clock.now().getTime() - before).toBeGreaterThanOrEqual(59_000);
    });

    it('pauses before the error budget runs out, so ESI never has to answer 420', async () => {
      const { esi } = esiClientFor(host, [], [], { errorLimitReserve: 10 });
      await spendErrorBudget(91);
      const sent = host.requests.length;
      const before = host.clock.now().getTime();

      await esi.getMarketPrices();
      expect(host.clock.now().getTime()).toBe(before);
      await esi.getRegionHistory(10000002, 34);
      expect(host.clock.now().getTime() - before).toBeGreaterThanOrEqual(59_000);
      expect(statuses(host, sent)).not.toContain(420);
    });

    it('on a 429 waits for Retry-After on that character’s bucket, then succeeds', async () => {
      const { esi, http } = esiClientFor(host, [HEAVY_TRADER_ID], WALLET_SCOPES, { maxThrottleWaitMs: HOUR });
      const token = host.simulator.issueTokens(HEAVY_TRADER_ID, WALLET_SCOPES).access_token;
      for (let i = 0; i < 75; i++) {
        await fetch(`${host.url}/characters/${HEAVY_TRADER_ID}/wallet`, {
          headers: { Authorization: `Bearer ${token}` },
        }).then((response) => response.text());
      }
      const sent = host.requests.length;
      const before = host.clock.now().getTime();

      await expect(esi.getWalletBalance(HEAVY_TRADER_ID)).resolves.toMatchObject({ unchanged: false });
      const answered = esiRequests(host, sent);
      expect(answered.map((r) => r.status)).toEqual([429, 200]);
      expect(http.metrics.rateLimitPauses).toBe(1);
      expect(host.clock.now().getTime() - before).toBeGreaterThan(60_000);
    });

    it('gives up with a retry time when Retry-After is longer than a call may wait', async () => {
      const { esi } = esiClientFor(host, [HEAVY_TRADER_ID], WALLET_SCOPES, { maxThrottleWaitMs: 30_000 });
      const token = host.simulator.issueTokens(HEAVY_TRADER_ID, WALLET_SCOPES).access_token;
      for (let i = 0; i < 75; i++) {
        await fetch(`${host.url}/characters/${HEAVY_TRADER_ID}/wallet`, {
          headers: { Authorization: `Bearer ${token}` },
        }).then((response) => response.text());
      }
      const error = await esi.getWalletBalance(HEAVY_TRADER_ID).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(EsiThrottledError);
      expect((error as EsiThrottledError).retryAt.getTime()).toBeGreaterThan(
        host.clock.now().getTime() + 30_000,
      );
    });
  });

  describe('failures', () => {
    it('retries 5xx answers with backoff', async () => {
      const { esi, http } = esiClientFor(host, [HEAVY_TRADER_ID], WALLET_SCOPES);
      host.simulator.faults.failNext(3, 503, { operationId: 'GetCharactersCharacterIdWallet' });
      const before = host.clock.now().getTime();
      await expect(esi.getWalletBalance(HEAVY_TRADER_ID)).resolves.toBeDefined();
      expect(statuses(host, mark)).toEqual([503, 503, 503, 200]);
      expect(http.metrics.retries).toBe(3);
      expect(host.clock.now().getTime() - before).toBeGreaterThanOrEqual(250 + 500 + 1_000);
    });

    it('retries ESI’s own gateway timeout (504)', async () => {
      const { esi } = esiClientFor(host, [HEAVY_TRADER_ID], WALLET_SCOPES);
      host.simulator.faults.inject({
        operationId: 'GetCharactersCharacterIdWallet',
        times: 1,
        effect: { kind: 'gateway-timeout' },
      });
      await expect(esi.getWalletBalance(HEAVY_TRADER_ID)).resolves.toBeDefined();
      expect(statuses(host, mark)).toEqual([504, 200]);
    });

    it('gives up after its retries with an error saying ESI is unavailable', async () => {
      const { esi } = esiClientFor(host, [HEAVY_TRADER_ID], WALLET_SCOPES);
      host.simulator.faults.failNext(10, 500, { operationId: 'GetCharactersCharacterIdWallet' });
      const error = await esi.getWalletBalance(HEAVY_TRADER_ID).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(EsiUnavailableError);
      expect(error).toMatchObject({ status: 500, transient: true });
      expect(statuses(host, mark)).toEqual([500, 500, 500, 500]);
    });

    it('retries a request that times out', async () => {
      const { esi, http } = esiClientFor(host, [HEAVY_TRADER_ID], WALLET_SCOPES, { requestTimeoutMs: 500 });
      host.simulator.faults.hangNext(1, { operationId: 'GetCharactersCharacterIdWallet' });
      await expect(esi.getWalletBalance(HEAVY_TRADER_ID)).resolves.toBeDefined();
      expect(http.metrics.timeouts).toBe(1);
      expect(http.metrics.retries).toBe(1);
    });

    it('retries a request whose connection drops', async () => {
      const { esi, http } = esiClientFor(host, [HEAVY_TRADER_ID], WALLET_SCOPES);
      host.simulator.faults.inject({
        operationId: 'GetCharactersCharacterIdWallet',
        times: 1,
        effect: { kind: 'reset' },
      });
      await expect(esi.getWalletBalance(HEAVY_TRADER_ID)).resolves.toBeDefined();
      expect(http.metrics.retries).toBe(1);
      expect(http.metrics.timeouts).toBe(0);
    });

    it('refuses a route whose scope the character did not grant, without a request', async () => {
      const { esi } = esiClientFor(host, [HEAVY_TRADER_ID], WALLET_SCOPES);
      await expect(esi.getCharacterOrders(HEAVY_TRADER_ID)).rejects.toBeInstanceOf(EsiMissingScopeError);
      expect(esiRequests(host, mark)).toHaveLength(0);
    });

    it('reports a missing corporation role as forbidden', async () => {
      const { esi } = esiClientFor(host, [PIP_NEWCOMB], ALL_SCOPES);
      await expect(esi.getCorporationIndustryJobs(PIP_NEWCOMB, PIP_CORPORATION)).rejects.toBeInstanceOf(
        EsiForbiddenError,
      );
    });
  });

  describe('tokens', () => {
    it('refreshes once for concurrent requests and stores the rotated refresh token', async () => {
      const { esi, grants } = esiClientFor(host, [HEAVY_TRADER_ID], WALLET_SCOPES);
      const issued = grants.refreshTokens.get(HEAVY_TRADER_ID);
      await Promise.all([esi.getWalletJournal(HEAVY_TRADER_ID), esi.getWalletBalance(HEAVY_TRADER_ID)]);

      expect(host.requests.slice(mark).filter((r) => r.url === '/v2/oauth/token')).toHaveLength(1);
      expect(grants.stored).toHaveLength(1);
      expect(grants.stored[0].refreshToken).not.toBe(issued);
    });

    it('refreshes an access token near its expiry with the stored rotated token', async () => {
      const { esi, grants } = esiClientFor(host, [HEAVY_TRADER_ID], WALLET_SCOPES);
      await esi.getWalletBalance(HEAVY_TRADER_ID);
      host.clock.advance(19 * 60_000);
      await esi.getWalletBalance(HEAVY_TRADER_ID);
      expect(grants.stored).toHaveLength(2);
      expect(grants.esiErrors).toHaveLength(0);
    });

    it('takes a new grant with more scopes at once, and refreshes nothing for a scope the current grant lacks', async () => {
      const { esi, grants } = esiClientFor(host, [HEAVY_TRADER_ID], WALLET_SCOPES);
      await esi.getWalletBalance(HEAVY_TRADER_ID);
      await expect(esi.getCharacterOrders(HEAVY_TRADER_ID)).rejects.toBeInstanceOf(EsiMissingScopeError);
      const ssoCalls = () => host.requests.slice(mark).filter((r) => r.url === '/v2/oauth/token').length;
      expect(ssoCalls()).toBe(1);
      // Update Scopes: the owner authorises the character again, and the grant store keeps the new refresh token.
      const wider = [...WALLET_SCOPES, ProductScope.characterOrders];
      grants.refreshTokens.set(
        HEAVY_TRADER_ID,
        host.simulator.issueTokens(HEAVY_TRADER_ID, wider).refresh_token!,
      );
      await expect(esi.getCharacterOrders(HEAVY_TRADER_ID)).resolves.toBeDefined();
      expect(ssoCalls()).toBe(2);
      await esi.getWalletBalance(HEAVY_TRADER_ID);
      expect(ssoCalls()).toBe(2);
    });

    it('keeps a rotated refresh token the store failed to save, and saves it on the next refresh', async () => {
      const { esi, grants } = esiClientFor(host, [HEAVY_TRADER_ID], WALLET_SCOPES);
      const store = grants.storeRefreshToken.bind(grants);
      let failures = 1;
      grants.storeRefreshToken = async (characterId, refreshToken) => {
        if (failures-- > 0) throw new Error('read store unavailable');
        return store(characterId, refreshToken);
      };
      await expect(esi.getWalletBalance(HEAVY_TRADER_ID)).rejects.toThrow('read store unavailable');

      await expect(esi.getWalletBalance(HEAVY_TRADER_ID)).resolves.toBeDefined();
      expect(grants.stored).toHaveLength(1);
      expect(grants.esiErrors).toHaveLength(0);
    });

    it('does not mark a character whose user authorised it again while an old token was refused', async () => {
      const { esi, grants } = esiClientFor(host, [HEAVY_TRADER_ID], WALLET_SCOPES);
      host.simulator.faults.revokeTokens(HEAVY_TRADER_ID, { accessTokens: false });
      const reauthorised = host.simulator.issueTokens(HEAVY_TRADER_ID, WALLET_SCOPES).refresh_token!;
      const load = grants.loadRefreshToken.bind(grants);
      grants.loadRefreshToken = async (characterId) => {
        const current = await load(characterId);
        grants.refreshTokens.set(characterId, reauthorised);
        return current;
      };

      await expect(esi.getWalletBalance(HEAVY_TRADER_ID)).resolves.toBeDefined();
      expect(grants.esiErrors).toHaveLength(0);
    });

    it('does not mark a character when another process rotated its refresh token and has not stored it yet', async () => {
      // The sync worker and the API each keep a token provider over one grant store. Both refresh at once: an SSO
      // that retires a used token at once rotates it for the first and refuses the second, whose store still holds
      // the old one for a moment.
      host.simulator.faults.retireUsedRefreshTokensAtOnce();
      const grants = new RecordingGrantStore();
      grants.refreshTokens.set(
        HEAVY_TRADER_ID,
        host.simulator.issueTokens(HEAVY_TRADER_ID, WALLET_SCOPES).refresh_token!,
      );
      const store = grants.storeRefreshToken.bind(grants);
      let releaseStore: () => void = () => undefined;
      const storeHeld = new Promise<void>((resolve) => (releaseStore = resolve));
      let markStored: () => void = () => undefined;
      const rotatedTokenStored = new Promise<void>((resolve) => (markStored = resolve));
      grants.storeRefreshToken = async (characterId, refreshToken) => {
        await storeHeld;
        await store(characterId, refreshToken);
        markStored();
      };
      // The refused provider's pause is when the other one gets to store the rotated token.
      const waits: number[] = [];
      const sleep = async (ms: number) => {
        waits.push(ms);
        releaseStore();
        await rotatedTokenStored;
      };
      const provider = () =>
        new RefreshingTokenProvider({ sso: ssoClientFor(host), grants, clock: host.clock, sleep });
      const [sync, api] = await Promise.all([
        provider().accessTokenFor(HEAVY_TRADER_ID),
        provider().accessTokenFor(HEAVY_TRADER_ID),
      ]);

      expect([sync.characterId, api.characterId]).toEqual([HEAVY_TRADER_ID, HEAVY_TRADER_ID]);
      expect(waits).toEqual([ROTATION_SETTLE_MS]);
      expect(grants.esiErrors).toEqual([]);
    });

    it('marks the character NOT_SYNCING_ESI_ERROR when the SSO refuses its grant (invalid_grant)', async () => {
      const { esi, grants } = esiClientFor(host, [HEAVY_TRADER_ID], WALLET_SCOPES);
      host.simulator.faults.revokeTokens(HEAVY_TRADER_ID);
      const error = await esi.getWalletBalance(HEAVY_TRADER_ID).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(CharacterGrantError);
      expect(grants.esiErrors).toEqual([
        {
          characterId: HEAVY_TRADER_ID,
          status: 'NOT_SYNCING_ESI_ERROR',
          reason: expect.stringMatching(/revoked/),
        },
      ]);
      expect(esiRequests(host, mark)).toHaveLength(0);
    });

    it('after a 401 for a revoked access token refreshes, and marks the character when that fails too', async () => {
      const { esi, grants } = esiClientFor(host, [HEAVY_TRADER_ID], WALLET_SCOPES);
      await esi.getWalletBalance(HEAVY_TRADER_ID);
      host.simulator.faults.revokeTokens(HEAVY_TRADER_ID, { accessTokens: true });
      host.clock.advance(121_000);

      await expect(esi.getWalletBalance(HEAVY_TRADER_ID)).rejects.toBeInstanceOf(CharacterGrantError);
      expect(statuses(host, mark)).toEqual([200, 401]);
      expect(grants.esiErrors.map((e) => e.status)).toEqual(['NOT_SYNCING_ESI_ERROR']);
    });
  });
});
