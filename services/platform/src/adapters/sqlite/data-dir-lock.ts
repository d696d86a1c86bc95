import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { OWNER_ONLY_FILE, ensurePrivateDir } from '../../files/private-files';

export const LOCK_FILE = 'server.lock';

export interface DataDirLockInfo {
  readonly pid: number;
  readonly port: number | null;
  readonly startedAt: string;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: DataDirLockInfo,
  ) {
    super(
      `${dataDir} is in use by process ${holder.pid}${holder.port ? ` (port ${holder.port})` : ''}: ` +
        'the embedded stores serve one process at a time. Stop that process, or use another DATA_DIR.',
    );
    this.name = 'DataDirLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Who holds the data directory, if a live process does. */
export function readDataDirLock(dataDir: string): DataDirLockInfo | null {
  try {
    const info = JSON.parse(readFileSync(join(dataDir, LOCK_FILE), 'utf8')) as DataDirLockInfo;
    return isAlive(info.pid) ? info : null;
  } catch {
    return null;
  }
}

/**
 * Claims the data directory for this process: the embedded read store keeps its collections in this process's
 * memory, so a second process on the same files would serve and write stale state. A lock left by a dead
 * process is taken over.
 */
export function acquireDataDirLock(dataDir: string, port: number | null): { release(): void } {
  ensurePrivateDir(dataDir);
  const path = join(dataDir, LOCK_FILE);
  const holder = readDataDirLock(dataDir);
  if (holder && holder.pid !== process.pid) throw new DataDirLockedError(dataDir, holder);
  rmSync(path, { force: true });
  const fd = openSync(path, 'wx', OWNER_ONLY_FILE);
  writeSync(fd, JSON.stringify({ pid: process.pid, port, startedAt: new Date().toISOString() }));
  closeSync(fd);
  return {
    release: () => {
      const current = readDataDirLock(dataDir);
      if (current?.pid === process.pid) rmSync(path, { force: true });
    },
  };
}
