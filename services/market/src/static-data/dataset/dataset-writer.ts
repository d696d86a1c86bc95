import { createHash } from 'node:crypto';
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { TypeSearchIndexData } from '../search/type-search-index';
import { encodeTypeSearchIndex } from '../search/type-search-index.codec';
import {
  DATASET_FORMAT_VERSION,
  DatasetFile,
  MANIFEST_FILE,
  type DatasetFileName,
  type DatasetManifest,
  type SdeRelease,
  type StaticDatasetContent,
} from './dataset-format';
import { StringTable } from './string-table';

export interface DatasetToWrite {
  readonly content: StaticDatasetContent;
  readonly searchIndex: TypeSearchIndexData;
  readonly sde: SdeRelease;
  readonly startedAt: Date;
  readonly now?: () => Date;
}

/** Sub-directories of the dataset directory that hold one import's files are named `import-<time>-<pid>`. */
const IMPORT_DIRECTORY_PREFIX = 'import-';

/**
 * Writes the dataset so that the one being served stays whole until the new one is: every file goes into a new
 * sub-directory, and renaming the manifest (sizes and SHA-256 of every file) into place switches to it in one
 * step. A crash or failure before that leaves the old manifest and the files it names untouched; after it, the
 * sub-directories of earlier imports are removed.
 */
export async function writeStaticDataset(dir: string, dataset: DatasetToWrite): Promise<DatasetManifest> {
  const { content, searchIndex } = dataset;
  const now = (dataset.now ?? (() => new Date()))();
  const directory = `${IMPORT_DIRECTORY_PREFIX}${now.toISOString().replace(/[-:.]/g, '')}-${process.pid}`;
  await mkdir(join(dir, directory), { recursive: true });

  const payloads: Record<DatasetFileName, Buffer> = {
    [DatasetFile.types]: json(content.types),
    [DatasetFile.typeNames]: StringTable.encode(translatedNameSlots(content)),
    [DatasetFile.typeDescriptions]: StringTable.encode(content.typeDescriptions),
    [DatasetFile.inventory]: json(content.inventory),
    [DatasetFile.marketGroups]: json(content.marketGroups),
    [DatasetFile.universe]: json(content.universe),
    [DatasetFile.blueprints]: json(content.blueprints),
    [DatasetFile.industry]: json(content.industry),
    [DatasetFile.typeSearchIndex]: encodeTypeSearchIndex(searchIndex),
  };
  const files = {} as Record<DatasetFileName, { bytes: number; sha256: string }>;
  for (const [name, bytes] of Object.entries(payloads) as [DatasetFileName, Buffer][]) {
    await writeFile(join(dir, directory, name), bytes);
    files[name] = { bytes: bytes.length, sha256: sha256(bytes) };
  }

  const manifest: DatasetManifest = {
    formatVersion: DATASET_FORMAT_VERSION,
    directory,
    sde: dataset.sde,
    importedAt: now.toISOString(),
    importDurationMs: now.getTime() - dataset.startedAt.getTime(),
    counts: {
      types: content.types.typeIds.length,
      formerNames: Object.keys(content.types.formerNames).length,
      marketGroups: content.marketGroups.length,
      regions: content.universe.regions.length,
      constellations: content.universe.constellations.length,
      systems: content.universe.systems.length,
      stargates: content.universe.stargates.length,
      stations: content.universe.stations.length,
      blueprints: content.blueprints.length,
      structureRigs: content.industry.rigs.length,
      structures: content.industry.structures.length,
      decryptors: content.industry.decryptors.length,
      skillTimeBonuses: content.industry.skillTimeBonuses.length,
      searchEntries: searchIndex.entryTypeIndexes.length,
    },
    files,
  };
  await writeAtomically(join(dir, MANIFEST_FILE), json(manifest, 2));
  await removeEarlierImports(dir, directory);
  return manifest;
}

/** The sub-directories of earlier imports, and the files of format 1, which sat beside the manifest. */
async function removeEarlierImports(dir: string, current: string): Promise<void> {
  const formatOneFiles = new Set<string>(Object.values(DatasetFile));
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const earlierImport =
      entry.isDirectory() && entry.name.startsWith(IMPORT_DIRECTORY_PREFIX) && entry.name !== current;
    if (earlierImport || (entry.isFile() && formatOneFiles.has(entry.name)))
      await rm(join(dir, entry.name), { recursive: true, force: true });
  }
}

/** One slot per (language other than English, type), in the order the loader reads them. */
function translatedNameSlots(content: StaticDatasetContent): string[] {
  const { languages, typeIds } = content.types;
  return languages
    .slice(1)
    .flatMap((language) => typeIds.map((_, index) => content.translatedNames[language]?.[index] ?? ''));
}

export function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

function json(value: unknown, indent?: number): Buffer {
  return Buffer.from(JSON.stringify(value, null, indent), 'utf8');
}

async function writeAtomically(path: string, bytes: Buffer): Promise<void> {
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, bytes);
  await rename(temporary, path);
}
