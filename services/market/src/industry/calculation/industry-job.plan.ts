import {
  ASSUMED_SKILL_LEVEL,
  INDUSTRY_CALCULATOR_LIMITS,
  industryCalculationRequestSchema,
  isWormholeRegion,
  type IndustryCalculationRequest,
  type IndustryRefinery,
  type SecurityClass,
  type SolarSystem,
  type StructureCostBonus,
} from '@tradewise/contracts';
import { DEFAULT_PRICE_REGION_ID } from '../../market-data/market-hubs';
import type {
  BlueprintActivityRecord,
  BlueprintRecord,
  DecryptorRecord,
  StructureBonusRecord,
  StructureRigRecord,
} from '../../static-data/dataset/dataset-format';
import type { StaticData } from '../../static-data/static-data';
import { industrySecurityClass, inventedCopy, type InventedCopy, type ProductClass } from '../formulas';
import { checkBody } from '../request-body';

/** The Forge: the default buy and sell region (spec §9). */

/** The Upwell structure whose role bonuses each cost bonus choice stands for (spec §5). */
const STRUCTURE_OF_COST_BONUS: Readonly<Record<Exclude<StructureCostBonus, 0>, number>> = {
  [-3]: 35825, // Raitaru
  [-4]: 35826, // Azbel
  [-5]: 35827, // Sotiyo
};
const TATARA_TYPE_ID = 35836;

/** Skill type ids (SDE): the ones every job uses; the specialists come from the blueprint's requirements. */
export const SKILL = {
  industry: 3380,
  advancedIndustry: 3388,
  reactions: 45746,
  /** Copying: −5% time a level. */
  science: 3402,
  /** TE research: −5% time a level. */
  research: 3403,
  /** ME research: −5% time a level. */
  metallurgy: 3409,
} as const;

export interface ResearchLevels {
  readonly from: number;
  readonly to: number;
  readonly baseTime: number;
}

/** The copying and research jobs asked for on the blueprint, with the skills that shorten them. */
export interface PlannedScience {
  /** Base times: the blueprint's seconds for the activity (a copy's run; research level 1). */
  readonly copying: {
    readonly copies: number;
    readonly runsPerCopy: number;
    readonly baseTime: number;
  } | null;
  /** ME % before and after. */
  readonly materialResearch: ResearchLevels | null;
  /** TE % before and after (even numbers: a research level is 2%). */
  readonly timeResearch: ResearchLevels | null;
  readonly scienceSkill: PlannedSkill;
  readonly metallurgySkill: PlannedSkill;
  readonly researchSkill: PlannedSkill;
}

/** A skill at the level the calculation uses. */
export interface PlannedSkill {
  readonly typeId: number;
  readonly typeName: string;
  readonly level: number;
}

/** A skill required by a manufacturing job that shortens it, with its bonus per level in percent (e.g. -1). */
export interface PlannedSpecialist extends PlannedSkill {
  readonly timePerLevel: number;
}

/** The invention that makes an invented (T2) blueprint's copy, resolved against the static data. */
export interface PlannedInvention {
  readonly inventor: BlueprintRecord;
  readonly inventorName: string;
  readonly activity: BlueprintActivityRecord;
  readonly baseProbability: number;
  readonly decryptor: DecryptorRecord | null;
  readonly copy: InventedCopy;
  /** The datacores' skills (their levels add 1/30 each to the chance). */
  readonly scienceSkills: readonly PlannedSkill[];
  /** The race's encryption skill (1/40 per level). */
  readonly encryptionSkills: readonly PlannedSkill[];
  readonly included: boolean;
}
/** A request the calculator cannot answer, with the sentence the page shows (a 400). */
export class IndustryInputError extends Error {}

export interface PlannedProduct {
  readonly typeId: number;
  readonly typeName: string;
  /** Units per run. */
  readonly quantity: number;
  readonly productClass: ProductClass;
}

/** Everything one calculation needs from the request and the static data, checked and with defaults applied. */
export interface IndustryJobPlan {
  /** The type id the request named: the blueprint's, or a product's it makes. */
  readonly requestedTypeId: number;
  readonly blueprintTypeId: number;
  readonly blueprintTypeName: string;
  readonly isReaction: boolean;
  readonly activity: BlueprintActivityRecord;
  readonly maxProductionLimit: number;
  readonly products: readonly PlannedProduct[];
  readonly typeNames: ReadonlyMap<number, string>;
  readonly runs: number;
  /** 0 for reactions. */
  readonly materialEfficiency: number;
  readonly timeEfficiency: number;
  /** 0 for reactions, whatever was asked. */
  readonly structureCostBonus: StructureCostBonus;
  /**
   * The role bonuses of the structure the cost bonus (or a reaction's refinery) stands for; null for none (NPC
   * station, Athanor).
   */
  readonly structureRole: StructureBonusRecord | null;
  readonly system: SolarSystem | null;
  readonly securityClass: SecurityClass;
  /** A reaction's refinery; null for manufacturing. */
  readonly refinery: IndustryRefinery | null;
  readonly rigs: readonly StructureRigRecord[];
  /** A Custom Modifier facility's material multiplier; null to use the structure's and its rigs' bonuses. */
  readonly materialConsumptionModifier: number | null;
  readonly facilityTaxPercent: number;
  readonly factionWarfareBonusPercent: number;
  readonly buyBrokerFeePercent: number;
  readonly sellBrokerFeePercent: number;
  readonly salesTaxPercent: number;
  readonly additionalBlueprintCost: number;
  readonly buyRegionId: number;
  readonly sellRegionId: number;
  readonly buyFromBuys: boolean;
  readonly sellToBuys: boolean;
  readonly customInputPrices: ReadonlyMap<number, number>;
  readonly customOutputPrices: ReadonlyMap<number, number>;
  /** Industry, Advanced Industry and Reactions at the levels used. */
  readonly industrySkill: PlannedSkill;
  readonly advancedIndustrySkill: PlannedSkill;
  readonly reactionsSkill: PlannedSkill;
  /** The manufacturing job's required skills that shorten it. */
  readonly specialists: readonly PlannedSpecialist[];
  readonly invention: PlannedInvention | null;
  readonly science: PlannedScience;
}

/** Validates a request body against the contract; the error names every field that is wrong. */
export function parseIndustryRequest(body: unknown): IndustryCalculationRequest {
  const checked = checkBody(industryCalculationRequestSchema, body, 'calculation request');
  if ('problem' in checked) throw new IndustryInputError(checked.problem);
  return checked.data;
}

/** Resolves a valid request against the static data: blueprint, activity, system, structure role and rigs. */
export function planIndustryJob(
  request: IndustryCalculationRequest,
  staticData: StaticData,
): IndustryJobPlan {
  const { blueprint, activity, isReaction } = blueprintActivity(request.blueprintTypeId, staticData);
  const system = systemNamed(request.systemName, staticData);
  const rigs = [request.rig1TypeId, request.rig2TypeId, request.rig3TypeId].flatMap((rigTypeId, slot) => {
    if (rigTypeId === null || rigTypeId === undefined) return [];
    const rig = staticData.structureRig(rigTypeId);
    if (!rig) throw new IndustryInputError(`rig${slot + 1}TypeId: ${rigTypeId} is not a structure rig.`);
    return [rig];
  });
  const structureCostBonus = isReaction ? 0 : ((request.structureCostBonus ?? 0) as StructureCostBonus);
  // Reactions run only outside high-sec (esi.md §5.4): without a system or status, low-sec is assumed for them.
  const securityClass =
    request.securityStatus ?? (isReaction && system === null ? 'LOW' : securityClassOf(system));
  if (isReaction && securityClass === 'HIGH') {
    throw new IndustryInputError(
      'Reactions run only in low-sec, null-sec or wormhole space: choose a system or security status there.',
    );
  }
  const buyRegionId = regionOf(request.buyRegionId, 'buyRegionId', staticData);
  const sellRegionId = regionOf(request.sellRegionId, 'sellRegionId', staticData);

  const typeNames = new Map<number, string>();
  const nameOf = (typeId: number): string => {
    const name = staticData.typeName(typeId) ?? `Type ${typeId}`;
    typeNames.set(typeId, name);
    return name;
  };
  for (const material of activity.materials) nameOf(material.typeId);
  const products = activity.products.map((product) => ({
    typeId: product.typeId,
    typeName: nameOf(product.typeId),
    quantity: product.quantity,
    productClass: staticData.typeClassification(product.typeId) ?? { groupId: 0, categoryId: 0 },
  }));

  const levelOf = skillLevels(request.skills, request.unlistedSkillLevel);
  const skill = (typeId: number): PlannedSkill => ({
    typeId,
    typeName: staticData.typeName(typeId) ?? `Type ${typeId}`,
    level: levelOf(typeId),
  });
  const specialists = isReaction
    ? []
    : activity.skills.flatMap((required): PlannedSpecialist[] => {
        const bonus = staticData.skillTimeBonus(required.typeId);
        return bonus ? [{ ...skill(required.typeId), timePerLevel: bonus.manufacturingTimePerLevel }] : [];
      });
  const invention = isReaction
    ? null
    : plannedInvention(blueprint.blueprintTypeId, request, staticData, skill);
  for (const material of invention?.activity.materials ?? []) nameOf(material.typeId);
  if (invention?.decryptor) nameOf(invention.decryptor.typeId);
  if (request.decryptorTypeId != null && invention === null) {
    throw new IndustryInputError(
      `decryptorTypeId: ${staticData.typeName(blueprint.blueprintTypeId) ?? blueprint.blueprintTypeId} is not invented, so it takes no decryptor.`,
    );
  }

  const science = plannedScience(request, blueprint, staticData, skill);
  if (science.copying && science.copying.runsPerCopy > blueprint.maxProductionLimit) {
    throw new IndustryInputError(
      `copying.runsPerCopy: a copy of ${staticData.typeName(blueprint.blueprintTypeId) ?? blueprint.blueprintTypeId} holds at most ${blueprint.maxProductionLimit} runs.`,
    );
  }

  const limits = INDUSTRY_CALCULATOR_LIMITS;
  return {
    requestedTypeId: request.blueprintTypeId,
    blueprintTypeId: blueprint.blueprintTypeId,
    blueprintTypeName: staticData.typeName(blueprint.blueprintTypeId) ?? `Type ${blueprint.blueprintTypeId}`,
    isReaction,
    activity,
    maxProductionLimit: blueprint.maxProductionLimit,
    products,
    typeNames,
    runs: request.runs,
    materialEfficiency: isReaction
      ? 0
      : (request.materialEfficiency ??
        invention?.copy.materialEfficiency ??
        limits.materialEfficiency.default),
    timeEfficiency: isReaction
      ? 0
      : (request.timeEfficiency ?? invention?.copy.timeEfficiency ?? limits.timeEfficiency.default),
    structureCostBonus,
    structureRole: isReaction
      ? request.refinery === 'TATARA'
        ? structureBonusesOf(TATARA_TYPE_ID, staticData)
        : null
      : structureCostBonus === 0
        ? null
        : structureBonusesOf(STRUCTURE_OF_COST_BONUS[structureCostBonus], staticData),
    system,
    securityClass,
    refinery: isReaction ? (request.refinery ?? 'ATHANOR') : null,
    rigs,
    materialConsumptionModifier: request.materialConsumptionModifier ?? null,
    facilityTaxPercent: request.facilityTax ?? limits.facilityTaxPercent.default,
    factionWarfareBonusPercent: request.factionWarfareBonus ?? limits.factionWarfareBonusPercent.default,
    buyBrokerFeePercent: request.buyBrokerFee ?? limits.brokerFeePercent.default,
    sellBrokerFeePercent: request.sellBrokerFee ?? limits.brokerFeePercent.default,
    salesTaxPercent: request.salesTax ?? limits.salesTaxPercent.default,
    additionalBlueprintCost: request.additionalBlueprintCost ?? 0,
    buyRegionId,
    sellRegionId,
    buyFromBuys: request.buyFromBuys ?? false,
    sellToBuys: request.sellToBuys ?? false,
    customInputPrices: priceMap(request.customInputPrices),
    customOutputPrices: priceMap(request.customOutputPrices),
    industrySkill: skill(SKILL.industry),
    advancedIndustrySkill: skill(SKILL.advancedIndustry),
    reactionsSkill: skill(SKILL.reactions),
    specialists,
    invention,
    science,
  };
}

/** The copying and research asked for; a blueprint without the activity (a reaction formula) answers 400. */
function plannedScience(
  request: IndustryCalculationRequest,
  blueprint: BlueprintRecord,
  staticData: StaticData,
  skill: (typeId: number) => PlannedSkill,
): PlannedScience {
  const baseTime = (activity: 'copying' | 'researchMaterial' | 'researchTime', field: string) => {
    const found = blueprint.activities[activity];
    if (!found) {
      const name = staticData.typeName(blueprint.blueprintTypeId) ?? blueprint.blueprintTypeId;
      throw new IndustryInputError(
        `${field}: ${name} cannot be ${activity === 'copying' ? 'copied' : 'researched'}.`,
      );
    }
    return found.time;
  };
  const { copying, materialResearch, timeResearch } = request;
  return {
    copying: copying ? { ...copying, baseTime: baseTime('copying', 'copying') } : null,
    materialResearch: materialResearch
      ? { ...materialResearch, baseTime: baseTime('researchMaterial', 'materialResearch') }
      : null,
    timeResearch: timeResearch
      ? { ...timeResearch, baseTime: baseTime('researchTime', 'timeResearch') }
      : null,
    scienceSkill: skill(SKILL.science),
    metallurgySkill: skill(SKILL.metallurgy),
    researchSkill: skill(SKILL.research),
  };
}

/** A skill's level: the request's, else the level of unlisted skills (V unless the request says). */
function skillLevels(
  levels: Readonly<Record<string, number>> | undefined,
  unlistedLevel: number | undefined,
): (typeId: number) => number {
  return (typeId) => levels?.[String(typeId)] ?? unlistedLevel ?? ASSUMED_SKILL_LEVEL;
}

/**
 * The invention behind an invented blueprint: the T1 blueprint whose invention lists it, its chance, the
 * decryptor asked for, and the skills of the chance: the required skills that are also datacore (science)
 * skills, which shorten manufacturing, and the encryption skill, which does not.
 */
function plannedInvention(
  blueprintTypeId: number,
  request: IndustryCalculationRequest,
  staticData: StaticData,
  skill: (typeId: number) => PlannedSkill,
): PlannedInvention | null {
  const inventor = staticData.inventorOf(blueprintTypeId);
  const activity = inventor?.activities.invention;
  const product = activity?.products.find((candidate) => candidate.typeId === blueprintTypeId);
  if (!inventor || !activity || !product) return null;
  let decryptor: DecryptorRecord | null = null;
  if (request.decryptorTypeId != null) {
    decryptor = staticData.decryptor(request.decryptorTypeId);
    if (!decryptor) {
      throw new IndustryInputError(`decryptorTypeId: ${request.decryptorTypeId} is not a decryptor.`);
    }
  }
  const required = activity.skills.map((requirement) => skill(requirement.typeId));
  return {
    inventor,
    inventorName: staticData.typeName(inventor.blueprintTypeId) ?? `Type ${inventor.blueprintTypeId}`,
    activity,
    baseProbability: product.probability ?? 0,
    decryptor,
    copy: inventedCopy(product.quantity, decryptor),
    scienceSkills: required.filter((candidate) => staticData.skillTimeBonus(candidate.typeId) !== null),
    encryptionSkills: required.filter((candidate) => staticData.skillTimeBonus(candidate.typeId) === null),
    included: request.includeInvention ?? true,
  };
}

/** The blueprint or reaction formula of that id, or the one that makes the item of that id (a product's link). */
function blueprintActivity(blueprintTypeId: number, staticData: StaticData) {
  const blueprint = staticData.blueprint(blueprintTypeId) ?? staticData.producerOf(blueprintTypeId);
  if (!blueprint) {
    throw new IndustryInputError(
      `No blueprint or reaction formula has the type id ${blueprintTypeId}, and none makes it.`,
    );
  }
  const { reaction, manufacturing } = blueprint.activities;
  if (reaction && reaction.products.length > 0) return { blueprint, activity: reaction, isReaction: true };
  if (manufacturing && manufacturing.products.length > 0) {
    return { blueprint, activity: manufacturing, isReaction: false };
  }
  throw new IndustryInputError(
    `${staticData.typeName(blueprintTypeId) ?? blueprintTypeId} can be neither manufactured nor reacted.`,
  );
}

function systemNamed(name: string | null | undefined, staticData: StaticData): SolarSystem | null {
  const wanted = name?.trim() ?? '';
  if (wanted === '') return null;
  const system = solarSystemByName(staticData, wanted);
  if (!system) throw new IndustryInputError(`No solar system is named '${wanted}'.`);
  return system;
}

const systemsByName = new WeakMap<StaticData, ReadonlyMap<string, SolarSystem>>();

/** A solar system by its exact name, in any letter case; the index is built once per dataset. */
export function solarSystemByName(staticData: StaticData, name: string): SolarSystem | null {
  let index = systemsByName.get(staticData);
  if (!index) {
    index = new Map(staticData.systems().map((system) => [system.systemName.toLowerCase(), system]));
    systemsByName.set(staticData, index);
  }
  return index.get(name.trim().toLowerCase()) ?? null;
}

function securityClassOf(system: SolarSystem | null): SecurityClass {
  if (!system) return 'HIGH';
  return industrySecurityClass(system.security, isWormholeRegion(system.regionId));
}

function regionOf(regionId: number | undefined, field: string, staticData: StaticData): number {
  const id = regionId ?? DEFAULT_PRICE_REGION_ID;
  if (!staticData.region(id)) throw new IndustryInputError(`${field}: no region has the id ${id}.`);
  return id;
}

function structureBonusesOf(typeId: number, staticData: StaticData): StructureBonusRecord {
  const role = staticData.structureBonuses().find((structure) => structure.typeId === typeId);
  if (!role) throw new Error(`The static data has no role bonuses for structure type ${typeId}`);
  return role;
}

function priceMap(prices: Readonly<Record<string, number>> | undefined): Map<number, number> {
  return new Map(Object.entries(prices ?? {}).map(([typeId, price]) => [Number(typeId), price]));
}
