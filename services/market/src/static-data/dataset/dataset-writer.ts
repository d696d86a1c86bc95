import { createHash } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
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

/**
 * Writes the dataset so that a crash at any point leaves no manifest that vouches for it: the old manifest goes
 * first, each file lands under a temporary name and is renamed into place, and the manifest (sizes and SHA-256
 * of every file) is renamed in last.
 */
export async function writeStaticDataset(dir: string, dataset: DatasetToWrite): Promise<DatasetManifest> {
  const { content, searchIndex } = dataset;
  await mkdir(dir, { recursive: true });
  await rm(join(dir, MANIFEST_FILE), { force: true });

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
    await writeAtomically(join(dir, name), bytes);
    files[name] = { bytes: bytes.length, sha256: sha256(bytes) };
  }

  const now = (dataset.now ?? (() => new Date()))();
  const manifest: DatasetManifest = {
    formatVersion: DATASET_FORMAT_VERSION,
    sde: dataset.sde,
    importedAt: now.toISOString(),
    importDurationMs: now.getTime() - dataset.startedAt.getTime(),
    counts: {
      types: content.types.typeIds.length,
      marketGroups: content.marketGroups.length,
      regions: content.universe.regions.length,
      constellations: content.universe.constellations.length,
      systems: content.universe.systems.length,
      stargates: content.universe.stargates.length,
      stations: content.universe.stations.length,
      blueprints: content.blueprints.length,
      structureRigs: content.industry.rigs.length,
      structures: content.industry.structures.length,
      searchEntries: searchIndex.entryTypeIndexes.length,
    },
    files,
  };
  await writeAtomically(join(dir, MANIFEST_FILE), json(manifest, 2));
  return manifest;
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
