import type {
  IndustryAppliedRig,
  IndustryCalculation,
  IndustryInput,
  IndustryInvention,
  IndustrySkill,
  IndustryOutput,
  IndustryPriceSource,
  SecurityClass,
} from '@tradewise/contracts';
import {
  ExactDecimal,
  estimatedItemValue,
  expectedInventionCostPerRun,
  inventionChance,
  inventionTime,
  scienceJobBase,
  facilityMaterialFactor,
  manufacturingMaterialFactor,
  manufacturingTime,
  materialQuantity,
  reactionTime,
  rigBonusFor,
  rigBonusesFor,
  type AppliedRigBonus,
  type FacilityMaterialBonuses,
  type ProductClass,
  type RigBonusKind,
  type RigDefinition,
  type RigJob,
} from '../formulas';
import type { StructureBonusRecord } from '../../static-data/dataset/dataset-format';
import { facilityJobCost, planRigBonuses } from './facility-job-cost';
import type { IndustryJobPlan, PlannedInvention } from './industry-job.plan';
import { centsToIsk, iskToCents, lineCents, percentOf, percentage, type Cents } from './isk-cents';

/** The parts of a facility that decide its material bonuses (an {@link IndustryJobPlan} is one). */
export interface IndustryFacility {
  /** The structure's role bonuses; null for none (NPC station, or a structure of unknown type). */
  readonly structureRole: Pick<StructureBonusRecord, 'materialMultiplier'> | null;
  readonly rigs: readonly RigDefinition[];
  readonly securityClass: SecurityClass;
  /** A Custom Modifier facility's material multiplier, used instead of the structure's and rigs' bonuses. */
  readonly materialConsumptionModifier: number | null;
}

/**
 * A facility's material bonuses on a job: the structure's role bonus (manufacturing only, esi.md §5.4) and the
 * material bonuses of the rigs that cover the product in the facility's space, or a Custom Modifier's multiplier.
 */
export function facilityMaterialBonuses(
  facility: IndustryFacility,
  job: { readonly isReaction: boolean; readonly product: ProductClass },
): FacilityMaterialBonuses {
  if (facility.materialConsumptionModifier !== null) {
    return { customMultiplier: facility.materialConsumptionModifier };
  }
  return {
    structureMultiplier: job.isReaction ? undefined : facility.structureRole?.materialMultiplier,
    rigs: rigBonusesFor(facility.rigs, {
      activity: job.isReaction ? 'reaction' : 'manufacturing',
      bonus: 'material',
      product: job.product,
      securityClass: facility.securityClass,
    }),
  };
}

/** What the market says, gathered by the caller (ESI through the market data ports). */
export interface IndustryMarketInputs {
  /** ESI adjusted prices by type id (`/markets/prices`). */
  readonly adjustedPrices: ReadonlyMap<number, number>;
  /** ESI average prices by type id (`/markets/prices`): a line without orders is priced at it. */
  readonly averagePrices: ReadonlyMap<number, number>;
  /** The system's cost index for the job's activity; 0 without a system. */
  readonly systemCostIndex: number;
  /** The system's invention cost index; 0 without a system. */
  readonly inventionCostIndex: number;
  /** The best price of each input (and invention material) in the buy region, per the request's side; null without orders. */
  readonly inputMarketPrices: ReadonlyMap<number, number | null>;
  /** The best price of each output in the sell region, null without orders. */
  readonly outputMarketPrices: ReadonlyMap<number, number | null>;
}

/** One job's answer; the build tree and the science jobs around it are added by {@link calculateIndustry}. */
export type IndustryJobCalculation = Omit<IndustryCalculation, 'scienceJobs' | 'tree'>;

/**
 * One industry job, priced: materials with the game's rounding, the job installation cost, the build time, and
 * the inputs and outputs at market or custom prices with broker fees and sales tax, every amount in whole cents
 * until it is answered (esi.md §5, public-tools §9).
 */
export function calculateIndustryJob(
  plan: IndustryJobPlan,
  market: IndustryMarketInputs,
): IndustryJobCalculation {
  const activityName = plan.isReaction ? 'reaction' : 'manufacturing';
  const primary = plan.products[0]!;
  const rigJob = (bonus: RigBonusKind): RigJob => ({
    activity: activityName,
    bonus,
    product: primary.productClass,
    securityClass: plan.securityClass,
  });
  const rigBonuses = (bonus: RigBonusKind): AppliedRigBonus[] => rigBonusesFor(plan.rigs, rigJob(bonus));

  const facilityBonuses = facilityMaterialBonuses(plan, {
    isReaction: plan.isReaction,
    product: primary.productClass,
  });
  const facilityFactor = facilityMaterialFactor(facilityBonuses);
  const materialFactor = (materialEfficiency: number): ExactDecimal =>
    plan.isReaction
      ? facilityFactor
      : manufacturingMaterialFactor({ ...facilityBonuses, materialEfficiency });
  const factor = materialFactor(plan.materialEfficiency);
  const bestFactor = materialFactor(plan.isReaction ? 0 : 10);

  const buyBrokerFeePercent = buyBrokerFeePercentOf(plan);
  const sellBrokerFeePercent = plan.sellToBuys ? 0 : plan.sellBrokerFeePercent;
  const { salesTaxPercent } = plan;
  const inputs: IndustryInput[] = [];
  let inputsGross: Cents = 0n;
  let inputsBrokerFee: Cents = 0n;
  for (const material of plan.activity.materials) {
    const quantity = materialQuantity(material.quantity, plan.runs, factor);
    const price = priceOf(
      material.typeId,
      plan.customInputPrices,
      market.inputMarketPrices.get(material.typeId) ?? null,
      market.averagePrices.get(material.typeId),
    );
    const gross = lineCents(price.unitPrice, quantity);
    const brokerFee = percentOf(gross, buyBrokerFeePercent);
    inputsGross += gross;
    inputsBrokerFee += brokerFee;
    inputs.push({
      typeId: material.typeId,
      typeName: plan.typeNames.get(material.typeId) ?? `Type ${material.typeId}`,
      quantity,
      minQuantity: materialQuantity(material.quantity, plan.runs, bestFactor),
      baseQuantity: material.quantity,
      ...price,
      adjustedPrice: market.adjustedPrices.get(material.typeId) ?? null,
      grossCost: centsToIsk(gross),
      brokerFee: centsToIsk(brokerFee),
      netCost: centsToIsk(gross + brokerFee),
    });
  }

  const outputs: IndustryOutput[] = [];
  let grossSell: Cents = 0n;
  let sellBrokerFee: Cents = 0n;
  let salesTax: Cents = 0n;
  for (const product of plan.products) {
    const quantity = product.quantity * plan.runs;
    const price = priceOf(
      product.typeId,
      plan.customOutputPrices,
      market.outputMarketPrices.get(product.typeId) ?? null,
      market.averagePrices.get(product.typeId),
    );
    const gross = lineCents(price.unitPrice, quantity);
    const brokerFee = percentOf(gross, sellBrokerFeePercent);
    const tax = percentOf(gross, salesTaxPercent);
    grossSell += gross;
    sellBrokerFee += brokerFee;
    salesTax += tax;
    outputs.push({
      typeId: product.typeId,
      typeName: product.typeName,
      quantity,
      ...price,
      grossSell: centsToIsk(gross),
      brokerFee: centsToIsk(brokerFee),
      salesTax: centsToIsk(tax),
      netSell: centsToIsk(gross - brokerFee - tax),
    });
  }

  const eiv = estimatedItemValue(plan.activity.materials, plan.runs, market.adjustedPrices);
  const jobCost = facilityJobCost(plan, activityName, eiv.value, market.systemCostIndex);

  const timeSeconds = plan.isReaction
    ? reactionTime({
        baseTime: plan.activity.time,
        runs: plan.runs,
        reactions: plan.reactionsSkill.level,
        structureTimeMultiplier: plan.structureRole?.reactionTimeMultiplier,
        rigs: rigBonuses('time'),
      })
    : manufacturingTime({
        baseTime: plan.activity.time,
        runs: plan.runs,
        timeEfficiency: plan.timeEfficiency,
        skills: {
          industry: plan.industrySkill.level,
          advancedIndustry: plan.advancedIndustrySkill.level,
          specialists: plan.specialists.map((specialist) => ({
            level: specialist.level,
            bonusPerLevel: ExactDecimal.percent(specialist.timePerLevel).negated().toNumber(),
          })),
        },
        structureTimeMultiplier: plan.structureRole?.timeMultiplier,
        rigs: rigBonuses('time'),
      });

  const invention = plan.invention ? priceInvention(plan, plan.invention, market, buyBrokerFeePercent) : null;
  const inventionCents = invention?.included ? invention.expectedCostCents : 0n;
  const jobCostCents = BigInt(jobCost.total) * 100n;
  const additionalCents = iskToCents(plan.additionalBlueprintCost);
  const inputsNet = inputsGross + inputsBrokerFee;
  const totalCost = inputsNet + jobCostCents + additionalCents + inventionCents;
  const totalSell = grossSell - sellBrokerFee - salesTax;
  const profit = totalSell - totalCost;

  return {
    requestedTypeId: plan.requestedTypeId,
    blueprintTypeId: plan.blueprintTypeId,
    blueprintTypeName: plan.blueprintTypeName,
    isReaction: plan.isReaction,
    runs: plan.runs,
    maxProductionLimit: plan.maxProductionLimit,
    inputs,
    outputs,
    structureCostBonus: plan.structureCostBonus,
    materialConsumptionModifier: facilityFactor.toNumber(),
    estimatedItemValue: eiv.value,
    systemCostIndex: market.systemCostIndex,
    system: plan.system
      ? {
          systemId: plan.system.systemId,
          systemName: plan.system.systemName,
          security: plan.system.security,
        }
      : null,
    securityStatus: plan.securityClass,
    rigs: plan.rigs.map((rig): IndustryAppliedRig => {
      const applied = (bonus: RigBonusKind): number => {
        const found = rigBonusFor(rig, rigJob(bonus));
        return found ? ExactDecimal.of(found.percent).times(found.securityMultiplier).toNumber() : 0;
      };
      return {
        typeId: rig.typeId,
        typeName: rig.name,
        materialBonus: plan.materialConsumptionModifier === null ? applied('material') : 0,
        timeBonus: applied('time'),
        costBonus: applied('cost'),
      };
    }),
    jobCost: {
      estimatedItemValue: jobCost.estimatedItemValue,
      systemCost: jobCost.systemCost,
      systemCostBonuses: jobCost.systemCostBonuses,
      facilityTax: jobCost.facilityTax,
      sccSurcharge: jobCost.sccSurcharge,
      total: jobCost.total,
    },
    timeSeconds,
    materialEfficiency: plan.materialEfficiency,
    timeEfficiency: plan.timeEfficiency,
    skills: skillsUsed(plan),
    invention: invention?.answer ?? null,
    totals: {
      inputsGross: centsToIsk(inputsGross),
      inputsBrokerFee: centsToIsk(inputsBrokerFee),
      inputsNet: centsToIsk(inputsNet),
      jobCost: centsToIsk(jobCostCents),
      additionalBlueprintCost: centsToIsk(additionalCents),
      inventionCost: centsToIsk(inventionCents),
      totalCost: centsToIsk(totalCost),
      grossSell: centsToIsk(grossSell),
      sellBrokerFee: centsToIsk(sellBrokerFee),
      salesTax: centsToIsk(salesTax),
      totalSell: centsToIsk(totalSell),
      profit: centsToIsk(profit),
      margin: percentage(profit, grossSell),
    },
    unpricedTypeIds: [...eiv.unpricedTypeIds],
    buyRegionId: plan.buyRegionId,
    sellRegionId: plan.sellRegionId,
  };
}

function skillsUsed(plan: IndustryJobPlan): IndustrySkill[] {
  const skills: IndustrySkill[] = plan.isReaction
    ? [{ ...plan.reactionsSkill, role: 'REACTIONS' }]
    : [
        { ...plan.industrySkill, role: 'INDUSTRY' },
        { ...plan.advancedIndustrySkill, role: 'ADVANCED_INDUSTRY' },
        ...plan.specialists.map(({ typeId, typeName, level }): IndustrySkill => ({
          typeId,
          typeName,
          level,
          role: 'SPECIALIST',
        })),
      ];
  for (const science of plan.invention?.scienceSkills ?? []) {
    if (!skills.some((known) => known.typeId === science.typeId))
      skills.push({ ...science, role: 'SCIENCE' });
  }
  for (const encryption of plan.invention?.encryptionSkills ?? []) {
    skills.push({ ...encryption, role: 'ENCRYPTION' });
  }
  const { science } = plan;
  if (science.copying) skills.push({ ...science.scienceSkill, role: 'COPYING' });
  if (science.materialResearch) skills.push({ ...science.metallurgySkill, role: 'MATERIAL_RESEARCH' });
  if (science.timeResearch) skills.push({ ...science.researchSkill, role: 'TIME_RESEARCH' });
  return skills;
}

/**
 * One invention attempt priced like the job's inputs (datacores and decryptor from the buy region, with the buy
 * broker fee where one is paid), its job cost on 2% of the T2 product's EIV in the same facility with the
 * invention cost index and the invention rigs, and the expected cost per manufacturing run with failures in.
 */
function priceInvention(
  plan: IndustryJobPlan,
  invention: PlannedInvention,
  market: IndustryMarketInputs,
  buyBrokerFeePercent: number,
): { answer: IndustryInvention; included: boolean; expectedCostCents: bigint } {
  const lines = [
    ...invention.activity.materials,
    ...(invention.decryptor ? [{ typeId: invention.decryptor.typeId, quantity: 1 }] : []),
  ];
  const materials: IndustryInput[] = [];
  let materialsCents: Cents = 0n;
  for (const line of lines) {
    const price = priceOf(
      line.typeId,
      plan.customInputPrices,
      market.inputMarketPrices.get(line.typeId) ?? null,
      market.averagePrices.get(line.typeId),
    );
    const gross = lineCents(price.unitPrice, line.quantity);
    const brokerFee = percentOf(gross, buyBrokerFeePercent);
    materialsCents += gross + brokerFee;
    materials.push({
      typeId: line.typeId,
      typeName: plan.typeNames.get(line.typeId) ?? `Type ${line.typeId}`,
      quantity: line.quantity,
      minQuantity: line.quantity,
      baseQuantity: line.quantity,
      ...price,
      adjustedPrice: market.adjustedPrices.get(line.typeId) ?? null,
      grossCost: centsToIsk(gross),
      brokerFee: centsToIsk(brokerFee),
      netCost: centsToIsk(gross + brokerFee),
    });
  }
  // The job cost base is 2% of the T2 product's EIV for one run.
  const perRunEiv = perRunEstimatedItemValue(plan, market.adjustedPrices);
  const jobCostBase = scienceJobBase(perRunEiv);
  const jobCost = facilityJobCost(plan, 'invention', jobCostBase, market.inventionCostIndex);
  const chance = {
    baseProbability: invention.baseProbability,
    scienceSkillLevels: invention.scienceSkills.map((skill) => skill.level),
    encryptionSkillLevel: invention.encryptionSkills[0]?.level ?? 0,
    decryptor: invention.decryptor,
  };
  const attemptCents = materialsCents + BigInt(jobCost.total) * 100n;
  const perRunCents = expectedInventionCostPerRun({
    attemptsCostCents: attemptCents,
    attempts: 1,
    runsPerCopy: invention.copy.runs,
    chance,
  });
  const expectedCents = perRunCents === null ? null : perRunCents * BigInt(plan.runs);
  const { decryptor } = invention;
  return {
    included: invention.included && expectedCents !== null,
    expectedCostCents: expectedCents ?? 0n,
    answer: {
      blueprintTypeId: invention.inventor.blueprintTypeId,
      blueprintTypeName: invention.inventorName,
      baseProbability: invention.baseProbability,
      probability: inventionChance(chance),
      decryptor: decryptor
        ? {
            typeId: decryptor.typeId,
            typeName: decryptor.name,
            probabilityMultiplier: decryptor.probabilityMultiplier,
            materialEfficiencyModifier: decryptor.materialEfficiencyModifier,
            timeEfficiencyModifier: decryptor.timeEfficiencyModifier,
            runModifier: decryptor.runModifier,
          }
        : null,
      runsPerCopy: invention.copy.runs,
      materialEfficiency: invention.copy.materialEfficiency,
      timeEfficiency: invention.copy.timeEfficiency,
      materials,
      jobCost: {
        jobCostBase,
        estimatedItemValue: perRunEiv,
        systemCost: jobCost.systemCost,
        systemCostBonuses: jobCost.systemCostBonuses,
        facilityTax: jobCost.facilityTax,
        sccSurcharge: jobCost.sccSurcharge,
        total: jobCost.total,
      },
      systemCostIndex: market.inventionCostIndex,
      timeSeconds: inventionTime({
        baseTime: invention.activity.time,
        attempts: 1,
        advancedIndustry: plan.advancedIndustrySkill.level,
        structureTimeMultiplier: plan.structureRole?.timeMultiplier,
        rigs: planRigBonuses(plan, 'invention', 'time'),
      }),
      attemptCost: centsToIsk(attemptCents),
      expectedCostPerRun: perRunCents === null ? null : centsToIsk(perRunCents),
      expectedCost: expectedCents === null ? null : centsToIsk(expectedCents),
      included: invention.included && expectedCents !== null,
    },
  };
}

/**
 * The estimated item value of one run of the plan's job: the science jobs' cost base (esi.md §5.2), computed for
 * one run rather than divided out of all runs' rounded value.
 */
export function perRunEstimatedItemValue(
  plan: Pick<IndustryJobPlan, 'activity'>,
  adjustedPrices: ReadonlyMap<number, number>,
): number {
  return estimatedItemValue(plan.activity.materials, 1, adjustedPrices).value;
}

/**
 * Only an order placed pays the broker: buying from sell orders is an instant trade (so is selling into buy
 * orders; the sale still pays its tax).
 */
export function buyBrokerFeePercentOf(plan: Pick<IndustryJobPlan, 'buyFromBuys' | 'buyBrokerFeePercent'>) {
  return plan.buyFromBuys ? plan.buyBrokerFeePercent : 0;
}

/** A line's unit price: the custom one, else the market's, else ESI's average price; never a silent 0. */
export function priceOf(
  typeId: number,
  customPrices: ReadonlyMap<number, number>,
  marketPrice: number | null,
  averagePrice: number | undefined,
): { unitPrice: number; marketPrice: number | null; priceSource: IndustryPriceSource } {
  const custom = customPrices.get(typeId);
  if (custom !== undefined) return { unitPrice: custom, marketPrice, priceSource: 'CUSTOM' };
  if (marketPrice !== null) return { unitPrice: marketPrice, marketPrice, priceSource: 'MARKET' };
  if (averagePrice !== undefined)
    return { unitPrice: averagePrice, marketPrice: null, priceSource: 'ESI_AVERAGE' };
  return { unitPrice: 0, marketPrice: null, priceSource: 'NONE' };
}
