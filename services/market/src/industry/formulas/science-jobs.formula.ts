import { ADVANCED_INDUSTRY_TIME_BONUS_PER_LEVEL } from './build-time.formula';
import { ExactDecimal, safeInteger } from './exact-decimal.math';
import {
  productOf,
  requireInteger,
  requireNonNegative,
  rigFactor,
  type AppliedRigBonus,
} from './industry-modifiers.formula';

// Invention, copying and ME/TE research (esi.md §5.2, §5.3; sources per rule in docs/industry-formulas.md).

/** An invented copy starts at ME 2 and TE 4 before its decryptor (EVE Ref IndustryConstants; EVE Uni Invention). */
export const INVENTION_BASE_MATERIAL_EFFICIENCY = 2;
export const INVENTION_BASE_TIME_EFFICIENCY = 4;
/** Science jobs pay their cost index and taxes on 2% of the product's estimated item value (esi.md §5.2). */
export const SCIENCE_JOB_COST_BASE_RATE = 0.02;
/**
 * Seconds to research a rank 1 blueprint from ME/TE 0 to each level 0..10 (EVE Uni Research): the SDE's research
 * time is level 1's (105 × rank), so going from level a to b takes `base × (D[b] − D[a]) / 105`.
 */
export const RESEARCH_LEVEL_DURATIONS = [
  0, 105, 250, 595, 1414, 3360, 8000, 19000, 45255, 107700, 256000,
] as const;
const LEVEL_ONE_DURATION = 105;
/** Science (copying), Metallurgy (ME research), Research (TE research): −5% time per level (esi.md §5.3). */
export const SCIENCE_SKILL_TIME_BONUS_PER_LEVEL = 0.05;
/** Each level of a datacore's science skill adds 1/30 to the chance, each level of the encryption skill 1/40. */
const CHANCE_DENOMINATOR = 120n;

export interface DecryptorModifiers {
  /** 1.9 = +90% chance (dogma 1112). */
  readonly probabilityMultiplier: number;
  /** Added to the invented copy's ME (1113), TE (1114) and runs (1124). */
  readonly materialEfficiencyModifier: number;
  readonly timeEfficiencyModifier: number;
  readonly runModifier: number;
}

export interface InventionChanceInput {
  /** The blueprint's base chance for this product (the SDE's `probability`), 0 to 1. */
  readonly baseProbability: number;
  /** The levels of the two science skills of the datacores, 0 to 5 each. */
  readonly scienceSkillLevels: readonly number[];
  /** The level of the race's encryption skill, 0 to 5. */
  readonly encryptionSkillLevel: number;
  readonly decryptor?: Pick<DecryptorModifiers, 'probabilityMultiplier'> | null;
}

/**
 * `120 × chance`, exactly: `base × (120 + 4 × Σ science + 3 × encryption) × decryptor`, which is
 * `base × (1 + Σ science / 30 + encryption / 40) × decryptor` times 120, never above 120 (a certain success).
 */
function chanceTimes120(input: InventionChanceInput): ExactDecimal {
  if (!(input.baseProbability >= 0 && input.baseProbability <= 1)) {
    throw new RangeError(`baseProbability must be from 0 to 1, not ${input.baseProbability}`);
  }
  let skillPoints = 120;
  for (const level of input.scienceSkillLevels) {
    requireInteger('science skill level', level, 0, 5);
    skillPoints += 4 * level;
  }
  requireInteger('encryption skill level', input.encryptionSkillLevel, 0, 5);
  skillPoints += 3 * input.encryptionSkillLevel;
  const multiplier = input.decryptor?.probabilityMultiplier ?? 1;
  requireNonNegative('decryptor probability multiplier', multiplier);
  const scaled = productOf(input.baseProbability, skillPoints, multiplier);
  return scaled.compare(120) > 0 ? ExactDecimal.of(120) : scaled;
}

/** The chance an invention job succeeds, rounded half up to `places` decimals (6 by default); at most 1. */
export function inventionChance(input: InventionChanceInput, places = 6): number {
  return chanceTimes120(input).dividedBy(ExactDecimal.of(CHANCE_DENOMINATOR), places).toNumber();
}

/**
 * What one manufacturing run of the invented blueprint costs in invention with failures priced in: the cost of
 * the invention attempts over the runs they are expected to yield (`attempts × chance × runs per copy`), in
 * whole cents, half up. Null when no run is expected (a chance of 0).
 */
export function expectedInventionCostPerRun(input: {
  readonly attemptsCostCents: bigint;
  readonly attempts: number;
  readonly runsPerCopy: number;
  readonly chance: InventionChanceInput;
}): bigint | null {
  requireInteger('attempts', input.attempts, 1);
  requireInteger('runsPerCopy', input.runsPerCopy, 1);
  const chance = chanceTimes120(input.chance);
  if (chance.compare(0) === 0) return null;
  const expectedRunsTimes120 = chance.times(input.attempts).times(input.runsPerCopy);
  return ExactDecimal.of(input.attemptsCostCents)
    .times(Number(CHANCE_DENOMINATOR))
    .dividedBy(expectedRunsTimes120, 0).coefficient;
}

export interface InventedCopy {
  readonly runs: number;
  readonly materialEfficiency: number;
  readonly timeEfficiency: number;
}

/**
 * The copy an invention makes: the runs the blueprint's invention lists, ME 2 and TE 4, each moved by the
 * decryptor (an Optimized Attainment: +2 runs, ME 3, TE 2); never below 1 run, ME 0 or TE 0.
 */
export function inventedCopy(baseRuns: number, decryptor?: DecryptorModifiers | null): InventedCopy {
  requireInteger('baseRuns', baseRuns, 1);
  return {
    runs: Math.max(1, baseRuns + (decryptor?.runModifier ?? 0)),
    materialEfficiency: clamp(
      INVENTION_BASE_MATERIAL_EFFICIENCY + (decryptor?.materialEfficiencyModifier ?? 0),
      0,
      10,
    ),
    timeEfficiency: clamp(INVENTION_BASE_TIME_EFFICIENCY + (decryptor?.timeEfficiencyModifier ?? 0), 0, 20),
  };
}

export interface ScienceFacility {
  /** Advanced Industry, 0 to 5: −3% per level on every science job. */
  readonly advancedIndustry: number;
  /** Structure role time bonus (Raitaru 0.85, Azbel 0.8, Sotiyo 0.7); 1 by default. */
  readonly structureTimeMultiplier?: number;
  /** The time bonuses of the rigs that apply to the activity, with their security multipliers. */
  readonly rigs?: readonly AppliedRigBonus[];
}

/** Invention time in whole seconds: `attempts × base × (1 − 0.03 × AI) × S_time × rigs`, half up. */
export function inventionTime(input: ScienceFacility & { baseTime: number; attempts: number }): number {
  requireInteger('attempts', input.attempts, 1);
  return scienceSeconds(productOf(input.baseTime, input.attempts), input, []);
}

/**
 * Copying time in whole seconds: `copies × runs per copy × base × (1 − 0.05 × Science) × (1 − 0.03 × AI) ×
 * S_time × rigs`, half up (the SDE's copying time is per run of a copy).
 */
export function copyingTime(
  input: ScienceFacility & { baseTime: number; copies: number; runsPerCopy: number; science: number },
): number {
  requireInteger('copies', input.copies, 1);
  requireInteger('runsPerCopy', input.runsPerCopy, 1);
  return scienceSeconds(productOf(input.baseTime, input.copies, input.runsPerCopy), input, [
    skillFactor('science', input.science),
  ]);
}

/**
 * ME or TE research time in whole seconds from level `from` to `to`: `base × (D[to] − D[from]) / 105 × (1 − 0.05 ×
 * Metallurgy or Research) × (1 − 0.03 × AI) × S_time × rigs`, half up.
 */
export function researchTime(
  input: ScienceFacility & { baseTime: number; fromLevel: number; toLevel: number; researchSkill: number },
): number {
  const levels = researchLevels(input.fromLevel, input.toLevel);
  return scienceSeconds(productOf(input.baseTime, levels).dividedBy(LEVEL_ONE_DURATION, 12), input, [
    skillFactor('research skill', input.researchSkill),
  ]);
}

/** `D[to] − D[from]`: the rank-1 seconds between two research levels, 0 to 10, `from` below `to`. */
export function researchLevels(fromLevel: number, toLevel: number): number {
  requireInteger('fromLevel', fromLevel, 0, 9);
  requireInteger('toLevel', toLevel, fromLevel + 1, 10);
  return RESEARCH_LEVEL_DURATIONS[toLevel] - RESEARCH_LEVEL_DURATIONS[fromLevel];
}

/**
 * The job cost base of a science job in whole ISK, half up: 2% of the product's estimated item value, times
 * `multiplier` (copying: runs per copy × copies; research: `(D[to] − D[from]) / 105` as `levels`), esi.md §5.2.
 */
export function scienceJobBase(
  estimatedItemValue: number,
  scale: { readonly multiplier?: number; readonly researchLevels?: number } = {},
): number {
  requireInteger('estimatedItemValue', estimatedItemValue, 0);
  let base = productOf(estimatedItemValue, SCIENCE_JOB_COST_BASE_RATE, scale.multiplier);
  if (scale.researchLevels !== undefined) {
    base = base.times(scale.researchLevels).dividedBy(LEVEL_ONE_DURATION, 12);
  }
  return safeInteger(base.roundHalfUp(0).coefficient);
}

function scienceSeconds(
  base: ExactDecimal,
  facility: ScienceFacility,
  skills: readonly ExactDecimal[],
): number {
  if (facility.structureTimeMultiplier !== undefined) {
    requireNonNegative('structureTimeMultiplier', facility.structureTimeMultiplier);
  }
  const seconds = productOf(
    base,
    ...skills,
    ExactDecimal.ONE.minus(
      ExactDecimal.of(ADVANCED_INDUSTRY_TIME_BONUS_PER_LEVEL).times(
        checkedLevel('advancedIndustry', facility.advancedIndustry),
      ),
    ),
    facility.structureTimeMultiplier,
    rigFactor(facility.rigs),
  );
  if (seconds.compare(0) < 0) throw new RangeError('the time factor must not be negative');
  return safeInteger(seconds.roundHalfUp(0).coefficient);
}

function skillFactor(name: string, level: number): ExactDecimal {
  return ExactDecimal.ONE.minus(
    ExactDecimal.of(SCIENCE_SKILL_TIME_BONUS_PER_LEVEL).times(checkedLevel(name, level)),
  );
}

function checkedLevel(name: string, level: number): number {
  requireInteger(name, level, 0, 5);
  return level;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
