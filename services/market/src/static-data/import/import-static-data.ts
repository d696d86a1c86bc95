import type { DatasetManifest, LoadedDatasetContent, StaticDatasetContent } from '../dataset/dataset-format';
import { StaticDatasetError, readDataset } from '../dataset/dataset-loader';
import { writeStaticDataset } from '../dataset/dataset-writer';
import { buildTypeSearchIndex, type TypeNames } from '../search/type-search-index.builder';
import { readClassicSde } from './classic-sde.reader';
import { IMPORT_STAGES, type ImportStage, type StageReporter } from './import-stages';
import { readJsonlSde } from './jsonl-sde.reader';
import { openJsonlFiles, type SdeSource } from './sde-source';
import { withTypeHistory } from './type-history';

export interface ImportProgress {
  readonly stage: ImportStage;
  /** Share of this stage done, 0 to 1. */
  readonly stageDone: number;
  /** Share of the whole import done, 0 to 1. */
  readonly overallDone: number;
}

export interface ImportOptions {
  readonly source: SdeSource;
  readonly outputDir: string;
  readonly onProgress?: (progress: ImportProgress) => void;
}

const STAGE_ORDER = Object.keys(IMPORT_STAGES) as ImportStage[];

/**
 * Reads the SDE, in either layout, and writes the compact dataset. The dataset already in `outputDir` keeps
 * serving until the new one is complete, and lends it the names of types that were renamed or removed since.
 */
export async function importStaticData(options: ImportOptions): Promise<DatasetManifest> {
  const startedAt = new Date();
  const { source } = options;
  const report = (stage: ImportStage, stageDone: number): void => {
    const before = STAGE_ORDER.slice(0, STAGE_ORDER.indexOf(stage)).reduce(
      (sum, name) => sum + IMPORT_STAGES[name],
      0,
    );
    options.onProgress?.({
      stage,
      stageDone,
      overallDone: Math.min(1, before + IMPORT_STAGES[stage] * stageDone),
    });
  };

  const imported = await readSde(source, report);
  const content = withTypeHistory(imported, await previousDataset(options.outputDir));

  report('search', 0);
  const { types, translatedNames } = content;
  const namesByType: TypeNames[] = types.typeIds.map((typeId, index) => [
    ...types.languages.flatMap((language, languageIndex): [number, string][] => {
      const name = language === 'en' ? types.englishNames[index] : translatedNames[language]?.[index];
      return name ? [[languageIndex, name]] : [];
    }),
    ...(types.formerNames[String(typeId)] ?? []).map((name): [number, string] => [0, name]),
  ]);
  const searchIndex = buildTypeSearchIndex(namesByType);
  report('search', 1);

  report('write', 0);
  const manifest = await writeStaticDataset(options.outputDir, {
    content,
    searchIndex,
    sde: source.release,
    startedAt,
  });
  report('write', 1);
  return manifest;
}

async function readSde(source: SdeSource, report: StageReporter): Promise<StaticDatasetContent> {
  if (source.layout === 'classic') return readClassicSde(source.root, report);
  const files = await openJsonlFiles(source.path);
  try {
    return await readJsonlSde(files, report);
  } finally {
    files.close();
  }
}

/** The dataset this import replaces, if there is a readable one. */
async function previousDataset(dir: string): Promise<LoadedDatasetContent | null> {
  try {
    return (await readDataset(dir)).content;
  } catch (error) {
    if (error instanceof StaticDatasetError) return null;
    throw error;
  }
}
