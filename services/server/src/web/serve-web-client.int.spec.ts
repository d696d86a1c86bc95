import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Controller, Get, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { createLogger } from '@tradewise/platform';
import { serveWebClient } from './serve-web-client';

@Controller()
class ProbeController {
  @Get('healthz')
  healthz() {
    return { status: 'ok' };
  }

  @Get('market/regions')
  regions() {
    return [{ id: 10000002, name: 'The Forge' }];
  }
}

@Module({ controllers: [ProbeController] })
class ProbeModule {}

const INDEX = '<!doctype html><title>Tradewise</title><div id="root"></div>';

async function appServing(distDir: string): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(ProbeModule, { logger: false });
  app.setGlobalPrefix('api/v1', { exclude: ['healthz'] });
  serveWebClient(app, {
    distDir,
    serverPaths: ['/api', '/healthz', '/readyz'],
    logger: createLogger('silent'),
  });
  await app.init();
  return app;
}

describe('the web client served by the server', () => {
  let distDir: string;
  let app: NestExpressApplication;

  beforeAll(async () => {
    distDir = mkdtempSync(join(tmpdir(), 'tw-web-'));
    mkdirSync(join(distDir, 'assets'));
    writeFileSync(join(distDir, 'index.html'), INDEX);
    writeFileSync(join(distDir, 'assets', 'index-AbC123.js'), 'console.log("app")');
    writeFileSync(join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    app = await appServing(distDir);
  });

  afterAll(async () => {
    await app.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  it('serves the app at / and at every client route, never cached', async () => {
    for (const path of ['/', '/market/34/history', '/index', '/updates?x=1', '/no/such/page']) {
      const response = await request(app.getHttpServer()).get(path).expect(200);
      expect(response.text).toBe(INDEX);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('caches hashed assets for a year and answers 404 for a missing one', async () => {
    const asset = await request(app.getHttpServer()).get('/assets/index-AbC123.js').expect(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-type']).toMatch(/javascript/);
    const missing = await request(app.getHttpServer()).get('/assets/index-Old999.js').expect(404);
    expect(missing.text).toBe('Not found');
  });

  it('caches other files for an hour', async () => {
    const favicon = await request(app.getHttpServer()).get('/favicon.svg').expect(200);
    expect(favicon.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('leaves the API and health to the server, 404 included', async () => {
    await request(app.getHttpServer())
      .get('/api/v1/market/regions')
      .expect(200, [{ id: 10000002, name: 'The Forge' }]);
    await request(app.getHttpServer()).get('/healthz').expect(200, { status: 'ok' });
    const unknown = await request(app.getHttpServer()).get('/api/v1/account').expect(404);
    expect(unknown.headers['content-type']).toMatch(/application\/json/);
  });

  it('does not answer other methods with the app', async () => {
    await request(app.getHttpServer()).post('/market').expect(404);
  });

  it('serves the API alone when there is no build', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'tw-web-empty-'));
    const bare = await NestFactory.create<NestExpressApplication>(ProbeModule, { logger: false });
    expect(
      serveWebClient(bare, { distDir: empty, serverPaths: ['/api'], logger: createLogger('silent') }),
    ).toBe(false);
    await bare.close();
    rmSync(empty, { recursive: true, force: true });
  });
});
