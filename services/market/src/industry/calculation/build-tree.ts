import type {
  IndustryBuildChoice,
  IndustryBuildTree,
  IndustryCalculation,
  IndustryCalculationRequest,
  IndustryInput,
  IndustryTreeComponent,
  IndustryTreeJob,
  SolarSystem,
} from '@tradewise/contracts';
import type { StaticData } from '../../static-data/static-data';
import {
  buyBrokerFeePercentOf,
  calculateIndustryJob,
  perRunEstimatedItemValue,
  priceOf,
  type IndustryJobCalculation,
} from './industry-calculator';
import { IndustryInputError, planIndustryJob, type IndustryJobPlan } from './industry-job.plan';
import { centsToIsk, iskToCents, lineCents, percentage, percentOf, type Cents } from './isk-cents';
import { calculateScienceJobs } from './science-jobs.calculator';

// The build tree (issue #26): the product's job, and a job for each component the request builds, each planned
// and priced by the single-job calculator in its own facility. A component is one job however many jobs use it:
// its runs cover what all of them need. Nothing here knows a formula; it only adds quantities up.

/** The request fields a built component's job takes from the job it goes into unless its choice says otherwise. */
const FACILITY_FIELDS = [
  'systemName',
  'securityStatus',
  'structureCostBonus',
  'refinery',
  'rig1TypeId',
  'rig2TypeId',
  'rig3TypeId',
  'facilityTax',
  'factionWarfareBonus',
  'materialConsumptionModifier',
] as const satisfies readonly (keyof IndustryBuildChoice & keyof IndustryCalculationRequest)[];

/** A built component's job, planned for one run (the runs follow from what the jobs above it need). */
export interface TreeJobPlan {
  readonly typeId: number;
  readonly plan: IndustryJobPlan;
  /** The longest way down from the product: every job that needs it is shallower. */
  readonly depth: number;
}

/** The product's job and every built component's job, shallowest first; every makeable material on the way. */
export interface BuildTreePlan {
  readonly root: IndustryJobPlan;
  readonly jobs: readonly TreeJobPlan[];
  /** Materials some blueprint makes, by type id, with the blueprint and whether the request builds them. */
  readonly components: ReadonlyMap<number, Omit<IndustryTreeComponent, 'quantity' | 'depth'>>;
  /** Every material any job of the tree may consume (for the market reads). */
  readonly materialTypeIds: readonly number[];
}

/**
 * Plans the tree from the request against the static data: each component the request builds gets the job of
 * the blueprint that makes it, with the facility of the first job found needing it unless its choice sets its
 * own. Throws {@link IndustryInputError} for a built type nothing makes or a component made from itself.
 */
export function planBuildTree(request: IndustryCalculationRequest, staticData: StaticData): BuildTreePlan {
  const root = planIndustryJob(request, staticData);
  const choices = new Map(
    Object.entries(request.build ?? {}).map(([typeId, choice]) => [Number(typeId), choice]),
  );
  for (const typeId of choices.keys()) {
    if (!staticData.producerOf(typeId)) {
      throw new IndustryInputError(
        `build: no blueprint or reaction formula makes ${staticData.typeName(typeId) ?? `the type ${typeId}`}.`,
      );
    }
  }
  const components = new Map<number, Omit<IndustryTreeComponent, 'quantity' | 'depth'>>();
  const planned = new Map<number, { plan: IndustryJobPlan; request: IndustryCalculationRequest }>();
  const materials = new Set<number>();
  const rootProducts = new Set(root.products.map((product) => product.typeId));
  const queue: { plan: IndustryJobPlan; request: IndustryCalculationRequest }[] = [{ plan: root, request }];
  for (let next = queue.shift(); next; next = queue.shift()) {
    for (const typeId of inputTypeIds(next.plan)) materials.add(typeId);
    for (const material of next.plan.activity.materials) {
      const { typeId } = material;
      if (components.has(typeId)) continue;
      const producer = staticData.producerOf(typeId);
      if (!producer) continue;
      const choice = choices.get(typeId);
      if (choice && rootProducts.has(typeId)) {
        throw new IndustryInputError(`build: ${next.plan.typeNames.get(typeId)} is made from itself.`);
      }
      const job = choice
        ? plannedComponent(producer.blueprintTypeId, next.request, choice, staticData)
        : null;
      components.set(typeId, {
        typeId,
        typeName: next.plan.typeNames.get(typeId) ?? `Type ${typeId}`,
        blueprintTypeId: producer.blueprintTypeId,
        isReaction: job?.plan.isReaction ?? Boolean(producer.activities.reaction?.products.length),
        built: job !== null,
      });
      if (job) {
        planned.set(typeId, job);
        queue.push(job);
      }
    }
  }
  const depths = treeDepths(root, planned);
  const jobs = [...planned]
    .map(([typeId, { plan }]) => ({ typeId, plan, depth: depths.get(typeId)! }))
    .sort((a, b) => a.depth - b.depth || a.typeId - b.typeId);
  return { root, jobs, components, materialTypeIds: [...materials] };
}

/** A material line of a job and the invention materials of its blueprint (datacores and decryptor). */
export function inputTypeIds(plan: IndustryJobPlan): number[] {
  return [
    ...plan.activity.materials.map((material) => material.typeId),
    ...(plan.invention?.activity.materials.map((material) => material.typeId) ?? []),
    ...(plan.invention?.decryptor ? [plan.invention.decryptor.typeId] : []),
  ];
}

function plannedComponent(
  blueprintTypeId: number,
  parent: IndustryCalculationRequest,
  choice: IndustryBuildChoice,
  staticData: StaticData,
) {
  const request: IndustryCalculationRequest = {
    blueprintTypeId,
    runs: 1,
    buyRegionId: parent.buyRegionId,
    sellRegionId: parent.sellRegionId,
    buyFromBuys: parent.buyFromBuys,
    buyBrokerFee: parent.buyBrokerFee,
    customInputPrices: parent.customInputPrices,
    skills: parent.skills,
    unlistedSkillLevel: parent.unlistedSkillLevel,
    materialEfficiency: choice.materialEfficiency,
    timeEfficiency: choice.timeEfficiency,
    decryptorTypeId: choice.decryptorTypeId,
  };
  const facility = request as Record<(typeof FACILITY_FIELDS)[number], unknown>;
  for (const field of FACILITY_FIELDS)
    facility[field] = choice[field] !== undefined ? choice[field] : parent[field];
  try {
    return { plan: planIndustryJob(request, staticData), request };
  } catch (error) {
    if (!(error instanceof IndustryInputError)) throw error;
    const name = staticData.typeName(blueprintTypeId) ?? blueprintTypeId;
    throw new IndustryInputError(`build: ${name}: ${error.message}`);
  }
}

/** Each built component's longest way down from the product; a component that needs itself is refused. */
function treeDepths(
  root: IndustryJobPlan,
  planned: ReadonlyMap<number, { plan: IndustryJobPlan }>,
): Map<number, number> {
  const depths = new Map<number, number>();
  const onPath = new Set<number>();
  const visit = (plan: IndustryJobPlan, depth: number) => {
    for (const { typeId } of plan.activity.materials) {
      const child = planned.get(typeId);
      if (!child) continue;
      if (onPath.has(typeId)) {
        throw new IndustryInputError(`build: ${plan.typeNames.get(typeId)} is made from itself.`);
      }
      if ((depths.get(typeId) ?? 0) >= depth + 1) continue;
      depths.set(typeId, depth + 1);
      onPath.add(typeId);
      visit(child.plan, depth + 1);
      onPath.delete(typeId);
    }
  };
  visit(root, 0);
  return depths;
}

/** What the market says for the whole tree: the single job's inputs with a cost index per system and activity. */
export interface TreeMarketInputs {
  readonly adjustedPrices: ReadonlyMap<number, number>;
  readonly averagePrices: ReadonlyMap<number, number>;
  readonly inputMarketPrices: ReadonlyMap<number, number | null>;
  readonly outputMarketPrices: ReadonlyMap<number, number | null>;
  /** The system's cost index for an activity (ESI's names: `manufacturing`, `copying`, ...); 0 without a system. */
  costIndex(system: SolarSystem | null, activity: string): number;
}

/**
 * The calculation answered: the product's job as the single-job calculator prices it, its copying and research
 * jobs, and the build tree: each built component's job with the runs that cover what the jobs above need, the
 * materials bought for all of them, and the whole tree's totals.
 */
export function calculateIndustry(tree: BuildTreePlan, market: TreeMarketInputs): IndustryCalculation {
  const jobMarket = (plan: IndustryJobPlan) => ({
    ...market,
    systemCostIndex: market.costIndex(plan.system, plan.isReaction ? 'reaction' : 'manufacturing'),
    inventionCostIndex: plan.invention ? market.costIndex(plan.system, 'invention') : 0,
  });
  const { root } = tree;
  const product = calculateIndustryJob(root, jobMarket(root));
  const needed = new Map<number, number>();
  const depthOf = new Map<number, number>();
  const need = (calculation: IndustryJobCalculation, depth: number) => {
    for (const input of calculation.inputs) {
      needed.set(input.typeId, (needed.get(input.typeId) ?? 0) + input.quantity);
      depthOf.set(input.typeId, Math.max(depthOf.get(input.typeId) ?? 0, depth + 1));
    }
  };
  need(product, 0);
  const jobs: IndustryTreeJob[] = [treeJob(root, product, 0, product.outputs[0]?.quantity ?? 0)];
  for (const { typeId, plan, depth } of tree.jobs) {
    const quantity = needed.get(typeId) ?? 0;
    const perRun = plan.products.find((made) => made.typeId === typeId)?.quantity ?? 1;
    const runs = Math.max(1, Math.ceil(quantity / perRun));
    const calculation = calculateIndustryJob({ ...plan, runs }, jobMarket(plan));
    need(calculation, depth);
    jobs.push(treeJob(plan, calculation, depth, quantity, typeId));
  }

  const built = new Set(tree.jobs.map((job) => job.typeId));
  const brokerPercent = buyBrokerFeePercentOf(root);
  const materials: IndustryInput[] = [];
  let gross: Cents = 0n;
  let brokerFee: Cents = 0n;
  for (const [typeId, quantity] of needed) {
    if (built.has(typeId)) continue;
    const price = priceOf(
      typeId,
      root.customInputPrices,
      market.inputMarketPrices.get(typeId) ?? null,
      market.averagePrices.get(typeId),
    );
    const lineGross = lineCents(price.unitPrice, quantity);
    const lineFee = percentOf(lineGross, brokerPercent);
    gross += lineGross;
    brokerFee += lineFee;
    materials.push({
      typeId,
      typeName: typeNameIn(tree, typeId),
      quantity,
      minQuantity: quantity,
      baseQuantity: quantity,
      ...price,
      adjustedPrice: market.adjustedPrices.get(typeId) ?? null,
      grossCost: centsToIsk(lineGross),
      brokerFee: centsToIsk(lineFee),
      netCost: centsToIsk(lineGross + lineFee),
    });
  }

  const jobCost = jobs.reduce((sum, job) => sum + BigInt(job.jobCost) * 100n, 0n);
  const inventionCost = jobs.reduce((sum, job) => sum + iskToCents(job.inventionCost), 0n);
  const additional = iskToCents(product.totals.additionalBlueprintCost);
  const totalCost = gross + brokerFee + jobCost + inventionCost + additional;
  const totalSell = iskToCents(product.totals.totalSell);
  const profit = totalSell - totalCost;
  const grossSell = iskToCents(product.totals.grossSell);
  const components: IndustryTreeComponent[] = [...tree.components.values()]
    .filter((component) => needed.has(component.typeId))
    .map((component) => ({
      ...component,
      depth: depthOf.get(component.typeId) ?? 1,
      quantity: needed.get(component.typeId) ?? 0,
    }))
    .sort((a, b) => a.depth - b.depth || a.typeName.localeCompare(b.typeName));

  const buildTree: IndustryBuildTree = {
    components,
    jobs,
    materials,
    totals: {
      materialsGross: centsToIsk(gross),
      materialsBrokerFee: centsToIsk(brokerFee),
      materialsNet: centsToIsk(gross + brokerFee),
      jobCost: centsToIsk(jobCost),
      inventionCost: centsToIsk(inventionCost),
      additionalBlueprintCost: centsToIsk(additional),
      totalCost: centsToIsk(totalCost),
      totalSell: centsToIsk(totalSell),
      profit: centsToIsk(profit),
      margin: percentage(profit, grossSell),
      timeSeconds: jobs.reduce((sum, job) => sum + job.timeSeconds, 0),
    },
  };
  return {
    ...product,
    scienceJobs: calculateScienceJobs(root, perRunEstimatedItemValue(root, market.adjustedPrices), {
      copying: market.costIndex(root.system, 'copying'),
      researchingMaterialEfficiency: market.costIndex(root.system, 'researching_material_efficiency'),
      researchingTimeEfficiency: market.costIndex(root.system, 'researching_time_efficiency'),
    }),
    tree: buildTree,
  };
}

function treeJob(
  plan: IndustryJobPlan,
  calculation: IndustryJobCalculation,
  depth: number,
  needed: number,
  typeId = plan.products[0]!.typeId,
): IndustryTreeJob {
  const made = calculation.outputs.find((output) => output.typeId === typeId);
  return {
    typeId,
    typeName: made?.typeName ?? plan.typeNames.get(typeId) ?? `Type ${typeId}`,
    blueprintTypeId: plan.blueprintTypeId,
    blueprintTypeName: plan.blueprintTypeName,
    isReaction: plan.isReaction,
    depth,
    runs: calculation.runs,
    quantity: made?.quantity ?? 0,
    needed,
    jobs: Math.ceil(calculation.runs / Math.max(1, plan.maxProductionLimit)),
    materialEfficiency: calculation.materialEfficiency,
    timeEfficiency: calculation.timeEfficiency,
    systemName: plan.system?.systemName ?? null,
    securityStatus: plan.securityClass,
    structureCostBonus: plan.structureCostBonus,
    refinery: plan.refinery,
    jobCost: calculation.jobCost.total,
    inventionCost: calculation.totals.inventionCost,
    timeSeconds: calculation.timeSeconds,
  };
}

function typeNameIn(tree: BuildTreePlan, typeId: number): string {
  for (const plan of [tree.root, ...tree.jobs.map((job) => job.plan)]) {
    const name = plan.typeNames.get(typeId);
    if (name) return name;
  }
  return `Type ${typeId}`;
}
