import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import yaml from 'js-yaml';
import type { RegionRecord, StaticDatasetContent } from '../dataset/dataset-format';
import { parseBlueprints } from './blueprints.parser';
import type { StageReporter } from './import-stages';
import {
  industryCandidates,
  parseDogmaDefinitions,
  parseIndustryTables,
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
import { TypeTableBuilder } from './type-table.builder';
import { collectItemNames, isMapItemNameEntry, parseStations, stargateConnections } from './universe.parser';
import { readUniverseFolders } from './universe.reader';
import { forEachYamlBatch, mappingEntryKey } from './yaml-batches';

/**
 * Reads an SDE in the classic YAML layout (`fsd/`, `bsd/`, `universe/`). Large files are streamed in batches of
 * whole entries and only the fields the product uses are kept.
 */
export async function readClassicSde(root: string, report: StageReporter): Promise<StaticDatasetContent> {
  const fsd = (file: string): string => join(root, 'fsd', file);
  const bsd = (file: string): string => join(root, 'bsd', file);

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
  const industry = parseIndustryTables(candidates, dogmaByType, dogmaDefinitions);

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

  return {
    types,
    translatedNames,
    typeDescriptions,
    inventory: { groups, categories, metaGroups },
    marketGroups,
    universe,
    blueprints,
    industry,
  };
}

async function loadYaml(path: string): Promise<unknown> {
  return yaml.load(await readFile(path, 'utf8'), { schema: yaml.CORE_SCHEMA, filename: path });
}
