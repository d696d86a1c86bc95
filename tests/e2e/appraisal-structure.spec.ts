import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ESI_LOGIN_SCOPES } from '@tradewise/contracts';
import type {
  AppraisalCreatedDto,
  AppraisalDto,
} from '../../services/market/src/appraisal/http/appraisal.dto';
import type { PublicStructureListDto } from '../../services/market/src/appraisal/http/public-structures';
import { startServer, type RunningServer } from '../../services/server/src/bootstrap';
import { freePort } from '../support/server-process';
import { ProductClient, type HttpAnswer } from './support/product-client';

const OWNER = 2119000013;
const WITHOUT_SCOPE = 2119000021;
const STRUCTURE_MARKETS = 'esi-markets.structure_markets.v1';
const READ_STRUCTURES = 'esi-universe.read_structures.v1';
/** Common market types, some of which a structure's book lacks (the ESI average prices them). */
const COMMON_TYPES = [34, 35, 36, 37, 38, 39, 40, 587, 2048, 3828];

interface EsiOrder {
  readonly type_id: number;
  readonly location_id: number;
  readonly is_buy_order: boolean;
  readonly price: number;
}

const cents = (isk: number) => Math.round(isk * 100);

/** Pricing at a public player structure on the product as `npm start` runs it (the mounted ESI simulator). */
describe('Appraisal at a public structure (real server)', () => {
  jest.setTimeout(120_000);
  let dataDir: string;
  let server: RunningServer;
  let visitor: ProductClient;
  let owner: ProductClient;
  let withoutScope: ProductClient;

  /** What ESI itself answers, asked with a token of the owner's own (every page). */
  async function fromEsi<T>(path: string, scope?: string): Promise<T[]> {
    const headers: Record<string, string> = {};
    if (scope) headers.authorization = `Bearer ${server.simulator!.issueTokens(OWNER, [scope]).access_token}`;
    const rows: T[] = [];
    for (let page = 1; ; page++) {
      const separator = path.includes('?') ? '&' : '?';
      const response = await fetch(`${server.url}/esi-sim${path}${separator}page=${page}`, { headers });
      expect(response.status).toBe(200);
      const body = (await response.json()) as T | T[];
      if (!Array.isArray(body)) return [body];
      rows.push(...body);
      if (page >= Number(response.headers.get('x-pages') ?? 1)) return rows;
    }
  }

  const appraise = (client: ProductClient, body: unknown): Promise<HttpAnswer> =>
    client.request('POST', '/api/v1/market/appraisals', { body });

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'tw-appraisal-structure-e2e-'));
    server = await startServer({
      env: { ...process.env, DATA_DIR: dataDir, PORT: String(await freePort()), LOG_LEVEL: 'silent' },
    });
    visitor = new ProductClient(server.url);
    owner = new ProductClient(server.url);
    await owner.authorize(OWNER);
    withoutScope = new ProductClient(server.url);
    await withoutScope.authorize(WITHOUT_SCOPE, {
      scopes: ESI_LOGIN_SCOPES.filter((scope) => scope !== STRUCTURE_MARKETS),
    });
  });

  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** A public market structure ESI lists, with its name and own orders as ESI gives them to the owner. */
  async function aStructure(): Promise<{ id: number; name: string; orders: EsiOrder[] }> {
    const ids = await fromEsi<number>('/universe/structures/?filter=market');
    for (const id of ids) {
      const orders = (await fromEsi<EsiOrder>(`/markets/structures/${id}/`, STRUCTURE_MARKETS)).filter(
        (order) => order.location_id === id,
      );
      const types = new Set(orders.map((order) => order.type_id));
      const twoSided = [...types].some(
        (typeId) =>
          orders.some((order) => order.type_id === typeId && order.is_buy_order) &&
          orders.some((order) => order.type_id === typeId && !order.is_buy_order),
      );
      if (!twoSided) continue;
      const [structure] = await fromEsi<{ name: string }>(`/universe/structures/${id}/`, READ_STRUCTURES);
      return { id, name: structure!.name, orders };
    }
    throw new Error('The simulated world has no public structure with a two-sided book');
  }

  it('lists the public market structures with their names, searchable by part of the name', async () => {
    const structure = await aStructure();
    const all = await visitor.get('/api/v1/market/structures');
    expect(all.status).toBe(200);
    const list = all.body as PublicStructureListDto;
    expect(list.structures).toContainEqual({ structureId: structure.id, name: structure.name });
    const part = structure.name.slice(2, 9).toUpperCase();
    const found = (await visitor.get(`/api/v1/market/structures?q=${encodeURIComponent(part)}`))
      .body as PublicStructureListDto;
    expect(found.structures).toContainEqual({ structureId: structure.id, name: structure.name });
    for (const row of found.structures) expect(row.name?.toUpperCase()).toContain(part);
    expect((await visitor.get('/api/v1/market/structures?q=%20')).status).toBe(400);
  });

  it('refuses a visitor with 401, a character without the scope with 403, and bad choices with 400', async () => {
    const structure = await aStructure();
    const items = [{ typeId: structure.orders[0]!.type_id, quantity: 1 }];
    expect(await appraise(visitor, { structureId: structure.id, items })).toMatchObject({
      status: 401,
      body: {
        message:
          "Log in to price at a player structure: ESI shows a structure's market only to characters who may dock there.",
      },
    });
    const noScope = await appraise(withoutScope, { structureId: structure.id, items });
    expect(noScope.status).toBe(403);
    expect((noScope.body as { message: string }).message).toMatch(/Update Scopes/);
    expect(await appraise(owner, { structureId: structure.id, stationId: 60003760, items })).toMatchObject({
      status: 400,
      body: { message: 'Send either stationId or structureId, not both: an appraisal has one market.' },
    });
    const publicIds = new Set(await fromEsi<number>('/universe/structures/?filter=market'));
    let notPublic = 1_000_000_000_000;
    while (publicIds.has(notPublic)) notPublic += 1;
    const unknown = await appraise(owner, { structureId: notPublic, items });
    expect(unknown.status).toBe(400);
    expect((unknown.body as { message: string }).message).toMatch(/not a public structure with a market/);
    expect((await appraise(owner, { structureId: 60003760, items })).status).toBe(400);
  });

  it("prices from the structure's own book, keeps the structure when saved, and Update prices prices there again", async () => {
    const structure = await aStructure();
    const traded = [...new Set(structure.orders.map((order) => order.type_id))];
    const booked = traded.slice(0, 5);
    const missing = COMMON_TYPES.filter((typeId) => !traded.includes(typeId)).slice(0, 2);
    expect(missing.length).toBeGreaterThan(0);
    const prices = await fromEsi<{ type_id: number; average_price?: number }>('/markets/prices/');
    const items = [...booked, ...missing].map((typeId) => ({ typeId, quantity: 3 }));

    const answer = await appraise(owner, { structureId: structure.id, items, priceMode: 'top' });
    expect(answer.status).toBe(201);
    const { appraisal } = answer.body as AppraisalCreatedDto;
    expect(appraisal).toMatchObject({
      structureId: structure.id,
      structureName: structure.name,
      stationId: null,
      stationName: null,
    });

    // The same prices worked out here from the structure's book and ESI's averages, in cents.
    for (const item of appraisal.items) {
      const orders = structure.orders.filter((order) => order.type_id === item.typeId);
      const sells = orders.filter((order) => !order.is_buy_order).map((order) => cents(order.price));
      const buys = orders.filter((order) => order.is_buy_order).map((order) => cents(order.price));
      const average = prices.find((price) => price.type_id === item.typeId)?.average_price;
      const fallback = average !== undefined && average > 0 ? cents(average) : 0;
      expect(cents(item.sellPrice)).toBe(sells.length > 0 ? Math.min(...sells) : fallback);
      expect(cents(item.buyPrice)).toBe(buys.length > 0 ? Math.max(...buys) : fallback);
      expect(item.sellMethod).toBe(
        sells.length > 0 ? 'MARKET_ORDERS' : fallback > 0 ? 'ESI_PRICE' : 'INSUFFICIENT_DATA',
      );
      expect(cents(item.totalSell)).toBe(cents(item.sellPrice) * 3);
    }
    expect(appraisal.items.some((item) => item.sellMethod === 'MARKET_ORDERS')).toBe(true);
    // The types the structure does not trade fall back to ESI's average, side by side with the booked ones.
    expect(appraisal.items.filter((item) => item.sellMethod !== 'MARKET_ORDERS')).toHaveLength(
      missing.length,
    );

    // Anyone with the link reads it, structure and prices as saved.
    const saved = await visitor.get(`/api/v1/market/appraisals/${appraisal.id}`);
    expect(saved).toMatchObject({ status: 200, body: appraisal });

    // Update prices: the page sends the saved appraisal's market again, with the logged-in user's session.
    const again = await appraise(owner, {
      structureId: (saved.body as AppraisalDto).structureId,
      priceMode: 'split',
      items,
    });
    expect(again.status).toBe(201);
    const repriced = (again.body as AppraisalCreatedDto).appraisal;
    expect(repriced).toMatchObject({
      structureId: structure.id,
      structureName: structure.name,
      priceMode: 'split',
    });
    expect(repriced.id).not.toBe(appraisal.id);
    const history = (await owner.get('/api/v1/market/appraisals')).body as {
      id: string;
      structureId: number;
    }[];
    expect(history.filter((row) => row.structureId === structure.id).map((row) => row.id)).toEqual([
      repriced.id,
      appraisal.id,
    ]);
  });
});
