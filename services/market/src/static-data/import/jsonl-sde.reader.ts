import type {
  ConstellationRecord,
  RegionRecord,
  SolarSystemRecord,
  StaticDatasetContent,
  StationRecord,
} from '../dataset/dataset-format';
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
import { forEachJsonlRecord, jsonlMapping, type JsonlFiles } from './jsonl-files';
import { parseNpcStation, regionKindOf } from './jsonl-universe.parser';
import { englishText, numberOr, recordOf, requiredNumber } from './raw-values';
import { TypeTableBuilder } from './type-table.builder';
import { stargateConnections, type SolarSystemFile } from './universe.parser';

/** Every file the JSON Lines reader needs; an archive without one of them is refused before anything is read. */
export const JSONL_SDE_FILES = [
  '_sde.jsonl',
  'categories.jsonl',
  'groups.jsonl',
  'metaGroups.jsonl',
  'marketGroups.jsonl',
  'icons.jsonl',
  'dogmaAttributes.jsonl',
  'dogmaEffects.jsonl',
  'types.jsonl',
  'typeDogma.jsonl',
  'mapRegions.jsonl',
  'mapConstellations.jsonl',
  'mapSolarSystems.jsonl',
  'mapStargates.jsonl',
  'npcCorporations.jsonl',
  'stationOperations.jsonl',
  'npcStations.jsonl',
  'blueprints.jsonl',
] as const;

/**
 * Reads an SDE in CCP's JSON Lines layout (2025-09 on): one JSON object a line, its id in `_key`, names and
 * descriptions in every language. The small files go through the same parsers as the classic layout's; types and
 * type dogma are streamed a line at a time.
 */
export async function readJsonlSde(files: JsonlFiles, report: StageReporter): Promise<StaticDatasetContent> {
  const missing = JSONL_SDE_FILES.filter((name) => !files.names.has(name));
  if (missing.length > 0) throw new Error(`The SDE lacks ${missing.join(', ')}`);

  report('inventory', 0);
  const groups = parseGroups(await jsonlMapping(files, 'groups.jsonl'));
  const categories = parseCategories(await jsonlMapping(files, 'categories.jsonl'));
  const metaGroups = parseMetaGroups(await jsonlMapping(files, 'metaGroups.jsonl'));
  const marketGroups = parseMarketGroups(
    await jsonlMapping(files, 'marketGroups.jsonl'),
    parseIconFiles(await jsonlMapping(files, 'icons.jsonl')),
  );
  const dogmaDefinitions = parseDogmaDefinitions(
    await jsonlMapping(files, 'dogmaAttributes.jsonl'),
    await jsonlMapping(files, 'dogmaEffects.jsonl'),
  );
  report('inventory', 1);

  report('types', 0);
  const typeBuilder = new TypeTableBuilder();
  await forEachJsonlRecord(files, 'types.jsonl', (record) => typeBuilder.add(keyOf(record), record), {
    onProgress: (done) => report('types', done),
  });
  const { table: types, translatedNames, descriptions: typeDescriptions } = typeBuilder.build();

  report('dogma', 0);
  const candidates = industryCandidates(types, groups);
  const candidateIds = new Set(candidates.map((candidate) => candidate.typeId));
  const dogmaByType = new Map<number, TypeDogma>();
  await forEachJsonlRecord(
    files,
    'typeDogma.jsonl',
    (record) => dogmaByType.set(keyOf(record), parseTypeDogma(record, dogmaDefinitions)),
    { keepKey: (typeId) => candidateIds.has(typeId), onProgress: (done) => report('dogma', done) },
  );
  const industry = parseIndustryTables(candidates, dogmaByType, dogmaDefinitions);

  report('universe', 0);
  const regions: RegionRecord[] = [];
  await forEachJsonlRecord(files, 'mapRegions.jsonl', (record) => {
    const regionId = keyOf(record);
    regions.push({ regionId, name: englishText(record['name']), kind: regionKindOf(regionId) });
  });
  const constellations: ConstellationRecord[] = [];
  await forEachJsonlRecord(files, 'mapConstellations.jsonl', (record) => {
    constellations.push({
      constellationId: keyOf(record),
      name: englishText(record['name']),
      regionId: requiredNumber(record['regionID'], `regionID of constellation ${keyOf(record)}`),
    });
  });
  const systems: SolarSystemRecord[] = [];
  await forEachJsonlRecord(
    files,
    'mapSolarSystems.jsonl',
    (record) => {
      const systemId = keyOf(record);
      systems.push({
        systemId,
        name: englishText(record['name']),
        security: requiredNumber(record['securityStatus'], `securityStatus of system ${systemId}`),
        constellationId: requiredNumber(record['constellationID'], `constellationID of system ${systemId}`),
        regionId: requiredNumber(record['regionID'], `regionID of system ${systemId}`),
      });
    },
    { onProgress: (done) => report('universe', done * 0.8) },
  );
  const gatesBySystem = new Map<number, SolarSystemFile['stargates'][number][]>();
  await forEachJsonlRecord(files, 'mapStargates.jsonl', (record) => {
    const systemId = numberOr(record['solarSystemID'], null);
    const destinationGateId = numberOr(recordOf(record['destination'])['stargateID'], null);
    if (systemId === null || destinationGateId === null) return;
    const gates = gatesBySystem.get(systemId) ?? [];
    gates.push({ gateId: keyOf(record), destinationGateId });
    gatesBySystem.set(systemId, gates);
  });
  const stargates = stargateConnections(
    [...gatesBySystem].map(([systemId, gates]) => ({ systemId, stargates: gates })),
  );
  report('universe', 1);

  report('names', 0);
  const corporationNames = new Map<number, string>();
  await forEachJsonlRecord(files, 'npcCorporations.jsonl', (record) =>
    corporationNames.set(keyOf(record), englishText(record['name'])),
  );
  const operationNames = new Map<number, string>();
  await forEachJsonlRecord(files, 'stationOperations.jsonl', (record) =>
    operationNames.set(keyOf(record), englishText(record['operationName'])),
  );
  report('names', 1);

  report('stations', 0);
  const naming = {
    systemNames: new Map(systems.map((system) => [system.systemId, system.name])),
    regionOfSystem: new Map(systems.map((system) => [system.systemId, system.regionId])),
    corporationNames,
    operationNames,
  };
  const stations: StationRecord[] = [];
  await forEachJsonlRecord(files, 'npcStations.jsonl', (record) => {
    const station = parseNpcStation(record, naming);
    if (station) stations.push(station);
  });
  report('stations', 1);

  report('blueprints', 0);
  const blueprints = parseBlueprints(await jsonlMapping(files, 'blueprints.jsonl'));
  report('blueprints', 1);

  const byId =
    <T>(id: (record: T) => number) =>
    (a: T, b: T) =>
      id(a) - id(b);
  return {
    types,
    translatedNames,
    typeDescriptions,
    inventory: { groups, categories, metaGroups },
    marketGroups,
    universe: {
      regions: regions.sort(byId((region) => region.regionId)),
      constellations: constellations.sort(byId((constellation) => constellation.constellationId)),
      systems: systems.sort(byId((system) => system.systemId)),
      stargates,
      stations: stations.sort(byId((station) => station.stationId)),
    },
    blueprints,
    industry,
  };
}

function keyOf(record: Readonly<Record<string, unknown>>): number {
  return requiredNumber(record['_key'], '_key');
}
