import { createHash } from 'node:crypto';
import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { dirname } from 'node:path';
import { DataFileError } from '@tradewise/platform';

/** Where a simulator given a data directory keeps what its SSO granted. */
export const SSO_GRANTS_FILE = 'esi-sim-grants.json';

export interface StoredGrant {
  readonly id: string;
  readonly clientId: string;
  readonly characterId: number;
  readonly scopes: readonly string[];
  readonly isPublic: boolean;
  readonly revoked: boolean;
}

/** The SSO's lasting state: grants, the refresh token each one honours now, and owner transfers. */
export interface StoredGrants {
  readonly version: 1;
  readonly grants: readonly StoredGrant[];
  /**
   * SHA-256 of each refresh token still honoured, never the token itself, and of the one presented to get it (which
   * retires when this one is used).
   */
  readonly refreshTokens: readonly {
    readonly sha256: string;
    readonly grantId: string;
    readonly predecessor?: string;
  }[];
  /** Character id and how many times it changed EVE account. */
  readonly ownerTransfers: readonly (readonly [number, number])[];
}

export function refreshTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The stored state, or null when there is no file yet. */
export function readSsoGrants(path: string): StoredGrants | null {
  if (!existsSync(path)) return null;
  let stored: Partial<StoredGrants> | undefined;
  try {
    stored = JSON.parse(readFileSync(path, 'utf8')) as Partial<StoredGrants>;
  } catch {
    // Reported below with the other shapes the file must not have.
  }
  if (
    stored?.version !== 1 ||
    !Array.isArray(stored.grants) ||
    !Array.isArray(stored.refreshTokens) ||
    !Array.isArray(stored.ownerTransfers)
  ) {
    throw new DataFileError(path, "not the ESI simulator's grants file");
  }
  return stored as StoredGrants;
}

/** Replaces the file in one step (a crash leaves the old one or the new one), readable by its owner only. */
export function writeSsoGrants(path: string, grants: StoredGrants): void {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.tmp`;
  rmSync(temporary, { force: true });
  const fd = openSync(temporary, 'wx', 0o600);
  try {
    writeSync(fd, JSON.stringify(grants));
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, path);
}
