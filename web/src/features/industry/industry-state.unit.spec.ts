import type { IndustryStructure } from '../../shared/api';
import { billOfMaterials, jobsForRuns, multibuyList } from './industry-export';
import { formatCostIndex, formatDuration } from './industry-format';
import {
  DEFAULT_STATE,
  calculationRequest,
  calculatorPath,
  costBonusChoices,
  decodeLink,
  effectiveFacility,
  encodeLink,
  systemOfStructureName,
  withBlueprint,
  withBuild,
  withFacility,
  type IndustryCalculatorState,
} from './industry-state';

const SAVED: IndustryStructure = {
  id: 7,
  name: 'Tama - Forge of Plenty',
  securityStatus: 'LOW',
  rig1TypeId: 37180,
  rig2TypeId: null,
  rig3TypeId: 37181,
  facilityId: null,
};

const dominix: IndustryCalculatorState = { ...DEFAULT_STATE, blueprintTypeId: 999 };

describe('industry calculator state: skills and invention', () => {
  it('leaves TE and ME to the blueprint until set, and sends skills, decryptor and the invention choice', () => {
    const open = calculationRequest({ ...dominix, skills: { '3380': 4 }, decryptorTypeId: 34207 }, []);
    expect(open).not.toHaveProperty('timeEfficiency');
    expect(open).not.toHaveProperty('materialEfficiency');
    expect(open).toMatchObject({ skills: { '3380': 4 }, decryptorTypeId: 34207, includeInvention: true });
    const set = calculationRequest({ ...dominix, timeEfficiency: 14, materialEfficiency: 8 }, []);
    expect(set).toMatchObject({ timeEfficiency: 14, materialEfficiency: 8 });
  });

  it('keeps skills, decryptor and the invention choice in the link, and drops impossible levels', () => {
    const state = { ...dominix, skills: { '11453': 4 }, decryptorTypeId: 34207, includeInvention: false };
    expect(decodeLink(encodeLink(state))).toEqual(state);
    const bad = encodeLink({ ...dominix, skills: { '11453': 9 } });
    expect(decodeLink(bad)?.skills).toEqual({});
  });

  it("sends a character's sheet with the skills it leaves out at 0, and keeps that in the link", () => {
    expect(calculationRequest(dominix, [])).not.toHaveProperty('unlistedSkillLevel');
    const sheet = { ...dominix, skills: { '3380': 5, '3388': 4 }, unlistedSkillLevel: 0 };
    expect(calculationRequest(sheet, [])).toMatchObject({ skills: sheet.skills, unlistedSkillLevel: 0 });
    expect(decodeLink(encodeLink(sheet))).toEqual(sheet);
    expect(decodeLink(encodeLink({ ...dominix, unlistedSkillLevel: 7 }))?.unlistedSkillLevel).toBe(5);
  });

  it('forgets the decryptor, TE and ME of the blueprint before when another is picked', () => {
    const picked = withBlueprint({ ...dominix, decryptorTypeId: 34207, materialEfficiency: 3 }, 2630, false);
    expect(picked).toMatchObject({ decryptorTypeId: null, materialEfficiency: null, timeEfficiency: null });
  });
});

describe('industry calculator state: build tree, copying and research', () => {
  const state: IndustryCalculatorState = {
    ...DEFAULT_STATE,
    blueprintTypeId: 999,
    copying: { copies: 2, runsPerCopy: 5 },
    materialResearch: { from: 0, to: 10 },
    timeResearch: { from: 4, to: 20 },
    build: withBuild(withBuild({}, 57486, {}), 57457, { systemName: 'Tama' }),
  };

  it('sends the built components with their systems, and the copying and research asked for', () => {
    expect(calculationRequest(state, [])).toMatchObject({
      build: { '57486': {}, '57457': { systemName: 'Tama' } },
      copying: { copies: 2, runsPerCopy: 5 },
      materialResearch: { from: 0, to: 10 },
      timeResearch: { from: 4, to: 20 },
    });
    expect(withBuild(state.build, 57486, null)).toEqual({ '57457': { systemName: 'Tama' } });
  });

  it('keeps the tree and the science jobs in the link, and drops impossible ones', () => {
    expect(decodeLink(encodeLink(state))).toEqual(state);
    const odd = encodeLink({
      ...state,
      timeResearch: { from: 3, to: 20 },
      materialResearch: { from: 5, to: 5 },
    });
    expect(decodeLink(odd)).toMatchObject({ timeResearch: null, materialResearch: null, build: state.build });
  });

  it('forgets the tree and the science jobs of the blueprint before when another is picked', () => {
    expect(withBlueprint(state, 11568, false)).toMatchObject({
      build: {},
      copying: null,
      materialResearch: null,
      timeResearch: null,
    });
  });
});

describe('industry calculator state', () => {
  it("opens with the spec defaults: 1 run, 10% facility tax, 1% brokers, 3.6% sales tax, TE and ME the blueprint's", () => {
    expect(decodeLink(undefined)).toBe(DEFAULT_STATE);
    // TE and ME open: the server takes 20 and 10, or an invented copy's 4 and 2 (issue #26), and the page shows it.
    expect(DEFAULT_STATE).toMatchObject({
      timeEfficiency: null,
      materialEfficiency: null,
      skills: {},
      decryptorTypeId: null,
      includeInvention: true,
      runs: 1,
      facilityTax: 10,
      buyBroker: 1,
      sellBroker: 1,
      salesTax: 3.6,
      buyRegionId: 10000002,
      sellRegionId: 10000002,
    });
    expect(calculatorPath(DEFAULT_STATE)).toBe('/industryCalculator');
  });

  it('reads a numeric link as a blueprint type id with the defaults, and writes one back', () => {
    expect(decodeLink('999')).toEqual(dominix);
    expect(calculatorPath(dominix)).toBe('/industryCalculator/999');
  });

  it('encodes every field into the link and reads the same state back', () => {
    const state: IndustryCalculatorState = {
      ...dominix,
      runs: 12,
      timeEfficiency: 14,
      materialEfficiency: 8,
      additionalBlueprintCost: 1_500_000.5,
      facility: 'CUSTOM_MODIFIER',
      systemName: 'Tama',
      facilityTax: 2.5,
      factionWarfareBonus: 50,
      costBonus: -4,
      rigs: [37180, null, 37181],
      materialModifier: 0.95,
      buyRegionId: 10000043,
      buyFromBuys: true,
      sellRegionId: 10000032,
      sellToBuys: true,
      buyBroker: 0.5,
      sellBroker: 1.25,
      salesTax: 3.375,
      customInputPrices: { '34': 4.25 },
      customOutputPrices: { '645': 300_000_000 },
      jobs: 3,
    };
    const link = encodeLink(state);
    expect(link).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeLink(link)).toEqual(state);
  });

  it('takes the default for each field a link holds out of bounds, and refuses a link that is not one', () => {
    const raw = (value: object) =>
      btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    expect(
      decodeLink(raw({ b: 999, r: 0, me: 11, te: 21, ft: 12, cb: -2, rg: [1, 2], ci: { x: 1 } })),
    ).toEqual(dominix);
    expect(decodeLink('not a link!')).toBeNull();
    expect(decodeLink(raw([1, 2]))).toBeNull();
  });

  it('switches a reaction from NPC Station to Custom Structure, with no engineering cost bonus', () => {
    const atStation = { ...dominix, facility: 'NPC_STATION' as const, costBonus: -5 as const };
    const reaction = withBlueprint(atStation, 57490, true);
    expect(reaction).toMatchObject({
      blueprintTypeId: 57490,
      isReaction: true,
      facility: 'CUSTOM_STRUCTURE',
      costBonus: 0,
    });
    expect(costBonusChoices(reaction).map((choice) => choice.label)).toEqual(['0% Athanor/Tatara']);
    expect(costBonusChoices(dominix).map((choice) => choice.value)).toEqual([0, -3, -4, -5]);
    expect(costBonusChoices({ ...dominix, facility: 'NPC_STATION' }).map((choice) => choice.label)).toEqual([
      '0% Station/other',
    ]);
    const request = calculationRequest(reaction, [])!;
    expect(request).not.toHaveProperty('materialEfficiency');
    expect(request).not.toHaveProperty('timeEfficiency');
    expect(request.structureCostBonus).toBe(0);
    expect(request.refinery).toBe('ATHANOR');
    const inTatara = { ...reaction, refinery: 'TATARA' as const };
    expect(calculationRequest(inTatara, [])!.refinery).toBe('TATARA');
    expect(decodeLink(encodeLink(inTatara))).toEqual(inTatara);
    expect(calculationRequest(dominix, [])).not.toHaveProperty('refinery');
  });

  it('copies a saved structure: its rigs, the system before " - " and its security status', () => {
    expect(systemOfStructureName('Tama - Forge of Plenty')).toBe('Tama');
    expect(systemOfStructureName('No separator')).toBe('');
    const chosen = withFacility({ ...dominix, costBonus: -5 }, 7, [SAVED]);
    expect(chosen).toMatchObject({
      facility: 7,
      systemName: 'Tama',
      rigs: [37180, null, 37181],
      securityStatus: 'LOW',
    });
    expect(calculationRequest(chosen, [SAVED])).toMatchObject({
      systemName: 'Tama',
      securityStatus: 'LOW',
      structureCostBonus: -5,
      rig1TypeId: 37180,
      rig2TypeId: null,
      rig3TypeId: 37181,
      materialConsumptionModifier: null,
    });
    // A link naming someone else's structure reads as a Custom Structure with the same rigs and system.
    expect(effectiveFacility(chosen, [])).toBe('CUSTOM_STRUCTURE');
    expect(calculationRequest(chosen, [])).toMatchObject({ securityStatus: null, rig1TypeId: 37180 });
  });

  it('sends rigs only for structures, the material modifier only for Custom Modifier, no bonus at NPC stations', () => {
    const base = {
      ...dominix,
      rigs: [37180, 37181, null] as const,
      costBonus: -3 as const,
      materialModifier: 0.9,
    };
    expect(calculationRequest({ ...base, facility: 'CUSTOM_STRUCTURE' }, [])).toMatchObject({
      rig1TypeId: 37180,
      rig2TypeId: 37181,
      structureCostBonus: -3,
      materialConsumptionModifier: null,
    });
    expect(calculationRequest({ ...base, facility: 'CUSTOM_MODIFIER' }, [])).toMatchObject({
      rig1TypeId: null,
      rig2TypeId: null,
      materialConsumptionModifier: 0.9,
    });
    expect(calculationRequest({ ...base, facility: 'NPC_STATION' }, [])).toMatchObject({
      rig1TypeId: null,
      structureCostBonus: 0,
    });
    expect(calculationRequest(DEFAULT_STATE, [])).toBeNull();
    expect(calculationRequest({ ...dominix, systemName: '  ' }, [])!.systemName).toBeNull();
  });
});

describe('industry calculator export and formats', () => {
  const inputs = [
    { typeName: 'Tritanium', quantity: 6_857_136 },
    { typeName: 'Pyerite', quantity: 3_428_568 },
  ];

  it('lists one job, and the multibuy list for several jobs', () => {
    expect(billOfMaterials(inputs)).toBe('Tritanium 6857136\nPyerite 3428568');
    expect(multibuyList(inputs, 3)).toBe('Tritanium 20571408\nPyerite 10285704');
    expect(jobsForRuns(25, 10)).toBe(3);
  });

  it('formats durations and cost indices', () => {
    expect(formatDuration(4_250)).toBe('1h 10m 50s');
    expect(formatDuration(65_664)).toBe('18h 14m 24s');
    expect(formatDuration(200_000)).toBe('2d 7h 33m 20s');
    expect(formatCostIndex(0.07461088416212873)).toBe('7.4611%');
  });
});
