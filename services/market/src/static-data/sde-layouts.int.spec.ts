import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { loadStaticData } from './dataset/dataset-loader';
import { importStaticData } from './import/import-static-data';
import { writeMiniJsonlSde, writeMiniJsonlSdeZip } from './import/mini-jsonl-sde.fixture';
import { writeMiniSde } from './import/mini-sde.fixture';
import { locateSdeSource } from './import/sde-source';
import type { StaticData } from './static-data';
import { StaticDataModule } from './static-data.module';
import { DATASET_FORMAT_VERSION } from './dataset/dataset-format';

/** Every public static data route, with answers that depend on each part of the SDE. */
const PUBLIC_ROUTES = [
  '/market/groups',
  '/market/groups/1857/types',
  '/market/groups/64/types',
  '/market/regions',
  '/market/types/search?q=trit',
  '/market/types/search?q=pyerit&language=de',
  '/market/types/search?q=caesarium',
  '/market/types/34',
  '/market/types/587',
  '/market/types/3645',
  '/market/types/46166',
  '/market/types/43920',
  '/static/systems',
  '/static/systems/search?q=i',
  '/static/jumps?origin=30000142&destinations=30000144,30000145,30001360,31000005',
  '/static/structureRigs',
];

async function serve(staticData: StaticData): Promise<INestApplication> {
  const moduleRef = await Test.createTestingModule({
    imports: [StaticDataModule.forRoot({ staticData })],
  }).compile();
  const app = moduleRef.createNestApplication({ logger: false });
  app.setGlobalPrefix('api/v1');
  await app.init();
  return app;
}

describe('the same SDE in both layouts', () => {
  let workDir: string;
  let classic: StaticData;
  let jsonl: StaticData;
  const apps: INestApplication[] = [];

  beforeAll(async () => {
    workDir = mkdtempSync(join(tmpdir(), 'sde-layouts-'));
    await importStaticData({
      source: await locateSdeSource({ location: writeMiniSde(join(workDir, 'classic-source')) }),
      outputDir: join(workDir, 'classic'),
    });
    const zip = await writeMiniJsonlSdeZip(join(workDir, 'eve-online-static-data-3064089-jsonl.zip'));
    await importStaticData({
      source: await locateSdeSource({ location: zip }),
      outputDir: join(workDir, 'jsonl'),
    });
    classic = await loadStaticData(join(workDir, 'classic'));
    jsonl = await loadStaticData(join(workDir, 'jsonl'));
    apps.push(await serve(classic), await serve(jsonl));
  });

  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    rmSync(workDir, { recursive: true, force: true });
  });

  it.each(PUBLIC_ROUTES)('GET %s answers alike', async (route) => {
    const [fromClassic, fromJsonl] = await Promise.all(
      apps.map((app) => request(app.getHttpServer()).get(`/api/v1${route}`)),
    );
    expect(fromClassic!.status).toBe(200);
    expect(fromJsonl!.status).toBe(200);
    expect(fromJsonl!.body).toEqual(fromClassic!.body);
  });

  it('reads what the routes do not show alike: blueprints and reactions, stations, rigs and structures', () => {
    for (const blueprintId of [691, 46166])
      expect(jsonl.blueprint(blueprintId)).toEqual(classic.blueprint(blueprintId));
    expect(jsonl.station(60003760)).toEqual(classic.station(60003760));
    expect(jsonl.station(60003760)!.name).toBe('Jita IV - Moon 4 - Caldari Navy Assembly Plant');
    expect(jsonl.structureRig(43920)).toEqual(classic.structureRig(43920));
    expect(jsonl.structureBonuses()).toEqual(classic.structureBonuses());
    expect(jsonl.typeName(46166, 'de')).toBe('Formel für die Caesarium-Cadmid-Reaktion');
    expect(jsonl.jumpCounts(30000142, [30001360])).toEqual([2]);
  });

  it('records the build number and release date of a JSON Lines build', async () => {
    const response = await request(apps[1]!.getHttpServer()).get('/api/v1/static/version').expect(200);
    expect(response.body).toMatchObject({
      sdeVersion: '3064089',
      sdeBuildNumber: 3064089,
      sdeBuildDate: '2025-09-22',
      datasetFormat: DATASET_FORMAT_VERSION,
    });
    expect(classic.version().sdeBuildNumber).toBeNull();
  });

  it('reads the same files unpacked in a directory', async () => {
    const dir = join(workDir, 'from-directory');
    await importStaticData({
      source: await locateSdeSource({ location: writeMiniJsonlSde(join(workDir, 'unpacked')) }),
      outputDir: dir,
    });
    const fromDirectory = await loadStaticData(dir);
    expect(fromDirectory.itemTypeDetail(587)).toEqual(jsonl.itemTypeDetail(587));
    expect(fromDirectory.version().sdeBuildNumber).toBe(3064089);
  });
});
