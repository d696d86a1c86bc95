import { ExactDecimal, safeInteger } from './exact-decimal.math';
import {
  productOf,
  requireInteger,
  requireNonNegative,
  rigFactor,
  type AppliedRigBonus,
} from './industry-modifiers.formula';

/** Time bonus per skill level (esi.md §5.3, §5.4), as a fraction. */
export const INDUSTRY_TIME_BONUS_PER_LEVEL = 0.04;
export const ADVANCED_INDUSTRY_TIME_BONUS_PER_LEVEL = 0.03;
export const REACTIONS_TIME_BONUS_PER_LEVEL = 0.04;
/** The science and advanced construction skills a blueprint requires: 1% per level (Mutagenic Stabilization 2%). */
export const SPECIALIST_TIME_BONUS_PER_LEVEL = 0.01;

export interface SpecialistSkill {
  /** 0 to 5. */
  readonly level: number;
  /** Fraction per level; {@link SPECIALIST_TIME_BONUS_PER_LEVEL} by default. */
  readonly bonusPerLevel?: number;
}

export interface ManufacturingSkills {
  /** Industry, 0 to 5: -4% per level. */
  readonly industry?: number;
  /** Advanced Industry, 0 to 5: -3% per level. */
  readonly advancedIndustry?: number;
  /** The specialist skills the blueprint requires, at the levels trained. */
  readonly specialists?: readonly SpecialistSkill[];
}

export interface ManufacturingTimeInput {
  /** Seconds per run, as the blueprint lists it. */
  readonly baseTime: number;
  readonly runs: number;
  /** Blueprint TE, 0 to 20 (%). */
  readonly timeEfficiency: number;
  /** Untrained (all 0) when absent. */
  readonly skills?: ManufacturingSkills;
  /** Structure role time bonus as a multiplier: Raitaru 0.85, Azbel 0.8, Sotiyo 0.7; 1 (default) elsewhere. */
  readonly structureTimeMultiplier?: number;
  /** Time bonuses of the fitted rigs that apply to the product, with their security multipliers. */
  readonly rigs?: readonly AppliedRigBonus[];
}

export interface ReactionTimeInput {
  readonly baseTime: number;
  readonly runs: number;
  /** Reactions skill, 0 to 5: -4% per level; 0 when absent. */
  readonly reactions?: number;
  /** Tatara 0.75 (its reaction role bonus); Athanor 1 (default). */
  readonly structureTimeMultiplier?: number;
  readonly rigs?: readonly AppliedRigBonus[];
}

/**
 * Manufacturing job time in whole seconds (esi.md §5.3): `round(runs × base × (1 − TE/100) × skills × S_time ×
 * (1 + Σ rig × sec))`, computed exactly and rounded half up.
 */
export function manufacturingTime(input: ManufacturingTimeInput): number {
  requireInteger('timeEfficiency', input.timeEfficiency, 0, 20);
  const skills = input.skills ?? {};
  const specialists = (skills.specialists ?? []).map((skill) =>
    skillFactor('specialist skill', skill.level, skill.bonusPerLevel ?? SPECIALIST_TIME_BONUS_PER_LEVEL),
  );
  return jobSeconds(input.baseTime, input.runs, [
    ExactDecimal.ONE.minus(ExactDecimal.percent(input.timeEfficiency)),
    skillFactor('industry', skills.industry ?? 0, INDUSTRY_TIME_BONUS_PER_LEVEL),
    skillFactor('advancedIndustry', skills.advancedIndustry ?? 0, ADVANCED_INDUSTRY_TIME_BONUS_PER_LEVEL),
    ...specialists,
    structureMultiplier(input.structureTimeMultiplier),
    rigFactor(input.rigs),
  ]);
}

/** Reaction job time in whole seconds (esi.md §5.4): no TE; the Reactions skill, structure and reactor rigs. */
export function reactionTime(input: ReactionTimeInput): number {
  return jobSeconds(input.baseTime, input.runs, [
    skillFactor('reactions', input.reactions ?? 0, REACTIONS_TIME_BONUS_PER_LEVEL),
    structureMultiplier(input.structureTimeMultiplier),
    rigFactor(input.rigs),
  ]);
}

function jobSeconds(baseTime: number, runs: number, factors: readonly ExactDecimal[]): number {
  requireInteger('runs', runs, 1);
  requireInteger('baseTime', baseTime, 0);
  const seconds = productOf(runs, baseTime, ...factors);
  if (seconds.compare(0) < 0) throw new RangeError(`the time factor must not be negative`);
  return safeInteger(seconds.roundHalfUp(0).coefficient);
}

function skillFactor(name: string, level: number, bonusPerLevel: number): ExactDecimal {
  requireInteger(name, level, 0, 5);
  requireNonNegative(`${name} bonus per level`, bonusPerLevel);
  return ExactDecimal.ONE.minus(ExactDecimal.of(bonusPerLevel).times(level));
}

function structureMultiplier(multiplier: number | undefined): ExactDecimal {
  if (multiplier === undefined) return ExactDecimal.ONE;
  requireNonNegative('structureTimeMultiplier', multiplier);
  return ExactDecimal.of(multiplier);
}
