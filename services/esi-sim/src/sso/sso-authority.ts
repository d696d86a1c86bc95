import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { ESI_SCOPES } from '@tradewise/contracts';
import { decodeJwt, signRs256, verifyRs256 } from './jwt';
import { readSsoGrants, refreshTokenHash, writeSsoGrants } from './sso-grant-file';
import { SSO_KEY_ID, ssoKeys, type SsoKeys } from './sso-keys';

/** An application registered with the SSO. Without a secret it may only use PKCE. */
export interface SsoClient {
  readonly clientId: string;
  readonly clientSecret?: string;
  /** Exact callback URLs, or '*' to accept any (the demo client). */
  readonly callbackUrls: readonly string[] | '*';
}

export const DEMO_SSO_CLIENT: SsoClient = {
  clientId: 'tradewise-demo',
  clientSecret: 'tradewise-demo-secret',
  callbackUrls: '*',
};

export const DEFAULT_ISSUER = 'https://login.eveonline.com';
export const ACCESS_TOKEN_LIFETIME_SECONDS = 1200;
const AUTHORIZATION_CODE_LIFETIME_MS = 5 * 60_000;
const KNOWN_SCOPES: ReadonlySet<string> = new Set(ESI_SCOPES);

/** An OAuth error answer: status, `error` code and description. */
export class SsoRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    description: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(description);
    this.name = 'SsoRequestError';
  }
}

export interface AuthorizeRequest {
  readonly clientId: string;
  readonly redirectUri: string;
  readonly state: string;
  readonly scopes: readonly string[];
  readonly codeChallenge?: string;
}

export interface TokenResponse {
  readonly access_token: string;
  readonly expires_in: number;
  readonly token_type: 'Bearer';
  readonly refresh_token?: string;
}

export interface AccessPrincipal {
  readonly characterId: number;
  readonly scopes: readonly string[];
  readonly clientId: string;
}

export type AccessTokenCheck =
  | { readonly ok: true; readonly principal: AccessPrincipal }
  | { readonly ok: false; readonly reason: 'malformed' | 'signature' | 'expired' | 'revoked' | 'claims' };

interface AuthorizationCode {
  readonly clientId: string;
  readonly redirectUri: string;
  readonly characterId: number;
  readonly scopes: readonly string[];
  readonly codeChallenge?: string;
  readonly expiresMs: number;
  used: boolean;
}

interface RefreshTokenEntry {
  readonly grantId: string;
  /** Its successor has been used: the client holds a newer token. */
  retired: boolean;
  /** SHA-256 of the token presented to get this one. */
  readonly predecessor?: string;
}

interface Grant {
  readonly clientId: string;
  readonly characterId: number;
  readonly scopes: readonly string[];
  /** Started with PKCE: may refresh with the client id alone. */
  readonly isPublic: boolean;
  revoked: boolean;
}

export interface SsoAuthorityOptions {
  readonly clients: readonly SsoClient[];
  readonly issuer: string;
  readonly nowMs: () => number;
  readonly characterName: (characterId: number) => string | undefined;
  readonly seed: number;
  /** Keep grants and refresh tokens in this file (read at start), as the real SSO keeps them; else in memory. */
  readonly grantsFile?: string;
}

/**
 * The simulated EVE SSO v2: authorization codes (with a client secret or PKCE), access tokens as RS256 JWTs
 * with the game's claims, refresh tokens that rotate on every use, revocation. Grants and refresh tokens outlive
 * a restart when `grantsFile` is given; the rest lives in memory.
 *
 * A used refresh token stops working once the token issued in its place has been used: until then the answer that
 * carried the new one may have been lost (a dropped connection, a client killed before it stored it), and the SSO
 * documents no rule that would strand such a client. A client that keeps presenting stale tokens is still refused.
 */
export class SsoAuthority {
  private readonly keys: SsoKeys = ssoKeys();
  private readonly clients: ReadonlyMap<string, SsoClient>;
  private readonly codes = new Map<string, AuthorizationCode>();
  private readonly grants = new Map<string, Grant>();
  /** By the token's SHA-256. */
  private readonly refreshTokens = new Map<string, RefreshTokenEntry>();
  private readonly revokedTokenIds = new Set<string>();
  private readonly accessRevokedBefore = new Map<number, number>();
  /** Transfers to another EVE account per character: each changes the owner hash. */
  private readonly ownerTransfers = new Map<number, number>();
  private retireAtOnce = false;

  constructor(private readonly options: SsoAuthorityOptions) {
    this.clients = new Map(options.clients.map((client) => [client.clientId, client]));
    const stored = options.grantsFile ? readSsoGrants(options.grantsFile) : null;
    for (const { id, ...grant } of stored?.grants ?? []) this.grants.set(id, grant);
    for (const { sha256, grantId, predecessor } of stored?.refreshTokens ?? []) {
      this.refreshTokens.set(sha256, { grantId, retired: false, ...(predecessor ? { predecessor } : {}) });
    }
    for (const [characterId, transfers] of stored?.ownerTransfers ?? []) {
      this.ownerTransfers.set(characterId, transfers);
    }
  }

  get jwks(): SsoKeys['jwks'] {
    return this.keys.jwks;
  }

  get issuer(): string {
    return this.options.issuer;
  }

  /** Checks an authorize request the way the SSO does before it shows the login page. */
  authorizeRequest(query: URLSearchParams): AuthorizeRequest {
    if (query.get('response_type') !== 'code') {
      throw new SsoRequestError(400, 'unsupported_response_type', 'response_type must be code');
    }
    const client = this.clients.get(query.get('client_id') ?? '');
    if (!client) throw new SsoRequestError(400, 'invalid_client', 'Unknown client_id');
    const redirectUri = query.get('redirect_uri') ?? '';
    if (!isAbsoluteUrl(redirectUri))
      throw new SsoRequestError(400, 'invalid_request', 'redirect_uri must be a URL');
    if (client.callbackUrls !== '*' && !client.callbackUrls.includes(redirectUri)) {
      throw new SsoRequestError(
        400,
        'invalid_request',
        'redirect_uri does not match the application callback URL',
      );
    }
    const state = query.get('state');
    if (!state) throw new SsoRequestError(400, 'invalid_request', 'state is required');
    const scopes = parseScopes(query.get('scope'));
    const unknown = scopes.filter((scope) => !KNOWN_SCOPES.has(scope));
    if (unknown.length > 0)
      throw new SsoRequestError(400, 'invalid_scope', `Unknown scope: ${unknown.join(' ')}`);
    const codeChallenge = query.get('code_challenge') ?? undefined;
    if (codeChallenge !== undefined && query.get('code_challenge_method') !== 'S256') {
      throw new SsoRequestError(400, 'invalid_request', 'code_challenge_method must be S256');
    }
    return { clientId: client.clientId, redirectUri, state, scopes, codeChallenge };
  }

  /** The player logged in as `characterId` and granted `scopes`: the redirect back to the application. */
  approve(request: AuthorizeRequest, characterId: number, scopes: readonly string[]): string {
    if (!this.options.characterName(characterId)) {
      throw new SsoRequestError(400, 'invalid_request', `No simulated character ${characterId}`);
    }
    const granted = scopes.filter((scope) => request.scopes.includes(scope));
    const code = randomBytes(16).toString('base64url');
    this.codes.set(code, {
      clientId: request.clientId,
      redirectUri: request.redirectUri,
      characterId,
      scopes: granted,
      codeChallenge: request.codeChallenge,
      expiresMs: this.options.nowMs() + AUTHORIZATION_CODE_LIFETIME_MS,
      used: false,
    });
    return withQuery(request.redirectUri, { code, state: request.state });
  }

  deny(request: AuthorizeRequest): string {
    return withQuery(request.redirectUri, { error: 'access_denied', state: request.state });
  }

  /** POST /v2/oauth/token. */
  token(form: URLSearchParams, authorization: string | undefined): TokenResponse {
    const grantType = form.get('grant_type');
    if (grantType === 'authorization_code') return this.exchangeCode(form, authorization);
    if (grantType === 'refresh_token') return this.refresh(form, authorization);
    throw new SsoRequestError(
      400,
      'unsupported_grant_type',
      `Unsupported grant_type: ${grantType ?? 'none'}`,
    );
  }

  /** POST /v2/oauth/revoke: answers 200 whether or not the token was valid (RFC 7009). */
  revoke(form: URLSearchParams, authorization: string | undefined): void {
    const { client } = this.authenticate(form, authorization);
    const token = form.get('token') ?? '';
    const refresh = this.refreshTokens.get(refreshTokenHash(token));
    if (refresh) {
      const grant = this.grants.get(refresh.grantId);
      if (grant && grant.clientId === client.clientId) grant.revoked = true;
      this.persist();
      return;
    }
    const decoded = decodeJwt(token);
    const jti = decoded?.payload['jti'];
    if (typeof jti === 'string' && decoded?.payload['azp'] === client.clientId) this.revokedTokenIds.add(jti);
  }

  /** Tokens without the browser round trip, for tests, benchmarks and the control API. */
  issueTokens(
    characterId: number,
    scopes: readonly string[],
    clientId = this.options.clients[0]!.clientId,
  ): TokenResponse {
    if (!this.options.characterName(characterId)) throw new Error(`No simulated character ${characterId}`);
    if (!this.clients.has(clientId)) throw new Error(`No SSO client ${clientId}`);
    return this.startGrant({ clientId, characterId, scopes: [...scopes], isPublic: false, revoked: false });
  }

  /** See `FaultInjector.retireUsedRefreshTokensAtOnce`. */
  retireUsedRefreshTokensAtOnce(strict: boolean): void {
    this.retireAtOnce = strict;
  }

  /**
   * The character moves to another EVE account (a sale or transfer): its owner hash changes and every grant the
   * old owner gave ends, as on the real SSO.
   */
  transferCharacter(characterId: number): void {
    this.ownerTransfers.set(characterId, (this.ownerTransfers.get(characterId) ?? 0) + 1);
    this.revokeCharacter(characterId, { accessTokens: true });
  }

  /**
   * The player revoked the application's access in account management: refresh tokens stop working, and with
   * `accessTokens` the access tokens already issued are refused by ESI too.
   */
  revokeCharacter(characterId: number, options: { readonly accessTokens?: boolean } = {}): void {
    for (const grant of this.grants.values()) if (grant.characterId === characterId) grant.revoked = true;
    if (options.accessTokens) this.accessRevokedBefore.set(characterId, this.options.nowMs());
    this.persist();
  }

  verifyAccessToken(token: string): AccessTokenCheck {
    const decoded = decodeJwt(token);
    if (!decoded || decoded.header['kid'] !== SSO_KEY_ID) return { ok: false, reason: 'malformed' };
    if (!verifyRs256(decoded, this.keys.publicKey)) return { ok: false, reason: 'signature' };
    const claims = decoded.payload;
    const subject = /^CHARACTER:EVE:(\d+)$/.exec(String(claims['sub']));
    const audience = claims['aud'];
    if (
      !subject ||
      claims['iss'] !== this.options.issuer ||
      !Array.isArray(audience) ||
      !audience.includes('EVE Online') ||
      typeof claims['exp'] !== 'number' ||
      typeof claims['iat'] !== 'number'
    ) {
      return { ok: false, reason: 'claims' };
    }
    if (claims['exp'] * 1000 <= this.options.nowMs()) return { ok: false, reason: 'expired' };
    const characterId = Number(subject[1]);
    const revokedBefore = this.accessRevokedBefore.get(characterId);
    if (
      this.revokedTokenIds.has(String(claims['jti'])) ||
      (revokedBefore !== undefined && claims['iat'] * 1000 <= revokedBefore)
    ) {
      return { ok: false, reason: 'revoked' };
    }
    const scp = claims['scp'];
    const scopes = typeof scp === 'string' ? [scp] : Array.isArray(scp) ? scp.map(String) : [];
    return { ok: true, principal: { characterId, scopes, clientId: String(claims['azp']) } };
  }

  private exchangeCode(form: URLSearchParams, authorization: string | undefined): TokenResponse {
    const { client, isPublic } = this.authenticate(form, authorization);
    const code = this.codes.get(form.get('code') ?? '');
    if (!code || code.used || code.expiresMs <= this.options.nowMs() || code.clientId !== client.clientId) {
      throw new SsoRequestError(
        400,
        'invalid_grant',
        'Authorization code is invalid, expired or already used',
      );
    }
    if (code.codeChallenge !== undefined) {
      const verifier = form.get('code_verifier') ?? '';
      if (createHash('sha256').update(verifier).digest('base64url') !== code.codeChallenge) {
        throw new SsoRequestError(400, 'invalid_grant', 'code_verifier does not match the code_challenge');
      }
    } else if (isPublic) {
      throw new SsoRequestError(401, 'invalid_client', 'Client authentication failed', basicChallenge());
    }
    code.used = true;
    return this.startGrant({
      clientId: client.clientId,
      characterId: code.characterId,
      scopes: code.scopes,
      isPublic: code.codeChallenge !== undefined,
      revoked: false,
    });
  }

  private refresh(form: URLSearchParams, authorization: string | undefined): TokenResponse {
    const { client, isPublic } = this.authenticate(form, authorization);
    const presented = form.get('refresh_token') ?? '';
    const entry = this.refreshTokens.get(refreshTokenHash(presented));
    const grant = entry && this.grants.get(entry.grantId);
    if (!entry || !grant || grant.clientId !== client.clientId) {
      throw new SsoRequestError(400, 'invalid_grant', 'Unknown refresh token');
    }
    if (grant.revoked) throw new SsoRequestError(400, 'invalid_token', 'The refresh token has been revoked');
    if (entry.retired) throw new SsoRequestError(400, 'invalid_grant', 'The refresh token was already used');
    if (isPublic && !grant.isPublic) {
      throw new SsoRequestError(401, 'invalid_client', 'Client authentication failed', basicChallenge());
    }
    const requested = form.get('scope');
    const scopes = requested === null ? grant.scopes : parseScopes(requested);
    if (!scopes.every((scope) => grant.scopes.includes(scope))) {
      throw new SsoRequestError(400, 'invalid_scope', 'Requested scopes exceed the granted scopes');
    }
    if (this.retireAtOnce) entry.retired = true;
    const predecessor = entry.predecessor && this.refreshTokens.get(entry.predecessor);
    if (predecessor) predecessor.retired = true;
    const refreshToken = randomBytes(24).toString('base64url');
    this.refreshTokens.set(refreshTokenHash(refreshToken), {
      grantId: entry.grantId,
      retired: false,
      predecessor: refreshTokenHash(presented),
    });
    this.persist();
    return this.tokenResponse(grant, scopes, refreshToken);
  }

  private startGrant(grant: Grant): TokenResponse {
    const grantId = randomUUID();
    this.grants.set(grantId, grant);
    // No scope, no refresh token (esi-issues #274).
    if (grant.scopes.length === 0) return this.tokenResponse(grant, grant.scopes, undefined);
    const refreshToken = randomBytes(24).toString('base64url');
    this.refreshTokens.set(refreshTokenHash(refreshToken), { grantId, retired: false });
    this.persist();
    return this.tokenResponse(grant, grant.scopes, refreshToken);
  }

  /** Before the token leaves: a token the client holds is one a restart still honours. */
  private persist(): void {
    const path = this.options.grantsFile;
    if (!path) return;
    writeSsoGrants(path, {
      version: 1,
      grants: [...this.grants].map(([id, grant]) => ({ id, ...grant })),
      refreshTokens: [...this.refreshTokens]
        .filter(([, entry]) => !entry.retired)
        .map(([sha256, { grantId, predecessor }]) => ({
          sha256,
          grantId,
          ...(predecessor ? { predecessor } : {}),
        })),
      ownerTransfers: [...this.ownerTransfers],
    });
  }

  private tokenResponse(
    grant: Grant,
    scopes: readonly string[],
    refreshToken: string | undefined,
  ): TokenResponse {
    const issuedAt = Math.floor(this.options.nowMs() / 1000);
    const claims: Record<string, unknown> = {
      ...(scopes.length === 1 ? { scp: scopes[0] } : scopes.length > 1 ? { scp: [...scopes] } : {}),
      jti: randomUUID(),
      kid: SSO_KEY_ID,
      sub: `CHARACTER:EVE:${grant.characterId}`,
      azp: grant.clientId,
      tenant: 'tranquility',
      tier: 'live',
      region: 'world',
      aud: [grant.clientId, 'EVE Online'],
      name: this.options.characterName(grant.characterId),
      owner: ownerHash(this.options.seed, grant.characterId, this.ownerTransfers.get(grant.characterId)),
      exp: issuedAt + ACCESS_TOKEN_LIFETIME_SECONDS,
      iat: issuedAt,
      iss: this.options.issuer,
    };
    const accessToken = signRs256(
      { alg: 'RS256', kid: SSO_KEY_ID, typ: 'JWT' },
      claims,
      this.keys.privateKey,
    );
    return {
      access_token: accessToken,
      expires_in: ACCESS_TOKEN_LIFETIME_SECONDS - 1,
      token_type: 'Bearer',
      ...(refreshToken ? { refresh_token: refreshToken } : {}),
    };
  }

  /** Basic auth, or client_id + client_secret in the body, or client_id alone (public, PKCE). */
  private authenticate(
    form: URLSearchParams,
    authorization: string | undefined,
  ): { client: SsoClient; isPublic: boolean } {
    const fail = (): never => {
      throw new SsoRequestError(401, 'invalid_client', 'Client authentication failed', basicChallenge());
    };
    let clientId = form.get('client_id');
    let secret = form.get('client_secret');
    if (authorization?.startsWith('Basic ')) {
      const decoded = Buffer.from(authorization.slice(6), 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      if (colon < 0) fail();
      clientId = decodeURIComponent(decoded.slice(0, colon));
      secret = decodeURIComponent(decoded.slice(colon + 1));
    }
    const client = clientId ? this.clients.get(clientId) : undefined;
    if (!client) return fail();
    if (secret === null) return { client, isPublic: true };
    if (client.clientSecret === undefined || client.clientSecret !== secret) fail();
    return { client, isPublic: false };
  }
}

/** The owner hash claim: stable per character (and seed) until a transfer, base64 like the real one. */
export function ownerHash(seed: number, characterId: number, transfers = 0): string {
  const owner = transfers === 0 ? `${seed}:${characterId}` : `${seed}:${characterId}:${transfers}`;
  return createHash('sha1').update(owner).digest('base64');
}

function parseScopes(scope: string | null): string[] {
  return (scope ?? '').split(/[\s+]+/).filter((value) => value.length > 0);
}

function basicChallenge(): Record<string, string> {
  return { 'WWW-Authenticate': 'Basic realm="login.eveonline.com"' };
}

function isAbsoluteUrl(value: string): boolean {
  try {
    return Boolean(new URL(value).protocol);
  } catch {
    return false;
  }
}

function withQuery(url: string, params: Record<string, string>): string {
  const target = new URL(url);
  for (const [key, value] of Object.entries(params)) target.searchParams.set(key, value);
  return target.toString();
}
