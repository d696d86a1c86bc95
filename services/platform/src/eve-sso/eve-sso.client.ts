import type { Clock } from '../ports/clock.port';
import {
  AccessTokenVerifier,
  issuersFor,
  type AccessTokenClaims,
  type JsonWebKeySet,
} from './access-token.verifier';
import type { EveSsoConfig } from './eve-sso.config';
import { InvalidGrantError, SsoRequestError, SsoUnavailableError } from './eve-sso.errors';
import { codeChallengeFor, randomUrlSafeToken } from './pkce';

export interface SsoEndpoints {
  readonly authorize: string;
  readonly token: string;
  readonly revoke: string;
  readonly jwks: string;
}

/** The SSO's v2 endpoints under a base URL (EVE's own, or the simulator's, which mirrors them). */
export function ssoEndpointsFor(ssoBaseUrl: string): SsoEndpoints {
  const base = ssoBaseUrl.replace(/\/+$/, '');
  return {
    authorize: `${base}/v2/oauth/authorize`,
    token: `${base}/v2/oauth/token`,
    revoke: `${base}/v2/oauth/revoke`,
    jwks: `${base}/oauth/jwks`,
  };
}

export interface EveSsoClientOptions {
  readonly ssoBaseUrl: string;
  readonly clientId: string;
  /** Absent for a public client: code exchange and refresh then send `client_id` and rely on PKCE. */
  readonly clientSecret?: string;
  readonly callbackUrl: string;
  readonly userAgent: string;
  readonly clock: Clock;
  readonly endpoints?: Partial<SsoEndpoints>;
  /** Accepted `iss` values; by default the base URL and its bare host. */
  readonly issuers?: readonly string[];
  readonly requestTimeoutMs?: number;
  readonly clockSkewMs?: number;
}

/** Kept by the login flow (e.g. in the session) between the redirect and the callback. */
export interface AuthorizationRequest {
  readonly url: string;
  /** Compare with the callback's `state` before exchanging its code. */
  readonly state: string;
  /** Needed again for {@link EveSsoClient.exchangeCode}. */
  readonly codeVerifier: string;
}

/** Tokens from a code exchange or a refresh, the access token already verified. */
export interface SsoTokens {
  readonly accessToken: string;
  readonly accessTokenExpiresAt: Date;
  /**
   * The refresh token to store from now on. It may differ from the one just used (rotation); the SSO issues none
   * when no scope was granted.
   */
  readonly refreshToken?: string;
  readonly character: AccessTokenClaims;
}

interface TokenResponseBody {
  readonly access_token?: unknown;
  readonly expires_in?: unknown;
  readonly token_type?: unknown;
  readonly refresh_token?: unknown;
  readonly error?: unknown;
  readonly error_description?: unknown;
}

const REVOKED_GRANT_ERRORS = ['invalid_grant', 'invalid_token'];

/**
 * EVE's single sign-on (OAuth 2.0 with PKCE, v2 endpoints): the authorize URL, code exchange, refresh with
 * rotation, revocation and access-token verification. Stateless apart from the cached key set, so one instance
 * serves the whole process.
 */
export class EveSsoClient {
  private readonly endpoints: SsoEndpoints;
  private readonly verifier: AccessTokenVerifier;
  private readonly requestTimeoutMs: number;

  constructor(private readonly options: EveSsoClientOptions) {
    this.endpoints = { ...ssoEndpointsFor(options.ssoBaseUrl), ...options.endpoints };
    this.requestTimeoutMs = options.requestTimeoutMs ?? 10_000;
    this.verifier = new AccessTokenVerifier({
      clientId: options.clientId,
      issuers: options.issuers ?? issuersFor(options.ssoBaseUrl),
      clock: options.clock,
      clockSkewMs: options.clockSkewMs,
      loadKeySet: () => this.fetchKeySet(),
    });
  }

  /** For a configured application; undefined when the config names none (the simulator is then in use). */
  static fromConfig(config: EveSsoConfig, clock: Clock): EveSsoClient | undefined {
    if (config.application === undefined) return undefined;
    return new EveSsoClient({
      ssoBaseUrl: config.ssoBaseUrl,
      ...config.application,
      userAgent: config.userAgent,
      clock,
    });
  }

  get clientId(): string {
    return this.options.clientId;
  }

  /** Where to send the browser: a fresh `state` and PKCE (S256) verifier come with it. */
  createAuthorizationRequest(scopes: readonly string[]): AuthorizationRequest {
    const state = randomUrlSafeToken();
    const codeVerifier = randomUrlSafeToken();
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: this.options.clientId,
      redirect_uri: this.options.callbackUrl,
      scope: scopes.join(' '),
      state,
      code_challenge: codeChallengeFor(codeVerifier),
      code_challenge_method: 'S256',
    });
    return { url: `${this.endpoints.authorize}?${query.toString()}`, state, codeVerifier };
  }

  /** Trades the callback's code for tokens; throws {@link InvalidGrantError} for a used or expired code. */
  exchangeCode(code: string, codeVerifier: string): Promise<SsoTokens> {
    return this.requestTokens({ grant_type: 'authorization_code', code, code_verifier: codeVerifier });
  }

  /**
   * A new access token for a refresh token. Store the returned `refreshToken`: the SSO may rotate it. Throws
   * {@link InvalidGrantError} when the grant is gone (revoked, or the character changed hands).
   */
  async refresh(refreshToken: string, scopes?: readonly string[]): Promise<SsoTokens> {
    const tokens = await this.requestTokens({
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      ...(scopes !== undefined ? { scope: scopes.join(' ') } : {}),
    });
    return { ...tokens, refreshToken: tokens.refreshToken ?? refreshToken };
  }

  /** Ends a grant. The SSO answers 200 whether or not the token was still valid (RFC 7009). */
  async revoke(refreshToken: string): Promise<void> {
    const response = await this.post(this.endpoints.revoke, {
      token_type_hint: 'refresh_token',
      token: refreshToken,
    });
    if (!response.ok) await this.throwForTokenError(response);
  }

  verifyAccessToken(jwt: string): Promise<AccessTokenClaims> {
    return this.verifier.verify(jwt);
  }

  private async requestTokens(form: Record<string, string>): Promise<SsoTokens> {
    const response = await this.post(this.endpoints.token, form);
    if (!response.ok) await this.throwForTokenError(response);
    const body = (await response.json().catch(() => ({}))) as TokenResponseBody;
    if (typeof body.access_token !== 'string' || typeof body.expires_in !== 'number') {
      throw new SsoRequestError(response.status, undefined, 'The SSO token response has no access token');
    }
    if (typeof body.token_type === 'string' && body.token_type.toLowerCase() !== 'bearer') {
      throw new SsoRequestError(response.status, undefined, `Unexpected token type '${body.token_type}'`);
    }
    const character = await this.verifier.verify(body.access_token);
    return {
      accessToken: body.access_token,
      accessTokenExpiresAt: new Date(this.options.clock.now().getTime() + body.expires_in * 1000),
      ...(typeof body.refresh_token === 'string' ? { refreshToken: body.refresh_token } : {}),
      character,
    };
  }

  private async throwForTokenError(response: Response): Promise<never> {
    if (response.status >= 500 || response.status === 429) {
      throw new SsoUnavailableError(`The SSO answered ${response.status}`);
    }
    const body = (await response.json().catch(() => ({}))) as TokenResponseBody;
    const oauthError = typeof body.error === 'string' ? body.error : undefined;
    const description = typeof body.error_description === 'string' ? body.error_description : undefined;
    if (oauthError !== undefined && REVOKED_GRANT_ERRORS.includes(oauthError)) {
      throw new InvalidGrantError(oauthError, description);
    }
    throw new SsoRequestError(
      response.status,
      oauthError,
      `The SSO refused the request (${response.status}${oauthError ? ` ${oauthError}` : ''}${
        description ? `: ${description}` : ''
      })`,
    );
  }

  private post(url: string, form: Record<string, string>): Promise<Response> {
    const headers: Record<string, string> = {
      'Content-Type': 'application/x-www-form-urlencoded',
      Accept: 'application/json',
      'User-Agent': this.options.userAgent,
    };
    const body = new URLSearchParams(form);
    if (this.options.clientSecret !== undefined) {
      const credentials = `${this.options.clientId}:${this.options.clientSecret}`;
      headers.Authorization = `Basic ${Buffer.from(credentials, 'utf8').toString('base64')}`;
    } else {
      body.set('client_id', this.options.clientId);
    }
    return this.send(url, { method: 'POST', headers, body });
  }

  private async fetchKeySet(): Promise<JsonWebKeySet> {
    const response = await this.send(this.endpoints.jwks, {
      headers: { Accept: 'application/json', 'User-Agent': this.options.userAgent },
    });
    if (!response.ok) throw new SsoUnavailableError(`The SSO key set answered ${response.status}`);
    return (await response.json()) as JsonWebKeySet;
  }

  private async send(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(this.requestTimeoutMs) });
    } catch (error) {
      throw new SsoUnavailableError(`The SSO could not be reached (${url}): ${(error as Error).message}`, {
        cause: error,
      });
    }
  }
}
