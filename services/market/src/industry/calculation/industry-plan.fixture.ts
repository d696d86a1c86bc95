import type { IndustryJobPlan } from './industry-job.plan';

// Plans as planIndustryJob makes them from the static data, for tests that need no dataset.

export const LOWSEC_SYSTEM = {
  systemId: 30002813,
  systemName: 'Tama',
  security: 0.3,
  constellationId: 20000413,
  regionId: 10000033,
  regionName: 'The Citadel',
};

/** A manufacturing plan in Tama (low-sec), ME 10/TE 20, all skills V, 10% facility tax, brokers paid on both sides. */
export function basePlan(
  plan: Partial<IndustryJobPlan> & Pick<IndustryJobPlan, 'activity' | 'products'>,
): IndustryJobPlan {
  return {
    requestedTypeId: 1,
    blueprintTypeId: 1,
    blueprintTypeName: 'Blueprint',
    isReaction: false,
    maxProductionLimit: 1,
    typeNames: new Map([
      [34, 'Tritanium'],
      [4246, 'Hydrogen Fuel Block'],
    ]),
    runs: 1,
    materialEfficiency: 10,
    timeEfficiency: 20,
    structureCostBonus: 0,
    structureRole: null,
    system: LOWSEC_SYSTEM,
    securityClass: 'LOW',
    rigs: [],
    materialConsumptionModifier: null,
    facilityTaxPercent: 10,
    factionWarfareBonusPercent: 0,
    buyBrokerFeePercent: 1,
    sellBrokerFeePercent: 1,
    salesTaxPercent: 3.6,
    additionalBlueprintCost: 0,
    buyRegionId: 10000002,
    sellRegionId: 10000002,
    // Buy orders placed for the inputs and sell orders for the output: both pay the broker.
    buyFromBuys: true,
    sellToBuys: false,
    customInputPrices: new Map(),
    customOutputPrices: new Map(),
    industrySkill: { typeId: 3380, typeName: 'Industry', level: 5 },
    advancedIndustrySkill: { typeId: 3388, typeName: 'Advanced Industry', level: 5 },
    reactionsSkill: { typeId: 45746, typeName: 'Reactions', level: 5 },
    specialists: [],
    invention: null,
    refinery: null,
    science: {
      copying: null,
      materialResearch: null,
      timeResearch: null,
      scienceSkill: { typeId: 3402, typeName: 'Science', level: 5 },
      metallurgySkill: { typeId: 3409, typeName: 'Metallurgy', level: 5 },
      researchSkill: { typeId: 3403, typeName: 'Research', level: 5 },
    },
    ...plan,
  };
}
