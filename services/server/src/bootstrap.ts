import 'reflect-metadata';
import type { Server } from 'node:http';
import { NestFactory } from '@nestjs/core';
import { CommandBus } from '@nestjs/cqrs';
import type { NestExpressApplication } from '@nestjs/platform-express';
import pinoHttp from 'pino-http';
import type { DestinationStream } from 'pino';
import { eventCatalogue, type EventCatalogue } from '@tradewise/contracts';
import {
  LatestSdeBuild,
  ensureStaticDataset,
  resolveStaticDataDir,
  staticDataFreshness,
  watchLatestSde,
} from '@tradewise/market';
import {
  NestPinoLogger,
  SystemClock,
  createAdapters,
  createLogger,
  createTokenCipher,
  ensurePrivateDataDir,
  loadAuditSigningKey,
  loadEveSsoConfig,
  currentCorrelationId,
  loadPlatformConfig,
  type Clock,
  type Consumer,
  type PlatformConfig,
} from '@tradewise/platform';
import { startWalletImportThread } from '@tradewise/ledger';
import { RegistryReadModels, productProjections, type AnyProjection } from '@tradewise/projections';
import type { EsiSimulator } from '@tradewise/esi-sim';
import { syncWorkerIdentity } from '@tradewise/sync';
import { AFTER_ADD_CHARACTER_PATH } from '@tradewise/accounts';
import { AppModule } from './app.module';
import { characterEsiFactory } from './composition/character-esi';
import { LOGIN_CALLBACK_PATH, SIMULATOR_PATH, createGameAccess, type GameAccess } from './game/game-access';
import { SyncWorker } from './sync/sync-worker';
import { ApiExceptionFilter } from './http/api-exception.filter';
import { bodyParserErrors } from './http/body-parser-errors.middleware';
import { correlationMiddleware } from './http/correlation.middleware';
import { methodNotAllowed } from './http/method-not-allowed.middleware';
import { publicCors } from './http/public-cors.middleware';
import { securityHeaders } from './http/security-headers.middleware';
import { loadAdminToken } from './operations/admin-token';
import { startStreamHeadsDigests } from './operations/stream-heads-digests';
import { DEFAULT_WEB_DIST_DIR, inlineScriptSources, serveWebClient } from './web/serve-web-client';

export interface ServerOptions {
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly catalogue?: EventCatalogue;
  readonly projections?: readonly AnyProjection[];
  readonly clock?: Clock;
  readonly logDestination?: DestinationStream;
  /** The web client's build (tests serve their own). */
  readonly webDistDir?: string;
}

export interface RunningServer {
  readonly app: NestExpressApplication;
  readonly config: PlatformConfig;
  /** Base URL of the HTTP server, e.g. http://127.0.0.1:3000 */
  readonly url: string;
  /** The simulator standing in for the game when no ESI credentials are configured (mounted at /esi-sim). */
  readonly simulator: EsiSimulator | undefined;
  /** The sync role's scheduler and ledger consumer, when this process runs it. */
  readonly syncWorker: SyncWorker | undefined;
  close(): Promise<void>;
}

export const API_PREFIX = 'api/v1';
/** Paths the server's own routes answer; everything else is the web client's. */
const SERVER_PATHS = ['/api', '/healthz', '/readyz'];

/** The public market and static reads that pages of any origin may call (docs/public-api.md#cors). */
const PUBLIC_READ_PATHS = [
  new RegExp(`^/${API_PREFIX}/market/(stats|orders|history|groups|regions|types)(/|$)`),
  // A saved appraisal by its id; the account's list at /market/appraisals is not.
  new RegExp(`^/${API_PREFIX}/market/appraisals/[^/]+$`),
  new RegExp(`^/${API_PREFIX}/static/`),
];

/** The add-character popup's round trip: start, the simulator's SSO, the callback, the page that tells the opener. */
const ADD_CHARACTER_POPUP_PATHS = [
  `/${API_PREFIX}/account/addCharacter`,
  SIMULATOR_PATH,
  LOGIN_CALLBACK_PATH,
  AFTER_ADD_CHARACTER_PATH,
];

/** The SSO's one-time code and the login state stay out of request logs (headers are redacted by the logger). */
export function withoutLoginSecrets<T extends { url?: string; query?: Record<string, unknown> }>(
  request: T,
): T {
  const hide = (url: string) => url.replace(/([?&](?:code|state)=)[^&#]*/g, '$1[redacted]');
  const query = request.query && { ...request.query };
  if (query) for (const key of ['code', 'state']) if (key in query) query[key] = '[redacted]';
  return { ...request, ...(request.url ? { url: hide(request.url) } : {}), ...(query ? { query } : {}) };
}

/** TRUST_PROXY as Express takes it: a boolean, a hop count, or addresses and subnets. */
export function trustProxySetting(raw: string | undefined): boolean | number | string {
  const value = raw?.trim() || 'loopback';
  if (value === 'true' || value === 'false') return value === 'true';
  return /^\d+$/.test(value) ? Number(value) : value;
}

/** PRODUCT_CORPORATION_ID; without it, the bundled simulator's product corporation in the demo, else none. */
function productCorporationOf(config: PlatformConfig, game: GameAccess): number | null {
  const configured = config.productCorporationId;
  if (configured === 'none') return null;
  return configured ?? game.simulator?.world.productCorporationId ?? null;
}

/**
 * Starts one process with the roles its configuration names. Configuration and data files are checked before
 * Nest starts, so a bad variable or a foreign data file stops start-up with one clear message.
 */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const env = options.env ?? process.env;
  const config = loadPlatformConfig(env);
  const logger = createLogger(config.logLevel, options.logDestination);
  // Before anything writes there: by default the static dataset is built inside it.
  ensurePrivateDataDir(config.dataDir);
  const catalogue = options.catalogue ?? eventCatalogue;
  // Before the stores open: a fresh clone builds its static dataset here once (about 20 s), later starts load it.
  const servesApi = config.roles.includes('api');
  const syncs = config.roles.includes('sync');
  const staticDataDir = resolveStaticDataDir(env);
  const sdeUrl = env.SDE_URL?.trim() || undefined;
  const latestSde = LatestSdeBuild.of(sdeUrl);
  // The sync resolves delivered jobs' bills from the static data (docs/profit-rules.md §14).
  const staticData =
    servesApi || syncs
      ? await ensureStaticDataset({
          dir: staticDataDir,
          logger,
          sde: sdeUrl ? { location: sdeUrl } : undefined,
          latestSde,
        })
      : undefined;
  const clock = options.clock ?? new SystemClock();
  const game: GameAccess | undefined =
    servesApi || syncs
      ? await createGameAccess({
          env,
          clock,
          logger,
          staticDataDir,
          servesApi,
          publicUrl: config.publicUrl,
          dataDir: config.dataDir,
        })
      : undefined;
  const adapters = await createAdapters(config, catalogue, clock);
  let imports: Consumer | undefined;
  try {
    // After the adapters: they create the data directory the embedded key file lives in.
    const tokenCipher = game ? createTokenCipher(config.dataDir, env) : undefined;
    const auditSigningKey = loadAuditSigningKey(config.dataDir, env);
    const app = await NestFactory.create<NestExpressApplication>(
      AppModule.forRoot({
        config,
        catalogue,
        adapters,
        logger,
        projections: options.projections ?? productProjections,
        adminToken: loadAdminToken(config.dataDir, env.ADMIN_TOKEN),
        auditSigningKey,
        staticData,
        staticDataFreshness: staticData && (() => staticDataFreshness(staticData.manifest.sde, latestSde)),
        publicEsi: servesApi ? game?.publicEsi : undefined,
        accounts:
          servesApi && game && tokenCipher
            ? {
                loginSso: game.loginSso,
                rolesReader: game.rolesReader,
                tokenCipher,
                discordWebhookOrigins: config.discordWebhookOrigins,
                characterEsi: characterEsiFactory(game, {
                  clock,
                  logger,
                  userAgent: loadEveSsoConfig(env).userAgent,
                }),
                serviceCharacter: {
                  productCorporationId: productCorporationOf(config, game),
                  publicUrl: config.publicUrl,
                  corporationOf: async (characterId) =>
                    (await game.publicEsi.client().getCharacter(characterId)).data.corporation_id,
                },
              }
            : undefined,
      }),
      { logger: new NestPinoLogger(logger), bodyParser: true },
    );
    app.disable('x-powered-by');
    const webDistDir = options.webDistDir ?? DEFAULT_WEB_DIST_DIR;
    // First, so every answer carries them: the API, errors, the web client, health and the simulator's pages.
    app.use(
      securityHeaders({
        inlineScripts: servesApi ? inlineScriptSources(webDistDir) : [],
        popupPaths: ADD_CHARACTER_POPUP_PATHS,
      }),
    );
    // Secure cookies and client addresses follow X-Forwarded-* only from a proxy on this machine.
    app.set('trust proxy', trustProxySetting(env.TRUST_PROXY));
    // Before the body parsers: the simulator reads its own form bodies.
    game?.mount(app);
    app.useBodyParser('json', { limit: '2mb' });
    app.use(bodyParserErrors);
    app.use(correlationMiddleware);
    app.use(
      pinoHttp({
        logger,
        genReqId: () => currentCorrelationId() ?? '',
        autoLogging: { ignore: (request) => request.url === '/healthz' || request.url === '/readyz' },
        serializers: { req: withoutLoginSecrets },
      }),
    );
    // Before the 405 rule, which would refuse a preflight's OPTIONS.
    app.use(publicCors(PUBLIC_READ_PATHS));
    // Before the routes: a known path asked with a method it does not serve answers 405 with Allow.
    app.use(methodNotAllowed(app.getHttpAdapter().getInstance(), SERVER_PATHS));
    app.setGlobalPrefix(API_PREFIX, { exclude: ['healthz', 'readyz'] });
    if (config.roles.includes('api')) {
      serveWebClient(app, {
        distDir: webDistDir,
        serverPaths: SERVER_PATHS,
        logger,
      });
    }
    app.useGlobalFilters(new ApiExceptionFilter(logger));
    // Idle keep-alive sockets outlive the clients' (browsers, undici, proxies: 4 to 60 s), so the server never
    // closes one a client is sending on; a busy event loop would otherwise fire Node's 5 s timer late.
    const httpServer = app.getHttpServer() as Server;
    httpServer.keepAliveTimeout = 65_000;
    httpServer.headersTimeout = 66_000;
    // Before listening, so a server that answers /readyz records what the bus carries.
    imports = syncs && game && tokenCipher ? await startWalletImportThread({ config, logger }) : undefined;
    await app.listen(config.port, env.HOST ?? '0.0.0.0');
    const url = `http://127.0.0.1:${config.port}`;
    logger.info({ url, roles: config.roles, dataDir: config.dataDir }, 'Tradewise is serving');
    // After listening: in the demo, ESI is the simulator this server hosts.
    const syncWorker =
      imports && game && tokenCipher
        ? new SyncWorker({
            imports,
            adapters,
            commands: app.get(CommandBus),
            readModels: new RegistryReadModels(adapters.readStore, adapters.checkpointStore, clock),
            game,
            tokenCipher,
            clock,
            logger,
            userAgent: loadEveSsoConfig(env).userAgent,
            worker: syncWorkerIdentity(config.dataDir),
            productCorporationId: productCorporationOf(config, game),
            // The demo's wiring: only when the operator named no product corporation.
            linkSimulatorBanker: config.productCorporationId === undefined,
            discordWebhookOrigins: config.discordWebhookOrigins,
            ...(staticData ? { staticData, typeName: (typeId: number) => staticData.typeName(typeId) } : {}),
          })
        : undefined;
    syncWorker?.start();
    const digests = startStreamHeadsDigests({
      config,
      signingKey: auditSigningKey,
      eventStore: adapters.eventStore,
      logger,
    });
    const stopWatchingSde =
      latestSde && staticData && watchLatestSde(latestSde, staticData.manifest.sde, logger);
    return {
      app,
      config,
      url,
      simulator: game?.simulator,
      syncWorker,
      close: async () => {
        stopWatchingSde?.();
        await syncWorker?.stop();
        await digests?.stop();
        await app.close();
      },
    };
  } catch (error) {
    await imports?.close();
    await adapters.close();
    throw error;
  }
}
