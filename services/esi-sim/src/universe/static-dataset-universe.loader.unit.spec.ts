import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  SUPPORTED_DATASET_FORMAT,
  loadUniverseFromStaticDataset,
  UniverseLoadError,
} from './static-dataset-universe.loader';

/** A dataset directory in the documented format (docs/static-data.md), written by hand. */
function writeDataset(dir: string, formatVersion = SUPPORTED_DATASET_FORMAT): void {
  const filesDir = 'import-20261128T080000000Z-1';
  mkdirSync(join(dir, filesDir), { recursive: true });
  writeFileSync(
    join(dir, 'manifest.json'),
    JSON.stringify({ formatVersion, directory: filesDir, sde: { version: 'mini-1' } }),
  );
  const write = (file: string, value: unknown): void =>
    writeFileSync(join(dir, filesDir, file), JSON.stringify(value));
  write('types.json', {
    languages: ['en'],
    typeIds: [34, 35, 587, 691, 999],
    englishNames: ['Tritanium', 'Pyerite', 'Rifter', 'Rifter Blueprint', 'Unpublished Thing'],
    groupIds: [18, 18, 25, 105, 18],
    marketGroupIds: [1857, 1857, 64, 264, null],
    volumes: [0.01, 0.01, 27289, 0.01, 1],
    packagedVolumes: [null, null, 2500, null, null],
    portionSizes: [1, 1, 1, 1, 1],
    basePrices: [2, 8, 400000, 2800000, null],
    published: [true, true, true, true, false],
    metaGroupIds: [null, null, 1, null, null],
    iconIds: [null, null, null, null, null],
  });
  write('inventory.json', {
    groups: [
      { groupId: 18, categoryId: 4, name: 'Mineral', published: true },
      { groupId: 25, categoryId: 6, name: 'Frigate', published: true },
      { groupId: 105, categoryId: 9, name: 'Frigate Blueprint', published: true },
    ],
    categories: [],
    metaGroups: [],
  });
  write('universe.json', {
    regions: [{ regionId: 10000002, name: 'The Forge', kind: 'known-space' }],
    constellations: [{ constellationId: 20000020, name: 'Kimotoro', regionId: 10000002 }],
    systems: [
      { systemId: 30000142, name: 'Jita', security: 0.9459, constellationId: 20000020, regionId: 10000002 },
    ],
    stargates: [],
    stations: [{ stationId: 60003760, name: 'Jita IV - Moon 4', systemId: 30000142, regionId: 10000002 }],
  });
  write('blueprints.json', [
    {
      blueprintTypeId: 691,
      maxProductionLimit: 10,
      activities: {
        manufacturing: {
          time: 6000,
          materials: [
            { typeId: 34, quantity: 32000 },
            { typeId: 35, quantity: 6000 },
          ],
          products: [{ typeId: 587, quantity: 1 }],
          skills: [],
        },
      },
    },
    {
      blueprintTypeId: 1000,
      maxProductionLimit: 1,
      activities: {
        manufacturing: {
          time: 1,
          materials: [{ typeId: 999, quantity: 1 }],
          products: [{ typeId: 34, quantity: 1 }],
          skills: [],
        },
      },
    },
  ]);
}

describe('reading the universe from the static dataset files', () => {
  let dir: string;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'esi-sim-universe-'));
  });

  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps published market types, packaged volumes and blueprints made of market types', async () => {
    writeDataset(dir);
    const universe = await loadUniverseFromStaticDataset(dir);
    expect(universe.source).toBe('static-dataset:mini-1');
    expect(universe.types.map((type) => type.typeId)).toEqual([34, 35, 587, 691]);
    expect(universe.types.find((type) => type.typeId === 587)).toEqual({
      typeId: 587,
      name: 'Rifter',
      groupId: 25,
      categoryId: 6,
      marketGroupId: 64,
      volume: 2500,
      basePrice: 400000,
    });
    expect(universe.blueprints.map((blueprint) => blueprint.blueprintTypeId)).toEqual([691]);
    expect(universe.stations[0]!.stationId).toBe(60003760);
  });

  it('refuses another format version and a missing dataset, naming the directory', async () => {
    writeDataset(dir, SUPPORTED_DATASET_FORMAT - 1);
    await expect(loadUniverseFromStaticDataset(dir)).rejects.toThrow(UniverseLoadError);
    await expect(loadUniverseFromStaticDataset(join(dir, 'nowhere'))).rejects.toThrow(/lacks manifest.json/);
  });
});
