import type { SolarSystem } from '@tradewise/contracts';
import { calculateIndustry, type BuildTreePlan, type TreeMarketInputs } from './build-tree';
import type { IndustryJobPlan } from './industry-job.plan';
import { basePlan } from './industry-plan.fixture';

const TRITANIUM = 34;
const PYERITE = 35;
const WIDGET = 900;
const PART = 901;
const names = new Map([
  [TRITANIUM, 'Tritanium'],
  [PYERITE, 'Pyerite'],
  [WIDGET, 'Widget'],
  [PART, 'Part'],
]);
const product = (typeId: number, quantity: number) => ({
  typeId,
  typeName: names.get(typeId)!,
  quantity,
  productClass: { groupId: 1, categoryId: 17 },
});

/** The Widget: 10 Parts and 100 Tritanium a run, 1,000 s; ME 0, TE 0 in Tama, no structure, 10% tax. */
const widgetJob: IndustryJobPlan = basePlan({
  blueprintTypeId: 1900,
  blueprintTypeName: 'Widget Blueprint',
  activity: {
    time: 1_000,
    materials: [
      { typeId: PART, quantity: 10 },
      { typeId: TRITANIUM, quantity: 100 },
    ],
    products: [{ typeId: WIDGET, quantity: 1 }],
    skills: [],
  },
  products: [product(WIDGET, 1)],
  typeNames: names,
  runs: 2,
  materialEfficiency: 0,
  timeEfficiency: 0,
  maxProductionLimit: 10,
});
/** The Part: 3 a run from 50 Tritanium and 7 Pyerite, 100 s; ME 0, TE 0, in the same facility. */
const partJob: IndustryJobPlan = basePlan({
  blueprintTypeId: 1901,
  blueprintTypeName: 'Part Blueprint',
  activity: {
    time: 100,
    materials: [
      { typeId: TRITANIUM, quantity: 50 },
      { typeId: PYERITE, quantity: 7 },
    ],
    products: [{ typeId: PART, quantity: 3 }],
    skills: [],
  },
  products: [product(PART, 3)],
  typeNames: names,
  materialEfficiency: 0,
  timeEfficiency: 0,
  maxProductionLimit: 5,
});

function tree(buildPart: boolean): BuildTreePlan {
  return {
    root: widgetJob,
    jobs: buildPart ? [{ typeId: PART, plan: partJob, depth: 1 }] : [],
    components: new Map([
      [PART, { typeId: PART, typeName: 'Part', blueprintTypeId: 1901, isReaction: false, built: buildPart }],
    ]),
    materialTypeIds: [PART, TRITANIUM, PYERITE],
  };
}

/** Sell orders at 5, 10 and 1,000 ISK; adjusted prices 4, 8 and 900; the Widget sells at 20,000; index 10%. */
const market: TreeMarketInputs = {
  adjustedPrices: new Map([
    [TRITANIUM, 4],
    [PYERITE, 8],
    [PART, 900],
  ]),
  averagePrices: new Map(),
  inputMarketPrices: new Map([
    [TRITANIUM, 5],
    [PYERITE, 10],
    [PART, 1_000],
  ]),
  outputMarketPrices: new Map([[WIDGET, 20_000]]),
  costIndex: (system: SolarSystem | null, activity: string) =>
    system && activity === 'manufacturing' ? 0.1 : 0,
};

describe('the build tree', () => {
  it('given nothing built, when calculated, then the tree is the job alone and buys its inputs', () => {
    const answer = calculateIndustry(tree(false), market);

    expect(answer.tree.jobs.map((job) => [job.typeName, job.runs])).toEqual([['Widget', 2]]);
    expect(answer.tree.materials.map((line) => [line.typeName, line.quantity])).toEqual([
      ['Part', 20],
      ['Tritanium', 200],
    ]);
    // 20 × 1,000 + 200 × 5 = 21,000 + 1% broker 210; job cost on EIV 2 × (10 × 900 + 100 × 4) = 18,800:
    // index 1,880 + tax 1,880 + SCC 752 = 4,512.
    expect(answer.tree.totals).toMatchObject({ materialsNet: 21_210, jobCost: 4_512, totalCost: 25_722 });
    expect(answer.tree.totals.totalCost).toBe(answer.totals.totalCost);
    expect(answer.tree.components).toEqual([
      {
        typeId: PART,
        typeName: 'Part',
        blueprintTypeId: 1901,
        isReaction: false,
        built: false,
        depth: 1,
        quantity: 20,
      },
    ]);
  });

  it('given the Part built, when calculated, then its job covers the 20 needed and the minerals are bought for both', () => {
    const answer = calculateIndustry(tree(true), market);

    // ceil(20 / 3) = 7 runs make 21 Parts; they need 7 × 50 = 350 Tritanium and 7 × 7 = 49 Pyerite.
    expect(
      answer.tree.jobs.map(({ typeName, depth, runs, quantity, needed, jobs }) => ({
        typeName,
        depth,
        runs,
        quantity,
        needed,
        jobs,
      })),
    ).toEqual([
      { typeName: 'Widget', depth: 0, runs: 2, quantity: 2, needed: 2, jobs: 1 },
      { typeName: 'Part', depth: 1, runs: 7, quantity: 21, needed: 20, jobs: 2 },
    ]);
    expect(answer.tree.materials.map((line) => [line.typeName, line.quantity, line.netCost])).toEqual([
      // 550 × 5 = 2,750 + 1% = 2,777.50; 49 × 10 = 490 + 1% = 494.90
      ['Tritanium', 550, 2_777.5],
      ['Pyerite', 49, 494.9],
    ]);
    // The Part's EIV 7 × (50 × 4 + 7 × 8) = 1,792: index 179.2 → 179, tax 179, SCC 71.68 → 72, 430 in all.
    expect(answer.tree.jobs[1]!.jobCost).toBe(430);
    // 2 × 1,000 × 0.8 (Industry V) × 0.85 (Advanced Industry V) = 1,360 s; 7 × 100 × 0.68 = 476 s.
    expect(answer.tree.jobs.map((job) => job.timeSeconds)).toEqual([1_360, 476]);
    // Sold: 2 × 20,000 = 40,000 less 1% broker and 3.6% tax = 38,160. Cost: 3,272.40 + 4,512 + 430 = 8,214.40.
    expect(answer.tree.totals).toEqual({
      materialsGross: 3_240,
      materialsBrokerFee: 32.4,
      materialsNet: 3_272.4,
      jobCost: 4_942,
      inventionCost: 0,
      additionalBlueprintCost: 0,
      totalCost: 8_214.4,
      totalSell: 38_160,
      profit: 29_945.6,
      margin: 74.86,
      timeSeconds: 1_836,
    });
    expect(answer.tree.components[0]).toMatchObject({ typeName: 'Part', built: true, quantity: 20 });
  });

  it('given the Part built, when calculated, then the product job itself is priced as without a tree', () => {
    const built = calculateIndustry(tree(true), market);
    const alone = calculateIndustry(tree(false), market);

    expect(built.totals).toEqual(alone.totals);
    expect(built.inputs).toEqual(alone.inputs);
  });
});
