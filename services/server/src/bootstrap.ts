import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import pinoHttp from 'pino-http';
import type { DestinationStream } from 'pino';
import { eventCatalogue, type EventCatalogue } from '@tradewise/contracts';
import { ensureStaticDataset, resolveStaticDataDir } from '@tradewise/market';
import {
  NestPinoLogger,
  SystemClock,
  createAdapters,
  createLogger,
  currentCorrelationId,
  loadPlatformConfig,
  type Clock,
  type PlatformConfig,
} from '@tradewise/platform';
import { productProjections, type Projection } from '@tradewise/projections';
import { AppModule } from './app.module';
import { ApiExceptionFilter } from './http/api-exception.filter';
import { bodyParserErrors } from './http/body-parser-errors.middleware';
import { correlationMiddleware } from './http/correlation.middleware';
import { loadAdminToken } from './operations/admin-token';
import { DEFAULT_WEB_DIST_DIR, serveWebClient } from './web/serve-web-client';

export interface ServerOptions {
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly catalogue?: EventCatalogue;
  readonly projections?: readonly Projection[];
  readonly clock?: Clock;
  readonly logDestination?: DestinationStream;
}

export interface RunningServer {
  readonly app: NestExpressApplication;
  readonly config: PlatformConfig;
  /** Base URL of the HTTP server, e.g. http://127.0.0.1:3000 */
  readonly url: string;
  close(): Promise<void>;
}

export const API_PREFIX = 'api/v1';

/**
 * Starts one process with the roles its configuration names. Configuration and data files are checked before
 * Nest starts, so a bad variable or a foreign data file stops start-up with one clear message.
 */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const env = options.env ?? process.env;
  const config = loadPlatformConfig(env);
  const logger = createLogger(config.logLevel, options.logDestination);
  const catalogue = options.catalogue ?? eventCatalogue;
  // Before the stores open: a fresh clone builds its static dataset here once (about 20 s), later starts load it.
  const staticData = config.roles.includes('api')
    ? await ensureStaticDataset({ dir: resolveStaticDataDir(env), logger })
    : undefined;
  const adapters = await createAdapters(config, catalogue, options.clock ?? new SystemClock());
  try {
    const app = await NestFactory.create<NestExpressApplication>(
      AppModule.forRoot({
        config,
        catalogue,
        adapters,
        logger,
        projections: options.projections ?? productProjections,
        adminToken: loadAdminToken(config.dataDir, env.ADMIN_TOKEN),
        staticData,
      }),
      { logger: new NestPinoLogger(logger), bodyParser: true },
    );
    app.disable('x-powered-by');
    app.useBodyParser('json', { limit: '2mb' });
    app.use(bodyParserErrors);
    app.use(correlationMiddleware);
    app.use(
      pinoHttp({
        logger,
        genReqId: () => currentCorrelationId() ?? '',
        autoLogging: { ignore: (request) => request.url === '/healthz' || request.url === '/readyz' },
      }),
    );
    app.setGlobalPrefix(API_PREFIX, { exclude: ['healthz', 'readyz'] });
    if (config.roles.includes('api')) {
      serveWebClient(app, {
        distDir: DEFAULT_WEB_DIST_DIR,
        serverPaths: ['/api', '/healthz', '/readyz'],
        logger,
      });
    }
    app.useGlobalFilters(new ApiExceptionFilter(logger));
    await app.listen(config.port, env.HOST ?? '0.0.0.0');
    const url = `http://127.0.0.1:${config.port}`;
    logger.info({ url, roles: config.roles, dataDir: config.dataDir }, 'Tradewise is serving');
    return { app, config, url, close: () => app.close() };
  } catch (error) {
    await adapters.close();
    throw error;
  }
}
