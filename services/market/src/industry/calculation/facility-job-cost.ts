import {
  ExactDecimal,
  jobInstallationCost,
  rigBonusesFor,
  type AppliedRigBonus,
  type JobCost,
  type RigBonusKind,
} from '../formulas';
import type { IndustryJobPlan } from './industry-job.plan';

/** A blueprint activity whose rigs apply to the job (the static data's names). */
export type RigActivity =
  'manufacturing' | 'reaction' | 'invention' | 'copying' | 'researchMaterial' | 'researchTime';

/** The bonuses of the plan's rigs on an activity of its product, in the plan's space. */
export function planRigBonuses(
  plan: IndustryJobPlan,
  activity: RigActivity,
  bonus: RigBonusKind,
): AppliedRigBonus[] {
  return rigBonusesFor(plan.rigs, {
    activity,
    bonus,
    product: plan.products[0]!.productClass,
    securityClass: plan.securityClass,
  });
}

/**
 * The installation cost of a job of any activity in the plan's facility (esi.md §5.2): the cost index of the
 * activity on `base` (the EIV for manufacturing and reactions, the science job cost base otherwise), less the
 * structure's, the activity's rigs' and faction warfare's bonuses, plus facility tax and SCC surcharge on `base`.
 */
export function facilityJobCost(
  plan: IndustryJobPlan,
  activity: RigActivity,
  base: number,
  systemCostIndex: number,
): JobCost {
  return jobInstallationCost({
    estimatedItemValue: base,
    systemCostIndex,
    structureCostMultiplier: plan.structureRole?.costMultiplier,
    rigs: planRigBonuses(plan, activity, 'cost'),
    factionWarfareBonus: ExactDecimal.percent(plan.factionWarfareBonusPercent).negated().toNumber(),
    facilityTaxRate: ExactDecimal.percent(plan.facilityTaxPercent).toNumber(),
  });
}
