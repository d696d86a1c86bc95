import type { IncomingMessage, ServerResponse } from 'node:http';
import { authorizePage } from '../sso/authorize-page';
import { SsoRequestError, type SsoAuthority } from '../sso/sso-authority';
import type { SimulatedWorld } from '../world/simulated-world';
import { PRODUCT_CORPORATION_ID, type CharacterProfile } from '../world/world-profiles';
import type { FaultInjector } from './fault-injector';
import { readForm, sendHtml, sendJson, sleep } from './http-io';

export const SsoPath = {
  discovery: '/.well-known/oauth-authorization-server',
  authorize: '/v2/oauth/authorize',
  token: '/v2/oauth/token',
  revoke: '/v2/oauth/revoke',
  jwks: '/oauth/jwks',
} as const;

const OPERATION_IDS: Readonly<Record<string, string>> = {
  [SsoPath.discovery]: 'SsoDiscovery',
  [SsoPath.authorize]: 'SsoAuthorize',
  [SsoPath.token]: 'SsoToken',
  [SsoPath.revoke]: 'SsoRevoke',
  [SsoPath.jwks]: 'SsoJwks',
};

export interface SsoRouteDependencies {
  readonly sso: SsoAuthority;
  readonly world: SimulatedWorld;
  readonly faults: FaultInjector;
  readonly hanging: Set<ServerResponse>;
  /** The simulator's external base URL for this request. */
  readonly baseUrl: (request: IncomingMessage) => string;
}

/** The login page offers the trading characters first; the product corporation's banker only takes deposits. */
function playersFirst(characters: readonly CharacterProfile[]): CharacterProfile[] {
  const banker = (c: CharacterProfile): number => (c.corporationId === PRODUCT_CORPORATION_ID ? 1 : 0);
  return [...characters].sort((a, b) => banker(a) - banker(b));
}

export function isSsoPath(pathname: string): boolean {
  return OPERATION_IDS[pathname] !== undefined;
}

/** The SSO v2 endpoints: discovery, the login page, token, revocation and the signing keys. */
export async function handleSso(
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
  deps: SsoRouteDependencies,
): Promise<void> {
  const method = request.method ?? 'GET';
  for (const effect of deps.faults.effectsFor({
    operationId: OPERATION_IDS[url.pathname]!,
    path: url.pathname,
    method,
  })) {
    if (effect.kind === 'delay') await sleep(effect.ms);
    else if (effect.kind === 'hang') {
      deps.hanging.add(response);
      response.on('close', () => deps.hanging.delete(response));
      return;
    } else if (effect.kind === 'reset') {
      request.socket.destroy();
      return;
    } else if (effect.kind === 'gateway-timeout') {
      return sendJson(response, 504, {
        error: 'temporarily_unavailable',
        error_description: 'Gateway timeout',
      });
    } else
      return sendJson(
        response,
        effect.status,
        effect.body ?? { error: 'server_error', error_description: 'Injected fault' },
      );
  }
  try {
    switch (`${method} ${url.pathname}`) {
      case `GET ${SsoPath.discovery}`:
        return sendJson(response, 200, discovery(deps, request), { 'Cache-Control': 'public, max-age=300' });
      case `GET ${SsoPath.jwks}`:
        return sendJson(response, 200, deps.sso.jwks, { 'Cache-Control': 'public, max-age=300' });
      case `GET ${SsoPath.authorize}`: {
        const authorize = deps.sso.authorizeRequest(url.searchParams);
        const corporationName = (id: number): string => deps.world.nameOf(id);
        return sendHtml(
          response,
          200,
          authorizePage(authorize, url.searchParams, playersFirst(deps.world.characters), corporationName),
        );
      }
      case `POST ${SsoPath.authorize}`: {
        const form = await formOf(request);
        const authorize = deps.sso.authorizeRequest(form);
        const location =
          form.get('decision') === 'cancel'
            ? deps.sso.deny(authorize)
            : deps.sso.approve(authorize, Number(form.get('character_id')), form.getAll('granted_scope'));
        response.writeHead(302, { Location: location, 'Cache-Control': 'no-store' });
        response.end();
        return;
      }
      case `POST ${SsoPath.token}`: {
        const tokens = deps.sso.token(await formOf(request), request.headers.authorization);
        return sendJson(response, 200, tokens, { 'Cache-Control': 'no-store', Pragma: 'no-cache' });
      }
      case `POST ${SsoPath.revoke}`:
        deps.sso.revoke(await formOf(request), request.headers.authorization);
        response.writeHead(200, { 'Content-Length': '0' });
        response.end();
        return;
      default:
        return sendJson(response, 405, {
          error: 'invalid_request',
          error_description: `${method} not allowed here`,
        });
    }
  } catch (error) {
    if (!(error instanceof SsoRequestError)) throw error;
    if (url.pathname === SsoPath.authorize) {
      return sendHtml(
        response,
        error.status,
        `<!doctype html><title>SSO error</title><h1>${error.code}</h1><p>${error.message}</p>`,
      );
    }
    return sendJson(
      response,
      error.status,
      { error: error.code, error_description: error.message },
      error.headers,
    );
  }
}

function discovery(deps: SsoRouteDependencies, request: IncomingMessage): Record<string, unknown> {
  const base = deps.baseUrl(request);
  return {
    issuer: deps.sso.issuer,
    authorization_endpoint: `${base}${SsoPath.authorize}`,
    token_endpoint: `${base}${SsoPath.token}`,
    response_types_supported: ['code', 'token'],
    jwks_uri: `${base}${SsoPath.jwks}`,
    revocation_endpoint: `${base}${SsoPath.revoke}`,
    revocation_endpoint_auth_methods_supported: [
      'client_secret_basic',
      'client_secret_post',
      'client_secret_jwt',
    ],
    token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'client_secret_jwt'],
    token_endpoint_auth_signing_alg_values_supported: ['HS256'],
    code_challenge_methods_supported: ['S256'],
  };
}

function formOf(request: IncomingMessage): Promise<URLSearchParams> {
  return readForm(request);
}
