import { z } from 'zod';
import { esiBlueprintSchema } from '../esi/esi-character.dto';
import { esiCharacterIndustryJobSchema, esiCorporationIndustryJobSchema } from '../esi/esi-industry.dto';

/** Records per industry bus message, as for the wallet: well under Kafka's default 1 MB limit. */
export const INDUSTRY_RECORDS_PER_MESSAGE = 1000;

/** A job as either industry route sends it: `station_id` on the character's, `location_id` on the corporation's. */
export const esiIndustryJobSchema = z.union([esiCharacterIndustryJobSchema, esiCorporationIndustryJobSchema]);
export type EsiIndustryJob = z.infer<typeof esiIndustryJobSchema>;

/** ESI lists about 30 days of wallet transactions and journal, but 90 days of completed jobs (esi.md §3). */
export const ESI_WALLET_HISTORY_DAYS = 30;

/** Activities whose delivery the ledger follows: manufacturing, copying, invention and reactions. */
export const COSTED_JOB_ACTIVITIES: ReadonlySet<number> = new Set([1, 5, 8, 9, 11]);

const quantityOfType = z.object({
  typeId: z.number().int().positive(),
  quantity: z.number().int().nonnegative(),
});

/**
 * What a delivered job consumed and made, resolved when the sync read it delivered (docs/profit-rules.md §14):
 * quantities by the game's formulas from the static data, the blueprint's ME, the facility's Structure Settings
 * and the installer's Character Settings, which `basis` records as they were used.
 */
export const industryJobBillSchema = z.object({
  jobId: z.number().int(),
  /** Every input for all the job's runs. */
  materials: z.array(quantityOfType).max(100),
  /** Items made (manufacturing, reactions) or blueprint runs made (copying, invention: copies × runs per copy). */
  productQuantity: z.number().int().nonnegative(),
  /** The job ran on a blueprint copy: it used `runs` runs of a copy of its blueprint type. */
  usesBlueprintCopy: z.boolean(),
  /**
   * The job was completed before the wallet history the character's first sync could read: its inputs were bought
   * and its products may have been sold where the ledger cannot see, so it is listed but takes and makes nothing.
   */
  beforeWalletHistory: z.boolean().optional(),
  /** The installer's Default Price Region × Factor for each input, for units nothing else covers. */
  defaultUnitPrices: z
    .array(z.object({ typeId: z.number().int().positive(), unitPriceCents: z.number().int().nonnegative() }))
    .max(100),
  basis: z.object({
    /** The blueprint's ME as last listed; null when the blueprint was not listed (ME 0 used). */
    materialEfficiency: z.number().int().min(0).max(10).nullable(),
    /** The facility's Structure Settings, when the account saved some for it. */
    structure: z
      .object({
        securityStatus: z.enum(['HIGH', 'LOW', 'NULL']),
        rigTypeIds: z.array(z.number().int().positive()).max(3),
      })
      .nullable(),
    /** The installer's Reaction Bonus %, applied to a reaction's inputs (null: none set or not a reaction). */
    reactionBonusPercent: z.number().min(0).max(100).nullable(),
    defaultPriceRegionId: z.number().int().positive().nullable(),
    defaultPriceFactor: z.number().nonnegative().nullable(),
  }),
});
export type IndustryJobBill = z.infer<typeof industryJobBillSchema>;

/**
 * Bus message `esi.industry-jobs.v1`, keyed by the installer's character id: jobs that character installed, as
 * ESI listed them (with `include_completed`), new or with a status changed since the sync last published them.
 * `corporationId` is set when they were read from the corporation's route.
 */
export const industryJobsImportedSchema = z
  .object({
    accountId: z.string().uuid(),
    /** The installer of every job in the message. */
    characterId: z.number().int().positive(),
    corporationId: z.number().int().positive().nullable(),
    /** When the sync read the jobs from ESI (UTC ISO); a job's status read earlier never replaces a later one. */
    fetchedAt: z.string().datetime(),
    jobs: z.array(esiIndustryJobSchema).max(INDUSTRY_RECORDS_PER_MESSAGE),
    /** The bills of the delivered jobs of the message whose activity the ledger follows (added in place: optional). */
    bills: z.array(industryJobBillSchema).max(INDUSTRY_RECORDS_PER_MESSAGE).optional(),
  })
  .refine((batch) => batch.jobs.every((job) => job.installer_id === batch.characterId), {
    message: 'Every job of a message is installed by its character',
    path: ['jobs'],
  });
export type IndustryJobsImported = z.infer<typeof industryJobsImportedSchema>;
export const INDUSTRY_JOBS_TOPIC = 'esi.industry-jobs.v1';

/**
 * Bus message `esi.character-blueprints.v1`, keyed by character id: how one read of the character's blueprints
 * differs from the one the sync published before (blueprints new or changed, item ids no longer listed).
 */
export const characterBlueprintsImportedSchema = z.object({
  accountId: z.string().uuid(),
  characterId: z.number().int().positive(),
  fetchedAt: z.string().datetime(),
  blueprints: z.array(esiBlueprintSchema).max(INDUSTRY_RECORDS_PER_MESSAGE),
  removedItemIds: z.array(z.number().int()).max(INDUSTRY_RECORDS_PER_MESSAGE),
});
export type CharacterBlueprintsImported = z.infer<typeof characterBlueprintsImportedSchema>;
export const CHARACTER_BLUEPRINTS_TOPIC = 'esi.character-blueprints.v1';
