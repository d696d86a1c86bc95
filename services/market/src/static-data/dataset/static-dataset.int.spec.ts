import { mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importStaticData, type ImportProgress } from '../import/import-static-data';
import { writeMiniSde } from '../import/mini-sde.fixture';
import { locateSdeSource } from '../import/sde-source';
import { DATASET_FORMAT_VERSION, DatasetFile, MANIFEST_FILE } from './dataset-format';
import { StaticDatasetError, loadStaticData } from './dataset-loader';
import { ensureStaticDataset, type StaticDataLogger } from './ensure-static-dataset';

function recordingLogger(): StaticDataLogger & { messages: string[] } {
  const messages: string[] = [];
  return {
    messages,
    info: (_details, message) => messages.push(message),
    warn: (_details, message) => messages.push(message),
  };
}

async function problemOf(dir: string): Promise<string> {
  try {
    await loadStaticData(dir);
  } catch (error) {
    expect(error).toBeInstanceOf(StaticDatasetError);
    return (error as StaticDatasetError).problem;
  }
  return 'none';
}

describe('static dataset from a miniature SDE', () => {
  let workDir: string;
  let sdePath: string;
  const sdeOptions = (): { location: string; version: string; buildDate: string } => ({
    location: sdePath,
    version: 'mini-1',
    buildDate: '2026-09-16',
  });

  beforeAll(() => {
    workDir = mkdtempSync(join(tmpdir(), 'static-dataset-'));
    sdePath = writeMiniSde(join(workDir, 'source'));
  });
  afterAll(() => rmSync(workDir, { recursive: true, force: true }));

  describe('import and load', () => {
    const dir = (): string => join(workDir, 'imported');
    const progress: ImportProgress[] = [];

    beforeAll(async () => {
      await importStaticData({
        source: await locateSdeSource(sdeOptions()),
        outputDir: dir(),
        onProgress: (step) => progress.push(step),
      });
    });

    it('reports progress through every stage up to 100%', () => {
      expect(new Set(progress.map((step) => step.stage))).toEqual(
        new Set([
          'inventory',
          'types',
          'dogma',
          'universe',
          'names',
          'stations',
          'blueprints',
          'search',
          'write',
        ]),
      );
      expect(progress.at(-1)!.overallDone).toBe(1);
      const overall = progress.map((step) => step.overallDone);
      expect(overall).toEqual([...overall].sort((a, b) => a - b));
    });

    it('records the SDE version and build date', async () => {
      const data = await loadStaticData(dir());
      expect(data.version()).toMatchObject({
        sdeVersion: 'mini-1',
        sdeBuildNumber: null,
        sdeBuildDate: '2026-09-16',
        datasetFormat: DATASET_FORMAT_VERSION,
      });
      expect(data.manifest.sde.source).toBe(`path:${sdePath}`);
    });

    it('keeps types with names in every language, volumes and market groups', async () => {
      const data = await loadStaticData(dir());
      expect(data.itemType(34)).toEqual({
        typeID: 34,
        typeName: 'Tritanium',
        marketGroupID: 1857,
        description: 'The main building block in space structures.',
        volume: 0.01,
      });
      expect(data.itemTypeDetail(34)).toMatchObject({
        groupID: 18,
        groupName: 'Mineral',
        categoryID: 4,
        categoryName: 'Material',
        basePrice: 2,
        published: true,
        iconID: 22,
        packagedVolume: null,
        names: { en: 'Tritanium', de: 'Tritanium', ja: 'トリタニウム' },
      });
      expect(data.itemTypeDetail(587)).toMatchObject({
        volume: 27289,
        packagedVolume: 2500,
        metaGroupName: 'Tech I',
      });
      expect(data.typeName(35, 'de')).toBe('Pyerit');
      expect(data.typeName(35, 'ja')).toBe('Pyerite');
    });

    it('builds the market group tree with icons and the types of each group', async () => {
      const data = await loadStaticData(dir());
      expect(data.marketGroupTree().map((group) => group.marketGroupName)).toEqual([
        'Materials',
        'Standard Frigates',
      ]);
      expect(data.marketGroupTree()[0]!.children[0]).toEqual({
        marketGroupID: 1857,
        parentGroupID: 533,
        marketGroupName: 'Minerals',
        children: [],
        hasTypes: true,
        iconFile: 'res:/ui/texture/icons/22_32_1.png',
        description: 'Minerals are refined from ore',
      });
      expect(data.marketGroupTypes(1857)!.map((type) => type.typeName)).toEqual(['Pyerite', 'Tritanium']);
      expect(data.marketGroupTypes(533)).toEqual([]);
      expect(data.marketGroupTypes(999)).toBeNull();
    });

    it('searches market types in any language and all types when asked', async () => {
      const data = await loadStaticData(dir());
      expect(data.searchTypes({ query: 'trit', limit: 50 }).map((hit) => hit.typeID)).toEqual([34]);
      expect(data.searchTypes({ query: 'pyerit', limit: 50 })[0]).toMatchObject({
        typeID: 35,
        matchedName: 'Pyerit',
        matchedLanguage: 'de',
      });
      expect(data.searchTypes({ query: 'wasser', limit: 50 })).toEqual([]);
      expect(data.searchTypes({ query: 'wasser', scope: 'all', limit: 50 }).map((hit) => hit.typeID)).toEqual(
        [3645],
      );
    });

    it('names regions, systems and stations and counts jumps', async () => {
      const data = await loadStaticData(dir());
      expect(data.regions()).toEqual([
        { id: 10000002, name: 'The Forge' },
        { id: 10000016, name: 'Lonetrek' },
        { id: 11000001, name: 'A-R00001' },
      ]);
      expect(data.region(11000001)!.kind).toBe('wormhole');
      expect(data.system(30000142)).toEqual({
        systemId: 30000142,
        systemName: 'Jita',
        security: 0.945913116665,
        constellationId: 20000020,
        regionId: 10000002,
        regionName: 'The Forge',
      });
      expect(data.station(60003760)!.name).toBe('Jita IV - Moon 4 - Caldari Navy Assembly Plant');
      expect(data.jumpCounts(30000142, [30000144, 30000145, 30001360, 31000005])).toEqual([1, 2, 2, -1]);
      expect(data.searchSystems('cal', 50).map((system) => system.systemName)).toEqual(['New Caldari']);
    });

    it('keeps blueprints, rigs and structure bonuses', async () => {
      const data = await loadStaticData(dir());
      expect(data.blueprint(691)).toMatchObject({
        maxProductionLimit: 30,
        activities: {
          manufacturing: {
            time: 6000,
            materials: [
              { typeId: 34, quantity: 32000 },
              { typeId: 35, quantity: 6000 },
            ],
            products: [{ typeId: 587, quantity: 1 }],
          },
          invention: { products: [{ typeId: 11379, quantity: 1, probability: 0.3 }] },
          copying: { time: 4800 },
          researchMaterial: { time: 2100 },
          researchTime: { time: 2100 },
        },
      });
      expect(data.blueprintsProducing(587).map((blueprint) => blueprint.blueprintTypeId)).toEqual([691]);
      expect(data.blueprint(46166)!.activities.reaction).toEqual({
        time: 10800,
        materials: [
          { typeId: 16640, quantity: 100 },
          { typeId: 16643, quantity: 100 },
          { typeId: 4312, quantity: 5 },
        ],
        products: [{ typeId: 16663, quantity: 200 }],
        skills: [{ typeId: 45746, level: 1 }],
      });
      expect(data.blueprintsProducing(16663).map((blueprint) => blueprint.blueprintTypeId)).toEqual([46166]);
      expect(data.structureRigNames()).toEqual({
        '43920': 'Standup M-Set Equipment Manufacturing Material Efficiency I',
      });
      expect(data.structureRig(43920)).toMatchObject({
        rigSize: 2,
        materialBonus: -2,
        timeBonus: 0,
        securityMultipliers: { high: 1, low: 1.9, null: 2.1 },
        allowedInHighSec: true,
        effects: [{ activity: 'manufacturing', bonus: 'material', target: 'equipment', value: -2 }],
        affectedCategoryIds: [7, 20, 22],
        affectedGroupIds: [12, 340, 448, 649],
      });
      expect(data.structureBonuses()).toEqual([
        {
          typeId: 35825,
          name: 'Raitaru',
          groupId: 1404,
          rigSize: 2,
          materialMultiplier: 0.99,
          timeMultiplier: 0.85,
          costMultiplier: 0.97,
          reactionTimeMultiplier: 1,
        },
      ]);
    });
  });

  describe('integrity', () => {
    let dir: string;
    let filesDir: string;
    beforeEach(async () => {
      dir = mkdtempSync(join(workDir, 'integrity-'));
      const manifest = await importStaticData({
        source: await locateSdeSource(sdeOptions()),
        outputDir: dir,
      });
      filesDir = join(dir, manifest.directory);
    });

    it('refuses a directory without a dataset', async () => {
      expect(await problemOf(join(workDir, 'nothing-here'))).toBe('missing');
    });

    it('refuses a dataset whose import never finished (no manifest)', async () => {
      rmSync(join(dir, MANIFEST_FILE));
      expect(await problemOf(dir)).toBe('missing');
    });

    it('refuses a truncated file', async () => {
      const path = join(filesDir, DatasetFile.typeSearchIndex);
      truncateSync(path, readFileSync(path).length - 100);
      expect(await problemOf(dir)).toBe('incomplete');
    });

    it('refuses a missing file', async () => {
      rmSync(join(filesDir, DatasetFile.universe));
      expect(await problemOf(dir)).toBe('incomplete');
    });

    it('refuses a file changed in place', async () => {
      const path = join(filesDir, DatasetFile.types);
      const bytes = readFileSync(path);
      bytes[10] = bytes[10] === 0x31 ? 0x32 : 0x31;
      writeFileSync(path, bytes);
      expect(await problemOf(dir)).toBe('corrupt');
    });

    it('refuses a dataset of another format version', async () => {
      const manifest = JSON.parse(readFileSync(join(dir, MANIFEST_FILE), 'utf8'));
      writeFileSync(join(dir, MANIFEST_FILE), JSON.stringify({ ...manifest, formatVersion: 0 }));
      expect(await problemOf(dir)).toBe('outdated');
    });
  });

  describe('ensureStaticDataset', () => {
    it('builds a missing dataset once, with progress in the log, then loads it as it is', async () => {
      const dir = join(workDir, 'ensured');
      const logger = recordingLogger();
      const built = await ensureStaticDataset({ dir, logger, sde: sdeOptions() });
      expect(built.itemType(34)!.typeName).toBe('Tritanium');
      expect(logger.messages).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^No static dataset in .*; building it from the SDE$/),
          'Importing static data from the SDE (takes about half a minute)',
          'Static data import: types',
          'Static data imported',
        ]),
      );

      const again = recordingLogger();
      const loaded = await ensureStaticDataset({ dir, logger: again, sde: sdeOptions() });
      expect(again.messages).toEqual([]);
      expect(loaded.version().importedAt).toBe(built.version().importedAt);
    });

    it('rebuilds a truncated dataset instead of serving it', async () => {
      const dir = join(workDir, 'truncated');
      const manifest = await importStaticData({
        source: await locateSdeSource(sdeOptions()),
        outputDir: dir,
      });
      truncateSync(join(dir, manifest.directory, DatasetFile.types), 10);
      const logger = recordingLogger();
      const data = await ensureStaticDataset({ dir, logger, sde: sdeOptions() });
      expect(data.itemType(34)!.volume).toBe(0.01);
      expect(logger.messages[0]).toMatch(/truncated or was changed; building it from the SDE$/);
    });

    it('lets concurrent callers share one import', async () => {
      const dir = join(workDir, 'concurrent');
      const loggers = [recordingLogger(), recordingLogger(), recordingLogger()];
      const results = await Promise.all(
        loggers.map((logger) => ensureStaticDataset({ dir, logger, sde: sdeOptions() })),
      );
      expect(results.map((data) => data.version().importedAt)).toEqual(
        Array(3).fill(results[0]!.version().importedAt),
      );
      const imports = loggers.filter((logger) => logger.messages.includes('Static data imported'));
      expect(imports).toHaveLength(1);
    });

    it('stops with a clear message when the SDE cannot be read', async () => {
      const failure = await ensureStaticDataset({
        dir: join(workDir, 'no-source'),
        logger: recordingLogger(),
        sde: { location: join(workDir, 'nowhere') },
      }).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(StaticDatasetError);
      expect((failure as Error).message).toMatch(
        /^Cannot build the static dataset in .*no-source: No SDE at .*nowhere/,
      );
    });
  });
});
