import { z } from 'zod';
import { MAX_ISK } from '../ledger/money-bounds';

/** public-tools §5 and §9: the calculator's defaults and bounds (percentages as the user types them). */
export const INDUSTRY_CALCULATOR_LIMITS = {
  runs: { min: 1, max: 1_000_000, default: 1 },
  timeEfficiency: { min: 0, max: 20, default: 20 },
  materialEfficiency: { min: 0, max: 10, default: 10 },
  /** Player structures set their tax up to 10% (esi.md §5.2). */
  facilityTaxPercent: { min: 0, max: 10, default: 10 },
  /** The faction warfare discount on the system cost, as a positive percentage (50 = half off). */
  factionWarfareBonusPercent: { min: 0, max: 100, default: 0 },
  brokerFeePercent: { min: 0, max: 100, default: 1 },
  salesTaxPercent: { min: 0, max: 100, default: 3.6 },
  /** The Custom Modifier facility's material multiplier (1 = no bonus). */
  materialConsumptionModifier: { min: 0, max: 2, default: 1 },
  /** Any ISK price or cost the user enters: the product's bound (unit prices may have more than two decimals here). */
  isk: { min: 0, max: MAX_ISK },
  /** The SCC surcharge, fixed (spec §9). */
  sccSurchargePercent: 4,
  /** At most once a second, with a deferred retry (spec §4). */
  recalculationThrottleMs: 1000,
} as const;

/** The structure role cost bonus choices, in percent: none (NPC station, Athanor, Tatara), Raitaru, Azbel, Sotiyo. */
export const STRUCTURE_COST_BONUSES = [0, -3, -4, -5] as const;
export type StructureCostBonus = (typeof STRUCTURE_COST_BONUSES)[number];

export const INDUSTRY_SECURITY_STATUSES = ['HIGH', 'LOW', 'NULL'] as const;

export type IndustrySecurityStatus = (typeof INDUSTRY_SECURITY_STATUSES)[number];

/** The refineries reactions run in (esi.md §5.4): the Athanor, and the Tatara with its −25% reaction time. */
export const INDUSTRY_REFINERIES = ['ATHANOR', 'TATARA'] as const;
export type IndustryRefinery = (typeof INDUSTRY_REFINERIES)[number];

const { runs, timeEfficiency, materialEfficiency, isk } = INDUSTRY_CALCULATOR_LIMITS;
/** Bounds of the science jobs and of the build tree (issue #26). */
export const INDUSTRY_SCIENCE_LIMITS = { copies: 1000, builtComponents: 500 } as const;

/** A skill the calculator takes at V unless told otherwise (issue #26: "all V" by default). */
export const ASSUMED_SKILL_LEVEL = 5;
/** Levels by skill type id (as JSON object keys), 0 to 5. */
const skillLevels = z.record(
  z.string().regex(/^\d{1,10}$/, 'keys must be skill type ids'),
  z.number().int().min(0).max(5),
);
const typeId = z.number().int().positive();
const percent = (limits: { min: number; max: number }) => z.number().min(limits.min).max(limits.max);
/** Custom prices by type id (as JSON object keys), in ISK. */
const customPrices = z.record(
  z.string().regex(/^\d{1,10}$/, 'keys must be type ids'),
  z.number().min(isk.min).max(isk.max),
);

/** Copies to make of the blueprint (issue #26): how many, and the runs each holds. */
export const industryCopyingRequestSchema = z
  .object({
    copies: z.number().int().min(1).max(INDUSTRY_SCIENCE_LIMITS.copies),
    /** At most the blueprint's maximum production limit. */
    runsPerCopy: z.number().int().min(1).max(runs.max),
  })
  .strict();

/** ME research from one level to a higher one (ME %, 0 to 10). */
export const industryMaterialResearchRequestSchema = z
  .object({
    from: z.number().int().min(0).max(9),
    to: z.number().int().min(1).max(10),
  })
  .strict()
  .refine((levels) => levels.to > levels.from, { message: 'to must be above from', path: ['to'] });

/** TE research from one level to a higher one (TE %, 0 to 20 in steps of 2: one research level is 2%). */
export const industryTimeResearchRequestSchema = z
  .object({
    from: z.number().int().min(0).max(18).multipleOf(2),
    to: z.number().int().min(2).max(20).multipleOf(2),
  })
  .strict()
  .refine((levels) => levels.to > levels.from, { message: 'to must be above from', path: ['to'] });

const industryJobFields = {
  /** The system the job runs in: its cost index and its security; none gives a cost index of 0. */
  systemName: z.string().max(100).nullable().optional(),
  /** The structure's security class (a saved structure's); the system's when left out. */
  securityStatus: z.enum(INDUSTRY_SECURITY_STATUSES).nullable().optional(),
  /** Percent: 0, -3 (Raitaru), -4 (Azbel) or -5 (Sotiyo); the structure's role bonuses follow from it. */
  structureCostBonus: z
    .number()
    .refine((value) => (STRUCTURE_COST_BONUSES as readonly number[]).includes(value), {
      message: `must be one of ${STRUCTURE_COST_BONUSES.join(', ')}`,
    })
    .optional(),
  /** For a reaction: the refinery it runs in (a Tatara takes 25% off the reaction time); default Athanor. */
  refinery: z.enum(INDUSTRY_REFINERIES).optional(),
  /** Not for reactions. */
  timeEfficiency: z.number().int().min(timeEfficiency.min).max(timeEfficiency.max).optional(),
  /** Not for reactions. */
  materialEfficiency: z.number().int().min(materialEfficiency.min).max(materialEfficiency.max).optional(),
  /** A Custom Modifier facility's material multiplier, in place of the structure's and its rigs' bonuses. */
  materialConsumptionModifier: percent(INDUSTRY_CALCULATOR_LIMITS.materialConsumptionModifier)
    .nullable()
    .optional(),
  rig1TypeId: typeId.nullable().optional(),
  rig2TypeId: typeId.nullable().optional(),
  rig3TypeId: typeId.nullable().optional(),
  /** Percent of the estimated item value, 0 to 10 (default 10). */
  facilityTax: percent(INDUSTRY_CALCULATOR_LIMITS.facilityTaxPercent).optional(),
  /** Percent off the system cost in a faction warfare system (default 0). */
  factionWarfareBonus: percent(INDUSTRY_CALCULATOR_LIMITS.factionWarfareBonusPercent).optional(),
  /** For an invented (T2) blueprint: the decryptor used in its invention; none by default. */
  decryptorTypeId: typeId.nullable().optional(),
};

/**
 * A component of the build tree that is built rather than bought, and the job that builds it: each field left
 * out is the job's it goes into (its facility), or the blueprint's default (ME, TE, no decryptor).
 */
export const industryBuildChoiceSchema = z.object(industryJobFields).strict();
export type IndustryBuildChoice = z.infer<typeof industryBuildChoiceSchema>;

/**
 * POST /industry/calculate (public-tools §3): the spec's request, plus the facility's taxes, the market's fees and
 * the additional blueprint cost so that the server returns every total. Fields left out take the spec's defaults.
 */
export const industryCalculationRequestSchema = z
  .object({
    blueprintTypeId: typeId,
    runs: z.number().int().min(runs.min).max(runs.max),
    /** Where the inputs are bought; The Forge (10000002) when left out. */
    buyRegionId: typeId.optional(),
    /** Where the output is sold; The Forge when left out. */
    sellRegionId: typeId.optional(),
    /** Inputs priced at the highest buy order (true) or the lowest sell order (false, default). */
    buyFromBuys: z.boolean().optional(),
    /** Output priced at the highest buy order (true) or the lowest sell order (false, default). */
    sellToBuys: z.boolean().optional(),
    ...industryJobFields,
    customInputPrices: customPrices.optional(),
    customOutputPrices: customPrices.optional(),
    /** Percent (default 1). */
    buyBrokerFee: percent(INDUSTRY_CALCULATOR_LIMITS.brokerFeePercent).optional(),
    /** Percent (default 1). */
    sellBrokerFee: percent(INDUSTRY_CALCULATOR_LIMITS.brokerFeePercent).optional(),
    /** Percent (default 3.6). */
    salesTax: percent(INDUSTRY_CALCULATOR_LIMITS.salesTaxPercent).optional(),
    /** ISK paid for the blueprint copy or its runs (default 0). */
    additionalBlueprintCost: z.number().min(isk.min).max(isk.max).optional(),
    /** The character's skill levels by skill type id; a skill left out is at `unlistedSkillLevel`. */
    skills: skillLevels.optional(),
    /**
     * The level of a skill `skills` leaves out: V by default ("all V"); 0 when `skills` is a character's whole
     * sheet (GET /account/characters/{id}/skills), which lists only the skills it has trained.
     */
    unlistedSkillLevel: z.number().int().min(0).max(5).optional(),
    /**
     * For an invented blueprint: whether the expected invention cost per run is part of the total cost (default
     * true); false when the copy was bought (then enter its price as the additional blueprint cost).
     */
    includeInvention: z.boolean().optional(),
    /** Copies made of this blueprint: their time and job cost (not part of the job's total cost). */
    copying: industryCopyingRequestSchema.nullable().optional(),
    /** ME research on this blueprint: its time and job cost. */
    materialResearch: industryMaterialResearchRequestSchema.nullable().optional(),
    /** TE research on this blueprint: its time and job cost. */
    timeResearch: industryTimeResearchRequestSchema.nullable().optional(),
    /**
     * The build tree: the components (by type id, as JSON object keys) that are built rather than bought, each
     * with its job's own facility where it differs from the job it goes into. A component left out is bought.
     */
    build: z
      .record(z.string().regex(/^\d{1,10}$/, 'keys must be type ids'), industryBuildChoiceSchema)
      .refine((choices) => Object.keys(choices).length <= INDUSTRY_SCIENCE_LIMITS.builtComponents, {
        message: `at most ${INDUSTRY_SCIENCE_LIMITS.builtComponents} components can be built`,
      })
      .optional(),
  })
  .strict();
export type IndustryCalculationRequest = z.infer<typeof industryCalculationRequestSchema>;

/**
 * Where a unit price came from: the user's custom price, the best order of the region, ESI's average price when
 * the region has no order on that side, or nothing at all (then 0, and the page says so).
 */
export const INDUSTRY_PRICE_SOURCES = ['MARKET', 'CUSTOM', 'ESI_AVERAGE', 'NONE'] as const;
export type IndustryPriceSource = (typeof INDUSTRY_PRICE_SOURCES)[number];

/** ISK, two decimals, computed in whole cents. */
const iskAmount = z.number();

export const industryInputSchema = z.object({
  typeId: z.number().int(),
  typeName: z.string(),
  /** What the job consumes for all its runs. */
  quantity: z.number().int(),
  /** What it would consume at ME 10 in the same facility; quantity - minQuantity is the ME waste. */
  minQuantity: z.number().int(),
  /** Per run, as the blueprint lists it. */
  baseQuantity: z.number().int(),
  /** The unit price used: the custom one, else the market's, else ESI's average price; 0 with source NONE. */
  unitPrice: iskAmount,
  /** The best order in the buy region (highest buy or lowest sell), or null when there is none. */
  marketPrice: iskAmount.nullable(),
  priceSource: z.enum(INDUSTRY_PRICE_SOURCES),
  /** ESI's adjusted price (feeds the estimated item value), or null when ESI has none. */
  adjustedPrice: z.number().nullable(),
  grossCost: iskAmount,
  brokerFee: iskAmount,
  /** Gross cost plus the buy broker fee. */
  netCost: iskAmount,
});
export type IndustryInput = z.infer<typeof industryInputSchema>;

export const industryOutputSchema = z.object({
  typeId: z.number().int(),
  typeName: z.string(),
  quantity: z.number().int(),
  unitPrice: iskAmount,
  marketPrice: iskAmount.nullable(),
  priceSource: z.enum(INDUSTRY_PRICE_SOURCES),
  grossSell: iskAmount,
  brokerFee: iskAmount,
  salesTax: iskAmount,
  /** Gross sell minus the sell broker fee and the sales tax. */
  netSell: iskAmount,
});
export type IndustryOutput = z.infer<typeof industryOutputSchema>;

/** The job installation cost as the game's industry window itemises it, in whole ISK (esi.md §5.2). */
export const industryJobCostSchema = z.object({
  estimatedItemValue: z.number().int(),
  /** Estimated item value x system cost index. */
  systemCost: z.number().int(),
  /** Structure, rig and faction warfare bonuses: zero or negative. */
  systemCostBonuses: z.number().int(),
  facilityTax: z.number().int(),
  /** 4% of the estimated item value. */
  sccSurcharge: z.number().int(),
  total: z.number().int(),
});
export type IndustryJobCost = z.infer<typeof industryJobCostSchema>;

/** A fitted rig and what it does for this job (percent after the security multiplier; 0 where it does not apply). */
export const industryAppliedRigSchema = z.object({
  typeId: z.number().int(),
  typeName: z.string(),
  materialBonus: z.number(),
  timeBonus: z.number(),
  costBonus: z.number(),
});
export type IndustryAppliedRig = z.infer<typeof industryAppliedRigSchema>;

export const industryTotalsSchema = z.object({
  /** Inputs at their unit prices. */
  inputsGross: iskAmount,
  inputsBrokerFee: iskAmount,
  inputsNet: iskAmount,
  jobCost: iskAmount,
  additionalBlueprintCost: iskAmount,
  /** The expected invention cost of the runs, when included; else 0. */
  inventionCost: iskAmount,
  /** Net inputs + job cost + additional blueprint cost + invention cost. */
  totalCost: iskAmount,
  grossSell: iskAmount,
  sellBrokerFee: iskAmount,
  salesTax: iskAmount,
  /** Gross sell minus the sell broker fee and the sales tax. */
  totalSell: iskAmount,
  profit: iskAmount,
  /** Profit over the gross sell, in percent with 2 decimals; null when nothing sells. */
  margin: z.number().nullable(),
});
export type IndustryTotals = z.infer<typeof industryTotalsSchema>;

/** A skill the job's time or chance depends on, at the level used. */
export const industrySkillSchema = z.object({
  typeId: z.number().int(),
  typeName: z.string(),
  level: z.number().int(),
  /** What it does here. */
  role: z.enum([
    'INDUSTRY',
    'ADVANCED_INDUSTRY',
    'REACTIONS',
    'SPECIALIST',
    'SCIENCE',
    'ENCRYPTION',
    'COPYING',
    'MATERIAL_RESEARCH',
    'TIME_RESEARCH',
  ]),
});
export type IndustrySkill = z.infer<typeof industrySkillSchema>;

/** A decryptor and what it does to an invention (dogma 1112, 1113, 1114, 1124). */
export const industryDecryptorSchema = z.object({
  typeId: z.number().int(),
  typeName: z.string(),
  probabilityMultiplier: z.number(),
  materialEfficiencyModifier: z.number().int(),
  timeEfficiencyModifier: z.number().int(),
  runModifier: z.number().int(),
});
export type IndustryDecryptor = z.infer<typeof industryDecryptorSchema>;
export const industryDecryptorListSchema = z.array(industryDecryptorSchema);

/**
 * The invention of an invented (T2) blueprint's copy, per attempt, and what it adds to each manufacturing run
 * with failures priced in (issue #26, item 6).
 */
export const industryInventionSchema = z.object({
  /** The T1 blueprint the invention runs on. */
  blueprintTypeId: z.number().int(),
  blueprintTypeName: z.string(),
  /** The blueprint's chance before skills and decryptor. */
  baseProbability: z.number(),
  /** base × (1 + Σ science levels / 30 + encryption level / 40) × decryptor, at most 1; 6 decimals. */
  probability: z.number(),
  decryptor: industryDecryptorSchema.nullable(),
  /** The invented copy: runs, ME and TE. */
  runsPerCopy: z.number().int(),
  materialEfficiency: z.number().int(),
  timeEfficiency: z.number().int(),
  /** Datacores and other materials of one attempt, and the decryptor, priced as the inputs are. */
  materials: z.array(industryInputSchema),
  /** Job cost of one attempt: index, bonuses, facility tax and SCC on the job cost base (2% of the T2 EIV). */
  jobCost: industryJobCostSchema.extend({ jobCostBase: z.number().int() }),
  systemCostIndex: z.number(),
  /** One attempt, in seconds. */
  timeSeconds: z.number().int(),
  /** Materials and job cost of one attempt. */
  attemptCost: iskAmount,
  /** attempt cost / (probability × runs per copy); null when the chance is 0. */
  expectedCostPerRun: iskAmount.nullable(),
  /** expected cost per run × runs. */
  expectedCost: iskAmount.nullable(),
  /** Whether the expected cost is in the total cost. */
  included: z.boolean(),
});
export type IndustryInvention = z.infer<typeof industryInventionSchema>;

/**
 * A copying or ME/TE research job on the blueprint in the job's facility (issue #26): its time, and its job cost
 * on the science job cost base (2% of the product's estimated item value for one run, times the copies' runs or
 * the research levels' share) with the activity's cost index, bonuses, facility tax and SCC surcharge.
 */
export const industryScienceJobSchema = z.object({
  activity: z.enum(['COPYING', 'MATERIAL_RESEARCH', 'TIME_RESEARCH']),
  /** Copying: copies made, and runs each. */
  copies: z.number().int().nullable(),
  runsPerCopy: z.number().int().nullable(),
  /** Research: ME or TE before and after (TE in %, 2 per research level). */
  from: z.number().int().nullable(),
  to: z.number().int().nullable(),
  /** The system's index for this activity, a fraction; 0 without a system. */
  systemCostIndex: z.number(),
  jobCost: industryJobCostSchema.extend({ jobCostBase: z.number().int() }),
  /** Seconds, with Science, Metallurgy or Research and Advanced Industry as in `skills`. */
  timeSeconds: z.number().int(),
});
export type IndustryScienceJob = z.infer<typeof industryScienceJobSchema>;

/** A material of the build tree that is made by some blueprint, built or bought as the request chose. */
export const industryTreeComponentSchema = z.object({
  typeId: z.number().int(),
  typeName: z.string(),
  /** The blueprint or reaction formula that makes it. */
  blueprintTypeId: z.number().int(),
  isReaction: z.boolean(),
  /** 1 for the product's own materials, 2 for theirs, and so on (the deepest place it is needed). */
  depth: z.number().int(),
  /** Units the tree needs. */
  quantity: z.number().int(),
  built: z.boolean(),
});
export type IndustryTreeComponent = z.infer<typeof industryTreeComponentSchema>;

/** One job of the build tree: the product's own (depth 0), then each built component's, shallowest first. */
export const industryTreeJobSchema = z.object({
  typeId: z.number().int(),
  typeName: z.string(),
  blueprintTypeId: z.number().int(),
  blueprintTypeName: z.string(),
  isReaction: z.boolean(),
  depth: z.number().int(),
  runs: z.number().int(),
  /** Units the runs make; above `needed` where a run makes more than is left to make. */
  quantity: z.number().int(),
  needed: z.number().int(),
  /** Jobs the runs take: one per maximum production limit. */
  jobs: z.number().int(),
  materialEfficiency: z.number().int(),
  timeEfficiency: z.number().int(),
  systemName: z.string().nullable(),
  securityStatus: z.enum(['HIGH', 'LOW', 'NULL', 'WORMHOLE']),
  structureCostBonus: z.number(),
  refinery: z.enum(INDUSTRY_REFINERIES).nullable(),
  jobCost: z.number().int(),
  /** The expected invention cost of the runs (an invented blueprint's), when included; else 0. */
  inventionCost: iskAmount,
  timeSeconds: z.number().int(),
});
export type IndustryTreeJob = z.infer<typeof industryTreeJobSchema>;

/**
 * The whole build tree (issue #26): each built component made by its own job in its own facility, the bill of
 * materials bought for all jobs (the multibuy list), and the totals of the whole tree.
 */
export const industryBuildTreeSchema = z.object({
  components: z.array(industryTreeComponentSchema),
  jobs: z.array(industryTreeJobSchema),
  /** What is bought for the whole tree, priced as the inputs are. */
  materials: z.array(industryInputSchema),
  totals: z.object({
    materialsGross: iskAmount,
    materialsBrokerFee: iskAmount,
    materialsNet: iskAmount,
    /** All the jobs' installation costs. */
    jobCost: iskAmount,
    inventionCost: iskAmount,
    additionalBlueprintCost: iskAmount,
    totalCost: iskAmount,
    /** The product's sale, as in the job's totals. */
    totalSell: iskAmount,
    profit: iskAmount,
    margin: z.number().nullable(),
    /** All the jobs one after another. */
    timeSeconds: z.number().int(),
  }),
});
export type IndustryBuildTree = z.infer<typeof industryBuildTreeSchema>;

/** POST /industry/calculate answer (public-tools §3), with the totals the page shows. */
export const industryCalculationSchema = z.object({
  /** The id the request named: the blueprint's own, or that of an item this blueprint makes (a product's link). */
  requestedTypeId: z.number().int(),
  blueprintTypeId: z.number().int(),
  blueprintTypeName: z.string(),
  isReaction: z.boolean(),
  runs: z.number().int(),
  /** Runs one job of the blueprint may have. */
  maxProductionLimit: z.number().int(),
  inputs: z.array(industryInputSchema),
  outputs: z.array(industryOutputSchema),
  /** The structure cost bonus applied, in percent (always 0 for reactions). */
  structureCostBonus: z.number(),
  /** The facility's material multiplier: structure role bonus x rigs, or the custom modifier. */
  materialConsumptionModifier: z.number(),
  estimatedItemValue: z.number().int(),
  /** The system's index for the activity (manufacturing or reaction), a fraction; 0 without a system. */
  systemCostIndex: z.number(),
  system: z
    .object({
      systemId: z.number().int(),
      systemName: z.string(),
      security: z.number(),
    })
    .nullable(),
  /** The security class the rig multipliers used. */
  securityStatus: z.enum(['HIGH', 'LOW', 'NULL', 'WORMHOLE']),
  rigs: z.array(industryAppliedRigSchema),
  jobCost: industryJobCostSchema,
  /** Job duration in seconds with the skills below. */
  timeSeconds: z.number().int(),
  /** The ME and TE used: the request's, else an invented copy's (2 and 4 with the decryptor's), else 10 and 20. */
  materialEfficiency: z.number().int(),
  timeEfficiency: z.number().int(),
  /** The skills the job's time and the invention's chance used, at the levels used. */
  skills: z.array(industrySkillSchema),
  /** For an invented blueprint: its invention; else null. */
  invention: industryInventionSchema.nullable(),
  totals: industryTotalsSchema,
  /** The copying and research jobs asked for, in that order (none when none was asked). */
  scienceJobs: z.array(industryScienceJobSchema),
  /** The build tree: with nothing built, the job alone and its materials. */
  tree: industryBuildTreeSchema,
  /** Inputs without an adjusted price from ESI: the estimated item value counts them as 0. */
  unpricedTypeIds: z.array(z.number().int()),
  buyRegionId: z.number().int(),
  sellRegionId: z.number().int(),
});
export type IndustryCalculation = z.infer<typeof industryCalculationSchema>;

/** GET /industry/blueprints/search: blueprints and reaction formulas for the calculator's autocomplete. */
export const industryBlueprintSchema = z.object({
  typeId: z.number().int(),
  typeName: z.string(),
  isReaction: z.boolean(),
});
export type IndustryBlueprint = z.infer<typeof industryBlueprintSchema>;
export const industryBlueprintListSchema = z.array(industryBlueprintSchema);
