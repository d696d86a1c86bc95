import { ExactDecimal, safeInteger } from './exact-decimal.math';
import {
  productOf,
  requireInteger,
  requireNonNegative,
  rigFactor,
  type AppliedRigBonus,
} from './industry-modifiers.formula';

/** One input of a blueprint activity: base quantity per run, before ME and any bonus (static data `materials`). */
export interface MaterialLine {
  readonly typeId: number;
  readonly quantity: number;
}

export interface MaterialRequirement {
  readonly typeId: number;
  /** Base quantity per run, as the blueprint lists it. */
  readonly baseQuantity: number;
  /** What the job consumes for all its runs. */
  readonly quantity: number;
  /** What it would consume with every modifier at 1 (ME 0, no structure, no rigs): `runs × base`. */
  readonly unmodifiedQuantity: number;
}

/** The facility's side of the material factor. */
export interface FacilityMaterialBonuses {
  /** Structure role bonus as a multiplier: 0.99 in a Raitaru, Azbel or Sotiyo; 1 (default) elsewhere. */
  readonly structureMultiplier?: number;
  /** Material bonuses of the fitted rigs that apply to this product, with their security multipliers. */
  readonly rigs?: readonly AppliedRigBonus[];
  /** An extra multiplier (the spec's Material Modifier for a Custom Modifier facility); 1 by default. */
  readonly customMultiplier?: number;
}

export interface ManufacturingMaterialModifiers extends FacilityMaterialBonuses {
  /** Blueprint ME, 0 to 10 (%). */
  readonly materialEfficiency: number;
}

/** Reactions: no ME and no structure role bonus (esi.md §5.4); reactor rigs only. */
export type ReactionMaterialModifiers = Omit<FacilityMaterialBonuses, 'structureMultiplier'>;

/** `(1 − ME/100) × S_mat × (1 + Σ rig × sec) × custom`, exactly. */
export function manufacturingMaterialFactor(modifiers: ManufacturingMaterialModifiers): ExactDecimal {
  requireInteger('materialEfficiency', modifiers.materialEfficiency, 0, 10);
  return ExactDecimal.ONE.minus(ExactDecimal.percent(modifiers.materialEfficiency)).times(
    facilityMaterialFactor(modifiers),
  );
}

/** `(1 + Σ rig × sec) × custom`, exactly. */
export function reactionMaterialFactor(modifiers: ReactionMaterialModifiers = {}): ExactDecimal {
  return facilityMaterialFactor({ rigs: modifiers.rigs, customMultiplier: modifiers.customMultiplier });
}

/**
 * The facility's material consumption modifier (structure × rigs × custom), e.g. 0.95238 for a Sotiyo with a
 * T1 ship rig in low-sec: what the spec's response calls `materialConsumptionModifier`.
 */
export function facilityMaterialFactor(bonuses: FacilityMaterialBonuses): ExactDecimal {
  for (const [name, value] of [
    ['structureMultiplier', bonuses.structureMultiplier],
    ['customMultiplier', bonuses.customMultiplier],
  ] as const) {
    if (value !== undefined) requireNonNegative(name, value);
  }
  const factor = productOf(bonuses.structureMultiplier, rigFactor(bonuses.rigs), bonuses.customMultiplier);
  if (factor.compare(0) < 0) throw new RangeError(`the material factor must not be negative, not ${factor}`);
  return factor;
}

/**
 * The game's rounding (esi.md §5.1): `max(runs, ceil(round(runs × base × factor, 2)))`. The product is exact, so
 * a whole result stays whole (in floats 13 × 0.9 × 10 is 117.00000000000001, which would ceil to 118); the
 * rounding to hundredths then drops what the game drops (x.004 counts as x), and a tie at half a hundredth
 * rounds up. A line never needs less than one unit per run. A base quantity of 0 needs nothing.
 */
export function materialQuantity(baseQuantity: number, runs: number, factor: ExactDecimal): number {
  requireInteger('runs', runs, 1);
  requireInteger('baseQuantity', baseQuantity, 0);
  if (baseQuantity === 0) return 0;
  const exact = ExactDecimal.of(runs).times(baseQuantity).times(factor);
  const needed = exact.roundHalfUp(2).ceil();
  return safeInteger(needed > BigInt(runs) ? needed : BigInt(runs));
}

/** Every input of a manufacturing job of `runs` runs. */
export function manufacturingMaterials(
  materials: readonly MaterialLine[],
  runs: number,
  modifiers: ManufacturingMaterialModifiers,
): MaterialRequirement[] {
  return requirements(materials, runs, manufacturingMaterialFactor(modifiers));
}

/** Every input of a reaction job of `runs` runs. */
export function reactionMaterials(
  materials: readonly MaterialLine[],
  runs: number,
  modifiers: ReactionMaterialModifiers = {},
): MaterialRequirement[] {
  return requirements(materials, runs, reactionMaterialFactor(modifiers));
}

function requirements(
  materials: readonly MaterialLine[],
  runs: number,
  factor: ExactDecimal,
): MaterialRequirement[] {
  return materials.map((material) => ({
    typeId: material.typeId,
    baseQuantity: material.quantity,
    quantity: materialQuantity(material.quantity, runs, factor),
    unmodifiedQuantity: safeInteger(BigInt(material.quantity) * BigInt(runs)),
  }));
}
