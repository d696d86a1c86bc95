import type { SecurityClass } from '@tradewise/contracts';
import { RIG_TARGETS } from '../../static-data/import/rig-targets';
import { ExactDecimal } from './exact-decimal.math';

/** A rig's security multipliers by the space its structure is in (dogma hi/low/nullSecModifier). */
export interface SecurityMultipliers {
  readonly high: number;
  readonly low: number;
  /** Null-sec, and wormhole space too. */
  readonly null: number;
}

/** Engineering rigs (manufacturing, science): esi.md §5.1. */
export const ENGINEERING_RIG_SECURITY_MULTIPLIERS: SecurityMultipliers = { high: 1, low: 1.9, null: 2.1 };
/** Reactor rigs: esi.md §5.4. */
export const REACTOR_RIG_SECURITY_MULTIPLIERS: SecurityMultipliers = { high: 1, low: 1, null: 1.1 };

/**
 * The security class industry uses (esi.md §5.1): the game rounds the status first, so 0.45 and above is high-sec,
 * above 0.0 low-sec, 0.0 and below null-sec. The market filters of spec §5 cut at 0.5 instead
 * (`securityClassOf` in contracts); do not mix the two.
 */
export function industrySecurityClass(security: number, isWormholeSpace = false): SecurityClass {
  if (isWormholeSpace) return 'WORMHOLE';
  if (security >= 0.45) return 'HIGH';
  if (security > 0) return 'LOW';
  return 'NULL';
}

export function securityMultiplier(multipliers: SecurityMultipliers, securityClass: SecurityClass): number {
  switch (securityClass) {
    case 'HIGH':
      return multipliers.high;
    case 'LOW':
      return multipliers.low;
    case 'NULL':
    case 'WORMHOLE':
      return multipliers.null;
  }
}

/**
 * One rig's bonus on one job: `percent` as the rig states it (-2 = 2% less, at a high-sec structure) and the
 * multiplier for the space the structure is in. The job's factor is `1 + Σ percent/100 × securityMultiplier`.
 */
export interface AppliedRigBonus {
  readonly percent: number;
  readonly securityMultiplier: number;
}

export type RigBonusKind = 'material' | 'time' | 'cost';

/** The parts of a static-data rig (`StructureRigRecord`) that decide its bonus on a job. */
export interface RigDefinition {
  readonly effects: readonly {
    readonly activity: string;
    readonly bonus: RigBonusKind;
    /** A key of RIG_TARGETS: `allShips`, `compositeReaction`, `all`, ... */
    readonly target: string;
    readonly value: number;
  }[];
  readonly securityMultipliers: SecurityMultipliers;
}

/** Group and category of the item a job makes (the product, not the blueprint). */
export interface ProductClass {
  readonly groupId: number;
  readonly categoryId: number;
}

export interface RigJob {
  /** Blueprint activity: `manufacturing`, `reaction`, `invention`, ... */
  readonly activity: string;
  readonly bonus: RigBonusKind;
  readonly product: ProductClass;
  readonly securityClass: SecurityClass;
}

/**
 * The bonus a rig gives a job, or null when none of its effects covers the activity, the kind of bonus and the
 * product's group or category. Should two effects of one rig cover the product, the stronger counts (the
 * game's targets of one rig do not overlap, so this does not arise with the SDE's rigs).
 */
export function rigBonusFor(rig: RigDefinition, job: RigJob): AppliedRigBonus | null {
  let strongest: number | null = null;
  for (const effect of rig.effects) {
    if (effect.activity !== job.activity || effect.bonus !== job.bonus || effect.value === 0) continue;
    if (!targetCovers(effect.target, job.product)) continue;
    if (strongest === null || Math.abs(effect.value) > Math.abs(strongest)) strongest = effect.value;
  }
  if (strongest === null) return null;
  return {
    percent: strongest,
    securityMultiplier: securityMultiplier(rig.securityMultipliers, job.securityClass),
  };
}

/** The bonuses of every fitted rig that applies to the job; rigs that do not apply are left out. */
export function rigBonusesFor(rigs: readonly RigDefinition[], job: RigJob): AppliedRigBonus[] {
  return rigs.flatMap((rig) => rigBonusFor(rig, job) ?? []);
}

function targetCovers(target: string, product: ProductClass): boolean {
  const covered = RIG_TARGETS[target];
  if (!covered) return false;
  if (covered.categoryIds.length === 0 && covered.groupIds.length === 0) return true;
  return covered.categoryIds.includes(product.categoryId) || covered.groupIds.includes(product.groupId);
}

/** `1 + Σ percent/100 × securityMultiplier`, exactly: 1 - 0.02 × 1.9 = 0.962. */
export function rigFactor(rigs: readonly AppliedRigBonus[] = []): ExactDecimal {
  return rigs.reduce(
    (factor, rig) => factor.plus(ExactDecimal.percent(rig.percent).times(rig.securityMultiplier)),
    ExactDecimal.ONE,
  );
}

/** The product of the given multipliers, exactly; an absent one counts as 1. */
export function productOf(...factors: readonly (ExactDecimal | number | undefined)[]): ExactDecimal {
  return factors.reduce<ExactDecimal>(
    (product, factor) => (factor === undefined ? product : product.times(factor)),
    ExactDecimal.ONE,
  );
}

/** Throws unless `value` is an integer within [min, max]; the HTTP layer validates first, this guards misuse. */
export function requireInteger(
  name: string,
  value: number,
  min: number,
  max = Number.MAX_SAFE_INTEGER,
): void {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`${name} must be a whole number from ${min} to ${max}, not ${value}`);
  }
}

/** Throws unless `value` is a finite number not below zero. */
export function requireNonNegative(name: string, value: number): void {
  if (!Number.isFinite(value) || value < 0) {
    throw new RangeError(`${name} must be a number of zero or more, not ${value}`);
  }
}
