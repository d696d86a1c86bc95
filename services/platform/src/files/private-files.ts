import { chmodSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from '../config/platform-config';

/** Mode of a new data file: the event log, read models, bus, keys and tokens are the owner's alone. */
export const OWNER_ONLY_FILE = 0o600;
const OWNER_ONLY_DIR = 0o700;
const GROUP_AND_OTHERS = 0o077;

function tighten(path: string): void {
  // Windows has no owner-only modes to set.
  if (process.platform === 'win32') return;
  const mode = statSync(path).mode & 0o777;
  if ((mode & GROUP_AND_OTHERS) === 0) return;
  try {
    chmodSync(path, mode & ~GROUP_AND_OTHERS);
  } catch (error) {
    throw new ConfigError(
      `${path} is open to other users and cannot be made private (${(error as NodeJS.ErrnoException).code}); run 'chmod go= ${path}' as its owner`,
    );
  }
}

/** Creates a data directory only its owner can enter, and takes group and others' access from an existing one. */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: OWNER_ONLY_DIR });
  tighten(dir);
}

/**
 * At start: DATA_DIR as {@link ensurePrivateDir} leaves it, and the files an older version left open in it
 * (SQLite gives its -wal and -shm files the database file's mode) made private too.
 */
export function ensurePrivateDataDir(dataDir: string): void {
  ensurePrivateDir(dataDir);
  for (const entry of readdirSync(dataDir, { withFileTypes: true })) {
    if (entry.isFile()) tighten(join(dataDir, entry.name));
  }
}
