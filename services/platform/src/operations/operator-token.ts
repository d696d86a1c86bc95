import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Where the server keeps the operator token it made when ADMIN_TOKEN is not set. */
export const ADMIN_TOKEN_FILE = 'admin.token';

/**
 * The operator token an admin CLI sends to a running server: ADMIN_TOKEN, else the one the server keeps in its
 * data directory. Reads only; the server makes the file.
 */
export function operatorToken(dataDir: string, env: Readonly<Record<string, string | undefined>>): string {
  const fromEnv = env.ADMIN_TOKEN?.trim();
  if (fromEnv) return fromEnv;
  return readFileSync(join(dataDir, ADMIN_TOKEN_FILE), 'utf8').trim();
}
