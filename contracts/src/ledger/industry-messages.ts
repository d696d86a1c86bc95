import { z } from 'zod';
import { esiBlueprintSchema } from '../esi/esi-character.dto';
import { esiCharacterIndustryJobSchema, esiCorporationIndustryJobSchema } from '../esi/esi-industry.dto';

/** Records per industry bus message, as for the wallet: well under Kafka's default 1 MB limit. */
export const INDUSTRY_RECORDS_PER_MESSAGE = 1000;

/** A job as either industry route sends it: `station_id` on the character's, `location_id` on the corporation's. */
export const esiIndustryJobSchema = z.union([esiCharacterIndustryJobSchema, esiCorporationIndustryJobSchema]);
export type EsiIndustryJob = z.infer<typeof esiIndustryJobSchema>;

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
