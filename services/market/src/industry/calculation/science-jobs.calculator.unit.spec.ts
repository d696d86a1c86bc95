import type { StructureBonusRecord } from '../../static-data/dataset/dataset-format';
import type { IndustryJobPlan } from './industry-job.plan';
import { basePlan } from './industry-plan.fixture';
import { calculateScienceJobs } from './science-jobs.calculator';

const SOTIYO: StructureBonusRecord = {
  typeId: 35827,
  name: 'Sotiyo',
  groupId: 1404,
  rigSize: 4,
  materialMultiplier: 0.99,
  timeMultiplier: 0.7,
  costMultiplier: 0.95,
  reactionTimeMultiplier: 1,
};
const INDICES = { copying: 0.02, researchingMaterialEfficiency: 0.01, researchingTimeEfficiency: 0.015 };
/** One run's EIV: 10,000,000 Tritanium at an adjusted 5.5 ISK. */
const PER_RUN_EIV = 55_000_000;

/** A blueprint in a low-sec Sotiyo, 10% tax, all skills V: copying 14,400 s a run, research 6,300 s for level 1. */
function researched(science: Partial<IndustryJobPlan['science']>): IndustryJobPlan {
  const plan = basePlan({
    activity: { time: 14_400, materials: [{ typeId: 34, quantity: 10_000_000 }], products: [], skills: [] },
    products: [{ typeId: 999, typeName: 'Thing', quantity: 1, productClass: { groupId: 1, categoryId: 6 } }],
    structureCostBonus: -5,
    structureRole: SOTIYO,
  });
  return { ...plan, science: { ...plan.science, ...science } };
}

describe('copying and ME/TE research jobs', () => {
  it('given 2 copies of 5 runs, when priced, then the job cost base is 2% of one run EIV times 10 runs', () => {
    const [copying] = calculateScienceJobs(
      researched({ copying: { copies: 2, runsPerCopy: 5, baseTime: 14_400 } }),
      PER_RUN_EIV,
      INDICES,
    );

    // 55,000,000 × 0.02 × 10 = 11,000,000; index 2% = 220,000; Sotiyo −5% = −11,000; tax 10% = 1,100,000;
    // SCC 4% = 440,000.
    expect(copying!.jobCost).toEqual({
      jobCostBase: 11_000_000,
      estimatedItemValue: PER_RUN_EIV,
      systemCost: 220_000,
      systemCostBonuses: -11_000,
      facilityTax: 1_100_000,
      sccSurcharge: 440_000,
      total: 1_749_000,
    });
    // 2 × 5 × 14,400 × (1 − 0.25 Science V) × (1 − 0.15 Advanced Industry V) × 0.7 Sotiyo = 64,260 s.
    expect(copying).toMatchObject({ activity: 'COPYING', copies: 2, runsPerCopy: 5, timeSeconds: 64_260 });
  });

  it('given Science 0, when copying, then only Advanced Industry and the Sotiyo shorten it', () => {
    const plan = researched({ copying: { copies: 2, runsPerCopy: 5, baseTime: 14_400 } });
    const untrained = {
      ...plan,
      science: { ...plan.science, scienceSkill: { ...plan.science.scienceSkill, level: 0 } },
    };

    // 144,000 × 0.85 × 0.7
    expect(calculateScienceJobs(untrained, PER_RUN_EIV, INDICES)[0]!.timeSeconds).toBe(85_680);
  });

  it('given ME research from 0 to 10, when priced, then the base is 2% of EIV times 256,000 / 105', () => {
    const [research] = calculateScienceJobs(
      researched({ materialResearch: { from: 0, to: 10, baseTime: 6_300 } }),
      PER_RUN_EIV,
      INDICES,
    );

    // 1,100,000 × 256,000 / 105 = 2,681,904,761.9 → 2,681,904,762; index 1% → 26,819,048; −5% → −1,340,952;
    // tax 268,190,476; SCC 107,276,190.
    expect(research!.jobCost).toMatchObject({
      jobCostBase: 2_681_904_762,
      systemCost: 26_819_048,
      systemCostBonuses: -1_340_952,
      facilityTax: 268_190_476,
      sccSurcharge: 107_276_190,
      total: 400_944_762,
    });
    // 6,300 × 256,000 / 105 × 0.75 (Metallurgy V) × 0.85 × 0.7
    expect(research).toMatchObject({
      activity: 'MATERIAL_RESEARCH',
      from: 0,
      to: 10,
      timeSeconds: 6_854_400,
    });
  });

  it('given TE research from TE 4 to TE 10, when priced, then it researches levels 2 to 5', () => {
    const [research] = calculateScienceJobs(
      researched({ timeResearch: { from: 4, to: 10, baseTime: 6_300 } }),
      PER_RUN_EIV,
      INDICES,
    );

    // D[5] − D[2] = 3,360 − 250 = 3,110: base 1,100,000 × 3,110 / 105 = 32,580,952; index 1.5% → 488,714;
    // −5% → −24,436; tax 3,258,095; SCC 1,303,238.
    expect(research!.jobCost.total).toBe(488_714 - 24_436 + 3_258_095 + 1_303_238);
    expect(research!.jobCost.jobCostBase).toBe(32_580_952);
    // 6,300 × 3,110 / 105 = 186,600 × 0.75 (Research V) × 0.85 × 0.7 = 83,270.25
    expect(research!.timeSeconds).toBe(83_270);
  });

  it('given no system, when priced, then only the facility tax and the SCC surcharge are paid', () => {
    const [copying] = calculateScienceJobs(
      researched({ copying: { copies: 1, runsPerCopy: 1, baseTime: 14_400 } }),
      PER_RUN_EIV,
      { copying: 0, researchingMaterialEfficiency: 0, researchingTimeEfficiency: 0 },
    );

    // base 1,100,000: tax 110,000, SCC 44,000.
    expect(copying!.jobCost.total).toBe(154_000);
  });

  it('given nothing asked, when priced, then there are no science jobs', () => {
    expect(calculateScienceJobs(researched({}), PER_RUN_EIV, INDICES)).toEqual([]);
  });
});
