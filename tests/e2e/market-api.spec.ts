import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type {
  EsiIndustrySystem,
  EsiMarketHistoryDay,
  EsiMarketPrice,
  EsiRegionOrder,
  EsiStructure,
} from '@tradewise/contracts';
import {
  INDUSTRY_COST_INDICES,
  MARKET_ORDER_BOOKS,
  MARKET_PRICES,
  type IndustryCostIndices,
  type MarketHistoryDay,
  type MarketOrderBooks,
  type MarketOrders,
  type MarketPrices,
  type MarketStatistics,
} from '@tradewise/market';
import { startServer, type RunningServer } from '../../services/server/src/bootstrap';
import { eventually } from '../support/collect';
import { freePort } from '../support/server-process';
import { ProductClient, type HttpAnswer } from './support/product-client';

const FORGE = 10000002;
const SINQ_LAISON = 10000032;
const DOMAIN = 10000043;
const JITA = 30000142;
const JITA_4_4 = 60003760;
const TRITANIUM = 34;
const NOCXIUM = 38;
const ARIA = 2119000011;
const STRUCTURE_SCOPE = 'esi-universe.read_structures.v1';

const RANGE_WORDS: Record<string, string> = {
  station: 'STATION',
  solarsystem: 'SOLARSYSTEM',
  region: 'REGION',
};

/** What the public API should say of an ESI order, written here from the spec rather than taken from the code. */
function expectedOrder(order: EsiRegionOrder, regionId: number) {
  return {
    orderId: order.order_id,
    typeId: order.type_id,
    regionId,
    systemId: order.system_id,
    locationId: order.location_id,
    isBuyOrder: order.is_buy_order,
    price: order.price,
    volumeRemain: order.volume_remain,
    volumeTotal: order.volume_total,
    minVolume: order.min_volume,
    duration: order.duration,
    issued: new Date(order.issued).getTime(),
    range: RANGE_WORDS[order.range] ?? `_${order.range}`,
  };
}

/** public-tools.md §5, computed the plain way (floats, unit by unit of the 5% volume) to check the exact one. */
function expectedStats(orders: readonly EsiRegionOrder[]): MarketStatistics {
  const side = (isBuy: boolean) => {
    const all = orders.filter((order) => order.is_buy_order === isBuy);
    if (all.length === 0) {
      return { volume: 0, orders: 0, outliers: 0, threshold: 0, best: 0, avg: 0 };
    }
    const prices = all.map((order) => order.price);
    const best = isBuy ? Math.max(...prices) : Math.min(...prices);
    const cents = (price: number) => Math.round(price * 100);
    const kept = all.filter((order) =>
      isBuy ? cents(order.price) * 10 >= cents(best) : cents(order.price) < cents(best) * 10,
    );
    kept.sort((a, b) => (isBuy ? b.price - a.price : a.price - b.price));
    const volume = kept.reduce((sum, order) => sum + order.volume_remain, 0);
    const target = volume * 0.05;
    let remaining = target;
    let paid = 0;
    for (const order of kept) {
      const taken = Math.min(order.volume_remain, remaining);
      paid += taken * order.price;
      remaining -= taken;
      if (remaining <= 0) break;
    }
    return {
      volume,
      orders: kept.length,
      outliers: all.length - kept.length,
      threshold: isBuy ? best / 10 : best * 10,
      best,
      avg: paid / target,
    };
  };
  const buy = side(true);
  const sell = side(false);
  return {
    buyVolume: buy.volume,
    sellVolume: sell.volume,
    buyOrders: buy.orders,
    sellOrders: sell.orders,
    buyOutliers: buy.outliers,
    sellOutliers: sell.outliers,
    buyThreshold: buy.threshold,
    sellThreshold: sell.threshold,
    maxBuy: buy.best,
    minSell: sell.best,
    buyAvgFivePercent: buy.avg,
    sellAvgFivePercent: sell.avg,
  };
}

function expectStatsClose(actual: MarketStatistics, expected: MarketStatistics): void {
  const { buyAvgFivePercent, sellAvgFivePercent, buyThreshold, sellThreshold, ...exact } = expected;
  expect(actual).toMatchObject(exact);
  // The API rounds the averages half up to the cent; the plain float computation may sit half a cent away.
  expect(Math.abs(actual.buyAvgFivePercent - buyAvgFivePercent)).toBeLessThanOrEqual(0.005 + 1e-9);
  expect(Math.abs(actual.sellAvgFivePercent - sellAvgFivePercent)).toBeLessThanOrEqual(0.005 + 1e-9);
  expect(actual.buyThreshold).toBeCloseTo(buyThreshold, 6);
  expect(actual.sellThreshold).toBeCloseTo(sellThreshold, 6);
}

describe('Public market API against the ESI simulator', () => {
  jest.setTimeout(180_000);
  let dataDir: string;
  let server: RunningServer;
  let client: ProductClient;

  const esiUrl = () => `${server.url}/esi-sim`;

  /** Straight from the simulator, as ESI answers it: every page, with the Expires of the first. */
  async function esiGet<T>(path: string): Promise<{ body: T; expires: number }> {
    const rows: unknown[] = [];
    let expires = 0;
    for (let page = 1, pages = 1; page <= pages; page++) {
      const separator = path.includes('?') ? '&' : '?';
      const response = await fetch(`${esiUrl()}${path}${separator}page=${page}`, {
        headers: { 'X-Compatibility-Date': '2026-08-18', 'User-Agent': 'tradewise-tests' },
      });
      if (response.status !== 200) throw new Error(`ESI ${path} answered ${response.status}`);
      const body = (await response.json()) as unknown;
      if (!Array.isArray(body))
        return { body: body as T, expires: Date.parse(response.headers.get('expires')!) };
      rows.push(...body);
      pages = Number(response.headers.get('x-pages') ?? 1);
      if (page === 1) expires = Date.parse(response.headers.get('expires')!);
    }
    return { body: rows as T, expires };
  }

  /**
   * The simulator's answer and ours for the same cache period: ESI's copy changes at its Expires, so when the two
   * straddle it, both are asked again.
   */
  async function samePeriod<T>(
    direct: () => Promise<{ body: T; expires: number }>,
    path: string,
  ): Promise<{ esi: T; api: HttpAnswer; expiresMs: number; answeredAtMs: number }> {
    for (let attempt = 0; ; attempt++) {
      const esi = await direct();
      const api = await client.get(path);
      // When it answered: the checks after may take a while on a loaded machine.
      const answeredAtMs = Date.now();
      expect(api.status).toBe(200);
      const apiExpires = Date.parse(api.headers.get('expires') ?? '');
      if (Math.abs(apiExpires - esi.expires) <= 2_000) {
        return { esi: esi.body, api, expiresMs: esi.expires, answeredAtMs };
      }
      if (attempt >= 2) throw new Error(`Expires ${api.headers.get('expires')} never matched ESI's`);
    }
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'tw-market-'));
    server = await startServer({
      env: { ...process.env, DATA_DIR: dataDir, PORT: String(await freePort()), LOG_LEVEL: 'silent' },
    });
    client = new ProductClient(server.url);
  });

  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  afterEach(() => server.simulator?.faults.clear());

  describe('GET /api/v1/market/orders/{typeId}', () => {
    it("answers a region's book as ESI has it, with the item type, systems, station names and Expires", async () => {
      const { esi, api, expiresMs, answeredAtMs } = await samePeriod(
        () => esiGet<EsiRegionOrder[]>(`/markets/${FORGE}/orders?type_id=${TRITANIUM}&order_type=all`),
        `/api/v1/market/orders/${TRITANIUM}?regionId=${FORGE}`,
      );
      const answer = api.body as MarketOrders;
      expect(esi.length).toBeGreaterThan(0);
      expect(answer.orders).toHaveLength(esi.length);
      expect(answer.orders).toEqual(expect.arrayContaining(esi.map((order) => expectedOrder(order, FORGE))));
      expect(api.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);
      expect(new Date(api.headers.get('expires')!).getTime()).toBeGreaterThan(answeredAtMs - 1000);
      expect(Math.abs(Date.parse(api.headers.get('expires')!) - expiresMs)).toBeLessThanOrEqual(2000);

      const sells = answer.orders.filter((order) => !order.isBuyOrder).map((order) => order.price);
      expect(sells).toEqual([...sells].sort((a, b) => a - b));

      const type = (await client.get(`/api/v1/market/types/${TRITANIUM}`)).body as Record<string, unknown>;
      expect(answer.itemType).toEqual({
        typeID: TRITANIUM,
        groupID: type.groupID,
        typeName: 'Tritanium',
        iconID: type.iconID,
        marketGroupID: type.marketGroupID,
        description: type.description,
        published: true,
        volume: type.volume,
      });

      const systemIds = [...new Set(esi.map((order) => order.system_id))];
      expect(Object.keys(answer.systems).sort()).toEqual(systemIds.map(String).sort());
      const allSystems = (await client.get('/api/v1/static/systems')).body as {
        systemId: number;
        systemName: string;
        security: number;
      }[];
      for (const systemId of systemIds) {
        const system = allSystems.find((candidate) => candidate.systemId === systemId)!;
        expect(answer.systems[String(systemId)]).toEqual({
          solarSystemID: systemId,
          solarSystemName: system.systemName,
          security: expect.any(Number),
        });
        // Kept as the incumbent keeps it: a single-precision float.
        expect(Math.fround(answer.systems[String(systemId)]!.security)).toBe(Math.fround(system.security));
      }

      const stationIds = [...new Set(esi.map((order) => order.location_id).filter((id) => id < 1e12))];
      const names = await fetch(`${esiUrl()}/universe/names`, {
        method: 'POST',
        headers: { 'X-Compatibility-Date': '2026-08-18', 'Content-Type': 'application/json' },
        body: JSON.stringify(stationIds),
      });
      const resolved = (await names.json()) as { id: number; name: string }[];
      expect(answer.stationNames).toEqual(
        Object.fromEntries(resolved.map(({ id, name }) => [String(id), name])),
      );
      expect(answer.stationNames[String(JITA_4_4)]).toBe('Jita IV - Moon 4 - Caldari Navy Assembly Plant');
    });

    it('filters by system and by location within the region they imply', async () => {
      const { esi, api } = await samePeriod(
        () => esiGet<EsiRegionOrder[]>(`/markets/${FORGE}/orders?type_id=${TRITANIUM}&order_type=all`),
        `/api/v1/market/orders/${TRITANIUM}?systemId=${JITA}`,
      );
      const inJita = esi.filter((order) => order.system_id === JITA);
      expect((api.body as MarketOrders).orders.map((order) => order.orderId).sort()).toEqual(
        inJita.map((order) => order.order_id).sort(),
      );
      const atStation = await client.get(`/api/v1/market/orders/${TRITANIUM}?locationId=${JITA_4_4}`);
      const atJita44 = (atStation.body as MarketOrders).orders;
      expect(atJita44.length).toBeGreaterThan(0);
      expect(atJita44.every((order) => order.locationId === JITA_4_4)).toBe(true);
      expect(Object.keys((atStation.body as MarketOrders).systems)).toEqual([String(JITA)]);
    });

    it('answers the game-wide book: every market region, with the earliest expiry', async () => {
      const regions = ((await client.get('/api/v1/market/regions')).body as { id: number }[])
        .map((region) => region.id)
        .filter((id) => id < 12_000_000);
      const { esi, api } = await samePeriod(async () => {
        const books = await Promise.all(
          regions.map(async (regionId) => {
            const { body, expires } = await esiGet<EsiRegionOrder[]>(
              `/markets/${regionId}/orders?type_id=${TRITANIUM}&order_type=all`,
            );
            return { regionId, body, expires };
          }),
        );
        return {
          body: books.flatMap(({ regionId, body }) => body.map((order) => expectedOrder(order, regionId))),
          expires: Math.min(...books.map((book) => book.expires)),
        };
      }, `/api/v1/market/orders/${TRITANIUM}`);
      const answer = api.body as MarketOrders;
      expect(new Set(esi.map((order) => order.regionId)).size).toBeGreaterThanOrEqual(5);
      expect(answer.orders).toHaveLength(esi.length);
      expect(answer.orders).toEqual(expect.arrayContaining(esi));
    });

    it('lists structure orders and, once a user linked a character that may read structures, names the public ones only', async () => {
      const publicIds = new Set(
        (await esiGet<number[]>('/universe/structures?filter=market')).body.map((id) => id),
      );
      const firstPage = (await (
        await fetch(`${esiUrl()}/markets/${FORGE}/orders?order_type=all&page=1`, {
          headers: { 'X-Compatibility-Date': '2026-08-18' },
        })
      ).json()) as EsiRegionOrder[];
      const atStructures = firstPage.filter((order) => order.location_id >= 1e12);
      const onPublic = atStructures.find((order) => publicIds.has(order.location_id))!;
      expect(onPublic).toBeDefined();
      const path = `/api/v1/market/orders/${onPublic.type_id}?regionId=${FORGE}`;

      // Nobody has logged in on this server yet: no token may ask ESI for a structure's name.
      const unnamed = (await client.get(path)).body as MarketOrders;
      expect(unnamed.orders.map((order) => order.locationId)).toContain(onPublic.location_id);
      expect(unnamed.structureNames).toEqual({});

      // A user links a character with the login's scopes (read_structures among them); a visitor then sees names.
      const user = new ProductClient(server.url);
      expect((await user.authorize(ARIA)).location).not.toContain('error');
      const issued = server.simulator!.issueTokens(ARIA, [STRUCTURE_SCOPE]);
      const structure = await fetch(`${esiUrl()}/universe/structures/${onPublic.location_id}`, {
        headers: { 'X-Compatibility-Date': '2026-08-18', Authorization: `Bearer ${issued.access_token}` },
      });
      const expectedName = ((await structure.json()) as EsiStructure).name;
      let named: MarketOrders = unnamed;
      await eventually(
        async () => {
          named = (await client.get(path)).body as MarketOrders;
          return named.structureNames[onPublic.location_id] !== undefined;
        },
        15_000,
        'the public structure to be named',
      );
      expect(named.structureNames[onPublic.location_id]).toBe(expectedName);
      const structureIds = new Set(
        named.orders.map((order) => order.locationId).filter((locationId) => locationId >= 1e12),
      );
      expect(Object.keys(named.structureNames).map(Number).sort()).toEqual(
        [...structureIds].filter((id) => publicIds.has(id)).sort(),
      );
    });

    it('shares one ESI fetch between concurrent requests for the same book, and serves it from memory after', async () => {
      const simulator = server.simulator!;
      // One ESI answer of 404, a second late, for the next request to this region's orders: if the ten requests
      // share one fetch, all ten see it; a request that fetched on its own would succeed. The second lets all ten
      // arrive while the fetch is out, however busy the machine.
      const orders = `/markets/${SINQ_LAISON}/orders`;
      simulator.faults.inject({ path: orders, times: 1, effect: { kind: 'delay', ms: 1_000 } });
      simulator.faults.inject({
        path: orders,
        times: 1,
        effect: { kind: 'status', status: 404, body: { error: 'Type not found!' } },
      });
      const path = `/api/v1/market/orders/${NOCXIUM}?regionId=${SINQ_LAISON}`;
      const concurrent = await Promise.all(Array.from({ length: 10 }, () => client.get(path)));
      expect(concurrent.map((answer) => answer.status)).toEqual(Array(10).fill(404));
      expect(concurrent[0]!.body).toMatchObject({
        statusCode: 404,
        message: 'The game has no market data for this item type in this region',
      });

      const fresh = await client.get(path);
      expect(fresh.status).toBe(200);
      // ESI failing now changes nothing: the book is answered from memory until it expires.
      simulator.faults.failNext(5, 503, { operationId: 'GetMarketsRegionIdOrders' });
      const cached = await client.get(path);
      expect(cached.status).toBe(200);
      expect(cached.body).toEqual(fresh.body);
      expect(cached.headers.get('expires')).toBe(fresh.headers.get('expires'));
    });

    it('answers 503 with a sentence when ESI cannot be reached, not a 500', async () => {
      server.simulator!.faults.inject({
        path: `/markets/${DOMAIN}/orders`,
        effect: { kind: 'status', status: 503, body: { error: 'Service unavailable' } },
      });
      const answer = await client.get(`/api/v1/market/orders/35?regionId=${DOMAIN}`);
      expect(answer.status).toBe(503);
      expect(answer.body).toMatchObject({
        statusCode: 503,
        message: "The game's market data is not available right now; try again in a minute",
      });
      expect(answer.headers.get('retry-after')).toMatch(/^\d+$/);
    });
  });

  describe('GET /api/v1/market/history/{regionId}/{typeId}', () => {
    it("answers ESI's daily rows with the day as epoch ms, and ESI's expiry", async () => {
      const { esi, api } = await samePeriod(
        () => esiGet<EsiMarketHistoryDay[]>(`/markets/${FORGE}/history?type_id=${TRITANIUM}`),
        `/api/v1/market/history/${FORGE}/${TRITANIUM}`,
      );
      expect(esi.length).toBeGreaterThan(100);
      const rows = api.body as MarketHistoryDay[];
      expect(rows).toEqual(
        esi
          .map((day) => ({
            date: Date.parse(`${day.date}T00:00:00.000Z`),
            regionId: FORGE,
            typeId: TRITANIUM,
            average: day.average,
            highest: day.highest,
            lowest: day.lowest,
            orderCount: day.order_count,
            volume: day.volume,
          }))
          .sort((a, b) => a.date - b.date),
      );
    });
  });

  describe('GET /api/v1/market/stats/{regionId}/{typeId}', () => {
    it("computes the statistics of the region's book by the spec's rules", async () => {
      for (const typeId of [TRITANIUM, 35, 36, 587]) {
        const { esi, api } = await samePeriod(
          () => esiGet<EsiRegionOrder[]>(`/markets/${FORGE}/orders?type_id=${typeId}&order_type=all`),
          `/api/v1/market/stats/${FORGE}/${typeId}`,
        );
        expectStatsClose(api.body as MarketStatistics, expectedStats(esi));
      }
    });

    it('filters by system and location, and gives zeros for a side without orders', async () => {
      const { esi, api } = await samePeriod(
        () => esiGet<EsiRegionOrder[]>(`/markets/${FORGE}/orders?type_id=${TRITANIUM}&order_type=all`),
        `/api/v1/market/stats/${FORGE}/${TRITANIUM}?locationId=${JITA_4_4}`,
      );
      expectStatsClose(
        api.body as MarketStatistics,
        expectedStats(esi.filter((order) => order.location_id === JITA_4_4)),
      );
      const bySystem = await client.get(`/api/v1/market/stats/${FORGE}/${TRITANIUM}?systemId=${JITA}`);
      expectStatsClose(
        bySystem.body as MarketStatistics,
        expectedStats(esi.filter((order) => order.system_id === JITA)),
      );
      const nowhere = await client.get(`/api/v1/market/stats/${FORGE}/${TRITANIUM}?locationId=1035999999999`);
      expect(nowhere.status).toBe(200);
      expect(Object.values(nowhere.body as MarketStatistics).every((value) => value === 0)).toBe(true);
      expect(Date.parse(nowhere.headers.get('expires')!)).toBeLessThanOrEqual(Date.now() + 5 * 60_000 + 1000);
    });
  });

  describe('POST /api/v1/market/stats/{regionId}', () => {
    it('answers the statistics of many types at once, each as the single-type read answers it', async () => {
      const typeIds = [TRITANIUM, 35, 36, NOCXIUM, 999_999_999, TRITANIUM];
      const bulk = await client.request('POST', `/api/v1/market/stats/${FORGE}?systemId=${JITA}`, {
        body: { typeIds },
      });
      expect(bulk.status).toBe(200);
      const byType = bulk.body as Record<string, MarketStatistics>;
      expect(Object.keys(byType)).toEqual(['34', '35', '36', '38', '999999999']);
      for (const typeId of [TRITANIUM, 35, 36, NOCXIUM, 999_999_999]) {
        const single = await client.get(`/api/v1/market/stats/${FORGE}/${typeId}?systemId=${JITA}`);
        expect(byType[String(typeId)]).toEqual(single.body);
      }
      expect(Object.values(byType['999999999']!).every((value) => value === 0)).toBe(true);
      expect(Date.parse(bulk.headers.get('expires')!)).toBeLessThanOrEqual(Date.now() + 5 * 60_000 + 1000);
    });

    it.each([
      ['no typeIds', {}, 'typeIds'],
      ['no type', { typeIds: [] }, 'typeIds'],
      ['1,001 types', { typeIds: Array.from({ length: 1001 }, (_, index) => index + 1) }, 'typeIds'],
      ['a type id as text', { typeIds: ['34'] }, 'typeIds.0'],
      ['an unknown field', { typeIds: [34], regionId: FORGE }, "unknown field 'regionId'"],
    ])('refuses a body with %s: 400 naming the field', async (_case, body, field) => {
      const answer = await client.request('POST', `/api/v1/market/stats/${FORGE}`, { body });
      expect(answer.status).toBe(400);
      expect((answer.body as { message: string }).message).toContain(field);
    });
  });

  describe('the ports other modules inject', () => {
    it("MARKET_PRICES and INDUSTRY_COST_INDICES hold ESI's lists by id, fetched once per expiry", async () => {
      const prices = server.app.get<MarketPrices>(MARKET_PRICES);
      const costIndices = server.app.get<IndustryCostIndices>(INDUSTRY_COST_INDICES);
      const esiPrices = (await esiGet<EsiMarketPrice[]>('/markets/prices')).body;
      const esiSystems = (await esiGet<EsiIndustrySystem[]>('/industry/systems')).body;
      const first = await prices.prices();
      expect(first.byType.size).toBe(esiPrices.length);
      expect(first.byType.get(TRITANIUM)).toEqual(esiPrices.find((price) => price.type_id === TRITANIUM));
      const systems = await costIndices.systems();
      expect(systems.bySystem.size).toBe(esiSystems.length);
      expect(systems.bySystem.get(JITA)).toEqual(
        esiSystems.find((system) => system.solar_system_id === JITA),
      );

      server.simulator!.faults.failNext(5, 503, { path: '/markets/prices' });
      server.simulator!.faults.failNext(5, 503, { path: '/industry/systems' });
      expect((await prices.prices()).byType).toBe(first.byType);
      expect((await costIndices.systems()).bySystem).toBe(systems.bySystem);
    });

    it('MARKET_ORDER_BOOKS answers several types of one region at once, from the books the API serves', async () => {
      const books = server.app.get<MarketOrderBooks>(MARKET_ORDER_BOOKS);
      const byType = await books.typeBooks(FORGE, [TRITANIUM, 35, TRITANIUM]);
      expect([...byType.keys()].sort()).toEqual([TRITANIUM, 35]);
      const api = (await client.get(`/api/v1/market/orders/${TRITANIUM}?regionId=${FORGE}`))
        .body as MarketOrders;
      expect(
        byType
          .get(TRITANIUM)!
          .orders.map((order) => order.order_id)
          .sort(),
      ).toEqual(api.orders.map((order) => order.orderId).sort());
      await expect(books.typeBook(12000001, TRITANIUM)).rejects.toThrow('Unknown region 12000001');
    });
  });

  describe('regions without a market, and market regions without trade (one rule for every route)', () => {
    it.each(['12000001', '14000001'])(
      'region %s (abyssal, void) has no market: orders, history and stats all answer 404',
      async (regionId) => {
        for (const path of [
          `/api/v1/market/orders/34?regionId=${regionId}`,
          `/api/v1/market/history/${regionId}/34`,
          `/api/v1/market/stats/${regionId}/34`,
        ]) {
          const answer = await client.get(path);
          expect({ path, status: answer.status }).toEqual({ path, status: 404 });
          expect((answer.body as { message: string }).message).toMatch(/has no market$/);
        }
      },
    );

    it('a wormhole region has a market where nobody trades this item: empty orders, empty history, zero statistics', async () => {
      const orders = await client.get('/api/v1/market/orders/34?regionId=11000001');
      const history = await client.get('/api/v1/market/history/11000001/34');
      const stats = await client.get('/api/v1/market/stats/11000001/34');
      expect([orders.status, history.status, stats.status]).toEqual([200, 200, 200]);
      expect((orders.body as { orders: unknown[] }).orders).toEqual([]);
      expect(history.body).toEqual([]);
      expect(stats.body).toMatchObject({ buyOrders: 0, sellOrders: 0, minSell: 0, maxBuy: 0 });
    });
  });

  describe('bad requests', () => {
    it.each([
      ['/api/v1/market/orders/abc', 400, "typeId must be a whole number, not 'abc'"],
      ['/api/v1/market/orders/34?regionId=forge', 400, "regionId must be a whole number, not 'forge'"],
      ['/api/v1/market/orders/34?systemId=-1', 400, "systemId must be a whole number, not '-1'"],
      ['/api/v1/market/history/10000002/1.5', 400, "typeId must be a whole number, not '1.5'"],
      ['/api/v1/market/stats/x/34', 400, "regionId must be a whole number, not 'x'"],
      [
        '/api/v1/market/stats/10000002/34?locationId=jita',
        400,
        "locationId must be a whole number, not 'jita'",
      ],
      ['/api/v1/market/orders/34?regionId=99', 404, 'No region with id 99'],
      ['/api/v1/market/orders/34?systemId=1', 404, 'No solar system with id 1'],
      ['/api/v1/market/orders/34?locationId=61999999', 404, 'No station with id 61999999'],
      ['/api/v1/market/history/99/34', 404, 'No region with id 99'],
      ['/api/v1/market/stats/12000001/34', 404, 'has no market'],
      ['/api/v1/market/stats/10000002/34?systemID=1', 404, 'No solar system with id 1'],
    ])('GET %s → %i', async (path, status, message) => {
      const answer = await client.get(path);
      expect(answer.status).toBe(status);
      expect(answer.body).toMatchObject({ statusCode: status });
      expect((answer.body as { message: string }).message).toContain(message);
    });
  });
});
