import {
  INDUSTRY_CALCULATOR_LIMITS,
  industryCalculationRequestSchema,
  isWormholeRegion,
  type IndustryCalculationRequest,
  type SecurityClass,
  type SolarSystem,
  type StructureCostBonus,
} from '@tradewise/contracts';
import { DEFAULT_PRICE_REGION_ID } from '../../market-data/market-hubs';
import type {
  BlueprintActivityRecord,
  StructureBonusRecord,
  StructureRigRecord,
} from '../../static-data/dataset/dataset-format';
import type { StaticData } from '../../static-data/static-data';
import { industrySecurityClass, type ProductClass } from '../formulas';
import { checkBody } from '../request-body';

/** The Forge: the default buy and sell region (spec §9). */

/** The Upwell structure whose role bonuses each cost bonus choice stands for (spec §5). */
const STRUCTURE_OF_COST_BONUS: Readonly<Record<Exclude<StructureCostBonus, 0>, number>> = {
  [-3]: 35825, // Raitaru
  [-4]: 35826, // Azbel
  [-5]: 35827, // Sotiyo
};
const TATARA_TYPE_ID = 35836;

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
    materialEfficiency: isReaction ? 0 : (request.materialEfficiency ?? limits.materialEfficiency.default),
    timeEfficiency: isReaction ? 0 : (request.timeEfficiency ?? limits.timeEfficiency.default),
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
