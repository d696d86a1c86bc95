import type { AuthorizationRequest, EveSsoClient, SsoTokens } from '@tradewise/platform';

/** DI token of the {@link LoginSso}. */
export const LOGIN_SSO = Symbol('LOGIN_SSO');

/**
 * The SSO as the login flow needs it. `origin` is where the browser reached us (e.g. `http://localhost:3000`);
 * a configured application ignores it, the bundled simulator uses it so the demo works on any host name.
 */
export interface LoginSso {
  authorizationRequest(scopes: readonly string[], origin: string): AuthorizationRequest;
  exchangeCode(code: string, codeVerifier: string, origin: string): Promise<SsoTokens>;
  revoke(refreshToken: string): Promise<void>;
}

/** The application registered with EVE's SSO (ESI_CLIENT_ID, ESI_CALLBACK_URL). */
export class ConfiguredLoginSso implements LoginSso {
  constructor(private readonly client: EveSsoClient) {}

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

const MAX_ORIGINS = 16;

/**
 * A client per origin the browser used, for an SSO that accepts any callback URL (the bundled simulator): the
 * callback then returns to the host the login started on, where the login cookie lives.
 */
export class PerOriginLoginSso implements LoginSso {
  private readonly clients = new Map<string, EveSsoClient>();

  constructor(private readonly clientFor: (origin: string) => EveSsoClient) {}

  authorizationRequest(scopes: readonly string[], origin: string): AuthorizationRequest {
    return this.client(origin).createAuthorizationRequest(scopes);
  }

  exchangeCode(code: string, codeVerifier: string, origin: string): Promise<SsoTokens> {
    return this.client(origin).exchangeCode(code, codeVerifier);
  }

  revoke(refreshToken: string): Promise<void> {
    return this.client('').revoke(refreshToken);
  }

  private client(origin: string): EveSsoClient {
    let client = this.clients.get(origin);
    if (!client) {
      // A bounded map: Host headers come from clients.
      if (this.clients.size >= MAX_ORIGINS) this.clients.delete(this.clients.keys().next().value!);
      client = this.clientFor(origin);
      this.clients.set(origin, client);
    }
    return client;
  }
}
