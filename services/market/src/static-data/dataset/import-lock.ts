import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { dirname, join } from 'node:path';
import { StaticDatasetError } from './dataset-loader';

/** The part of the pino logger the lock needs. */
export interface LockLogger {
  info(details: object, message: string): void;
}

const DEFAULT_LOCK_TIMEOUT_MS = 10 * 60 * 1000;
const LOCK_POLL_MS = 500;
const OWNERLESS_LOCK_STALE_MS = 30_000;

/**
 * One import at a time into a dataset directory: the server's first start, its update to a newer build and
 * `npm run sde:import` all take `<dir>.lock`. Resolves with the function that releases it.
 */
export function acquireImportLock(
  dir: string,
  logger: LockLogger,
  timeoutMs = DEFAULT_LOCK_TIMEOUT_MS,
): Promise<() => Promise<void>> {
  return acquireLock(`${dir}.lock`, timeoutMs, logger);
}

interface LockOwner {
  readonly pid: number;
  readonly host: string;
}

/** A directory is created atomically; its owner file lets a later process clear a lock left by a dead one. */
async function acquireLock(
  lockDir: string,
  timeoutMs: number,
  logger: LockLogger,
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
