import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  industryCalculationSchema,
  industryStructureSchema,
  industryStructureSettingsSchema,
  industryStructuresStream,
  type AccountDto,
  type EsiIndustrySystem,
  type EsiMarketPrice,
  type EsiRegionOrder,
  type IndustryCalculation,
} from '@tradewise/contracts';
import { EVENT_STORE, type EventStore } from '@tradewise/platform';
import { startServer, type RunningServer } from '../../services/server/src/bootstrap';
import { freePort } from '../support/server-process';
import { ProductClient } from './support/product-client';

const FORGE = 10000002;
const TAMA = 30002813; // low-sec, with a reaction cost index
const DOMINIX_BLUEPRINT = 999;
const CARBON_FIBER_FORMULA = 57490;
const XL_SHIP_RIG_T1 = 37180;
const COMPOSITE_REACTOR_MATERIAL_T2 = 46487;
const COMPOSITE_REACTOR_TIME_T2 = 46485;
const ARIA = 2119000011;
const MIRA = 2119000013;

/**
 * The industry calculator and Structure Settings against the real server (`startServer`, embedded stores, the
 * bundled ESI simulator for prices, cost indices and logins). Prices are checked against what the simulator itself
 * answers; the game's arithmetic is checked to the unit in the unit and int specs.
 */
describe('Industry calculator API (real server, ESI simulator)', () => {
  jest.setTimeout(180_000);
  let dataDir: string;
  let server: RunningServer;

  /** Each client from its own address, so the login rate limit keeps them apart. */
  const newClient = (): ProductClient => {
    const client = new ProductClient(server.url);
    const address = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const request = client.request.bind(client);
    client.request = (method, path, options = {}) =>
      request(method, path, { ...options, headers: { 'x-forwarded-for': address, ...options.headers } });
    return client;
  };
  const calculate = (body: unknown) => newClient().request('POST', '/api/v1/industry/calculate', { body });
  /** The simulator's own answer to a public ESI route, as the server's ESI client reads it. */
  async function esi<T>(path: string): Promise<T> {
    const response = await fetch(`${server.url}/esi-sim${path}`);
    expect(response.status).toBe(200);
    return (await response.json()) as T;
  }
  async function lowestSell(typeId: number): Promise<number | null> {
    const orders = await esi<EsiRegionOrder[]>(`/markets/${FORGE}/orders?type_id=${typeId}&order_type=all`);
    const sells = orders.filter((order) => !order.is_buy_order && order.volume_remain > 0);
    return sells.length === 0 ? null : Math.min(...sells.map((order) => order.price));
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'tw-industry-e2e-'));
    server = await startServer({
      env: { ...process.env, DATA_DIR: dataDir, PORT: String(await freePort()), LOG_LEVEL: 'silent' },
    });
  });

  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('prices a Dominix in a low-sec Sotiyo with a T1 XL ship rig: 6,857,136 Tritanium, ESI prices and cost index', async () => {
    const answer = await calculate({
      blueprintTypeId: DOMINIX_BLUEPRINT,
      runs: 1,
      materialEfficiency: 10,
      timeEfficiency: 20,
      systemName: 'Tama',
      structureCostBonus: -5,
      rig1TypeId: XL_SHIP_RIG_T1,
    });
    expect(answer.status).toBe(200);
    const result = industryCalculationSchema.parse(answer.body);
    expect(result.inputs.find((input) => input.typeId === 34)).toMatchObject({
      typeName: 'Tritanium',
      baseQuantity: 8_000_000,
      quantity: 6_857_136,
    });
    expect(result).toMatchObject({
      securityStatus: 'LOW',
      timeSeconds: 4_250,
      materialConsumptionModifier: 0.95238,
    });

    // The estimated item value from the simulator's adjusted prices (whole cents there), exactly.
    const prices = new Map(
      (await esi<EsiMarketPrice[]>('/markets/prices')).map((price) => [price.type_id, price.adjusted_price]),
    );
    let eivCents = 0n;
    for (const input of result.inputs) {
      expect(input.adjustedPrice).toBe(prices.get(input.typeId) ?? null);
      eivCents += BigInt(input.baseQuantity) * BigInt(Math.round((prices.get(input.typeId) ?? 0) * 100));
    }
    const eiv = (eivCents + 50n) / 100n;
    expect(BigInt(result.estimatedItemValue)).toBe(eiv);
    const tama = (await esi<EsiIndustrySystem[]>('/industry/systems')).find(
      (system) => system.solar_system_id === TAMA,
    )!;
    const index = tama.cost_indices.find((entry) => entry.activity === 'manufacturing')!.cost_index;
    expect(result.systemCostIndex).toBe(index);
    const { jobCost } = result;
    expect(Math.abs(jobCost.systemCost - result.estimatedItemValue * index)).toBeLessThanOrEqual(0.5 + 1e-6);
    expect(BigInt(jobCost.sccSurcharge)).toBe((eiv * 4n + 50n) / 100n); // 4%
    expect(BigInt(jobCost.facilityTax)).toBe((eiv * 10n + 50n) / 100n); // the default 10%
    expect(jobCost.total).toBe(
      jobCost.systemCost + jobCost.systemCostBonuses + jobCost.facilityTax + jobCost.sccSurcharge,
    );
    expect(result.totals.jobCost).toBe(jobCost.total);

    // Inputs at The Forge's lowest sell order by default (the simulator moves: either side of our call).
    const tritanium = result.inputs.find((input) => input.typeId === 34)!;
    expect(tritanium.priceSource).toBe('MARKET');
    const sellNow = await lowestSell(34);
    if (tritanium.unitPrice !== sellNow) {
      const again = industryCalculationSchema.parse(
        (await calculate({ blueprintTypeId: DOMINIX_BLUEPRINT, runs: 1 })).body,
      );
      expect(again.inputs[0]!.unitPrice).toBe(await lowestSell(34));
    }
    expect(tritanium.grossCost).toBe(Math.round(tritanium.unitPrice * 6_857_136 * 100) / 100);
  });

  it('needs 976 and 49 for 10 Carbon Fiber runs in a low-sec Athanor with T2 reactor rigs', async () => {
    const answer = await calculate({
      blueprintTypeId: CARBON_FIBER_FORMULA,
      runs: 10,
      systemName: 'Tama',
      rig1TypeId: COMPOSITE_REACTOR_MATERIAL_T2,
      rig2TypeId: COMPOSITE_REACTOR_TIME_T2,
      facilityTax: 1.5,
    });
    expect(answer.status).toBe(200);
    const result = answer.body as IndustryCalculation;
    expect(Object.fromEntries(result.inputs.map((input) => [input.typeId, input.quantity]))).toEqual({
      4246: 49,
      16633: 976,
      16635: 976,
    });
    expect(result.isReaction).toBe(true);
    expect(result.outputs).toEqual([expect.objectContaining({ typeId: 57453, quantity: 2_000 })]);
    const tama = (await esi<EsiIndustrySystem[]>('/industry/systems')).find(
      (system) => system.solar_system_id === TAMA,
    )!;
    expect(result.systemCostIndex).toBe(
      tama.cost_indices.find((entry) => entry.activity === 'reaction')!.cost_index,
    );
    // A Tatara's role bonus: 25% off the time, nothing else.
    const tatara = (
      await calculate({
        blueprintTypeId: CARBON_FIBER_FORMULA,
        runs: 10,
        systemName: 'Tama',
        rig1TypeId: COMPOSITE_REACTOR_MATERIAL_T2,
        rig2TypeId: COMPOSITE_REACTOR_TIME_T2,
        facilityTax: 1.5,
        refinery: 'TATARA',
      })
    ).body as IndustryCalculation;
    expect(tatara.timeSeconds).toBe(result.timeSeconds * 0.75);
    expect(tatara.inputs).toEqual(result.inputs);
    // And never in high-sec.
    const jita = await calculate({ blueprintTypeId: CARBON_FIBER_FORMULA, runs: 1, systemName: 'Jita' });
    expect(jita.status).toBe(400);
  });

  it("answers an item's id with the blueprint that makes it, as the market browser's button links it", async () => {
    const result = industryCalculationSchema.parse((await calculate({ blueprintTypeId: 645, runs: 1 })).body);
    expect(result).toMatchObject({ requestedTypeId: 645, blueprintTypeId: DOMINIX_BLUEPRINT });
  });

  it('charges the broker only for orders placed: none on inputs bought from sell orders or an output sold to buy orders', async () => {
    const byOrders = industryCalculationSchema.parse(
      (await calculate({ blueprintTypeId: DOMINIX_BLUEPRINT, runs: 1, buyFromBuys: true, sellToBuys: false }))
        .body,
    );
    expect(byOrders.totals.inputsBrokerFee).toBeGreaterThan(0);
    expect(byOrders.totals.sellBrokerFee).toBeGreaterThan(0);
    const instant = industryCalculationSchema.parse(
      (await calculate({ blueprintTypeId: DOMINIX_BLUEPRINT, runs: 1, buyFromBuys: false, sellToBuys: true }))
        .body,
    );
    expect(instant.inputs.every((input) => input.brokerFee === 0 && input.netCost === input.grossCost)).toBe(
      true,
    );
    expect(instant.totals).toMatchObject({ inputsBrokerFee: 0, sellBrokerFee: 0 });
    expect(instant.totals.salesTax).toBeGreaterThan(0);
  });

  it('prices a material without orders in the buy region at ESI average price, marked, never at 0', async () => {
    // A region where the simulator lists no Tritanium sell order: every such input falls back.
    let quietRegion: number | null = null;
    for (const regionId of [10000004, 10000006, 10000008, 10000010, 10000012]) {
      const orders = await esi<EsiRegionOrder[]>(`/markets/${regionId}/orders?type_id=34&order_type=sell`);
      if (orders.length === 0) {
        quietRegion = regionId;
        break;
      }
    }
    expect(quietRegion).not.toBeNull();
    const result = industryCalculationSchema.parse(
      (await calculate({ blueprintTypeId: DOMINIX_BLUEPRINT, runs: 1, buyRegionId: quietRegion })).body,
    );
    const averages = new Map(
      (await esi<EsiMarketPrice[]>('/markets/prices')).map((price) => [price.type_id, price.average_price]),
    );
    const tritanium = result.inputs.find((input) => input.typeId === 34)!;
    expect(tritanium).toMatchObject({
      marketPrice: null,
      priceSource: 'ESI_AVERAGE',
      unitPrice: averages.get(34),
    });
    expect(tritanium.grossCost).toBeGreaterThan(0);
    for (const input of result.inputs.filter((line) => line.marketPrice === null))
      expect([input.typeId, input.priceSource]).toEqual([
        input.typeId,
        averages.get(input.typeId) ? 'ESI_AVERAGE' : 'NONE',
      ]);
  });

  it('answers invalid requests with 400 and a sentence the page shows', async () => {
    for (const [body, message] of [
      [
        { blueprintTypeId: 34, runs: 1 },
        'No blueprint or reaction formula has the type id 34, and none makes it.',
      ],
      [{ blueprintTypeId: DOMINIX_BLUEPRINT, runs: 0 }, 'runs: Too small'],
      [
        { blueprintTypeId: DOMINIX_BLUEPRINT, runs: 1, systemName: 'Nowhere' },
        "No solar system is named 'Nowhere'.",
      ],
      [
        { blueprintTypeId: DOMINIX_BLUEPRINT, runs: 1, materialEfficiency: 11 },
        'materialEfficiency: Too big',
      ],
    ] as const) {
      const answer = await calculate(body);
      expect(answer.status).toBe(400);
      expect((answer.body as { message: string }).message).toContain(message);
    }
    const search = await newClient().get('/api/v1/industry/blueprints/search?q=Dominix');
    expect(search.status).toBe(200);
    expect((search.body as { typeName: string }[])[0]).toEqual({
      typeId: DOMINIX_BLUEPRINT,
      typeName: 'Dominix Blueprint',
      isReaction: false,
    });
  });

  it('keeps Structure Settings per logged-in account, as events on its own stream', async () => {
    const visitor = newClient();
    expect((await visitor.get('/api/v1/account/structures')).status).toBe(401);

    const owner = newClient();
    expect((await owner.authorize(ARIA)).location).toBe('/index');
    const account = (await owner.get('/api/v1/account')).body as AccountDto;
    const created = await owner.request('POST', '/api/v1/account/structures/', {
      body: { name: 'Tama - Forge of Plenty', securityStatus: 'LOW', rig1TypeId: XL_SHIP_RIG_T1 },
    });
    expect(created.status).toBe(201);
    const structure = industryStructureSchema.parse(created.body);
    expect(structure).toEqual({
      id: 1,
      name: 'Tama - Forge of Plenty',
      securityStatus: 'LOW',
      rig1TypeId: XL_SHIP_RIG_T1,
      rig2TypeId: null,
      rig3TypeId: null,
      facilityId: null,
    });
    const withoutCsrf = await owner.request('POST', '/api/v1/account/structures/', {
      body: { name: 'Jita - Other', securityStatus: 'HIGH' },
      csrf: false,
    });
    expect(withoutCsrf.status).toBe(403);
    const invalid = await owner.request('POST', '/api/v1/account/structures/', {
      body: { name: 'Forge of Plenty', securityStatus: 'LOW' },
    });
    expect(invalid.status).toBe(400);
    expect((invalid.body as { message: string }).message).toContain('must begin with its solar system');

    const patched = await owner.request('PATCH', '/api/v1/account/structures/1', {
      body: { securityStatus: 'NULL', rig2TypeId: 37181 },
    });
    expect(patched).toMatchObject({ status: 200, body: { securityStatus: 'NULL', rig2TypeId: 37181 } });

    const settings = industryStructureSettingsSchema.parse(
      (await owner.get('/api/v1/account/structures')).body,
    );
    expect(settings.structures).toEqual([patched.body]);
    expect(settings.structureRigs[String(XL_SHIP_RIG_T1)]).toBe(
      'Standup XL-Set Ship Manufacturing Efficiency I',
    );

    const intruder = newClient();
    await intruder.authorize(MIRA);
    expect((await intruder.get('/api/v1/account/structures')).body).toMatchObject({ structures: [] });
    expect((await intruder.request('DELETE', '/api/v1/account/structures/1')).status).toBe(404);

    expect((await owner.request('DELETE', '/api/v1/account/structures/1')).status).toBe(204);
    expect((await owner.get('/api/v1/account/structures')).body).toMatchObject({
      structures: [],
      usedStructures: [{ facilityId: null, name: 'Tama - Forge of Plenty' }],
    });

    const events = await server.app
      .get<EventStore>(EVENT_STORE)
      .readStream(industryStructuresStream(account.id));
    expect(events.map((event) => event.type)).toEqual([
      'IndustryStructureSaved',
      'IndustryStructureChanged',
      'IndustryStructureRemoved',
    ]);
    expect(events.every((event) => event.metadata.actor === `account:${account.id}`)).toBe(true);
  });
});
