import type { AddressInfo } from 'node:net';
import type { NestExpressApplication } from '@nestjs/platform-express';
import {
  ConfiguredLoginSso,
  PerOriginLoginSso,
  type CharacterRolesReader,
  type LoginSso,
} from '@tradewise/accounts';
import {
  DEMO_SSO_CLIENT,
  PROFILE_NAMES,
  createEsiSimulator,
  loadUniverseFromStaticDataset,
  type EsiSimulator,
  type ProfileName,
} from '@tradewise/esi-sim';
import {
  ConfigError,
  DEFAULT_SSO_BASE_URL,
  EveSsoClient,
  issuersFor,
  loadEveSsoConfig,
  type Clock,
  type EveSsoConfig,
  type Logger,
} from '@tradewise/platform';
import { EsiClient, EsiHttpClient, type TokenProvider } from '@tradewise/platform';
import type { PublicEsi } from '@tradewise/market';

/** Where the bundled simulator is mounted when no game credentials are configured (the demo). */
export const SIMULATOR_PATH = '/esi-sim';
export const LOGIN_CALLBACK_PATH = '/api/v1/login/callback';

export interface GameAccess {
  readonly loginSso: LoginSso;
  readonly rolesReader: CharacterRolesReader;
  /** The simulator standing in for the game, when no credentials are configured. */
  readonly simulator: EsiSimulator | undefined;
  /** Mounts what must be served beside the API (the simulator), before Nest's routes. */
  mount(app: NestExpressApplication): void;
  /** ESI's base URL (the mounted simulator's once the server listens). */
  esiBaseUrl(): string;
  /** The SSO client the sync refreshes tokens with. */
  refreshSso(): EveSsoClient;
  /** ESI for public routes (market, prices, cost indices): one client, so its cache and error budget are shared. */
  readonly publicEsi: PublicEsi;
}

export interface GameAccessOptions {
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Whether this process serves the API (and so can host the simulator). */
  readonly servesApi: boolean;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly staticDataDir: string;
  /** DATA_DIR: the simulator keeps its SSO's grants there. */
  readonly dataDir: string;
  /** PUBLIC_URL: where the simulator's login page and the login callback are. */
  readonly publicUrl: string;
}

/** The access token the login just received, for one call made with it. */
function singleTokenProvider(
  characterId: number,
  accessToken: string,
  scopes: readonly string[],
  clock: Clock,
): TokenProvider {
  return {
    accessTokenFor: async () => ({
      characterId,
      accessToken,
      scopes,
      expiresAt: new Date(clock.now().getTime() + 60_000),
    }),
    invalidate: () => undefined,
  };
}

function esiRolesReader(esiBaseUrl: () => string, config: EveSsoConfig, clock: Clock): CharacterRolesReader {
  return {
    async rolesOf(characterId, accessToken, scopes) {
      const http = new EsiHttpClient({
        baseUrl: esiBaseUrl(),
        userAgent: config.userAgent,
        clock,
        tokens: singleTokenProvider(characterId, accessToken, scopes, clock),
        retry: { maxRetries: 1 },
        requestTimeoutMs: 5_000,
      });
      const { data } = await new EsiClient(http).getCharacterRoles(characterId);
      return data.roles ?? [];
    },
  };
}

function lazyPublicEsi(
  esiBaseUrl: () => string,
  config: EveSsoConfig,
  clock: Clock,
  logger: Logger,
): PublicEsi {
  let client: EsiClient | undefined;
  return {
    client: () =>
      (client ??= new EsiClient(
        new EsiHttpClient({ baseUrl: esiBaseUrl(), userAgent: config.userAgent, clock, logger }),
      )),
  };
}

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The origins a demo login may run at: PUBLIC_URL, and when that is a loopback address its other loopback names
 * on the same port, so a player who typed 127.0.0.1 rather than localhost keeps the login cookie on that host.
 */
export function loginOrigins(publicUrl: string): [string, ...string[]] {
  const url = new URL(publicUrl);
  if (!LOOPBACK_HOSTS.includes(url.hostname)) return [url.origin];
  const others = LOOPBACK_HOSTS.filter((host) => host !== url.hostname).map((host) => {
    const alias = new URL(url.origin);
    alias.hostname = host;
    return alias.origin;
  });
  return [url.origin, ...others];
}

function simulatorProfile(raw: string | undefined): ProfileName {
  const name = raw ?? 'demo';
  if (!(PROFILE_NAMES as readonly string[]).includes(name)) {
    throw new ConfigError(`ESI_SIM_PROFILE must be one of ${PROFILE_NAMES.join(', ')}, not '${name}'`);
  }
  return name as ProfileName;
}

/**
 * How this process reaches the game: the real SSO and ESI with ESI_CLIENT_ID, ESI_CLIENT_SECRET and
 * ESI_CALLBACK_URL set; otherwise the bundled simulator, mounted on this server, so `npm start` is a demo that
 * anyone can log in to.
 */
export async function createGameAccess(options: GameAccessOptions): Promise<GameAccess> {
  const config = loadEveSsoConfig(options.env);
  const real = EveSsoClient.fromConfig(config, options.clock);
  if (real) {
    return {
      loginSso: new ConfiguredLoginSso(real),
      rolesReader: esiRolesReader(() => config.esiBaseUrl, config, options.clock),
      simulator: undefined,
      mount: () => undefined,
      esiBaseUrl: () => config.esiBaseUrl,
      refreshSso: () => real,
      publicEsi: lazyPublicEsi(() => config.esiBaseUrl, config, options.clock, options.logger),
    };
  }
  if (!options.servesApi) {
    throw new ConfigError(
      'ROLES without api needs ESI_CLIENT_ID, ESI_CLIENT_SECRET and ESI_CALLBACK_URL: the bundled ESI simulator is served by the api role',
    );
  }

  const simulator = createEsiSimulator({
    universe: await loadUniverseFromStaticDataset(options.staticDataDir),
    seed: options.env.ESI_SIM_SEED ?? 'tradewise',
    profile: simulatorProfile(options.env.ESI_SIM_PROFILE),
    // The game and the product keep one time: a token the simulator signs expires by the clock that checks it.
    clock: options.clock,
    // Visitors of a demo must not freeze its clock or inject faults; tests hold the simulator object itself.
    controlApi: false,
    // As the real SSO's, its refresh tokens outlive a restart, so linked characters keep syncing.
    dataDir: options.dataDir,
  });
  let internalUrl: string | undefined;
  const simulatorUrl = (): string => {
    if (!internalUrl) throw new Error('The ESI simulator is used before the server listens');
    return internalUrl;
  };
  const simulatorSso = (origin: string): EveSsoClient =>
    new EveSsoClient({
      ssoBaseUrl: simulatorUrl(),
      clientId: DEMO_SSO_CLIENT.clientId,
      clientSecret: DEMO_SSO_CLIENT.clientSecret,
      callbackUrl: `${origin}${LOGIN_CALLBACK_PATH}`,
      userAgent: config.userAgent,
      clock: options.clock,
      // The browser goes to the simulator's login page on the host it logs in at.
      endpoints: { authorize: `${origin}${SIMULATOR_PATH}/v2/oauth/authorize` },
      // The simulator signs tokens as the real SSO does, so the real checks run.
      issuers: issuersFor(DEFAULT_SSO_BASE_URL),
    });
  const loginSso = new PerOriginLoginSso(loginOrigins(options.publicUrl), simulatorSso);
  let refreshSso: EveSsoClient | undefined;
  options.logger.info('No ESI_CLIENT_ID: the bundled ESI simulator stands in for the game');
  return {
    loginSso,
    rolesReader: esiRolesReader(simulatorUrl, config, options.clock),
    simulator,
    esiBaseUrl: simulatorUrl,
    publicEsi: lazyPublicEsi(simulatorUrl, config, options.clock, options.logger),
    refreshSso: () => (refreshSso ??= simulatorSso('http://127.0.0.1')),
    mount(app) {
      app.use(SIMULATOR_PATH, simulator.handler);
      app.getHttpServer().once('listening', () => {
        const { port } = app.getHttpServer().address() as AddressInfo;
        internalUrl = `http://127.0.0.1:${port}${SIMULATOR_PATH}`;
      });
    },
  };
}
