import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import {
  displaySecurityStatus,
  itemTypeDetailSchema,
  flatMarketGroupSchema,
  itemTypeSchema,
  jumpCountsSchema,
  marketGroupSchema,
  marketRegionSchema,
  solarSystemSchema,
  staticDataVersionSchema,
  structureRigNamesSchema,
  typeSearchResultSchema,
  type FlatMarketGroup,
  type MarketGroup,
  type SolarSystem,
  type TypeSearchResult,
} from '@tradewise/contracts';
import { ensureStaticDataset } from './dataset/ensure-static-dataset';
import { resolveStaticDataDir } from './dataset/static-data-dir';
import type { StaticData } from './static-data';
import { StaticDataModule } from './static-data.module';
import { STATIC_DATA } from './static-data.token';
import { DATASET_FORMAT_VERSION } from './dataset/dataset-format';

/**
 * The static data API over the real dataset from the pinned SDE. The first run on a machine imports it into the
 * default directory (about half a minute); later runs load it.
 */
describe('static data API', () => {
  let app: INestApplication;
  let staticData: StaticData;
  const get = (path: string) => request(app.getHttpServer()).get(`/api/v1${path}`);
  const silent = { info: () => undefined, warn: () => undefined };

  beforeAll(async () => {
    const loaded = await ensureStaticDataset({ dir: resolveStaticDataDir(), logger: silent });
    const moduleRef = await Test.createTestingModule({
      imports: [StaticDataModule.forRoot({ staticData: loaded })],
    }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    app.setGlobalPrefix('api/v1');
    await app.init();
    staticData = app.get<StaticData>(STATIC_DATA);
  }, 300_000);

  afterAll(async () => {
    await app?.close();
  });

  function findGroup(groups: readonly MarketGroup[], id: number): MarketGroup | undefined {
    for (const group of groups) {
      if (group.marketGroupID === id) return group;
      const found = findGroup(group.children, id);
      if (found) return found;
    }
    return undefined;
  }

  function expectBadRequest(response: request.Response, parameter: string): void {
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(response.body.message).toEqual(expect.stringContaining(parameter));
  }

  describe('GET /market/groups/tree', () => {
    it('answers the market group tree in the spec shape, with Minerals under its parent', async () => {
      const response = await get('/market/groups/tree').expect(200);
      const tree = response.body as MarketGroup[];
      for (const root of tree) marketGroupSchema.parse(root);
      expect(tree.every((root) => root.parentGroupID === null)).toBe(true);
      const minerals = findGroup(tree, staticData.itemType(34)!.marketGroupID!);
      expect(minerals).toMatchObject({ marketGroupName: 'Minerals', hasTypes: true, children: [] });
      expect(minerals!.parentGroupID).not.toBeNull();
      expect(findGroup(tree, minerals!.parentGroupID!)!.children).toContainEqual(minerals);
      expect(response.headers['cache-control']).toBe('public, max-age=3600');
    });
  });

  describe('GET /market/groups', () => {
    it('answers every group of the tree once, flat, each naming its parent and icon id', async () => {
      const response = await get('/market/groups').expect(200);
      const groups = response.body as FlatMarketGroup[];
      groups.forEach((group) => flatMarketGroupSchema.parse(group));
      const tree = (await get('/market/groups/tree').expect(200)).body as MarketGroup[];
      const walk = (nodes: readonly MarketGroup[]): MarketGroup[] =>
        nodes.flatMap((node) => [node, ...walk(node.children)]);
      const inTree = walk(tree);
      expect(groups.map((group) => group.marketGroupID).sort((a, b) => a - b)).toEqual(
        inTree.map((group) => group.marketGroupID).sort((a, b) => a - b),
      );
      const minerals = groups.find((group) => group.marketGroupID === 1857)!;
      expect(minerals).toMatchObject({
        marketGroupName: 'Minerals',
        hasTypes: true,
        iconID: expect.any(Number),
      });
      expect(minerals.iconFile).toBe(inTree.find((group) => group.marketGroupID === 1857)!.iconFile);
      expect(response.headers['expires']).toBeDefined();
    });
  });

  describe('GET /market/groups/{id}/types', () => {
    it('lists the published types of a group, by name', async () => {
      const response = await get('/market/groups/1857/types').expect(200);
      const types = response.body as unknown[];
      types.forEach((type) => itemTypeSchema.parse(type));
      expect(types).toContainEqual(
        expect.objectContaining({ typeID: 34, typeName: 'Tritanium', marketGroupID: 1857, volume: 0.01 }),
      );
      const names = (types as { typeName: string }[]).map((type) => type.typeName);
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    });

    it('answers 400 naming the parameter for a non-numeric id and 404 for an unknown group', async () => {
      expectBadRequest(await get('/market/groups/minerals/types'), 'marketGroupId must be a whole number');
      const missing = await get('/market/groups/999999999/types').expect(404);
      expect(missing.body.message).toBe('No market group with id 999999999');
    });
  });

  describe('GET /market/regions', () => {
    it('lists every region by id, The Forge included, and the wormhole, abyssal and void ones', async () => {
      const regions = (await get('/market/regions').expect(200)).body as { id: number; name: string }[];
      regions.forEach((region) => marketRegionSchema.parse(region));
      expect(regions).toContainEqual({ id: 10000002, name: 'The Forge' });
      expect(regions.map((region) => region.id)).toEqual(
        [...regions.map((region) => region.id)].sort((a, b) => a - b),
      );
      expect(regions.some((region) => region.id >= 11000000 && region.id < 12000000)).toBe(true);
      expect(regions.some((region) => region.id >= 12000000 && region.id < 13000000)).toBe(true);
      expect(regions.some((region) => region.id >= 13000000)).toBe(true);
      expect(regions.length).toBeGreaterThanOrEqual(100);
    });
  });

  describe('GET /market/types/search', () => {
    const search = async (q: string): Promise<TypeSearchResult[]> => {
      const response = await get(`/market/types/search?q=${encodeURIComponent(q)}`).expect(200);
      return (response.body as unknown[]).map((result) => typeSearchResultSchema.parse(result));
    };

    it("puts Tritanium first for 'trit'", async () => {
      const results = await search('trit');
      expect(results[0]).toMatchObject({
        typeID: 34,
        typeName: 'Tritanium',
        matchedName: 'Tritanium',
        matchedLanguage: 'en',
      });
    });

    it('ranks exact, then prefix, then word prefix, then substring', async () => {
      const results = await search('Rifter');
      expect(results[0]!.typeName).toBe('Rifter');
      const tiers = results.map((result) => {
        const name = result.matchedName.toLowerCase();
        return name === 'rifter'
          ? 0
          : name.startsWith('rifter')
            ? 1
            : /(^|[^a-z0-9])rifter/.test(name)
              ? 2
              : 3;
      });
      expect(tiers).toEqual([...tiers].sort((a, b) => a - b));
    });

    it('finds a type by its German name, case-insensitive and trimmed', async () => {
      const results = await search('  großer SKILL-INJEKTOR ');
      expect(results[0]).toMatchObject({
        typeID: 40520,
        typeName: 'Large Skill Injector',
        matchedLanguage: 'de',
      });
      expect(results[0]!.matchedName).toBe('Großer Skill-Injektor');
    });

    it('answers only published market types, at most 50', async () => {
      const results = await search('a');
      expect(results).toHaveLength(50);
      expect(results.every((result) => staticData.isMarketType(result.typeID))).toBe(true);
    });

    it('refuses an empty, missing or over-long query', async () => {
      expectBadRequest(await get('/market/types/search?q='), 'q must not be empty');
      expectBadRequest(await get('/market/types/search?q=%20%20'), 'q must not be empty');
      expectBadRequest(await get('/market/types/search'), 'q is required');
      expectBadRequest(
        await get(`/market/types/search?q=${'x'.repeat(101)}`),
        'q must be at most 100 characters',
      );
      await get(`/market/types/search?q=${'x'.repeat(100)}`).expect(200);
    });

    it('shows the name in the asked language when it matches as well', async () => {
      const response = await get('/market/types/search?q=tritanium&language=de').expect(200);
      expect(response.body[0]).toMatchObject({ typeID: 34, matchedLanguage: 'de', matchedName: 'Tritanium' });
      expectBadRequest(
        await get('/market/types/search?q=trit&language=xx'),
        'language must be one of en, de',
      );
    });
  });

  describe('GET /market/types/{id}', () => {
    it('describes Tritanium: volume 0.01 and a market group', async () => {
      const type = itemTypeDetailSchema.parse((await get('/market/types/34').expect(200)).body);
      expect(type).toMatchObject({
        typeID: 34,
        typeName: 'Tritanium',
        volume: 0.01,
        groupName: 'Mineral',
        categoryName: 'Material',
      });
      expect(type.marketGroupID).toEqual(expect.any(Number));
      expect(type.description).toMatch(/building block/);
      expect(Object.keys(type.names)).toEqual(
        expect.arrayContaining(['en', 'de', 'fr', 'ja', 'ko', 'ru', 'zh', 'es']),
      );
    });

    it('gives a ship its packaged volume', async () => {
      const rifter = (await get('/market/types/587').expect(200)).body;
      expect(rifter).toMatchObject({ typeName: 'Rifter', packagedVolume: 2500 });
      expect(rifter.volume).toBeGreaterThan(2500);
    });

    it('answers 400 naming the parameter for a non-numeric id and 404 for an unknown type', async () => {
      expectBadRequest(await get('/market/types/tritanium'), 'typeId must be a whole number');
      expectBadRequest(await get('/market/types/-34'), 'typeId must be a whole number');
      const missing = await get('/market/types/999999999').expect(404);
      expect(missing.body).toMatchObject({ statusCode: 404, message: 'No item type with id 999999999' });
    });
  });

  describe('GET /static/systems', () => {
    it('lists every solar system with its raw security; Jita shows as 0.9', async () => {
      const systems = (await get('/static/systems').expect(200)).body as SolarSystem[];
      expect(systems.length).toBeGreaterThan(8000);
      const jita = solarSystemSchema.parse(systems.find((system) => system.systemId === 30000142));
      expect(jita).toMatchObject({ systemName: 'Jita', regionId: 10000002, regionName: 'The Forge' });
      expect(jita.security).toBeCloseTo(0.9459, 4);
      expect(displaySecurityStatus(jita.security)).toBe(0.9);
    });
  });

  describe('GET /static/systems/search', () => {
    it('finds systems by name, best first', async () => {
      const results = (await get('/static/systems/search?q=jita').expect(200)).body as SolarSystem[];
      expect(results[0]!.systemName).toBe('Jita');
      expect((await get('/static/systems/search?q=PERIM').expect(200)).body[0].systemName).toBe('Perimeter');
    });

    it('refuses an empty or over-long query', async () => {
      expectBadRequest(await get('/static/systems/search?q='), 'q must not be empty');
      expectBadRequest(
        await get(`/static/systems/search?q=${'j'.repeat(101)}`),
        'q must be at most 100 characters',
      );
    });
  });

  describe('GET /static/jumps', () => {
    it('counts stargate jumps in the order of the destinations: Jita to Perimeter is 1', async () => {
      const counts = jumpCountsSchema.parse(
        (await get('/static/jumps?origin=30000142&destinations=30000144,30000142,30002187').expect(200)).body,
      );
      expect(counts[0]).toBe(1);
      expect(counts[1]).toBe(0);
      expect(counts[2]).toBeGreaterThan(1);
    });

    it('answers -1 for wormhole space and for ids that are not systems', async () => {
      const counts = (await get('/static/jumps?origin=30000142&destinations=31000005,12345').expect(200))
        .body;
      expect(counts).toEqual([-1, -1]);
    });

    it('answers 1,000 destinations', async () => {
      const destinations = staticData
        .systems()
        .slice(0, 1000)
        .map((system) => system.systemId);
      const counts = (
        await get(`/static/jumps?origin=30000142&destinations=${destinations.join(',')}`).expect(200)
      ).body;
      expect(counts).toHaveLength(1000);
    });

    it('refuses bad origins and destinations, naming the parameter', async () => {
      expectBadRequest(
        await get('/static/jumps?origin=jita&destinations=30000144'),
        'origin must be a whole number',
      );
      expectBadRequest(await get('/static/jumps?destinations=30000144'), 'origin is required');
      expectBadRequest(
        await get('/static/jumps?origin=30000142&destinations=30000144,perimeter'),
        'destinations must be a comma-separated list',
      );
      expectBadRequest(await get('/static/jumps?origin=30000142'), 'destinations is required');
      const tooMany = Array.from({ length: 1001 }, () => '30000144').join(',');
      expectBadRequest(
        await get(`/static/jumps?origin=30000142&destinations=${tooMany}`),
        'destinations must list at most 1000 system ids',
      );
      const unknown = await get('/static/jumps?origin=123&destinations=30000144').expect(404);
      expect(unknown.body.message).toBe('No solar system with id 123 (origin)');
    });
  });

  describe('GET /static/structureRigs', () => {
    it('names every industry rig by type id', async () => {
      const rigs = structureRigNamesSchema.parse((await get('/static/structureRigs').expect(200)).body);
      expect(rigs['43920']).toBe('Standup M-Set Equipment Manufacturing Material Efficiency I');
      expect(rigs['37180']).toBe('Standup XL-Set Ship Manufacturing Efficiency I');
      expect(Object.keys(rigs).length).toBeGreaterThan(100);
    });
  });

  describe('GET /static/version', () => {
    it('tells the SDE version and build date (the npm package has no build number)', async () => {
      const version = staticDataVersionSchema.parse((await get('/static/version').expect(200)).body);
      expect(version).toMatchObject({
        sdeVersion: '126.6.18+Uprising-V21.03',
        sdeBuildNumber: null,
        sdeBuildDate: '2024-07-18',
        datasetFormat: DATASET_FORMAT_VERSION,
      });
    });
  });

  describe('facts the calculators read from the provider', () => {
    it('names station 60003760 and places it in Jita', () => {
      expect(staticData.station(60003760)).toEqual({
        stationId: 60003760,
        name: 'Jita IV - Moon 4 - Caldari Navy Assembly Plant',
        systemId: 30000142,
        regionId: 10000002,
      });
    });

    it('knows the Rifter Blueprint’s manufacturing materials', () => {
      const manufacturing = staticData.blueprint(691)!.activities.manufacturing!;
      expect(manufacturing.products).toEqual([{ typeId: 587, quantity: 1 }]);
      expect(manufacturing.materials).toEqual([
        { typeId: 34, quantity: 32000 },
        { typeId: 35, quantity: 6000 },
        { typeId: 36, quantity: 2500 },
        { typeId: 37, quantity: 500 },
      ]);
      expect(staticData.blueprintsProducing(587).map((blueprint) => blueprint.blueprintTypeId)).toContain(
        691,
      );
    });

    it('knows rig bonuses, security multipliers and what each rig affects', () => {
      expect(staticData.structureRig(43920)).toMatchObject({
        materialBonus: -2,
        securityMultipliers: { high: 1, low: 1.9, null: 2.1 },
        affectedCategoryIds: expect.arrayContaining([7]),
      });
      const reactor = staticData
        .structureRigs()
        .find((rig) => rig.name === 'Standup M-Set Composite Reactor Material Efficiency I');
      expect(reactor).toMatchObject({
        allowedInHighSec: false,
        effects: [{ activity: 'reaction', bonus: 'material', target: 'compositeReaction', value: -2 }],
      });
      expect(staticData.group(staticData.structureRig(43920)!.groupId)!.name).toBe(
        'Structure Engineering Rig M - Equipment ME',
      );
    });

    it('knows the engineering complexes’ role bonuses', () => {
      expect(staticData.structureBonuses().find((structure) => structure.name === 'Raitaru')).toMatchObject({
        materialMultiplier: 0.99,
        timeMultiplier: 0.85,
        costMultiplier: 0.97,
      });
    });

    it('names every group a rig target lists as it describes', () => {
      for (const rig of staticData.structureRigs()) {
        for (const groupId of rig.affectedGroupIds) expect(staticData.group(groupId)).not.toBeNull();
        for (const categoryId of rig.affectedCategoryIds)
          expect(staticData.category(categoryId)).not.toBeNull();
      }
    });
  });
});
