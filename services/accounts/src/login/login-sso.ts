import type { AuthorizationRequest, EveSsoClient, SsoTokens } from '@tradewise/platform';

/** DI token of the {@link LoginSso}. */
export const LOGIN_SSO = Symbol('LOGIN_SSO');

/**
 * The SSO as the login flow needs it. `origin` is where the login runs, as {@link LoginSso.loginOrigin} chose it;
 * a configured application ignores it, the bundled simulator returns the browser there.
 */
export interface LoginSso {
  /**
   * The origin a login asked for at `requestOrigin` (from the Host header, so the client's to choose) must run
   * at: the login cookie lives on one host, and the SSO must send the browser back to that host.
   */
  loginOrigin(requestOrigin: string): string;
  authorizationRequest(scopes: readonly string[], origin: string): AuthorizationRequest;
  exchangeCode(code: string, codeVerifier: string, origin: string): Promise<SsoTokens>;
  revoke(refreshToken: string): Promise<void>;
}

/** The application registered with EVE's SSO (ESI_CLIENT_ID, ESI_CALLBACK_URL). */
export class ConfiguredLoginSso implements LoginSso {
  constructor(private readonly client: EveSsoClient) {}

  /** The registered callback decides where the browser comes back; the login starts where it was asked for. */
  loginOrigin(requestOrigin: string): string {
    return requestOrigin;
  }

  authorizationRequest(scopes: readonly string[]): AuthorizationRequest {
    return this.client.createAuthorizationRequest(scopes);
  }

  exchangeCode(code: string, codeVerifier: string): Promise<SsoTokens> {
    return this.client.exchangeCode(code, codeVerifier);
  }

  revoke(refreshToken: string): Promise<void> {
    return this.client.revoke(refreshToken);
  }
}

/**
 * A client per configured origin, for an SSO that accepts any callback URL (the bundled simulator): the login runs
 * at the origin the browser used when it is one of `origins`, else at the first, so a Host header never names
 * the SSO page or the callback.
 */
export class PerOriginLoginSso implements LoginSso {
  private readonly clients = new Map<string, EveSsoClient>();

  constructor(
    private readonly origins: readonly [string, ...string[]],
    private readonly clientFor: (origin: string) => EveSsoClient,
  ) {}

  loginOrigin(requestOrigin: string): string {
    const origin = URL.canParse(requestOrigin) ? new URL(requestOrigin).origin : undefined;
    return origin !== undefined && this.origins.includes(origin) ? origin : this.origins[0];
  }

  authorizationRequest(scopes: readonly string[], origin: string): AuthorizationRequest {
    return this.client(origin).createAuthorizationRequest(scopes);
  }

  exchangeCode(code: string, codeVerifier: string, origin: string): Promise<SsoTokens> {
    return this.client(origin).exchangeCode(code, codeVerifier);
  }

  revoke(refreshToken: string): Promise<void> {
    return this.client(this.origins[0]).revoke(refreshToken);
  }

  private client(requestOrigin: string): EveSsoClient {
    const origin = this.loginOrigin(requestOrigin);
    let client = this.clients.get(origin);
    if (!client) {
      client = this.clientFor(origin);
      this.clients.set(origin, client);
    }
    return client;
  }
}
