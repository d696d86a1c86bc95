import {
  CARBON_FIBER_ADJUSTED_PRICES,
  CARBON_FIBER_MATERIALS,
  CARBON_FIBER_SYSTEM_COST_INDEX,
  DOMINIX_ADJUSTED_PRICES,
  DOMINIX_MATERIALS_OLDER_SDE,
  DOMINIX_SYSTEM_COST_INDEX,
  SOTIYO,
} from './industry-cases.fixture';
import {
  ALPHA_CLONE_TAX_RATE,
  NPC_STATION_FACILITY_TAX_RATE,
  estimatedItemValue,
  jobInstallationCost,
} from './job-cost.formula';

describe('estimated item value', () => {
  it('prices the base quantities (ME 0, no bonuses) at adjusted prices, for all runs, in whole ISK', () => {
    // esi.md §5.2 worked case: the reference fixture's Dominix, with the quantities of the SDE it was made with.
    expect(estimatedItemValue(DOMINIX_MATERIALS_OLDER_SDE, 1, DOMINIX_ADJUSTED_PRICES)).toEqual({
      value: 154_286_511,
      unpricedTypeIds: [],
    });
    // esi.md §5.4: 10 × (5 × 17,916.71… + 100 × 121.77… + 100 × 396.28…) = 1,413,901.
    expect(estimatedItemValue(CARBON_FIBER_MATERIALS, 10, CARBON_FIBER_ADJUSTED_PRICES).value).toBe(
      1_413_901,
    );
  });

  it('multiplies by runs before rounding', () => {
    const materials = [{ typeId: 34, quantity: 1 }];
    expect(estimatedItemValue(materials, 1, { 34: 0.4 }).value).toBe(0);
    expect(estimatedItemValue(materials, 3, { 34: 0.4 }).value).toBe(1); // 1.2
    expect(estimatedItemValue(materials, 5, { 34: 0.1 }).value).toBe(1); // 0.5, half up
  });

  it('counts inputs without an adjusted price as 0 and names them', () => {
    const materials = [
      { typeId: 34, quantity: 10 },
      { typeId: 99999, quantity: 1 },
    ];
    expect(estimatedItemValue(materials, 2, new Map([[34, 4.5]]))).toEqual({
      value: 90,
      unpricedTypeIds: [99999],
    });
  });
});

describe('job installation cost', () => {
  it('reproduces the Dominix in a low-sec Sotiyo with a 50% faction warfare bonus and 2% tax, to the ISK', () => {
    expect(
      jobInstallationCost({
        estimatedItemValue: 154_286_511,
        systemCostIndex: DOMINIX_SYSTEM_COST_INDEX,
        structureCostMultiplier: SOTIYO.cost,
        factionWarfareBonus: -0.5,
        facilityTaxRate: 0.02,
      }),
    ).toEqual({
      estimatedItemValue: 154_286_511,
      systemCost: 11_511_453,
      systemCostBonuses: -6_043_513, // 11,511,453 × (0.95 × 0.5 − 1) = −6,043,512.825
      facilityTax: 3_085_730,
      sccSurcharge: 6_171_460,
      alphaCloneTax: 0,
      total: 14_725_130,
    });
  });

  it('reproduces the Carbon Fiber reaction in a low-sec Athanor with 1.5% tax, to the ISK', () => {
    expect(
      jobInstallationCost({
        estimatedItemValue: 1_413_901,
        systemCostIndex: CARBON_FIBER_SYSTEM_COST_INDEX,
        facilityTaxRate: 0.015,
      }),
    ).toEqual({
      estimatedItemValue: 1_413_901,
      systemCost: 83_558,
      systemCostBonuses: 0,
      facilityTax: 21_209, // 21,208.515
      sccSurcharge: 56_556,
      alphaCloneTax: 0,
      total: 161_323,
    });
  });

  it("differs from the game's window when fed the index rounded as ESI lists it", () => {
    const rounded = jobInstallationCost({
      estimatedItemValue: 1_413_901,
      systemCostIndex: 0.0591,
      facilityTaxRate: 0.015,
    });
    expect(rounded.systemCost).toBe(83_562);
  });

  it('multiplies structure, rig and faction warfare bonuses, and never touches the taxes', () => {
    const cost = jobInstallationCost({
      estimatedItemValue: 1_000_000,
      systemCostIndex: 0.1,
      structureCostMultiplier: 0.97,
      rigs: [{ percent: -10, securityMultiplier: 2.1 }],
      factionWarfareBonus: -0.25,
      facilityTaxRate: 0.1,
      alphaCloneTaxRate: ALPHA_CLONE_TAX_RATE,
    });
    // 100,000 × (0.97 × 0.79 × 0.75 − 1) = −42,527.5 -> −42,528 (half away from zero).
    expect(cost).toEqual({
      estimatedItemValue: 1_000_000,
      systemCost: 100_000,
      systemCostBonuses: -42_528,
      facilityTax: 100_000,
      sccSurcharge: 40_000,
      alphaCloneTax: 2_500,
      total: 199_972,
    });
  });

  it('charges an NPC station the system cost, its 0.25% tax and the surcharge', () => {
    const cost = jobInstallationCost({
      estimatedItemValue: 12_345_678,
      systemCostIndex: 0.0523,
      facilityTaxRate: NPC_STATION_FACILITY_TAX_RATE,
    });
    expect(cost).toMatchObject({
      systemCost: 645_679,
      systemCostBonuses: 0,
      facilityTax: 30_864,
      sccSurcharge: 493_827,
    });
    expect(cost.total).toBe(645_679 + 30_864 + 493_827);
  });

  it('takes a configured surcharge rate', () => {
    const cost = jobInstallationCost({
      estimatedItemValue: 1_000,
      systemCostIndex: 0,
      facilityTaxRate: 0,
      sccSurchargeRate: 0.0025,
    });
    expect(cost.sccSurcharge).toBe(3); // 2.5, half up
  });

  it('refuses input outside the game rules', () => {
    const base = { estimatedItemValue: 1_000, systemCostIndex: 0.05, facilityTaxRate: 0.01 };
    expect(() => jobInstallationCost({ ...base, estimatedItemValue: 10.5 })).toThrow('estimatedItemValue');
    expect(() => jobInstallationCost({ ...base, systemCostIndex: -0.1 })).toThrow('systemCostIndex');
    expect(() => jobInstallationCost({ ...base, facilityTaxRate: 0.11 })).toThrow('facilityTaxRate');
    expect(() => jobInstallationCost({ ...base, factionWarfareBonus: 0.5 })).toThrow('factionWarfareBonus');
    expect(() => jobInstallationCost({ ...base, structureCostMultiplier: -1 })).toThrow(
      'structureCostMultiplier',
    );
    expect(() => estimatedItemValue([{ typeId: 34, quantity: 1 }], 0, {})).toThrow('runs');
    expect(() => estimatedItemValue([{ typeId: 34, quantity: 1 }], 1, { 34: -1 })).toThrow('adjusted price');
  });
});
