import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { AccountDto } from '@tradewise/contracts';
import { startServer, type RunningServer } from '../../services/server/src/bootstrap';
import { freePort } from '../support/server-process';
import { ProductClient } from './support/product-client';

interface Route {
  readonly method: string;
  readonly path: string;
}

const OPENAPI = JSON.parse(readFileSync(resolve(__dirname, '../../contracts/openapi.json'), 'utf8')) as {
  paths: Record<string, Record<string, unknown>>;
};
const VERBS = ['get', 'post', 'put', 'patch', 'delete'];
const ROUTES: readonly Route[] = Object.entries(OPENAPI.paths).flatMap(([path, item]) =>
  Object.keys(item)
    .filter((verb) => VERBS.includes(verb))
    .map((verb) => ({ method: verb.toUpperCase(), path })),
);

/** Everything a visitor may call. Any other route must refuse a request without a session. */
const PUBLIC = [
  /^\/healthz$/,
  /^\/readyz$/,
  /^\/api\/v1\/market\/(groups|regions|types)\b/,
  /^\/api\/v1\/market\/(orders|history|stats)\//,
  /^\/api\/v1\/static\//,
  /^\/api\/v1\/industry\/(calculate|blueprints\/search|decryptors)$/,
  /^\/api\/v1\/login\//,
  /^\/api\/v1\/market\/appraisals\/(parse|hubs|\{id\})$/,
  /^\/api\/v1\/market\/structures$/,
];
/** Public by method where one path serves both: anyone creates appraisals, GET lists the account's own. */
const PUBLIC_ROUTES = ['POST /api/v1/market/appraisals'];
const isPublic = (route: Route): boolean =>
  PUBLIC.some((pattern) => pattern.test(route.path)) ||
  PUBLIC_ROUTES.includes(`${route.method} ${route.path}`);
const accountBound = ROUTES.filter((route) => !isPublic(route));

const PRIVATE = 2119000013;
const INTRUDER = 2119000021;

describe('Route security: every account-bound route in the OpenAPI document', () => {
  jest.setTimeout(120_000);
  let dataDir: string;
  let server: RunningServer;
  let owner: ProductClient;
  let intruder: ProductClient;
  let ownerAccount: AccountDto;

  /** A concrete URL for the route, with the owner's ids in its parameters. */
  function urlFor(route: Route): string {
    return route.path.replace(/\{(\w+)\}/g, (_match, name: string) => {
      if (name === 'account') return ownerAccount.id;
      if (name === 'id' || name === 'characterId') return String(PRIVATE);
      return '1';
    });
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'tw-security-'));
    server = await startServer({
      env: { ...process.env, DATA_DIR: dataDir, PORT: String(await freePort()), LOG_LEVEL: 'silent' },
    });
    owner = new ProductClient(server.url);
    await owner.authorize(PRIVATE);
    ownerAccount = (await owner.get('/api/v1/account')).body as AccountDto;
    intruder = new ProductClient(server.url);
    await intruder.authorize(INTRUDER);
  });

  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('knows the routes: the document lists the account routes, and every public exemption matches a route', () => {
    expect(accountBound.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining([
        'GET /api/v1/account',
        'PATCH /api/v1/account',
        'POST /api/v1/account/logout',
        'GET /api/v1/account/characters',
        'PATCH /api/v1/account/characters/{id}',
        'DELETE /api/v1/account/characters/{id}',
        'GET /api/v1/account/addCharacter',
        'GET /api/v1/account/transactions',
        'GET /api/v1/account/subscriptions',
        'POST /api/v1/account/subscriptions',
        'POST /api/v1/account/subscriptions/freeTrial',
        'GET /api/v1/market/appraisals',
      ]),
    );
    // A public pattern that matches no route is a stale exemption waiting to hide a new private route.
    for (const pattern of PUBLIC) expect(ROUTES.some((route) => pattern.test(route.path))).toBe(true);
    for (const name of PUBLIC_ROUTES)
      expect(ROUTES.some((route) => `${route.method} ${route.path}` === name)).toBe(true);
  });

  const publicReads = ROUTES.filter((route) => isPublic(route) && !route.path.startsWith('/api/v1/login/'));
  it.each(publicReads.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s is public: it answers a visitor without a 401 or a 5xx',
    async (_name, route) => {
      const answer = await new ProductClient(server.url).request(route.method, urlFor(route));
      expect(answer.status).not.toBe(401);
      expect(answer.status).toBeLessThan(500);
    },
  );

  it.each(accountBound.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s answers 401 without a session',
    async (_name, route) => {
      const visitor = new ProductClient(server.url);
      const answer = await visitor.request(route.method, urlFor(route), {
        body: route.method === 'GET' ? undefined : {},
      });
      expect(answer).toMatchObject({
        status: 401,
        body: { statusCode: 401, message: 'You are not logged in.' },
      });
    },
  );

  const writes = accountBound.filter((route) => route.method !== 'GET');
  it.each(writes.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s refuses a logged-in write without the CSRF token (403)',
    async (_name, route) => {
      const answer = await intruder.request(route.method, urlFor(route), { body: {}, csrf: false });
      expect(answer.status).toBe(403);
    },
  );

  const withIds = accountBound.filter((route) => /\{\w+\}/.test(route.path));
  it.each(withIds.map((route) => [`${route.method} ${route.path}`, route] as const))(
    "%s answers 403 or 404 for another account's ids and changes nothing",
    async (_name, route) => {
      const before = (await owner.get('/api/v1/account')).body;
      const answer = await intruder.request(route.method, urlFor(route), {
        body: route.method === 'GET' ? undefined : { enableSync: false },
      });
      expect([403, 404]).toContain(answer.status);
      expect((await owner.get('/api/v1/account')).body).toEqual(before);
    },
  );
});
