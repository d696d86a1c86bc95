import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Clock } from '@tradewise/platform';
import { CONTROL_PREFIX, handleControl } from './http/control-routes';
import type { UiAction } from './http/esi-call';
import { cacheWindow, EsiGateway } from './http/esi-gateway';
import { FaultInjector } from './http/fault-injector';
import { sendJson } from './http/http-io';
import { ErrorLimiter, RateLimiter } from './http/request-limits';
import { ResponseCache } from './http/response-cache';
import { handleSso, isSsoPath } from './http/sso-routes';
import {
  DEFAULT_ISSUER,
  DEMO_SSO_CLIENT,
  SsoAuthority,
  type SsoClient,
  type TokenResponse,
} from './sso/sso-authority';
import { SSO_GRANTS_FILE } from './sso/sso-grant-file';
import type { SimulatorUniverse } from './universe/simulator-universe';
import { MarketBooks } from './world/market-books';
import { SimulatedWorld } from './world/simulated-world';
import { SimulationClock } from './world/simulation-clock';
import type { ProfileName, WorldProfile } from './world/world-profiles';

export interface EsiSimulatorOptions {
  readonly universe: SimulatorUniverse;
  /** Everything the world invents follows from it (default `tradewise`). */
  readonly seed?: number | string;
  /** `demo` (default) or `heavy-trader` (adds a character with over 100,000 transactions a year). */
  readonly profile?: ProfileName | WorldProfile;
  /** The simulation clock, or any `Clock` to follow; default: a SimulationClock on the wall clock. */
  readonly clock?: SimulationClock | Clock;
  /** Without `clock`: start the simulation clock at this instant (it runs on from there unless `frozen`). */
  readonly now?: Date | string | number;
  readonly frozen?: boolean;
  /** Applications registered with the simulated SSO (default: the demo client, any callback URL). */
  readonly clients?: readonly SsoClient[];
  /** The `iss` of access tokens (default `https://login.eveonline.com`, so the real validation code passes). */
  readonly issuer?: string;
  /** The simulator's external base URL when it is mounted under another server (for the SSO discovery document). */
  readonly publicUrl?: string;
  /** ESI's per-group rate limits (default on). */
  readonly rateLimits?: boolean;
  /** gzip answers for clients that accept it (default on). */
  readonly compression?: boolean;
  /** Serve the control API under /_sim (default on). */
  readonly controlApi?: boolean;
  /** Bytes of serialised answers kept (default 256 MB). */
  readonly cacheBytes?: number;
  /**
   * Keep the SSO's grants and refresh tokens in `<dataDir>/esi-sim-grants.json` (mode 0600) and honour them after a
   * restart, as the real SSO does; without it they live in memory only.
   */
  readonly dataDir?: string;
}

export interface EsiSimulator {
  readonly world: SimulatedWorld;
  readonly clock: SimulationClock | Clock;
  readonly faults: FaultInjector;
  readonly sso: SsoAuthority;
  /** What the UI routes asked the game client to do, oldest first. */
  readonly uiActions: readonly UiAction[];
  /** A Node request listener: mount it in another server (Express: `app.use('/esi-sim', simulator.handler)`). */
  readonly handler: (request: IncomingMessage, response: ServerResponse) => void;
  /** Tokens for a character without the browser round trip. */
  issueTokens(characterId: number, scopes: readonly string[], clientId?: string): TokenResponse;
  /** Forget error-limit and rate-limit state. */
  resetLimits(): void;
  /** End requests a `hang` fault holds open. */
  releaseHangingRequests(): void;
  /**
   * Generates every wallet's current journal and transactions ahead of the first sync (a few hundred
   * milliseconds for the heavy trader), yielding between wallets so requests are still served meanwhile.
   */
  warmUp(): Promise<void>;
}

export interface RunningEsiSimulator extends EsiSimulator {
  /** e.g. `http://127.0.0.1:41234`: the ESI base URL and the SSO base URL at once. */
  readonly url: string;
  close(): Promise<void>;
}

/** The simulator as a request listener, without a server of its own. */
export function createEsiSimulator(options: EsiSimulatorOptions): EsiSimulator {
  const clock = options.clock ?? new SimulationClock({ start: options.now, frozen: options.frozen });
  const nowMs = (): number => clock.now().getTime();
  const world = new SimulatedWorld({
    seed: options.seed,
    universe: options.universe,
    profile: options.profile,
  });
  const books = new MarketBooks(world.seed, world.universe, world.prices, world.structures, (atMs) =>
    world.playerBookOrders(atMs),
  );
  const sso = new SsoAuthority({
    clients: options.clients ?? [DEMO_SSO_CLIENT],
    issuer: options.issuer ?? DEFAULT_ISSUER,
    nowMs,
    characterName: (id) => world.character(id)?.name,
    seed: world.seed,
    grantsFile: options.dataDir === undefined ? undefined : join(options.dataDir, SSO_GRANTS_FILE),
  });
  const faults = new FaultInjector(world.seed, sso);
  const errorLimiter = new ErrorLimiter(nowMs);
  const rateLimiter = new RateLimiter(nowMs);
  const uiActions: UiAction[] = [];
  const hanging = new Set<ServerResponse>();
  const resetLimits = (): void => {
    errorLimiter.reset();
    rateLimiter.reset();
  };
  const gateway = new EsiGateway({
    world,
    books,
    sso,
    faults,
    errorLimiter,
    rateLimiter,
    cache: new ResponseCache(options.cacheBytes ?? 256 * 1024 * 1024),
    nowMs,
    compression: options.compression ?? true,
    rateLimits: options.rateLimits ?? true,
    recordUiAction: (action) => uiActions.push(action),
    hanging,
  });
  const baseUrl = (request: IncomingMessage): string =>
    options.publicUrl ??
    `http://${request.headers.host ?? 'localhost'}${(request as IncomingMessage & { baseUrl?: string }).baseUrl ?? ''}`;

  const dispatch = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const url = new URL(request.url ?? '/', 'http://simulator');
    if (request.method === 'OPTIONS') {
      response.writeHead(204, {
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
        'Access-Control-Allow-Headers':
          'Authorization, Content-Type, If-None-Match, If-Modified-Since, X-Compatibility-Date, X-Tenant, X-User-Agent, Accept-Language',
        'Access-Control-Max-Age': '600',
      });
      response.end();
      return;
    }
    if (
      (options.controlApi ?? true) &&
      (url.pathname === CONTROL_PREFIX || url.pathname.startsWith(`${CONTROL_PREFIX}/`))
    ) {
      return handleControl(request, response, url, { world, clock, faults, sso, uiActions, resetLimits });
    }
    if (isSsoPath(url.pathname))
      return handleSso(request, response, url, { sso, world, faults, hanging, baseUrl });
    return gateway.handle(request, response, url);
  };

  return {
    world,
    clock,
    faults,
    sso,
    uiActions,
    handler: (request, response) => {
      dispatch(request, response).catch((error: unknown) => {
        if (response.headersSent) {
          response.destroy();
          return;
        }
        sendJson(response, 500, {
          error: `The ESI simulator failed: ${error instanceof Error ? error.message : String(error)}`,
          status: 500,
        });
      });
    },
    issueTokens: (characterId, scopes, clientId) => sso.issueTokens(characterId, scopes, clientId),
    resetLimits,
    warmUp: async () => {
      const { snapshotMs } = cacheWindow(3600, nowMs());
      const busiestFirst = [...world.plan.wallets.values()].sort((a, b) => b.slots.length - a.slots.length);
      for (const plan of busiestFirst) {
        await new Promise((resolve) => setImmediate(resolve));
        world.journal(plan.wallet, snapshotMs);
        world.transactions(plan.wallet, snapshotMs);
      }
    },
    releaseHangingRequests: () => {
      for (const response of hanging) response.destroy();
      hanging.clear();
    },
  };
}

/** Starts the simulator on its own HTTP server (port 0 picks a free port). */
export async function startEsiSimulator(
  options: EsiSimulatorOptions & { readonly port?: number; readonly host?: string },
): Promise<RunningEsiSimulator> {
  const simulator = createEsiSimulator(options);
  const server: Server = createServer(simulator.handler);
  server.keepAliveTimeout = 5_000;
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = options.publicUrl ?? `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return {
    ...simulator,
    url,
    close: async () => {
      simulator.releaseHangingRequests();
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };
}
