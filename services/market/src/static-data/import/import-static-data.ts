import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import yaml from 'js-yaml';
import type { DatasetManifest, RegionRecord, StaticDatasetContent } from '../dataset/dataset-format';
import { writeStaticDataset } from '../dataset/dataset-writer';
import { buildTypeSearchIndex, type TypeNames } from '../search/type-search-index.builder';
import { parseBlueprints } from './blueprints.parser';
import {
  industryCandidates,
  parseDogmaDefinitions,
  parseStructureBonuses,
  parseStructureRigs,
  parseTypeDogma,
  type TypeDogma,
} from './industry.parser';
import {
  parseCategories,
  parseGroups,
  parseIconFiles,
  parseMarketGroups,
  parseMetaGroups,
} from './inventory.parser';
import type { SdeSource } from './sde-source';
import { TypeTableBuilder } from './type-table.builder';
import { collectItemNames, isMapItemNameEntry, parseStations, stargateConnections } from './universe.parser';
import { readUniverseFolders } from './universe.reader';
import { forEachYamlBatch, mappingEntryKey } from './yaml-batches';

/** The steps of an import, with their rough share of the total time (for an overall percentage). */
export const IMPORT_STAGES = {
  inventory: 0.03,
  types: 0.35,
  dogma: 0.05,
  universe: 0.15,
  names: 0.05,
  stations: 0.02,
  blueprints: 0.05,
  search: 0.22,
  write: 0.08,
} as const;
export type ImportStage = keyof typeof IMPORT_STAGES;

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
 * Reads the SDE (classic YAML layout) and writes the compact dataset. Large files are streamed in batches of
 * whole entries and only the fields the product uses are kept, so the import stays far below 2 GiB.
 */
export async function importStaticData(options: ImportOptions): Promise<DatasetManifest> {
  const startedAt = new Date();
  const { root, release } = options.source;
  const fsd = (file: string): string => join(root, 'fsd', file);
  const bsd = (file: string): string => join(root, 'bsd', file);
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

  report('inventory', 0);
  const groups = parseGroups(await loadYaml(fsd('groups.yaml')));
  const categories = parseCategories(await loadYaml(fsd('categories.yaml')));
  const metaGroups = parseMetaGroups(await loadYaml(fsd('metaGroups.yaml')));
  const marketGroups = parseMarketGroups(
    await loadYaml(fsd('marketGroups.yaml')),
    parseIconFiles(await loadYaml(fsd('iconIDs.yaml'))),
  );
  const dogmaDefinitions = parseDogmaDefinitions(
    await loadYaml(fsd('dogmaAttributes.yaml')),
    await loadYaml(fsd('dogmaEffects.yaml')),
  );
  report('inventory', 1);

  report('types', 0);
  const typeBuilder = new TypeTableBuilder();
  await forEachYamlBatch(fsd('types.yaml'), (batch) => typeBuilder.addBatch(batch), {
    onProgress: (done) => report('types', done),
  });
  const { table: types, translatedNames, descriptions: typeDescriptions } = typeBuilder.build();

  report('dogma', 0);
  const candidates = industryCandidates(types, groups);
  const candidateIds = new Set(candidates.map((candidate) => candidate.typeId));
  const dogmaByType = new Map<number, TypeDogma>();
  await forEachYamlBatch(
    fsd('typeDogma.yaml'),
    (batch) => {
      for (const [key, value] of Object.entries(batch as Record<string, unknown>)) {
        dogmaByType.set(Number(key), parseTypeDogma(value, dogmaDefinitions));
      }
    },
    {
      keepEntry: (entry) => candidateIds.has(mappingEntryKey(entry)),
      onProgress: (done) => report('dogma', done),
    },
  );
  const industry = {
    rigs: parseStructureRigs(candidates, dogmaByType, dogmaDefinitions),
    structures: parseStructureBonuses(candidates, dogmaByType),
  };

  report('universe', 0);
  const folders = await readUniverseFolders(join(root, 'universe'), (done) => report('universe', done));

  report('names', 0);
  const mapNames = new Map<number, string>();
  await forEachYamlBatch(bsd('invNames.yaml'), (batch) => collectItemNames(batch, mapNames), {
    keepEntry: isMapItemNameEntry,
    onProgress: (done) => report('names', done),
  });

  report('stations', 0);
  const stations = parseStations(await loadYaml(bsd('staStations.yaml')));
  report('stations', 1);

  const universe: StaticDatasetContent['universe'] = {
    regions: folders.regions
      .map((region): RegionRecord => ({
        regionId: region.regionId,
        name: mapNames.get(region.regionId) ?? region.folderName,
        kind: region.kind,
      }))
      .sort((a, b) => a.regionId - b.regionId),
    constellations: folders.constellations
      .map((constellation) => ({
        constellationId: constellation.constellationId,
        name: mapNames.get(constellation.constellationId) ?? constellation.folderName,
        regionId: constellation.regionId,
      }))
      .sort((a, b) => a.constellationId - b.constellationId),
    systems: folders.systems
      .map((system) => ({
        systemId: system.systemId,
        name: mapNames.get(system.systemId) ?? system.folderName,
        security: system.security,
        constellationId: system.constellationId,
        regionId: system.regionId,
      }))
      .sort((a, b) => a.systemId - b.systemId),
    stargates: stargateConnections(folders.systems),
    stations,
  };

  report('blueprints', 0);
  const blueprints: StaticDatasetContent['blueprints'][number][] = [];
  await forEachYamlBatch(fsd('blueprints.yaml'), (batch) => blueprints.push(...parseBlueprints(batch)), {
    onProgress: (done) => report('blueprints', done),
  });
  blueprints.sort((a, b) => a.blueprintTypeId - b.blueprintTypeId);

  report('search', 0);
  const namesByType: TypeNames[] = types.typeIds.map((_, index) =>
    types.languages.flatMap((language, languageIndex): [number, string][] => {
      const name = language === 'en' ? types.englishNames[index] : translatedNames[language]?.[index];
      return name ? [[languageIndex, name]] : [];
    }),
  );
  const searchIndex = buildTypeSearchIndex(namesByType);
  report('search', 1);

  report('write', 0);
  const content: StaticDatasetContent = {
    types,
    translatedNames,
    typeDescriptions,
    inventory: { groups, categories, metaGroups },
    marketGroups,
    universe,
    blueprints,
    industry,
  };
  const manifest = await writeStaticDataset(options.outputDir, {
    content,
    searchIndex,
    sde: release,
    startedAt,
  });
  report('write', 1);
  return manifest;
}

async function loadYaml(path: string): Promise<unknown> {
  return yaml.load(await readFile(path, 'utf8'), { schema: yaml.CORE_SCHEMA, filename: path });
}
