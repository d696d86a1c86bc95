import {
  CARBON_FIBER_MATERIALS,
  COMPOSITE_REACTOR_T2_LOWSEC_MATERIAL,
  DOMINIX_MATERIALS,
  DOMINIX_MATERIALS_OLDER_SDE,
  SOTIYO,
  XL_SHIP_RIG_T1_LOWSEC_MATERIAL,
} from './industry-cases.fixture';
import {
  facilityMaterialFactor,
  manufacturingMaterialFactor,
  manufacturingMaterials,
  materialQuantity,
  reactionMaterials,
  type ManufacturingMaterialModifiers,
} from './material-quantity.formula';

const dominixInLowsecSotiyo: ManufacturingMaterialModifiers = {
  materialEfficiency: 10,
  structureMultiplier: SOTIYO.material,
  rigs: [XL_SHIP_RIG_T1_LOWSEC_MATERIAL],
};

function quantities(requirements: readonly { typeId: number; quantity: number }[]): Record<number, number> {
  return Object.fromEntries(requirements.map((line) => [line.typeId, line.quantity]));
}

describe('manufacturing materials', () => {
  it('needs exactly 6,857,136 Tritanium for a Dominix, ME 10, one run, in a low-sec Sotiyo with a T1 XL ship rig', () => {
    // 8,000,000 × 0.9 × 0.99 × (1 − 0.02 × 1.9) = 6,857,136 exactly; float noise must not make it 6,857,137.
    const [tritanium] = manufacturingMaterials(DOMINIX_MATERIALS, 1, dominixInLowsecSotiyo);
    expect(tritanium).toEqual({
      typeId: 34,
      baseQuantity: 8_000_000,
      quantity: 6_857_136,
      unmodifiedQuantity: 8_000_000,
    });
  });

  it('gives every Dominix input in that facility', () => {
    expect(quantities(manufacturingMaterials(DOMINIX_MATERIALS, 1, dominixInLowsecSotiyo))).toEqual({
      34: 6_857_136,
      35: 3_428_568,
      36: 514_286, // 514,285.2
      37: 342_857, // 342,856.8
      38: 10_286, // 10,285.704 -> 10,285.70
      39: 5_143, // 5,142.852 -> 5,142.85
      40: 2_572, // 2,571.426 -> 2,571.43
      57478: 172, // 171.4284
      57479: 1, // 0.857: never below one per run
      57486: 86, // 85.7142
    });
  });

  it("reproduces the reference fixture with the older SDE's quantities (esi.md: 4,457,138.4 -> 4,457,139)", () => {
    expect(quantities(manufacturingMaterials(DOMINIX_MATERIALS_OLDER_SDE, 1, dominixInLowsecSotiyo))).toEqual(
      {
        34: 4_457_139,
        35: 2_228_570,
        36: 334_286,
        37: 111_429,
        38: 13_372,
        39: 3_343,
        40: 1_672,
        57478: 129,
        57479: 1,
        57486: 65,
      },
    );
  });

  it('multiplies the modifiers exactly, in any order', () => {
    expect(manufacturingMaterialFactor(dominixInLowsecSotiyo).toString()).toBe('0.857142');
    expect(
      facilityMaterialFactor({
        structureMultiplier: 0.99,
        rigs: [XL_SHIP_RIG_T1_LOWSEC_MATERIAL],
      }).toNumber(),
    ).toBe(0.95238);
    const reordered = facilityMaterialFactor({
      customMultiplier: 0.99,
      rigs: [XL_SHIP_RIG_T1_LOWSEC_MATERIAL],
    });
    expect(materialQuantity(8_000_000, 1, reordered.times(0.9))).toBe(6_857_136);
  });

  it('scales with runs before rounding', () => {
    const tritanium = [{ typeId: 34, quantity: 8_000_000 }];
    expect(manufacturingMaterials(tritanium, 10, dominixInLowsecSotiyo)[0]!.quantity).toBe(68_571_360);
    expect(manufacturingMaterials([{ typeId: 57486, quantity: 100 }], 10, dominixInLowsecSotiyo)[0]).toEqual({
      typeId: 57486,
      baseQuantity: 100,
      quantity: 858, // 857.142, not 10 × 86
      unmodifiedQuantity: 1_000,
    });
  });

  it('never needs less than one unit per run', () => {
    // 1 × 10 runs × 0.857142 = 8.57 -> 9, raised to 10 (one per run).
    expect(
      manufacturingMaterials([{ typeId: 57479, quantity: 1 }], 10, dominixInLowsecSotiyo)[0]!.quantity,
    ).toBe(10);
    // ME 10 alone: 1 × 5 × 0.9 = 4.5 -> 5 = runs.
    expect(materialQuantity(1, 5, manufacturingMaterialFactor({ materialEfficiency: 10 }))).toBe(5);
    // 2 × 10 × 0.857142 = 17.14 -> 18: above the floor, so the ceiling counts.
    expect(manufacturingMaterials([{ typeId: 1, quantity: 2 }], 10, dominixInLowsecSotiyo)[0]!.quantity).toBe(
      18,
    );
  });

  it('drops less than half a hundredth above a whole number, as the game does', () => {
    // 2 × 4 runs × 0.91 × (1 − 0.02 × 1.9) = 7.00336 -> 7.00 -> 7 (a plain ceiling would say 8).
    const modifiers = { materialEfficiency: 9, rigs: [XL_SHIP_RIG_T1_LOWSEC_MATERIAL] };
    expect(manufacturingMaterials([{ typeId: 1, quantity: 2 }], 4, modifiers)[0]!.quantity).toBe(7);
    // 3 × 3 runs × 0.92 × 0.99 × (1 − 0.024) = 8.0004672 -> 8.
    const t2 = {
      materialEfficiency: 8,
      structureMultiplier: 0.99,
      rigs: [{ percent: -2.4, securityMultiplier: 1 }],
    };
    expect(manufacturingMaterials([{ typeId: 1, quantity: 3 }], 3, t2)[0]!.quantity).toBe(8);
  });

  it('rounds a tie at half a hundredth up', () => {
    // 1,210 × 0.95 × 0.99 = 1,138.005 exactly -> 1,138.01 -> 1,139.
    const raitaruMe5 = { materialEfficiency: 5, structureMultiplier: 0.99 };
    expect(manufacturingMaterials([{ typeId: 1, quantity: 1210 }], 1, raitaruMe5)[0]!.quantity).toBe(1139);
  });

  it('is not fooled by float noise on a whole result', () => {
    // 13 × 0.9 × 10 is 117.00000000000001 in floats; the job needs 117.
    expect(13 * 0.9 * 10).toBeGreaterThan(117);
    expect(
      manufacturingMaterials([{ typeId: 1, quantity: 13 }], 10, { materialEfficiency: 10 })[0]!.quantity,
    ).toBe(117);
    // 100 × 1.1 is 110.00000000000001 in floats.
    expect(materialQuantity(100, 1, facilityMaterialFactor({ customMultiplier: 1.1 }))).toBe(110);
  });

  it('needs the base quantity times runs without bonuses, and nothing for a zero line', () => {
    expect(
      manufacturingMaterials([{ typeId: 1, quantity: 7 }], 3, { materialEfficiency: 0 })[0]!.quantity,
    ).toBe(21);
    expect(
      manufacturingMaterials([{ typeId: 1, quantity: 0 }], 3, { materialEfficiency: 10 })[0]!.quantity,
    ).toBe(0);
  });

  it('refuses input outside the game rules', () => {
    const tritanium = [{ typeId: 34, quantity: 100 }];
    expect(() => manufacturingMaterials(tritanium, 0, { materialEfficiency: 10 })).toThrow('runs');
    expect(() => manufacturingMaterials(tritanium, 1.5, { materialEfficiency: 10 })).toThrow('runs');
    expect(() => manufacturingMaterials(tritanium, 1, { materialEfficiency: 11 })).toThrow(
      'materialEfficiency',
    );
    expect(() => manufacturingMaterials(tritanium, 1, { materialEfficiency: 2.5 })).toThrow(
      'materialEfficiency',
    );
    expect(() => manufacturingMaterials([{ typeId: 1, quantity: -1 }], 1, { materialEfficiency: 0 })).toThrow(
      'baseQuantity',
    );
    expect(() => facilityMaterialFactor({ structureMultiplier: -1 })).toThrow('structureMultiplier');
    expect(() => facilityMaterialFactor({ rigs: [{ percent: -60, securityMultiplier: 2.1 }] })).toThrow(
      'negative',
    );
  });
});

describe('reaction materials', () => {
  it('needs 976 of each 100-unit input and 49 of the 5-unit input for 10 Carbon Fiber runs in a low-sec Athanor with a T2 material rig', () => {
    const requirements = reactionMaterials(CARBON_FIBER_MATERIALS, 10, {
      rigs: [COMPOSITE_REACTOR_T2_LOWSEC_MATERIAL],
    });
    expect(requirements).toEqual([
      { typeId: 4246, baseQuantity: 5, quantity: 49, unmodifiedQuantity: 50 }, // 48.8
      { typeId: 16633, baseQuantity: 100, quantity: 976, unmodifiedQuantity: 1_000 },
      { typeId: 16635, baseQuantity: 100, quantity: 976, unmodifiedQuantity: 1_000 },
    ]);
  });

  it('takes no ME and no structure bonus; reactor rigs count 1.1 in null-sec', () => {
    expect(quantities(reactionMaterials(CARBON_FIBER_MATERIALS, 10))).toEqual({
      4246: 50,
      16633: 1_000,
      16635: 1_000,
    });
    const nullsec = reactionMaterials(CARBON_FIBER_MATERIALS, 10, {
      rigs: [{ percent: -2.4, securityMultiplier: 1.1 }],
    });
    // 1,000 × (1 − 0.024 × 1.1) = 973.6 -> 974; 50 × 0.9736 = 48.68 -> 49.
    expect(quantities(nullsec)).toEqual({ 4246: 49, 16633: 974, 16635: 974 });
  });

  it('needs at least one unit per run', () => {
    expect(reactionMaterials([{ typeId: 1, quantity: 1 }], 3, { customMultiplier: 0.5 })[0]!.quantity).toBe(
      3,
    );
  });
});
