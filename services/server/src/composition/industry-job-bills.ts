import {
  ACCOUNTS_READ_MODEL,
  iskToCents,
  type AccountCharacterDocument,
  type AccountDocument,
  type EsiBlueprint,
  type EsiIndustryJob,
  type IndustryJobBill,
  type IndustryStructureDto,
} from '@tradewise/contracts';
import {
  StructureSettingsStreams,
  facilityMaterialBonuses,
  manufacturingMaterials,
  reactionMaterials,
  type BlueprintActivityRecord,
  type FacilityMaterialBonuses,
  type MaterialLine,
  type StaticData,
} from '@tradewise/market';
import type { EventStore, Logger, ReadModels } from '@tradewise/platform';
import type { IndustryJobBills } from '@tradewise/sync';
import { PRICE_WAIT_MS, lowestSellPrices, type SellOrderBooks } from './ledger-market-prices';

export interface IndustryJobBillsDeps {
  readonly staticData: StaticData;
  /** Holds each account's Structure Settings stream (`industrystructures-<account>`). */
  readonly eventStore: EventStore;
  /** The accounts read model: the installer's Character Settings. */
  readonly readModels: ReadModels;
  /** For the Default Price Region's lowest sells; without it a bill has no default prices. */
  readonly books?: SellOrderBooks;
  readonly logger?: Pick<Logger, 'warn'>;
  /** How long a bill waits for the order books before it goes without default prices. */
  readonly priceWaitMs?: number;
}

type Basis = IndustryJobBill['basis'];
type QuantityOfType = IndustryJobBill['materials'][number];
type StructureBasis = NonNullable<Basis['structure']>;

interface ResolvedActivity {
  readonly materials: readonly QuantityOfType[];
  readonly productQuantity: number;
  readonly usesBlueprintCopy: boolean;
  readonly structure: StructureBasis | null;
  readonly reactionBonusPercent: number | null;
}

const MANUFACTURING = 1;
const COPYING = 5;
const INVENTION = 8;
const REACTIONS = new Set([9, 11]);
/** ESI's `quantity` of a blueprint copy (-1 is an original). */
const BLUEPRINT_COPY_QUANTITY = -2;

/**
 * What a delivered job consumed and made, by the market's static data and formulas, the facility's Structure
 * Settings (rigs and security; they do not say the structure's type, so no role bonus) and the installer's
 * Character Settings (Reaction Bonus %, Default Price Region and Factor).
 */
export function industryJobBills(deps: IndustryJobBillsDeps): IndustryJobBills {
  const structureSettings = new StructureSettingsStreams(deps.eventStore);

  const installer = async (accountId: string, characterId: number) => {
    const accounts = await deps.readModels.serving<AccountDocument>(ACCOUNTS_READ_MODEL);
    const account = accounts ? await accounts.findOne({ _id: accountId }) : null;
    return account?.characters.find((character) => character.characterId === characterId) ?? null;
  };

  const savedStructure = async (accountId: string, facilityId: number) => {
    const { state } = await structureSettings.load(accountId);
    return [...state.structures.values()].find((structure) => structure.facilityId === facilityId) ?? null;
  };

  const defaultUnitPrices = async (
    settings: AccountCharacterDocument | null,
    materials: readonly QuantityOfType[],
    jobId: number,
  ): Promise<IndustryJobBill['defaultUnitPrices']> => {
    const regionId = settings?.defaultPriceRegion ?? null;
    if (regionId === null || !deps.books || materials.length === 0) return [];
    const factor = settings?.defaultPriceFactor ?? 1;
    const lowest = await lowestSellPrices(
      deps.books,
      regionId,
      materials.map((material) => material.typeId),
      {
        waitMs: deps.priceWaitMs ?? PRICE_WAIT_MS,
        logger: deps.logger,
        what: `Default prices of industry job ${jobId}'s inputs`,
        onLate: () =>
          deps.logger?.warn(
            { jobId, regionId },
            "The order books did not answer in time: the job's bill goes without default prices",
          ),
      },
    );
    return materials.flatMap(({ typeId }) => {
      const price = lowest.get(typeId);
      return price === undefined ? [] : [{ typeId, unitPriceCents: iskToCents(price * factor) }];
    });
  };

  const resolve = async (
    accountId: string,
    job: EsiIndustryJob,
    blueprint: EsiBlueprint | null,
    settings: () => Promise<AccountCharacterDocument | null>,
  ): Promise<ResolvedActivity | null> => {
    const activities = deps.staticData.blueprint(job.blueprint_type_id)?.activities;
    if (!activities) return null;

    if (job.activity_id === MANUFACTURING || REACTIONS.has(job.activity_id)) {
      const isReaction = job.activity_id !== MANUFACTURING;
      const activity = isReaction ? activities.reaction : activities.manufacturing;
      const product = activity && productOf(activity, job);
      if (!activity || !product) return null;
      const structure = await savedStructure(accountId, job.facility_id);
      const facility = structure
        ? structureBonuses(deps.staticData, structure, product.typeId, isReaction)
        : {};
      const runs = job.runs;
      const made = (job.successful_runs ?? job.runs) * product.quantity;
      const structureBasis = structure && {
        securityStatus: structure.securityStatus,
        rigTypeIds: rigTypeIdsOf(structure),
      };
      if (!isReaction) {
        const materialEfficiency = blueprint?.material_efficiency ?? 0;
        return {
          materials: used(
            manufacturingMaterials(activity.materials, runs, { ...facility, materialEfficiency }),
          ),
          productQuantity: made,
          usesBlueprintCopy: blueprint?.quantity === BLUEPRINT_COPY_QUANTITY,
          structure: structureBasis,
          reactionBonusPercent: null,
        };
      }
      const reactionBonusPercent = (await settings())?.reactionBonus ?? null;
      const customMultiplier = reactionBonusPercent === null ? undefined : (100 - reactionBonusPercent) / 100;
      return {
        materials: used(
          reactionMaterials(activity.materials, runs, { rigs: facility.rigs, customMultiplier }),
        ),
        productQuantity: made,
        usesBlueprintCopy: false,
        structure: structureBasis,
        reactionBonusPercent,
      };
    }

    if (job.activity_id === COPYING) {
      const activity = activities.copying;
      if (!activity) return null;
      return {
        materials: timesRuns(activity.materials, job.runs),
        productQuantity: job.runs * (job.licensed_runs ?? 1),
        usesBlueprintCopy: false,
        structure: null,
        reactionBonusPercent: null,
      };
    }

    if (job.activity_id === INVENTION) {
      const activity = activities.invention;
      const product = activity && productOf(activity, job);
      if (!activity || !product) return null;
      return {
        materials: timesRuns(activity.materials, job.runs),
        productQuantity: (job.successful_runs ?? 0) * product.quantity,
        usesBlueprintCopy: true,
        structure: null,
        reactionBonusPercent: null,
      };
    }

    return null;
  };

  return {
    billFor: async ({ accountId, job, blueprint }) => {
      let character: Promise<AccountCharacterDocument | null> | undefined;
      const settings = () => (character ??= installer(accountId, job.installer_id));
      const resolved = await resolve(accountId, job, blueprint, settings);
      if (!resolved) return null;
      const installerSettings = await settings();
      const regionId = installerSettings?.defaultPriceRegion ?? null;
      return {
        jobId: job.job_id,
        materials: [...resolved.materials],
        productQuantity: resolved.productQuantity,
        usesBlueprintCopy: resolved.usesBlueprintCopy,
        defaultUnitPrices: await defaultUnitPrices(installerSettings, resolved.materials, job.job_id),
        basis: {
          materialEfficiency: blueprint?.material_efficiency ?? null,
          structure: resolved.structure,
          reactionBonusPercent: resolved.reactionBonusPercent,
          defaultPriceRegionId: regionId,
          defaultPriceFactor: regionId === null ? null : (installerSettings?.defaultPriceFactor ?? null),
        },
      };
    },
  };
}

/** The product ESI names for the job (invention of a blueprint with several outcomes), else the activity's first. */
function productOf(activity: BlueprintActivityRecord, job: EsiIndustryJob) {
  return activity.products.find((product) => product.typeId === job.product_type_id) ?? activity.products[0];
}

/** The saved structure's rigs on this product in its space, as the industry calculator applies them. */
function structureBonuses(
  staticData: StaticData,
  structure: IndustryStructureDto,
  productTypeId: number,
  isReaction: boolean,
): FacilityMaterialBonuses {
  const rigs = rigTypeIdsOf(structure).flatMap((typeId) => staticData.structureRig(typeId) ?? []);
  return facilityMaterialBonuses(
    { structureRole: null, rigs, securityClass: structure.securityStatus, materialConsumptionModifier: null },
    { isReaction, product: staticData.typeClassification(productTypeId) ?? { groupId: 0, categoryId: 0 } },
  );
}

function rigTypeIdsOf(structure: IndustryStructureDto): number[] {
  return [structure.rig1TypeId, structure.rig2TypeId, structure.rig3TypeId].filter(
    (typeId): typeId is number => typeId !== null,
  );
}

function used(requirements: readonly { typeId: number; quantity: number }[]): QuantityOfType[] {
  return requirements
    .filter((requirement) => requirement.quantity > 0)
    .map(({ typeId, quantity }) => ({ typeId, quantity }));
}

/** Copying and invention inputs: no ME, no structure or rig bonus. */
function timesRuns(materials: readonly MaterialLine[], runs: number): QuantityOfType[] {
  return used(materials.map(({ typeId, quantity }) => ({ typeId, quantity: quantity * runs })));
}
