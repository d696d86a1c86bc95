import { DEMO_SSO_CLIENT } from '@tradewise/esi-sim';
import {
  DEFAULT_SSO_BASE_URL,
  EveSsoClient,
  issuersFor,
  type AuthorizationRequest,
} from '@tradewise/platform';
import {
  EsiClient,
  EsiHttpClient,
  RefreshingTokenProvider,
  type CharacterGrantStore,
  type EsiErrorSyncStatus,
  type EsiHttpClientOptions,
  type TokenProvider,
} from '@tradewise/platform';
import type { HostedSimulator } from './simulator-host';

export const USER_AGENT = 'Tradewise/0.1.0 (+tests@tradewise.invalid)';
export const CALLBACK_URL = 'http://localhost:3000/api/v1/login/callback';
export const PUBLIC_CLIENT_ID = 'tradewise-public';

/** An SSO client against the simulator, which signs tokens as `https://login.eveonline.com` by default. */
export function ssoClientFor(
  host: HostedSimulator,
  client: { readonly clientId: string; readonly clientSecret?: string } = DEMO_SSO_CLIENT,
  issuers: readonly string[] = issuersFor(DEFAULT_SSO_BASE_URL),
): EveSsoClient {
  return new EveSsoClient({
    ssoBaseUrl: host.url,
    clientId: client.clientId,
    ...(client.clientSecret !== undefined ? { clientSecret: client.clientSecret } : {}),
    callbackUrl: CALLBACK_URL,
    userAgent: USER_AGENT,
    clock: host.clock,
    issuers,
  });
}

/** Plays the player in the simulator's login page: picks the character, grants the scopes, follows nothing. */
export async function approveInBrowser(
  host: HostedSimulator,
  authorization: AuthorizationRequest,
  characterId: number,
  scopes: readonly string[],
): Promise<{ code: string; state: string }> {
  const query = new URL(authorization.url).searchParams;
  const page = await fetch(authorization.url);
  if (page.status !== 200) throw new Error(`The login page answered ${page.status}: ${await page.text()}`);
  const form = new URLSearchParams(query);
  form.set('character_id', String(characterId));
  for (const scope of scopes) form.append('granted_scope', scope);
  form.set('decision', 'authorize');
  const response = await fetch(new URL('/v2/oauth/authorize', host.url), {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  const location = new URL(response.headers.get('location') ?? '');
  return { code: location.searchParams.get('code') ?? '', state: location.searchParams.get('state') ?? '' };
}

/** Refresh tokens in memory, as accounts keeps them encrypted; records what the provider hands back. */
export class RecordingGrantStore implements CharacterGrantStore {
  readonly refreshTokens = new Map<number, string>();
  readonly stored: { characterId: number; refreshToken: string }[] = [];
  readonly esiErrors: { characterId: number; status: EsiErrorSyncStatus; reason: string }[] = [];

  async loadRefreshToken(characterId: number): Promise<string | undefined> {
    return this.refreshTokens.get(characterId);
  }

  async storeRefreshToken(characterId: number, refreshToken: string): Promise<void> {
    this.refreshTokens.set(characterId, refreshToken);
    this.stored.push({ characterId, refreshToken });
  }

  async markEsiError(characterId: number, status: EsiErrorSyncStatus, reason: string): Promise<void> {
    this.esiErrors.push({ characterId, status, reason });
  }
}

/** Waiting moves the simulation clock instead of the wall clock: pauses take no real time. */
export function simulatedSleep(host: HostedSimulator): (ms: number) => Promise<void> {
  return async (ms) => host.clock.advance(Math.ceil(ms));
}

export interface EsiTestClient {
  readonly http: EsiHttpClient;
  readonly esi: EsiClient;
  readonly grants: RecordingGrantStore;
  readonly tokens: RefreshingTokenProvider;
}

/**
 * The product's ESI client against the simulator: tokens refreshed through the simulated SSO from refresh tokens
 * the simulator issued for `characters` (with `scopes`), the simulation clock for time and for waiting.
 */
export function esiClientFor(
  host: HostedSimulator,
  characters: readonly number[],
  scopes: readonly string[],
  overrides: Partial<EsiHttpClientOptions> & {
    readonly tokenProvider?: (inner: TokenProvider) => TokenProvider;
  } = {},
): EsiTestClient {
  const grants = new RecordingGrantStore();
  for (const characterId of characters) {
    const issued = host.simulator.issueTokens(characterId, scopes);
    if (issued.refresh_token) grants.refreshTokens.set(characterId, issued.refresh_token);
  }
  const sleep = simulatedSleep(host);
  const tokens = new RefreshingTokenProvider({ sso: ssoClientFor(host), grants, clock: host.clock, sleep });
  const { tokenProvider, ...options } = overrides;
  const http = new EsiHttpClient({
    baseUrl: host.url,
    userAgent: USER_AGENT,
    clock: host.clock,
    tokens: tokenProvider ? tokenProvider(tokens) : tokens,
    sleep,
    // The simulator answers in this process and builds a heavy trader's 30 days of journal for the first page: on a
    // loaded machine that passed 5 s, and the wallet import test's sync timed out and retried where it should have
    // waited. A test of a hanging answer sets its own short timeout.
    requestTimeoutMs: 60_000,
    ...options,
  });
  return { http, esi: new EsiClient(http), grants, tokens };
}
