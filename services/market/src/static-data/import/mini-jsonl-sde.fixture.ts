import { createWriteStream, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { ZipFile } from 'yazl';

type JsonlRecord = Record<string, unknown>;

export interface MiniJsonlSdeOptions {
  readonly buildNumber?: number;
  readonly releaseDate?: string;
  /** Changes the type lines, for a later build (a renamed type, a new one, one removed). */
  readonly types?: (records: JsonlRecord[]) => JsonlRecord[];
}

/**
 * The content of `mini-sde.fixture.ts` in CCP's JSON Lines layout (2025-09 on): one object a line, ids in `_key`,
 * names in every language given, map names in the map files, station names left to be composed from their
 * orbit, owner and operation. Every file the importer reads is here, with a few of each kind of entry.
 */
export function miniJsonlSdeFiles(options: MiniJsonlSdeOptions = {}): Record<string, JsonlRecord[]> {
  const types: JsonlRecord[] = [
    {
      _key: 34,
      basePrice: 2.0,
      description: { de: 'Der Grundbaustein', en: 'The main building block in space structures.' },
      groupID: 18,
      iconID: 22,
      marketGroupID: 1857,
      name: { de: 'Tritanium', en: 'Tritanium', ja: 'トリタニウム' },
      portionSize: 1,
      published: true,
      volume: 0.01,
    },
    {
      _key: 35,
      groupID: 18,
      marketGroupID: 1857,
      name: { de: 'Pyerit', en: 'Pyerite' },
      portionSize: 1,
      published: true,
      volume: 0.01,
    },
    {
      _key: 587,
      groupID: 25,
      marketGroupID: 64,
      metaGroupID: 1,
      name: { de: 'Rifter', en: 'Rifter' },
      packagedVolume: 2500,
      portionSize: 1,
      published: true,
      volume: 27289.0,
    },
    {
      _key: 691,
      groupID: 105,
      name: { en: 'Rifter Blueprint' },
      portionSize: 1,
      published: true,
      volume: 0.01,
    },
    {
      _key: 3645,
      groupID: 18,
      name: { de: 'Wasser', en: 'Water' },
      portionSize: 1,
      published: false,
      volume: 0.25,
    },
    { _key: 35825, groupID: 1404, name: { en: 'Raitaru' }, portionSize: 1, published: true, volume: 8000.0 },
    {
      _key: 43920,
      description: {
        en: 'The Standup M-Set Equipment Manufacturing Material Efficiency I rig provides a means for structure operators to decrease material requirements manufacturing ship modules.',
      },
      groupID: 1816,
      name: { en: 'Standup M-Set Equipment Manufacturing Material Efficiency I' },
      portionSize: 1,
      published: true,
      volume: 5.0,
    },
    {
      _key: 46166,
      basePrice: 10000000.0,
      groupID: 1888,
      name: { de: 'Formel für die Caesarium-Cadmid-Reaktion', en: 'Caesarium Cadmide Reaction Formula' },
      portionSize: 1,
      published: true,
      volume: 0.01,
    },
  ];
  return {
    '_sde.jsonl': [
      {
        _key: 'sde',
        buildNumber: options.buildNumber ?? 3064089,
        releaseDate: options.releaseDate ?? '2025-09-22T11:03:28Z',
      },
    ],
    'categories.jsonl': [
      { _key: 4, name: { de: 'Material', en: 'Material' }, published: true },
      { _key: 6, name: { en: 'Ship' }, published: true },
      { _key: 9, name: { en: 'Blueprint' }, published: true },
      { _key: 24, name: { de: 'Reaktion', en: 'Reaction' }, published: true },
      { _key: 65, name: { en: 'Structure' }, published: true },
      { _key: 66, name: { en: 'Structure Module' }, published: true },
    ],
    'groups.jsonl': [
      { _key: 18, anchorable: false, categoryID: 4, name: { de: 'Mineral', en: 'Mineral' }, published: true },
      { _key: 25, categoryID: 6, name: { en: 'Frigate' }, published: true },
      { _key: 105, categoryID: 9, name: { en: 'Frigate Blueprint' }, published: true },
      { _key: 1404, categoryID: 65, name: { en: 'Engineering Complex' }, published: true },
      {
        _key: 1816,
        categoryID: 66,
        name: { en: 'Structure Engineering Rig M - Equipment ME' },
        published: true,
      },
      { _key: 1888, categoryID: 24, name: { en: 'Composite Reaction Formulas' }, published: true },
    ],
    'metaGroups.jsonl': [
      { _key: 1, color: { b: 0.04, g: 0.67, r: 0.78 }, name: { de: 'Tech I', en: 'Tech I' } },
    ],
    'icons.jsonl': [{ _key: 22, iconFile: 'res:/ui/texture/icons/22_32_1.png' }],
    'marketGroups.jsonl': [
      { _key: 64, hasTypes: true, name: { en: 'Standard Frigates' } },
      {
        _key: 533,
        description: { en: 'Raw materials' },
        hasTypes: false,
        name: { de: 'Materialien', en: 'Materials' },
      },
      {
        _key: 1857,
        description: { en: 'Minerals are refined from ore' },
        hasTypes: true,
        iconID: 22,
        name: { en: 'Minerals' },
        parentGroupID: 533,
      },
    ],
    'dogmaAttributes.jsonl': [
      { _key: 1547, attributeID: 1547, defaultValue: 0.0, name: 'rigSize' },
      { _key: 1970, defaultValue: 0.0, name: 'disallowInHighSec' },
      { _key: 2355, defaultValue: 1.0, name: 'hiSecModifier' },
      { _key: 2356, defaultValue: 1.0, name: 'lowSecModifier' },
      { _key: 2357, defaultValue: 1.0, name: 'nullSecModifier' },
      { _key: 2593, name: 'attributeEngRigTimeBonus' },
      { _key: 2594, name: 'attributeEngRigMatBonus' },
      { _key: 2595, name: 'attributeEngRigCostBonus' },
      { _key: 2600, name: 'strEngMatBonus' },
      { _key: 2601, name: 'strEngCostBonus' },
      { _key: 2602, name: 'strEngTimeBonus' },
    ],
    'dogmaEffects.jsonl': [
      { _key: 2663, effectCategoryID: 0, name: 'rigSlot' },
      {
        _key: 6805,
        modifierInfo: [
          {
            domain: 'structureID',
            func: 'ItemModifier',
            modifiedAttributeID: 2538,
            modifyingAttributeID: 2594,
            operation: 6,
          },
        ],
        name: 'rigEquipmentManufactureMaterialBonus',
      },
    ],
    'types.jsonl': options.types ? options.types(types) : types,
    'typeDogma.jsonl': [
      { _key: 34, dogmaAttributes: [{ attributeID: 161, value: 0.01 }], dogmaEffects: [] },
      {
        _key: 35825,
        dogmaAttributes: [
          { attributeID: 1547, value: 2.0 },
          { attributeID: 2600, value: 0.99 },
          { attributeID: 2601, value: 0.97 },
          { attributeID: 2602, value: 0.85 },
        ],
        dogmaEffects: [],
      },
      {
        _key: 43920,
        dogmaAttributes: [
          { attributeID: 1547, value: 2.0 },
          { attributeID: 2355, value: 1.0 },
          { attributeID: 2356, value: 1.9 },
          { attributeID: 2357, value: 2.1 },
          { attributeID: 2593, value: 0.0 },
          { attributeID: 2594, value: -2.0 },
          { attributeID: 2595, value: 0.0 },
        ],
        dogmaEffects: [
          { effectID: 2663, isDefault: false },
          { effectID: 6805, isDefault: false },
        ],
      },
    ],
    'blueprints.jsonl': [
      {
        _key: 691,
        activities: {
          copying: { time: 4800 },
          invention: {
            materials: [{ quantity: 2, typeID: 20411 }],
            products: [{ probability: 0.3, quantity: 1, typeID: 11379 }],
            skills: [{ level: 1, typeID: 3402 }],
            time: 63900,
          },
          manufacturing: {
            materials: [
              { quantity: 32000, typeID: 34 },
              { quantity: 6000, typeID: 35 },
            ],
            products: [{ quantity: 1, typeID: 587 }],
            skills: [{ level: 1, typeID: 3380 }],
            time: 6000,
          },
          research_material: { time: 2100 },
          research_time: { time: 2100 },
        },
        blueprintTypeID: 691,
        maxProductionLimit: 30,
      },
      {
        _key: 46166,
        activities: {
          reaction: {
            materials: [
              { quantity: 100, typeID: 16640 },
              { quantity: 100, typeID: 16643 },
              { quantity: 5, typeID: 4312 },
            ],
            products: [{ quantity: 200, typeID: 16663 }],
            skills: [{ level: 1, typeID: 45746 }],
            time: 10800,
          },
        },
        blueprintTypeID: 46166,
        maxProductionLimit: 1,
      },
    ],
    'mapRegions.jsonl': [
      region(10000002, 'The Forge', [20000020]),
      region(10000016, 'Lonetrek', [20000135]),
      region(11000001, 'A-R00001', [21000001]),
    ],
    'mapConstellations.jsonl': [
      constellation(20000020, 'Kimotoro', 10000002, [30000142, 30000144, 30000145]),
      constellation(20000135, 'Mivora', 10000016, [30001360]),
      constellation(21000001, 'A-C00311', 11000001, [31000005]),
    ],
    'mapSolarSystems.jsonl': [
      system(30000142, 'Jita', 0.945913116665, 20000020, 10000002, [50001248]),
      system(30000144, 'Perimeter', 0.9527, 20000020, 10000002, [50000802, 50000803, 50000804]),
      system(30000145, 'New Caldari', 0.9742, 20000020, 10000002, [50000900]),
      system(30001360, 'Ikami', 0.6321, 20000135, 10000016, [50009501]),
      system(31000005, 'J055520', -0.99, 21000001, 11000001, []),
    ],
    'mapStargates.jsonl': [
      stargate(50000802, 30000144, 50001248, 30000142),
      stargate(50000803, 30000144, 50000900, 30000145),
      stargate(50000804, 30000144, 50009501, 30001360),
      stargate(50000900, 30000145, 50000803, 30000144),
      stargate(50001248, 30000142, 50000802, 30000144),
      stargate(50009501, 30001360, 50000804, 30000144),
    ],
    'npcCorporations.jsonl': [
      { _key: 1000035, name: { de: 'Caldari Navy', en: 'Caldari Navy' }, stationID: 60003760 },
    ],
    'stationOperations.jsonl': [
      { _key: 26, operationName: { de: 'Montagewerk', en: 'Assembly Plant' }, services: [5, 10] },
    ],
    'npcStations.jsonl': [
      {
        _key: 60003760,
        celestialIndex: 4,
        operationID: 26,
        orbitID: 40009087,
        orbitIndex: 4,
        ownerID: 1000035,
        position: { x: -107302625280, y: -18745056, z: 436489789440 },
        reprocessingEfficiency: 0.5,
        reprocessingHangarFlag: 4,
        reprocessingStationsTake: 0.05,
        solarSystemID: 30000142,
        typeID: 1531,
        useOperationName: true,
      },
    ],
  };
}

/** Writes the files into `dir` (as an unpacked archive is laid out) and returns `dir`. */
export function writeMiniJsonlSde(dir: string, options: MiniJsonlSdeOptions = {}): string {
  mkdirSync(dir, { recursive: true });
  for (const [name, records] of Object.entries(miniJsonlSdeFiles(options)))
    writeFileSync(join(dir, name), jsonLines(records));
  return dir;
}

/** Writes the files as CCP ships them, one zip, and returns its path. */
export async function writeMiniJsonlSdeZip(path: string, options: MiniJsonlSdeOptions = {}): Promise<string> {
  const zip = new ZipFile();
  for (const [name, records] of Object.entries(miniJsonlSdeFiles(options)))
    zip.addBuffer(Buffer.from(jsonLines(records)), name);
  zip.end();
  await finished(zip.outputStream.pipe(createWriteStream(path)));
  return path;
}

function jsonLines(records: readonly JsonlRecord[]): string {
  return records.map((record) => `${JSON.stringify(record)}\n`).join('');
}

const localized = (en: string): Record<string, string> => ({ de: en, en, ja: en });

function region(id: number, name: string, constellationIDs: number[]): JsonlRecord {
  return { _key: id, constellationIDs, name: localized(name), position: { x: 1, y: 2, z: 3 } };
}

function constellation(id: number, name: string, regionID: number, solarSystemIDs: number[]): JsonlRecord {
  return { _key: id, name: localized(name), position: { x: 1, y: 2, z: 3 }, regionID, solarSystemIDs };
}

function system(
  id: number,
  name: string,
  securityStatus: number,
  constellationID: number,
  regionID: number,
  stargateIDs: number[],
): JsonlRecord {
  return {
    _key: id,
    border: true,
    constellationID,
    name: localized(name),
    planetIDs: [40009077],
    position: { x: 1, y: 2, z: 3 },
    regionID,
    securityClass: 'B',
    securityStatus,
    stargateIDs,
    starID: 40009076,
  };
}

function stargate(
  id: number,
  systemId: number,
  destinationGate: number,
  destinationSystem: number,
): JsonlRecord {
  return {
    _key: id,
    destination: { solarSystemID: destinationSystem, stargateID: destinationGate },
    position: { x: 1, y: 2, z: 3 },
    solarSystemID: systemId,
    typeID: 16,
  };
}
