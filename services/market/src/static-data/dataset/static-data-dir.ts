import { resolve } from 'node:path';

/** services/market/src/static-data/dataset -> the repository root. */
const REPOSITORY_ROOT = resolve(__dirname, '..', '..', '..', '..', '..');

/** Where the dataset lives: $STATIC_DATA_DIR, else <repository root>/data/static (git-ignored). */
export function resolveStaticDataDir(
  env: Readonly<Record<string, string | undefined>> = process.env,
): string {
  const configured = env['STATIC_DATA_DIR']?.trim();
  return configured ? resolve(configured) : resolve(REPOSITORY_ROOT, 'data', 'static');
}
