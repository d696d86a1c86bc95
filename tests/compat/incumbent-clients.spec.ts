import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type RunningServer } from '../../services/server/src/bootstrap';
import { freePort } from '../support/server-process';
import {
  GROUP_FIELDS,
  HISTORY_FIELDS,
  ITEM_TYPE_FIELDS,
  ORDER_FIELDS,
  STATS_FIELDS,
  SYSTEM_FIELDS,
  expectIncumbentShape,
} from './support/incumbent-api';
import { entriesOf, field, itemsOf, readTypedJson, type TypedJson } from './support/typed-json';

/**
 * The programs that call the incumbent's market API (issue 24), pointed at ours by changing only the base URL:
 * each block replays the requests and field reads its client makes, as its authors document them.
 */
const FORGE = 10000002;
const DOMAIN = 10000043;
const JITA = 30000142;
const JITA_4_4 = 60003760;
const TRITANIUM = 34;
const PYERITE = 35;
const MEXALLON = 36;
const RIFTER = 587;
/** A positive id our static data does not know: an item released after our SDE. */
const NEWER_THAN_OUR_SDE = 999_999_999;
const BROWSER_TOOL_ORIGIN = 'https://market-tool.example';

interface RawAnswer {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
}

describe('clients of the incumbent, pointed at our /api/v1/market', () => {
  jest.setTimeout(180_000);
  let dataDir: string;
  let server: RunningServer;

  async function get(path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
    const response = await fetch(new URL(path, server.url), { headers });
    return { status: response.status, headers: response.headers, text: await response.text() };
  }

  async function typed(path: string): Promise<TypedJson> {
    const answer = await get(path);
    expect({ path, status: answer.status }).toEqual({ path, status: 200 });
    return readTypedJson(answer.text);
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'tw-compat-'));
    server = await startServer({
      env: { ...process.env, DATA_DIR: dataDir, PORT: String(await freePort()), LOG_LEVEL: 'silent' },
    });
  });

  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  describe("Pyfa's price source", () => {
    // Pyfa asks the stats of each item of a fit in turn, at the hub station, reads sellAvgFivePercent and leaves
    // 0 unpriced; its network layer raises on an error status, which ends the whole batch.
    it('prices a whole batch, an item newer than our static data included, without an error status', async () => {
      const batch = [TRITANIUM, NEWER_THAN_OUR_SDE, PYERITE, MEXALLON];
      const prices = new Map<number, number>();
      for (const typeId of batch) {
        const answer = await get(`/api/v1/market/stats/${FORGE}/${typeId}?locationId=${JITA_4_4}`);
        if (answer.status >= 400) throw new Error(`Pyfa's batch ends at ${typeId}: ${answer.status}`);
        const price = field(readTypedJson(answer.text), 'sellAvgFivePercent');
        expect(price.kind).toBe('double');
        if (price.kind === 'double' && Number(price.text) > 0) prices.set(typeId, Number(price.text));
      }
      expect(prices.has(NEWER_THAN_OUR_SDE)).toBe(false);
      expect(prices.get(TRITANIUM)).toBeGreaterThan(0);
    });
  });

  describe('an item type our static data does not know', () => {
    it('answers as an empty market: zeros, an empty book, no history; malformed ids stay 400', async () => {
      const stats = await typed(`/api/v1/market/stats/${FORGE}/${NEWER_THAN_OUR_SDE}`);
      expectIncumbentShape(stats, STATS_FIELDS);
      expect(entriesOf(stats).every(([, value]) => 'text' in value && Number(value.text) === 0)).toBe(true);

      const book = await typed(`/api/v1/market/orders/${NEWER_THAN_OUR_SDE}?regionId=${FORGE}`);
      expectIncumbentShape(field(book, 'itemType'), ITEM_TYPE_FIELDS);
      expect(itemsOf(field(book, 'orders'))).toEqual([]);
      expect(entriesOf(field(book, 'systems'))).toEqual([]);

      expect(itemsOf(await typed(`/api/v1/market/history/${FORGE}/${NEWER_THAN_OUR_SDE}`))).toEqual([]);

      for (const path of [
        `/api/v1/market/stats/${FORGE}/abc`,
        `/api/v1/market/stats/${FORGE}/-1`,
        '/api/v1/market/orders/1.5',
        `/api/v1/market/history/${FORGE}/34x`,
      ]) {
        expect({ path, status: (await get(path)).status }).toEqual({ path, status: 400 });
      }
    });
  });

  describe('a Flutter app with Dart double patterns', () => {
    // Its models read each double field with `as double` (a whole number written `2` is an int there and throws),
    // each integer with `as int`.
    it('reads every stats field with the JSON type the incumbent sends', async () => {
      for (const typeId of [TRITANIUM, PYERITE, RIFTER]) {
        expectIncumbentShape(await typed(`/api/v1/market/stats/${FORGE}/${typeId}`), STATS_FIELDS);
      }
    });

    it('reads every order, item type and system field with the JSON type the incumbent sends', async () => {
      const book = await typed(`/api/v1/market/orders/${TRITANIUM}?regionId=${FORGE}`);
      expect(entriesOf(book).map(([key]) => key)).toEqual([
        'itemType',
        'systems',
        'stationNames',
        'structureNames',
        'orders',
      ]);
      expectIncumbentShape(field(book, 'itemType'), ITEM_TYPE_FIELDS);
      const systems = entriesOf(field(book, 'systems'));
      expect(systems.length).toBeGreaterThan(0);
      for (const [, system] of systems) expectIncumbentShape(system, SYSTEM_FIELDS);
      const orders = itemsOf(field(book, 'orders'));
      expect(orders.length).toBeGreaterThan(0);
      for (const order of orders) expectIncumbentShape(order, ORDER_FIELDS);
    });

    it('reads every history field with the JSON type the incumbent sends', async () => {
      const days = itemsOf(await typed(`/api/v1/market/history/${FORGE}/${TRITANIUM}`));
      expect(days.length).toBeGreaterThan(0);
      for (const day of days) expectIncumbentShape(day, HISTORY_FIELDS);
    });
  });

  describe('spreadsheet scripts that read the answer text by position', () => {
    // A script splits the text at commas and takes the n-th value: only the incumbent's key order gives the
    // right number in the right cell.
    it("finds each stats value at the incumbent's position", async () => {
      const answer = await get(`/api/v1/market/stats/${FORGE}/${TRITANIUM}`);
      const cells = answer.text.replace(/^\{|\}$/g, '').split(',');
      expect(cells.map((cell) => cell.split(':')[0])).toEqual(STATS_FIELDS.map(([key]) => `"${key}"`));
      const parsed = JSON.parse(answer.text) as Record<string, number>;
      expect(Number(cells[8]!.split(':')[1])).toBe(parsed.buyAvgFivePercent);
      expect(Number(cells[11]!.split(':')[1])).toBe(parsed.minSell);
    });
  });

  describe('a Discord bot', () => {
    // Some bots spell the system filter `systemID`.
    it('filters by systemID as by systemId', async () => {
      const bySystemId = await get(`/api/v1/market/stats/${FORGE}/${TRITANIUM}?systemId=${JITA}`);
      const bySystemID = await get(`/api/v1/market/stats/${FORGE}/${TRITANIUM}?systemID=${JITA}`);
      const wholeRegion = await get(`/api/v1/market/stats/${FORGE}/${TRITANIUM}`);
      expect(bySystemID.status).toBe(200);
      expect(bySystemID.text).toBe(bySystemId.text);
      const inJita = JSON.parse(bySystemID.text) as Record<string, number>;
      const inForge = JSON.parse(wholeRegion.text) as Record<string, number>;
      expect(inJita.sellOrders + inJita.sellOutliers).toBeLessThanOrEqual(
        inForge.sellOrders + inForge.sellOutliers,
      );
      const orders = await typed(`/api/v1/market/orders/${TRITANIUM}?regionId=${FORGE}&systemID=${JITA}`);
      const systemIds = itemsOf(field(orders, 'orders')).map((order) => field(order, 'systemId'));
      expect(systemIds.every((systemId) => 'text' in systemId && systemId.text === String(JITA))).toBe(true);
    });

    it('gets an empty market, not an error, for a system outside the region asked', async () => {
      const stats = await typed(`/api/v1/market/stats/${DOMAIN}/${TRITANIUM}?systemId=${JITA}`);
      expect(readBack(stats)).toMatchObject({ buyOrders: 0, sellOrders: 0, maxBuy: 0, minSell: 0 });
      const book = await typed(`/api/v1/market/orders/${TRITANIUM}?regionId=${DOMAIN}&systemId=${JITA}`);
      expect(itemsOf(field(book, 'orders'))).toEqual([]);
    });
  });

  describe('hauling scanners', () => {
    // They compute m3 from itemType.volume (one raises without it, another assumed 1 m3), and offer to build
    // what a blueprint makes.
    it('read the volume of the item and the blueprint that makes it', async () => {
      const rifter = JSON.parse((await get(`/api/v1/market/orders/${RIFTER}?regionId=${FORGE}`)).text) as {
        itemType: { volume: number; published: boolean };
        producedBy?: { typeID: number; typeName: string };
      };
      const known = JSON.parse((await get(`/api/v1/market/types/${RIFTER}`)).text) as {
        volume: number;
        published: boolean;
      };
      expect(rifter.itemType.volume).toBe(known.volume);
      expect(rifter.itemType.volume).toBeGreaterThan(1);
      expect(rifter.itemType.published).toBe(known.published);
      expect(rifter.producedBy).toEqual({ typeID: 691, typeName: 'Rifter Blueprint' });

      const tritanium = JSON.parse((await get(`/api/v1/market/orders/${TRITANIUM}?regionId=${FORGE}`)).text);
      expect(tritanium.itemType.volume).toBe(0.01);
      expect(tritanium).not.toHaveProperty('producedBy');
    });
  });

  describe('market browsers', () => {
    // They walk the flat group list by parentGroupID from the roots, down to the groups that hold types.
    it('walk the flat market groups from the roots to every group that holds types', async () => {
      const groupsJson = await typed('/api/v1/market/groups');
      for (const group of itemsOf(groupsJson)) expectIncumbentShape(group, GROUP_FIELDS, ['iconFile']);
      const groups = JSON.parse((await get('/api/v1/market/groups')).text) as {
        marketGroupID: number;
        parentGroupID: number | null;
        hasTypes: boolean;
      }[];
      const childrenOf = (id: number | null) => groups.filter((group) => group.parentGroupID === id);
      const reachedLeaves: number[] = [];
      const walk = (id: number | null): void => {
        for (const child of childrenOf(id)) {
          if (child.hasTypes) reachedLeaves.push(child.marketGroupID);
          walk(child.marketGroupID);
        }
      };
      walk(null);

      interface TreeNode {
        readonly marketGroupID: number;
        readonly hasTypes: boolean;
        readonly children: readonly TreeNode[];
      }
      const tree = JSON.parse((await get('/api/v1/market/groups/tree')).text) as TreeNode[];
      const treeLeaves = (nodes: readonly TreeNode[]): number[] =>
        nodes.flatMap((node) => [
          ...(node.hasTypes ? [node.marketGroupID] : []),
          ...treeLeaves(node.children),
        ]);
      expect(reachedLeaves.length).toBeGreaterThan(1000);
      expect(reachedLeaves.sort((a, b) => a - b)).toEqual(treeLeaves(tree).sort((a, b) => a - b));

      const minerals = groups.find((group) => group.marketGroupID === 1857)!;
      expect(minerals.hasTypes).toBe(true);
      const types = JSON.parse((await get('/api/v1/market/groups/1857/types')).text) as { typeID: number }[];
      expect(types.map((type) => type.typeID)).toContain(TRITANIUM);
    });

    it('read when each answer expires, and ask again cheaply with its ETag', async () => {
      for (const path of [
        `/api/v1/market/orders/${TRITANIUM}?regionId=${FORGE}`,
        `/api/v1/market/stats/${FORGE}/${TRITANIUM}`,
        `/api/v1/market/history/${FORGE}/${TRITANIUM}`,
        '/api/v1/market/regions',
        '/api/v1/market/groups',
        '/api/v1/market/groups/1857/types',
        `/api/v1/market/types/${TRITANIUM}`,
      ]) {
        const answer = await get(path);
        const expires = Date.parse(answer.headers.get('expires') ?? '');
        expect({ path, expiresInFuture: expires > Date.now() - 1000 }).toEqual({
          path,
          expiresInFuture: true,
        });
      }
      const first = await get(`/api/v1/market/stats/${FORGE}/${PYERITE}`);
      const etag = first.headers.get('etag');
      expect(etag).toBeTruthy();
      // Not with fetch, which adds `Cache-Control: no-cache` to a conditional request and so asks for a full one.
      const again = await new Promise<number | undefined>((resolve, reject) => {
        const url = new URL(`/api/v1/market/stats/${FORGE}/${PYERITE}`, server.url);
        request(url, { headers: { 'If-None-Match': etag! } }, (response) => {
          response.resume();
          resolve(response.statusCode);
        })
          .on('error', reject)
          .end();
      });
      expect(again).toBe(304);
    });

    it("show a system's security at the incumbent's single precision", async () => {
      const book = await typed(`/api/v1/market/orders/${TRITANIUM}?systemId=${JITA}`);
      const security = field(field(field(book, 'systems'), String(JITA)), 'security');
      const systems = JSON.parse((await get('/api/v1/static/systems')).text) as {
        systemId: number;
        security: number;
      }[];
      const jita = systems.find((system) => system.systemId === JITA)!;
      expect(security.kind).toBe('double');
      const text = 'text' in security ? security.text : '';
      expect(Math.fround(Number(text))).toBe(Math.fround(jita.security));
      expect(text.replace(/^-?0\./, '').length).toBeLessThanOrEqual(9);
    });
  });

  describe('browser tools on other origins (CORS)', () => {
    const origin = { Origin: BROWSER_TOOL_ORIGIN };

    it('may read the public market and static data, without credentials', async () => {
      for (const path of [
        `/api/v1/market/stats/${FORGE}/${TRITANIUM}`,
        `/api/v1/market/orders/${TRITANIUM}?regionId=${FORGE}`,
        `/api/v1/market/history/${FORGE}/${TRITANIUM}`,
        '/api/v1/market/groups',
        '/api/v1/market/regions',
        `/api/v1/market/types/${TRITANIUM}`,
        '/api/v1/market/appraisals/not-saved',
        '/api/v1/static/systems',
      ]) {
        const answer = await get(path, origin);
        expect({ path, allowOrigin: answer.headers.get('access-control-allow-origin') }).toEqual({
          path,
          allowOrigin: '*',
        });
        expect(answer.headers.get('access-control-allow-credentials')).toBeNull();
      }
      const preflight = await fetch(new URL(`/api/v1/market/stats/${FORGE}/${TRITANIUM}`, server.url), {
        method: 'OPTIONS',
        headers: {
          ...origin,
          'Access-Control-Request-Method': 'GET',
          'Access-Control-Request-Headers': 'x-requested-with',
        },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
      expect(preflight.headers.get('access-control-allow-methods')).toContain('GET');
      expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
    });

    it('get no CORS header from account routes, even the ones under /market', async () => {
      for (const path of [
        '/api/v1/account',
        '/api/v1/market/appraisals',
        '/api/v1/market/appraisals/',
        '/api/v1/market/characters/2119000011/orders',
      ]) {
        const answer = await get(path, origin);
        expect({ path, allowOrigin: answer.headers.get('access-control-allow-origin') }).toEqual({
          path,
          allowOrigin: null,
        });
        const preflight = await fetch(new URL(path, server.url), {
          method: 'OPTIONS',
          headers: { ...origin, 'Access-Control-Request-Method': 'GET' },
        });
        expect({ path, allowOrigin: preflight.headers.get('access-control-allow-origin') }).toEqual({
          path,
          allowOrigin: null,
        });
      }
    });
  });
});

/** A typed answer as plain values, for the checks that need no JSON types. */
function readBack(json: TypedJson): unknown {
  switch (json.kind) {
    case 'int':
    case 'double':
      return Number(json.text);
    case 'string':
    case 'bool':
      return json.value;
    case 'null':
      return null;
    case 'array':
      return json.items.map(readBack);
    case 'object':
      return Object.fromEntries(json.entries.map(([key, value]) => [key, readBack(value)]));
  }
}
