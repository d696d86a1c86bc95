import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import fsPromises from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CCP_SDE_CATALOGUE } from '../import/ccp-sde-catalogue';
import { importStaticData } from '../import/import-static-data';
import { writeMiniJsonlSdeZip } from '../import/mini-jsonl-sde.fixture';
import { writeMiniSde } from '../import/mini-sde.fixture';
import { locateSdeSource } from '../import/sde-source';
import { MANIFEST_FILE } from './dataset-format';
import { loadStaticData } from './dataset-loader';
import { ensureStaticDataset } from './ensure-static-dataset';
import { LatestSdeBuild } from './latest-sde-build';

/** An import over a dataset that is serving: all or nothing, and what stored data names stays known. */
describe('replacing a static dataset', () => {
  let workDir: string;
  let classicSde: string;
  let jsonlZip: string;
  const silent = { info: () => undefined, warn: () => undefined };

  beforeAll(async () => {
    workDir = mkdtempSync(join(tmpdir(), 'dataset-replacement-'));
    classicSde = writeMiniSde(join(workDir, 'classic-source'));
    jsonlZip = await writeMiniJsonlSdeZip(join(workDir, 'eve-online-static-data-3441022-jsonl.zip'), {
      buildNumber: 3441022,
      releaseDate: '2026-07-21T11:06:27Z',
    });
  });
  afterAll(() => rmSync(workDir, { recursive: true, force: true }));
  afterEach(() => jest.restoreAllMocks());

  async function classicDataset(name: string): Promise<string> {
    const dir = join(workDir, name);
    await importStaticData({ source: await locateSdeSource({ location: classicSde }), outputDir: dir });
    return dir;
  }

  it('keeps the old dataset serving when an import is interrupted while writing its files', async () => {
    const dir = await classicDataset('interrupted');
    const before = (await loadStaticData(dir)).version();
    const realWriteFile = fsPromises.writeFile;
    let writes = 0;
    jest.spyOn(fsPromises, 'writeFile').mockImplementation((...args) => {
      if (++writes === 4) return Promise.reject(new Error('ENOSPC: no space left on device'));
      return realWriteFile(...args);
    });
    await expect(
      importStaticData({ source: await locateSdeSource({ location: jsonlZip }), outputDir: dir }),
    ).rejects.toThrow(/ENOSPC/);
    expect(writes).toBe(4);

    const serving = await loadStaticData(dir);
    expect(serving.version()).toEqual(before);
    expect(serving.itemType(34)!.typeName).toBe('Tritanium');

    jest.restoreAllMocks();
    const manifest = await importStaticData({
      source: await locateSdeSource({ location: jsonlZip }),
      outputDir: dir,
    });
    expect((await loadStaticData(dir)).version().sdeBuildNumber).toBe(3441022);
    expect(readdirSync(dir).sort()).toEqual([manifest.directory, MANIFEST_FILE].sort());
  });

  it('keeps the old dataset serving when the new SDE breaks off half-way', async () => {
    const dir = await classicDataset('broken-source');
    const before = (await loadStaticData(dir)).version();
    const cutShort = join(workDir, 'cut-short.zip');
    const bytes = readFileSync(jsonlZip);
    writeFileSync(cutShort, bytes.subarray(0, Math.floor(bytes.length / 2)));
    await expect(locateSdeSource({ location: cutShort })).rejects.toThrow();
    expect((await loadStaticData(dir)).version()).toEqual(before);
  });

  it('finds a renamed type by both names and keeps the name of a removed one', async () => {
    const dir = await classicDataset('history');
    const nextBuild = await writeMiniJsonlSdeZip(join(workDir, 'next-build.zip'), {
      types: (types) => [
        ...types
          .filter((type) => type['_key'] !== 35)
          .map((type) =>
            type['_key'] === 3645 ? { ...type, name: { de: 'Wasser', en: 'Purified Water' } } : type,
          ),
        {
          _key: 88001,
          groupID: 18,
          marketGroupID: 1857,
          name: { en: 'Isogen Prime' },
          published: true,
          volume: 0.01,
        },
      ],
    });
    await importStaticData({ source: await locateSdeSource({ location: nextBuild }), outputDir: dir });
    await importStaticData({ source: await locateSdeSource({ location: nextBuild }), outputDir: dir });
    const data = await loadStaticData(dir);

    expect(data.typeName(3645)).toBe('Purified Water');
    for (const name of ['Water', 'Purified Water']) {
      expect(data.searchTypes({ query: name, scope: 'all', limit: 5 })[0]).toMatchObject({
        typeID: 3645,
        typeName: 'Purified Water',
        matchedName: name,
      });
    }
    expect(data.itemTypeDetail(35)).toMatchObject({
      typeName: 'Pyerite',
      published: false,
      marketGroupID: null,
    });
    expect(data.typeName(35, 'de')).toBe('Pyerit');
    expect(data.searchTypes({ query: 'pyerite', scope: 'all', limit: 5 }).map((hit) => hit.typeID)).toEqual([
      35,
    ]);
    expect(data.marketGroupTypes(1857)!.map((type) => type.typeName)).toEqual(['Isogen Prime', 'Tritanium']);
  });

  describe('following SDE_URL', () => {
    const catalogueServing = (zip: string, buildNumber: number) =>
      (async (url: string | URL | Request) =>
        String(url).endsWith('/latest.jsonl')
          ? new Response(`{"_key":"sde","buildNumber":${buildNumber},"releaseDate":"2026-07-21T11:06:27Z"}\n`)
          : new Response(readFileSync(zip))) as typeof fetch;

    it('builds a missing dataset from the newest build, and knows it is the newest', async () => {
      const fetchImpl = catalogueServing(jsonlZip, 3441022);
      const latestSde = new LatestSdeBuild(CCP_SDE_CATALOGUE, fetchImpl);
      const data = await ensureStaticDataset({
        dir: join(workDir, 'fresh-from-catalogue'),
        logger: silent,
        sde: { location: CCP_SDE_CATALOGUE, fetch: fetchImpl },
        latestSde,
      });
      expect(data.version().sdeBuildNumber).toBe(3441022);
      expect(latestSde.freshness(data.manifest.sde)).toMatchObject({
        sdeBuildNumber: 3441022,
        latestBuildNumber: 3441022,
        latestReleaseDate: '2026-07-21T11:06:27Z',
        checkError: null,
        outdated: false,
      });
    });

    it('updates a dataset older than the newest build before serving', async () => {
      const dir = await classicDataset('follows-latest');
      const latestSde = new LatestSdeBuild(CCP_SDE_CATALOGUE, catalogueServing(jsonlZip, 3441022));
      const data = await ensureStaticDataset({ dir, logger: silent, latestSde });
      expect(data.version()).toMatchObject({ sdeBuildNumber: 3441022, sdeBuildDate: '2026-07-21' });
      expect(latestSde.freshness(data.manifest.sde)).toMatchObject({
        latestBuildNumber: 3441022,
        outdated: false,
      });
    });

    it('keeps serving, and says it is outdated, when the newest build cannot be imported', async () => {
      const dir = await classicDataset('update-fails');
      const latestSde = new LatestSdeBuild(
        CCP_SDE_CATALOGUE,
        catalogueServing(join(workDir, 'missing.zip'), 3441022),
      );
      const warnings: string[] = [];
      const data = await ensureStaticDataset({
        dir,
        logger: { info: () => undefined, warn: (_details, message) => warnings.push(message) },
        latestSde,
      });
      expect(data.version().sdeBuildNumber).toBeNull();
      expect(warnings).toEqual([
        expect.stringMatching(/^Could not import SDE build 3441022; serving local-/),
      ]);
      expect(latestSde.freshness(data.manifest.sde)).toMatchObject({
        sdeBuildNumber: null,
        latestBuildNumber: 3441022,
        outdated: true,
      });
    });
  });
});
