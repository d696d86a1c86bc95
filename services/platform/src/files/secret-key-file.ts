import { randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  fsyncSync,
  linkSync,
  openSync,
  readFileSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from '../config/platform-config';
import { OWNER_ONLY_FILE, ensurePrivateDir } from './private-files';

const KEY_BYTES = 32;

type Env = Readonly<Record<string, string | undefined>>;

function decodeKey(text: string, source: string): Buffer {
  const trimmed = text.trim();
  const key = Buffer.from(trimmed, 'base64');
  const isBase64 = /^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed);
  if (!isBase64 || key.length !== KEY_BYTES) {
    throw new ConfigError(
      `${source} must be ${KEY_BYTES} random bytes in base64 (e.g. from 'openssl rand -base64 32'), got ${
        isBase64 ? `${key.length} bytes` : 'text that is not base64'
      }`,
    );
  }
  return key;
}

function readKeyFile(path: string): Buffer {
  const mode = statSync(path).mode & 0o777;
  // Windows has no owner-only modes to check; elsewhere a key others can read is as good as a leaked key.
  if (process.platform !== 'win32' && (mode & 0o077) !== 0) {
    throw new ConfigError(
      `${path} must be readable by its owner only (mode is ${mode.toString(8)}); run 'chmod 600 ${path}'`,
    );
  }
  return decodeKey(readFileSync(path, 'utf8'), path);
}

function createKeyFile(path: string): void {
  // Written whole beside the target, then linked into place: a crash never leaves a half-written key, and when
  // another process links first (EEXIST) its key is the one every process reads.
  const draft = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const fd = openSync(draft, 'wx', OWNER_ONLY_FILE);
  try {
    writeSync(fd, `${randomBytes(KEY_BYTES).toString('base64')}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(draft, path);
  } finally {
    unlinkSync(draft);
  }
}

export interface SecretKeySource {
  readonly dataDir: string;
  /** The file in the data directory holding the key when the variable is not set. */
  readonly fileName: string;
  /** The environment variable that, when set, holds the key (base64, 32 bytes). */
  readonly variable: string;
  readonly env: Env;
}

/**
 * A 32-byte secret key: the variable's when set, else the one in `<dataDir>/<fileName>`, created on first use
 * with mode 0600 and refused later if its mode is wider.
 */
export function loadSecretKey(source: SecretKeySource): Buffer {
  const fromEnv = source.env[source.variable]?.trim();
  if (fromEnv) return decodeKey(fromEnv, source.variable);
  const path = join(source.dataDir, source.fileName);
  ensurePrivateDir(source.dataDir);
  if (!existsSync(path)) {
    try {
      createKeyFile(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return readKeyFile(path);
}
