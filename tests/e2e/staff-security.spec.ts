import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { staffAccessStream, type AccountDto, type StaffConsoleRequest } from '@tradewise/contracts';
import { EVENT_STORE, type EventStore } from '@tradewise/platform';
import type { RunningServer } from '../../services/server/src/bootstrap';
import { ProductClient } from './support/product-client';
import {
  STAFF_CHARACTER as STAFF,
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
    expect(STAFF_ROUTES.map((route) => `${route.method} ${route.path}`)).toEqual(
      expect.arrayContaining([
        'GET /api/v1/staff/projections',
        'POST /api/v1/staff/accounts/{accountId}/credits',
        'POST /api/v1/staff/rules',
      ]),
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

  it("records every console request in the asker's access log, reads and actions, with the status each got", async () => {
    const events = server.app.get<EventStore>(EVENT_STORE);
    const logOf = async (characterId: number) => events.readStream(staffAccessStream(characterId));
    const auditorBefore = (await logOf(AUDITOR)).length;
    expect((await auditor.get('/api/v1/staff/projections?view=all')).status).toBe(200);
    expect((await auditor.request('POST', '/api/v1/staff/audit/verify')).status).toBe(200);
    const logged = (await logOf(AUDITOR)).slice(auditorBefore);
    expect(logged.map((event) => [event.type, event.metadata.actor])).toEqual([
      ['StaffConsoleRequest', `auditor:${AUDITOR}`],
      ['StaffConsoleRequest', `auditor:${AUDITOR}`],
    ]);
    expect(logged.map((event) => event.data)).toEqual([
      expect.objectContaining({
        characterId: AUDITOR,
        role: 'auditor',
        method: 'GET',
        path: '/api/v1/staff/projections?view=all',
        status: 200,
      } satisfies Partial<StaffConsoleRequest>),
      expect.objectContaining({ method: 'POST', path: '/api/v1/staff/audit/verify', status: 200 }),
    ]);

    // A page refreshing itself asks the same again: the same read with the same answer is logged once a while.
    expect((await auditor.get('/api/v1/staff/projections?view=all')).status).toBe(200);
    expect(await logOf(AUDITOR)).toHaveLength(auditorBefore + 2);

    // An action staff take is logged with the answer it got, refused or done.
    const staffBefore = (await logOf(STAFF)).length;
    const refused = await staff.request(
      'POST',
      '/api/v1/staff/accounts/00000000-0000-4000-8000-000000000000/credits',
      {
        body: { isk: 1, reason: 'An account that does not exist' },
      },
    );
    expect(refused.status).toBe(404);
    expect((await logOf(STAFF)).slice(staffBefore).map((event) => event.data)).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/api/v1/staff/accounts/00000000-0000-4000-8000-000000000000/credits',
        status: 404,
      }),
    ]);

    // A player's refused attempt is not the player's to log: nothing is recorded under the player's id.
    await player.get('/api/v1/staff/projections');
    expect(await logOf(PLAYER)).toEqual([]);
  });

  const writes = STAFF_ROUTES.filter((route) => !auditorMay(route));
  it.each(writes.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s: 403 for an auditor, and never a 403 of that kind for staff',
    async (_name, route) => {
      const answer = await auditor.request(route.method, urlFor(route), { body: {} });
      expect(answer).toMatchObject({
        status: 403,
        body: { message: 'Auditors can read, not change: ask support staff to do this.' },
      });
      const byStaff = await staff.request(route.method, urlFor(route), { body: {} });
      expect(byStaff.status).not.toBe(403);
      expect(byStaff.status).toBeLessThan(500);
    },
  );

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
