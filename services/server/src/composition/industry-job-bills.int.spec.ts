import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  accountStream,
  eventCatalogue,
  industryJobBillSchema,
  industryStructuresStream,
  type EsiBlueprint,
  type EsiIndustryJob,
  type EsiRegionOrder,
  type IndustryJobBill,
} from '@tradewise/contracts';
import {
  ensureStaticDataset,
  manufacturingMaterials,
  resolveStaticDataDir,
  type StaticData,
} from '@tradewise/market';
import {
  EmbeddedReadStore,
  ReadStoreCheckpointStore,
  SqliteEventStore,
  SystemClock,
  createLogger,
} from '@tradewise/platform';
import { ProjectionRunner, RegistryReadModels, accountsProjection } from '@tradewise/projections';
import type { IndustryJobBills } from '@tradewise/sync';
import { industryJobBills } from './industry-job-bills';
import type { SellOrderBooks } from './ledger-market-prices';

const DOMINIX_BLUEPRINT = 999;
const DOMINIX = 645;
const CARBON_FIBER_FORMULA = 57490;
const CARBON_FIBER = 57453;
/** A T1 module blueprint whose invention makes a 10-run T2 copy (784); 784's copying has inputs. */
const T1_MODULE_BLUEPRINT = 785;
const T2_MODULE_BLUEPRINT = 784;
const XL_SHIP_RIG_T1 = 37180;
const COMPOSITE_REACTOR_MATERIAL_T2 = 46487;
const FORGE = 10000002;
const TRITANIUM = 34;
const PYERITE = 35;

const ACCOUNT = randomUUID();
const BUILDER = 2119000001; // no settings
const REACTOR = 2119000002; // Reaction Bonus 2%
const TRADER = 2119000003; // Default Price Region The Forge × 1.1
const PLAIN_PRICER = 2119000004; // Default Price Region The Forge, no factor
const NPC_STATION = 60003760;
const LOWSEC_SOTIYO = 1_035_000_000_001;
const LOWSEC_ATHANOR = 1_035_000_000_002;

const silent = { info: () => undefined, warn: () => undefined };

function job(fields: Partial<EsiIndustryJob> & Pick<EsiIndustryJob, 'activity_id' | 'blueprint_type_id'>) {
  return {
    job_id: 500_000_001,
    installer_id: BUILDER,
    facility_id: NPC_STATION,
    station_id: NPC_STATION,
    blueprint_id: 1_000_000_000_123,
    blueprint_location_id: NPC_STATION,
    output_location_id: NPC_STATION,
    runs: 1,
    status: 'delivered',
    duration: 3600,
    start_date: '2026-11-01T00:00:00Z',
    end_date: '2026-11-01T01:00:00Z',
    ...fields,
  } as EsiIndustryJob;
}

function blueprintOf(typeId: number, materialEfficiency: number, quantity = -1): EsiBlueprint {
  return {
    item_id: 1_000_000_000_123,
    type_id: typeId,
    location_id: NPC_STATION,
    location_flag: 'Hangar',
    quantity,
    runs: quantity === -2 ? 10 : -1,
    material_efficiency: materialEfficiency,
    time_efficiency: 20,
  };
}

function sellBook(typeId: number, orders: readonly (readonly [price: number, isBuy: boolean])[]) {
  return {
    orders: orders.map(([price, isBuy], index): EsiRegionOrder => ({
      order_id: typeId * 100 + index,
      type_id: typeId,
      location_id: NPC_STATION,
      system_id: 30000142,
      volume_total: 10,
      volume_remain: 10,
      min_volume: 1,
      price,
      is_buy_order: isBuy,
      duration: 90,
      issued: '2026-11-01T00:00:00Z',
      range: 'region',
    })),
  };
}

/** The market's order books as a port: The Forge has Tritanium sells and only a Pyerite buy. */
function forgeBooks() {
  const asked: { regionId: number; typeIds: readonly number[] }[] = [];
  const books: SellOrderBooks = {
    typeBooks: async (regionId, typeIds) => {
      asked.push({ regionId, typeIds });
      const all = new Map([
        [
          TRITANIUM,
          sellBook(TRITANIUM, [
            [5.01, false],
            [4.99, false],
            [6, true],
          ]),
        ],
        [PYERITE, sellBook(PYERITE, [[10, true]])],
      ]);
      return new Map(typeIds.flatMap((typeId) => (all.has(typeId) ? [[typeId, all.get(typeId)!]] : [])));
    },
  };
  return { books, asked };
}

const quantityOf = (bill: IndustryJobBill | null, typeId: number) =>
  bill?.materials.find((material) => material.typeId === typeId)?.quantity;

/**
 * The bills over the real static dataset, the embedded event store (Structure Settings streams) and the accounts
 * read model built by its projection in the embedded read store; only the market's order books are a fake.
 */
describe('industry job bills', () => {
  let dir: string;
  let staticData: StaticData;
  let eventStore: SqliteEventStore;
  let readStore: EmbeddedReadStore;
  let runner: ProjectionRunner;
  let readModels: RegistryReadModels;
  let bills: IndustryJobBills;
  const warn = jest.fn();
  const { books, asked } = forgeBooks();

  const append = (stream: string, events: { type: string; data: unknown }[]) =>
    eventStore.append(
      stream,
      events.map((event) => ({
        id: randomUUID(),
        ...event,
        metadata: { $correlationId: randomUUID(), $causationId: randomUUID(), actor: `account:${ACCOUNT}` },
      })),
      { expectedRevision: 'any' },
    );

  const billFor = async (request: { job: EsiIndustryJob; blueprint: EsiBlueprint | null }) => {
    const bill = await bills.billFor({ accountId: ACCOUNT, ...request });
    if (bill) industryJobBillSchema.parse(bill);
    return bill;
  };

  beforeAll(async () => {
    staticData = await ensureStaticDataset({ dir: resolveStaticDataDir(), logger: silent });
    dir = mkdtempSync(join(tmpdir(), 'tw-job-bills-'));
    const clock = new SystemClock();
    eventStore = new SqliteEventStore({
      path: join(dir, 'events.sqlite'),
      catalogue: eventCatalogue,
      clock,
      pollIntervalMs: 20,
    });
    readStore = new EmbeddedReadStore(join(dir, 'read.sqlite'));
    const checkpointStore = new ReadStoreCheckpointStore(readStore, clock);

    const character = (characterId: number, name: string) => ({
      type: 'CharacterLinked',
      data: {
        characterId,
        characterName: name,
        ownerHash: `hash-${characterId}`,
        scopes: [],
        enableSync: true,
      },
    });
    const settings = (characterId: number, changes: object) => ({
      type: 'CharacterSettingsChanged',
      data: { characterId, ...changes },
    });
    const { position } = await append(accountStream(ACCOUNT), [
      { type: 'AccountOpened', data: { accountId: ACCOUNT, loginCharacterId: BUILDER } },
      character(BUILDER, 'Builder'),
      character(REACTOR, 'Reactor'),
      character(TRADER, 'Trader'),
      character(PLAIN_PRICER, 'Plain Pricer'),
      settings(REACTOR, { reactionBonus: 2 }),
      settings(TRADER, { defaultPriceRegion: FORGE, defaultPriceFactor: 1.1 }),
      settings(PLAIN_PRICER, { defaultPriceRegion: FORGE }),
    ]);
    const saved = (structureId: number, facilityId: number, name: string, rig1TypeId: number) => ({
      type: 'IndustryStructureSaved',
      data: {
        structureId,
        facilityId,
        name,
        securityStatus: 'LOW',
        rig1TypeId,
        rig2TypeId: null,
        rig3TypeId: null,
      },
    });
    await append(industryStructuresStream(ACCOUNT), [
      saved(1, LOWSEC_SOTIYO, 'Tama - Sotiyo', XL_SHIP_RIG_T1),
      saved(2, LOWSEC_ATHANOR, 'Tama - Athanor', COMPOSITE_REACTOR_MATERIAL_T2),
    ]);

    runner = new ProjectionRunner([accountsProjection], {
      eventStore,
      readStore,
      checkpointStore,
      catalogue: eventCatalogue,
      logger: createLogger('silent'),
      clock,
    });
    await runner.start();
    readModels = new RegistryReadModels(readStore, checkpointStore, clock);
    await readModels.waitFor(accountsProjection.name, position, 10_000);
    bills = industryJobBills({ staticData, eventStore, readModels, books, logger: { warn } });
  }, 300_000);

  afterAll(async () => {
    await runner?.stop();
    await eventStore?.close();
    await readStore?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  beforeEach(() => {
    warn.mockClear();
    asked.length = 0;
  });

  describe('manufacturing', () => {
    it('bills a Dominix of 2 runs at ME 10 in an NPC station by the market formula: 14,400,000 Tritanium', async () => {
      const bill = await billFor({
        job: job({ activity_id: 1, blueprint_type_id: DOMINIX_BLUEPRINT, runs: 2, product_type_id: DOMINIX }),
        blueprint: blueprintOf(DOMINIX_BLUEPRINT, 10),
      });
      const activity = staticData.blueprint(DOMINIX_BLUEPRINT)!.activities.manufacturing!;
      const expected = manufacturingMaterials(activity.materials, 2, { materialEfficiency: 10 });
      expect(bill!.materials).toEqual(expected.map(({ typeId, quantity }) => ({ typeId, quantity })));
      // 8,000,000 × 2 × 0.9; one unit of 57479 per run: 1.8 rounds up to 2.
      expect(quantityOf(bill, TRITANIUM)).toBe(14_400_000);
      expect(quantityOf(bill, 57479)).toBe(2);
      expect(bill).toMatchObject({
        jobId: 500_000_001,
        productQuantity: 2,
        usesBlueprintCopy: false,
        defaultUnitPrices: [],
        basis: {
          materialEfficiency: 10,
          structure: null,
          reactionBonusPercent: null,
          defaultPriceRegionId: null,
          defaultPriceFactor: null,
        },
      });
    });

    it('applies the saved rigs of the facility in its space: a T1 XL ship rig in low-sec, 6,926,400 Tritanium', async () => {
      const bill = await billFor({
        job: job({ activity_id: 1, blueprint_type_id: DOMINIX_BLUEPRINT, facility_id: LOWSEC_SOTIYO }),
        blueprint: blueprintOf(DOMINIX_BLUEPRINT, 10),
      });
      // 8,000,000 × 0.9 × (1 − 0.02 × 1.9); Structure Settings do not say the type, so no Sotiyo role bonus.
      expect(quantityOf(bill, TRITANIUM)).toBe(6_926_400);
      const activity = staticData.blueprint(DOMINIX_BLUEPRINT)!.activities.manufacturing!;
      const expected = manufacturingMaterials(activity.materials, 1, {
        materialEfficiency: 10,
        rigs: [{ percent: -2, securityMultiplier: 1.9 }],
      });
      expect(bill!.materials).toEqual(expected.map(({ typeId, quantity }) => ({ typeId, quantity })));
      expect(bill!.basis.structure).toEqual({ securityStatus: 'LOW', rigTypeIds: [XL_SHIP_RIG_T1] });
    });

    it('marks a job on a blueprint copy, and counts the successful runs made', async () => {
      const bill = await billFor({
        job: job({ activity_id: 1, blueprint_type_id: DOMINIX_BLUEPRINT, runs: 3, successful_runs: 3 }),
        blueprint: blueprintOf(DOMINIX_BLUEPRINT, 8, -2),
      });
      expect(bill).toMatchObject({
        usesBlueprintCopy: true,
        productQuantity: 3,
        basis: { materialEfficiency: 8 },
      });
      expect(quantityOf(bill, TRITANIUM)).toBe(22_080_000); // 8,000,000 × 3 × 0.92
    });

    it('uses ME 0 for a blueprint ESI did not list, and records no ME', async () => {
      const bill = await billFor({
        job: job({ activity_id: 1, blueprint_type_id: DOMINIX_BLUEPRINT }),
        blueprint: null,
      });
      expect(quantityOf(bill, TRITANIUM)).toBe(8_000_000);
      expect(bill).toMatchObject({
        usesBlueprintCopy: false,
        basis: { materialEfficiency: null, structure: null },
      });
    });
  });

  describe('reactions', () => {
    it("applies the reactor rig and the installer's 2% Reaction Bonus: 10 runs of carbon fibre", async () => {
      const bill = await billFor({
        job: job({
          activity_id: 11,
          blueprint_type_id: CARBON_FIBER_FORMULA,
          runs: 10,
          installer_id: REACTOR,
          facility_id: LOWSEC_ATHANOR,
        }),
        blueprint: blueprintOf(CARBON_FIBER_FORMULA, 0),
      });
      // 100 × 10 × (1 − 0.024) × 0.98 = 956.48 → 957; 5 × 10 × 0.976 × 0.98 = 47.824 → 48.
      expect(quantityOf(bill, 16633)).toBe(957);
      expect(quantityOf(bill, 4246)).toBe(48);
      expect(bill).toMatchObject({
        productQuantity: 2_000,
        usesBlueprintCopy: false,
        basis: {
          reactionBonusPercent: 2,
          structure: { securityStatus: 'LOW', rigTypeIds: [COMPOSITE_REACTOR_MATERIAL_T2] },
        },
      });
    });

    it('without a Reaction Bonus gives the reference fixture: 976 and 49', async () => {
      const bill = await billFor({
        job: job({
          activity_id: 9,
          blueprint_type_id: CARBON_FIBER_FORMULA,
          runs: 10,
          facility_id: LOWSEC_ATHANOR,
        }),
        blueprint: null,
      });
      expect(quantityOf(bill, 16633)).toBe(976);
      expect(quantityOf(bill, 4246)).toBe(49);
      expect(bill!.productQuantity).toBe(2_000);
      expect(bill!.basis.reactionBonusPercent).toBeNull();
      expect(staticData.typeName(CARBON_FIBER)).toBeTruthy();
    });
  });

  it('bills a copy job: copies × runs per copy, its inputs × runs', async () => {
    const bill = await billFor({
      job: job({ activity_id: 5, blueprint_type_id: T2_MODULE_BLUEPRINT, runs: 2, licensed_runs: 10 }),
      blueprint: blueprintOf(T2_MODULE_BLUEPRINT, 10),
    });
    expect(bill).toMatchObject({
      productQuantity: 20,
      usesBlueprintCopy: false,
      materials: [
        { typeId: 11459, quantity: 2 },
        { typeId: 3812, quantity: 12 },
      ],
      basis: { structure: null, reactionBonusPercent: null },
    });
  });

  it('bills an invention of 2 attempts with 1 success: the datacores of both, one 10-run copy, on a T1 copy', async () => {
    const bill = await billFor({
      job: job({
        activity_id: 8,
        blueprint_type_id: T1_MODULE_BLUEPRINT,
        runs: 2,
        successful_runs: 1,
        product_type_id: T2_MODULE_BLUEPRINT,
        facility_id: LOWSEC_SOTIYO,
      }),
      blueprint: blueprintOf(T1_MODULE_BLUEPRINT, 10, -2),
    });
    expect(bill).toMatchObject({
      productQuantity: 10,
      usesBlueprintCopy: true,
      materials: [
        { typeId: 20424, quantity: 4 },
        { typeId: 20413, quantity: 4 },
      ],
      basis: { structure: null },
    });
  });

  describe('default prices', () => {
    it("prices the inputs at the Default Price Region's lowest sell × the factor, in whole cents", async () => {
      const bill = await billFor({
        job: job({ activity_id: 1, blueprint_type_id: DOMINIX_BLUEPRINT, installer_id: TRADER }),
        blueprint: blueprintOf(DOMINIX_BLUEPRINT, 10),
      });
      // 4.99 × 1.1 = 5.489 → 549 cents; Pyerite has only a buy order, so no price.
      expect(bill!.defaultUnitPrices).toEqual([{ typeId: TRITANIUM, unitPriceCents: 549 }]);
      expect(bill!.basis).toMatchObject({ defaultPriceRegionId: FORGE, defaultPriceFactor: 1.1 });
      expect(asked).toEqual([{ regionId: FORGE, typeIds: bill!.materials.map((m) => m.typeId) }]);
    });

    it('uses a factor of 1 when the character set none', async () => {
      const bill = await billFor({
        job: job({ activity_id: 1, blueprint_type_id: DOMINIX_BLUEPRINT, installer_id: PLAIN_PRICER }),
        blueprint: blueprintOf(DOMINIX_BLUEPRINT, 10),
      });
      expect(bill!.defaultUnitPrices).toEqual([{ typeId: TRITANIUM, unitPriceCents: 499 }]);
      expect(bill!.basis).toMatchObject({ defaultPriceRegionId: FORGE, defaultPriceFactor: null });
    });

    it('goes without prices, with a warning, when the books do not answer in time', async () => {
      const slow = industryJobBills({
        staticData,
        eventStore,
        readModels,
        books: { typeBooks: () => new Promise(() => undefined) },
        logger: { warn },
        priceWaitMs: 20,
      });
      const bill = await slow.billFor({
        accountId: ACCOUNT,
        job: job({ activity_id: 1, blueprint_type_id: DOMINIX_BLUEPRINT, installer_id: TRADER }),
        blueprint: null,
      });
      expect(bill!.defaultUnitPrices).toEqual([]);
      expect(quantityOf(bill, TRITANIUM)).toBe(8_000_000);
      expect(warn).toHaveBeenCalledTimes(1);
    });

    it('goes without prices, with a warning, when the books fail', async () => {
      const failing = industryJobBills({
        staticData,
        eventStore,
        readModels,
        books: { typeBooks: () => Promise.reject(new Error('ESI is down')) },
        logger: { warn },
      });
      const bill = await failing.billFor({
        accountId: ACCOUNT,
        job: job({ activity_id: 1, blueprint_type_id: DOMINIX_BLUEPRINT, installer_id: TRADER }),
        blueprint: null,
      });
      expect(bill!.defaultUnitPrices).toEqual([]);
      expect(warn).toHaveBeenCalledTimes(1);
    });
  });

  it('answers null for an activity it does not bill, or one the static data does not know', async () => {
    const billOf = (fields: Parameters<typeof job>[0]) => billFor({ job: job(fields), blueprint: null });
    expect(await billOf({ activity_id: 3, blueprint_type_id: DOMINIX_BLUEPRINT })).toBeNull(); // TE research
    expect(await billOf({ activity_id: 1, blueprint_type_id: CARBON_FIBER_FORMULA })).toBeNull(); // no manufacturing
    expect(await billOf({ activity_id: 11, blueprint_type_id: DOMINIX_BLUEPRINT })).toBeNull(); // no reaction
    expect(await billOf({ activity_id: 1, blueprint_type_id: TRITANIUM })).toBeNull(); // not a blueprint
  });
});
