import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { staffAccessStream, type AccountDto, type StaffConsoleRead } from '@tradewise/contracts';
import { EVENT_STORE, type EventStore } from '@tradewise/platform';
import type { RunningServer } from '../../services/server/src/bootstrap';
import { ProductClient } from './support/product-client';
import {
  AUDITOR_CHARACTER as AUDITOR,
  PLAYER_CHARACTER as PLAYER,
  startStaffProduct,
  type StaffProduct,
} from './support/staff-product';

interface Route {
  readonly method: string;
  readonly path: string;
}

const OPENAPI = JSON.parse(readFileSync(resolve(__dirname, '../../contracts/openapi.json'), 'utf8')) as {
  paths: Record<string, Record<string, unknown>>;
};
const VERBS = ['get', 'post', 'put', 'patch', 'delete'];
const STAFF_ROUTES: readonly Route[] = Object.entries(OPENAPI.paths)
  .filter(([path]) => path.startsWith('/api/v1/staff/'))
  .flatMap(([path, item]) =>
    Object.keys(item)
      .filter((verb) => VERBS.includes(verb))
      .map((verb) => ({ method: verb.toUpperCase(), path })),
  );
/** Staff routes that are not GETs but change nothing, so auditors may call them (`@AuditorsMay()`). */
const AUDITORS_MAY: readonly string[] = ['POST /api/v1/staff/audit/verify'];
const auditorMay = (route: Route): boolean =>
  route.method === 'GET' || AUDITORS_MAY.includes(`${route.method} ${route.path}`);

describe('Staff console security: every /api/v1/staff route in the OpenAPI document', () => {
  jest.setTimeout(120_000);
  let product: StaffProduct;
  let server: RunningServer;
  let staff: ProductClient;
  let auditor: ProductClient;
  let player: ProductClient;

  const urlFor = (route: Route): string => route.path.replace(/\{(\w+)\}/g, () => '1');

  beforeAll(async () => {
    product = await startStaffProduct('staff-security');
    ({ server, staff, auditor, player } = product);
  });

  afterAll(async () => {
    await product?.close();
  });

  it('knows the routes, and the account says who is staff, auditor or player', async () => {
    expect(STAFF_ROUTES.map((route) => `${route.method} ${route.path}`)).toContain(
      'GET /api/v1/staff/projections',
    );
    for (const name of AUDITORS_MAY) {
      expect(STAFF_ROUTES.some((route) => `${route.method} ${route.path}` === name)).toBe(true);
    }
    const roleOf = async (client: ProductClient) =>
      ((await client.get('/api/v1/account')).body as AccountDto).staffRole;
    expect(await roleOf(staff)).toBe('staff');
    expect(await roleOf(auditor)).toBe('auditor');
    expect(await roleOf(player)).toBeNull();
  });

  it.each(STAFF_ROUTES.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s: 401 without a session, 403 for a player',
    async (_name, route) => {
      const body = route.method === 'GET' ? undefined : {};
      const visitor = await new ProductClient(server.url).request(route.method, urlFor(route), { body });
      expect(visitor.status).toBe(401);
      const answer = await player.request(route.method, urlFor(route), { body });
      expect(answer).toMatchObject({
        status: 403,
        body: { message: 'The staff console is for Tradewise support staff and auditors.' },
      });
    },
  );

  it("records every console read in the reader's access log, with the auditor as actor", async () => {
    const events = server.app.get<EventStore>(EVENT_STORE);
    const before = await events.readStream(staffAccessStream(AUDITOR));
    expect((await auditor.get('/api/v1/staff/projections?view=all')).status).toBe(200);
    const logged = (await events.readStream(staffAccessStream(AUDITOR))).slice(before.length);
    expect(logged).toHaveLength(1);
    expect(logged[0]!.type).toBe('StaffConsoleRead');
    expect(logged[0]!.metadata.actor).toBe(`auditor:${AUDITOR}`);
    expect(logged[0]!.data).toMatchObject({
      characterId: AUDITOR,
      role: 'auditor',
      path: '/api/v1/staff/projections?view=all',
      status: 200,
    } satisfies Partial<StaffConsoleRead>);
    // A player's refused attempt is not the player's to log: nothing is recorded under the player's id.
    await player.get('/api/v1/staff/projections');
    expect(await events.readStream(staffAccessStream(PLAYER))).toEqual([]);
  });

  const writes = STAFF_ROUTES.filter((route) => !auditorMay(route));
  // Jest refuses an empty table; the write routes arrive with the console's actions.
  (writes.length > 0 ? it.each : it.skip.each)(
    writes.map((route) => [`${route.method} ${route.path}`, route] as const),
  )('%s: 403 for an auditor, and never a 403 of that kind for staff', async (_name, route) => {
    const answer = await auditor.request(route.method, urlFor(route), { body: {} });
    expect(answer).toMatchObject({
      status: 403,
      body: { message: 'Auditors can read, not change: ask support staff to do this.' },
    });
    const byStaff = await staff.request(route.method, urlFor(route), { body: {} });
    expect(byStaff.status).not.toBe(403);
    expect(byStaff.status).toBeLessThan(500);
  });

  const reads = STAFF_ROUTES.filter(auditorMay);
  it.each(reads.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s: open to staff and auditors alike',
    async (_name, route) => {
      for (const client of [staff, auditor]) {
        const answer = await client.request(route.method, urlFor(route), {
          body: route.method === 'GET' ? undefined : {},
        });
        expect(answer.status).not.toBe(403);
        expect(answer.status).not.toBe(401);
        expect(answer.status).toBeLessThan(500);
      }
    },
  );
});
