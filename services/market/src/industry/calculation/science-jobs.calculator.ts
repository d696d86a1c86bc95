import type { IndustryScienceJob } from '@tradewise/contracts';
import { copyingTime, researchLevels, researchTime, scienceJobBase } from '../formulas';
import { facilityJobCost, planRigBonuses, type RigActivity } from './facility-job-cost';
import type { IndustryJobPlan, PlannedSkill } from './industry-job.plan';

/** The system's cost index of each science activity (ESI `/industry/systems` names); 0 without a system. */
export interface ScienceCostIndices {
  readonly copying: number;
  readonly researchingMaterialEfficiency: number;
  readonly researchingTimeEfficiency: number;
}

/**
 * The copying and ME/TE research jobs the plan asks for, in the plan's facility: time with the activity's skill,
 * Advanced Industry, the structure's time bonus and the activity's rigs; job cost on the science job cost base
 * of the product's estimated item value for one run (docs/industry-formulas.md, "Invention, copying and research").
 */
export function calculateScienceJobs(
  plan: IndustryJobPlan,
  perRunEstimatedItemValue: number,
  indices: ScienceCostIndices,
): IndustryScienceJob[] {
  const { science } = plan;
  const jobs: IndustryScienceJob[] = [];
  const facility = (activity: RigActivity) => ({
    advancedIndustry: plan.advancedIndustrySkill.level,
    structureTimeMultiplier: plan.structureRole?.timeMultiplier,
    rigs: planRigBonuses(plan, activity, 'time'),
  });
  const job = (
    activity: IndustryScienceJob['activity'],
    rigActivity: RigActivity,
    base: number,
    systemCostIndex: number,
    timeSeconds: number,
    shape: Pick<IndustryScienceJob, 'copies' | 'runsPerCopy' | 'from' | 'to'>,
  ): IndustryScienceJob => {
    const cost = facilityJobCost(plan, rigActivity, base, systemCostIndex);
    return {
      activity,
      ...shape,
      systemCostIndex,
      jobCost: {
        jobCostBase: base,
        estimatedItemValue: perRunEstimatedItemValue,
        systemCost: cost.systemCost,
        systemCostBonuses: cost.systemCostBonuses,
        facilityTax: cost.facilityTax,
        sccSurcharge: cost.sccSurcharge,
        total: cost.total,
      },
      timeSeconds,
    };
  };

  if (science.copying) {
    const { copies, runsPerCopy } = science.copying;
    jobs.push(
      job(
        'COPYING',
        'copying',
        scienceJobBase(perRunEstimatedItemValue, { multiplier: copies * runsPerCopy }),
        indices.copying,
        copyingTime({
          ...facility('copying'),
          baseTime: science.copying.baseTime,
          copies,
          runsPerCopy,
          science: science.scienceSkill.level,
        }),
        { copies, runsPerCopy, from: null, to: null },
      ),
    );
  }
  const research = (
    activity: 'MATERIAL_RESEARCH' | 'TIME_RESEARCH',
    rigActivity: 'researchMaterial' | 'researchTime',
    levels: { readonly from: number; readonly to: number; readonly baseTime: number },
    perLevel: number,
    skill: PlannedSkill,
    systemCostIndex: number,
  ) => {
    const fromLevel = levels.from / perLevel;
    const toLevel = levels.to / perLevel;
    jobs.push(
      job(
        activity,
        rigActivity,
        scienceJobBase(perRunEstimatedItemValue, { researchLevels: researchLevels(fromLevel, toLevel) }),
        systemCostIndex,
        researchTime({
          ...facility(rigActivity),
          baseTime: levels.baseTime,
          fromLevel,
          toLevel,
          researchSkill: skill.level,
        }),
        { copies: null, runsPerCopy: null, from: levels.from, to: levels.to },
      ),
    );
  };
  if (science.materialResearch) {
    research(
      'MATERIAL_RESEARCH',
      'researchMaterial',
      science.materialResearch,
      1,
      science.metallurgySkill,
      indices.researchingMaterialEfficiency,
    );
  }
  if (science.timeResearch) {
    research(
      'TIME_RESEARCH',
      'researchTime',
      science.timeResearch,
      2,
      science.researchSkill,
      indices.researchingTimeEfficiency,
    );
  }
  return jobs;
}
