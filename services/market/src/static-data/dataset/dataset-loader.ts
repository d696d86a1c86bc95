import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { StaticData } from '../static-data';
import { TypeSearchIndex } from '../search/type-search-index';
import { decodeTypeSearchIndex } from '../search/type-search-index.codec';
import {
  DATASET_FORMAT_VERSION,
  DatasetFile,
  MANIFEST_FILE,
  type DatasetFileName,
  type DatasetManifest,
  type LoadedDatasetContent,
} from './dataset-format';
import { sha256 } from './dataset-writer';
import { StringTable } from './string-table';

export type StaticDatasetProblem = 'missing' | 'incomplete' | 'outdated' | 'corrupt';

/** The dataset cannot be served; `problem` says whether a fresh import would help (it always would). */
export class StaticDatasetError extends Error {
  constructor(
    readonly problem: StaticDatasetProblem,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'StaticDatasetError';
  }
}

export interface LoadOptions {
  /** Check each file's SHA-256 against the manifest (default). Sizes are always checked. */
  readonly verifyChecksums?: boolean;
}

/**
 * Reads the dataset written by the importer. Refuses, with a {@link StaticDatasetError}, a dataset without a
 * manifest (never finished), of another format version, or whose files differ from the manifest in size or
 * checksum (truncated or changed), so a partial dataset is never served.
 */
export async function loadStaticData(dir: string, options: LoadOptions = {}): Promise<StaticData> {
  const { manifest, content, searchIndex } = await readDataset(dir, options);
  return new StaticData(manifest, content, searchIndex);
}

/** The dataset's tables as they are stored, checked as {@link loadStaticData} checks them. */
export async function readDataset(
  dir: string,
  options: LoadOptions = {},
): Promise<{ manifest: DatasetManifest; content: LoadedDatasetContent; searchIndex: TypeSearchIndex }> {
  const manifest = await readManifest(dir);
  const filesDir = join(dir, manifest.directory);
  const verifyChecksums = options.verifyChecksums ?? true;
  const read = async (name: DatasetFileName): Promise<Buffer> => {
    const expected = manifest.files[name];
    if (!expected)
      throw new StaticDatasetError('corrupt', `The static dataset manifest in ${dir} does not list ${name}`);
    let bytes: Buffer;
    try {
      bytes = await readFile(join(filesDir, name));
    } catch (error) {
      throw new StaticDatasetError('incomplete', `The static dataset in ${dir} lacks ${name}`, {
        cause: error,
      });
    }
    if (bytes.length !== expected.bytes) {
      throw new StaticDatasetError(
        'incomplete',
        `The static dataset file ${join(filesDir, name)} holds ${bytes.length} bytes, the manifest says ${expected.bytes}: it is truncated or was changed`,
      );
    }
    if (verifyChecksums && sha256(bytes) !== expected.sha256) {
      throw new StaticDatasetError(
        'corrupt',
        `The static dataset file ${join(filesDir, name)} does not match its checksum`,
      );
    }
    return bytes;
  };
  const parse = async <T>(name: DatasetFileName): Promise<T> => {
    const bytes = await read(name);
    try {
      return JSON.parse(bytes.toString('utf8')) as T;
    } catch (error) {
      throw new StaticDatasetError(
        'corrupt',
        `The static dataset file ${join(filesDir, name)} is not valid JSON`,
        { cause: error },
      );
    }
  };

  const table = async (name: DatasetFileName): Promise<StringTable> => {
    const bytes = await read(name);
    try {
      return StringTable.decode(bytes);
    } catch (error) {
      throw new StaticDatasetError(
        'corrupt',
        `The static dataset file ${join(filesDir, name)} is unreadable: ${(error as Error).message}`,
        {
          cause: error,
        },
      );
    }
  };

  const [
    types,
    translatedNames,
    typeDescriptions,
    inventory,
    marketGroups,
    universe,
    blueprints,
    industry,
    searchBytes,
  ] = await Promise.all([
    parse<LoadedDatasetContent['types']>(DatasetFile.types),
    table(DatasetFile.typeNames),
    table(DatasetFile.typeDescriptions),
    parse<LoadedDatasetContent['inventory']>(DatasetFile.inventory),
    parse<LoadedDatasetContent['marketGroups']>(DatasetFile.marketGroups),
    parse<LoadedDatasetContent['universe']>(DatasetFile.universe),
    parse<LoadedDatasetContent['blueprints']>(DatasetFile.blueprints),
    parse<LoadedDatasetContent['industry']>(DatasetFile.industry),
    read(DatasetFile.typeSearchIndex),
  ]);

  let searchIndex: TypeSearchIndex;
  try {
    searchIndex = new TypeSearchIndex(decodeTypeSearchIndex(searchBytes));
  } catch (error) {
    throw new StaticDatasetError(
      'corrupt',
      `The static dataset search index in ${dir} is unreadable: ${(error as Error).message}`,
      {
        cause: error,
      },
    );
  }
  const typeCount = types.typeIds.length;
  if (
    typeCount === 0 ||
    universe.systems.length === 0 ||
    typeDescriptions.size !== typeCount ||
    translatedNames.size !== typeCount * (types.languages.length - 1)
  ) {
    throw new StaticDatasetError('corrupt', `The static dataset in ${dir} is empty or inconsistent`);
  }
  const content: LoadedDatasetContent = {
    types,
    translatedNames,
    typeDescriptions,
    inventory,
    marketGroups,
    universe,
    blueprints,
    industry,
  };
  return { manifest, content, searchIndex };
}

export async function readManifest(dir: string): Promise<DatasetManifest> {
  let text: string;
  try {
    text = await readFile(join(dir, MANIFEST_FILE), 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new StaticDatasetError(
      'missing',
      code === 'ENOENT'
        ? `No static dataset in ${dir} (no ${MANIFEST_FILE})`
        : `Cannot read ${join(dir, MANIFEST_FILE)}: ${code}`,
      { cause: error },
    );
  }
  let manifest: DatasetManifest;
  try {
    manifest = JSON.parse(text) as DatasetManifest;
  } catch (error) {
    throw new StaticDatasetError('corrupt', `${join(dir, MANIFEST_FILE)} is not valid JSON`, {
      cause: error,
    });
  }
  if (manifest.formatVersion !== DATASET_FORMAT_VERSION) {
    throw new StaticDatasetError(
      'outdated',
      `The static dataset in ${dir} has format ${manifest.formatVersion}; this version of Tradewise reads format ${DATASET_FORMAT_VERSION}`,
    );
  }
  if (typeof manifest.directory !== 'string' || !/^[\w.-]+$/.test(manifest.directory)) {
    throw new StaticDatasetError('corrupt', `${join(dir, MANIFEST_FILE)} names no files directory`);
  }
  return manifest;
}
