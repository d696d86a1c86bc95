import { z } from 'zod';
import { esiBlueprintSchema } from '../esi/esi-character.dto';
import { defineEvent } from '../events/event-catalogue';
import { streamName } from '../events/streams';
import { esiIndustryJobSchema, industryJobBillSchema } from './industry-messages';

/**
 * The industry jobs a character installed, personal and for a corporation: `industryjobs-<characterId>`. A job is
 * one job whichever route listed it, so it lives on its installer's stream once.
 */
export function industryJobsStream(characterId: number): string {
  return streamName('industryjobs', characterId);
}

/** A character's blueprints as ESI lists them: `blueprints-<characterId>`. */
export function blueprintsStream(characterId: number): string {
  return streamName('blueprints', characterId);
}

export const INDUSTRY_JOB_STATUSES = [
  'active',
  'cancelled',
  'delivered',
  'paused',
  'ready',
  'reverted',
] as const;
export type IndustryJobStatus = (typeof INDUSTRY_JOB_STATUSES)[number];

/** A job in one of these states never changes again: delivered, cancelled or reverted (its facility was lost). */
export function isFinalJobStatus(status: IndustryJobStatus): boolean {
  return status === 'delivered' || status === 'cancelled' || status === 'reverted';
}

const industryJob = {
  accountId: z.string().uuid(),
  /** The installer, whose stream holds the job. */
  characterId: z.number().int().positive(),
  /** The corporation the job runs for, when it was read from the corporation's route; null for a personal job. */
  corporationId: z.number().int().positive().nullable(),
  jobId: z.number().int(),
  /** 1 manufacturing, 3 TE research, 4 ME research, 5 copying, 8 invention, 9/11 reactions. */
  activityId: z.number().int(),
  /** The blueprint's item id (ties the job to a `BlueprintRecorded`) and type. */
  blueprintId: z.number().int(),
  blueprintTypeId: z.number().int(),
  runs: z.number().int(),
  licensedRuns: z.number().int().nullable(),
  probability: z.number().nullable(),
  productTypeId: z.number().int().nullable(),
  successfulRuns: z.number().int().nullable(),
  /** ESI's `cost`, installation fee plus facility tax, in cents; null when ESI gave none. */
  costCents: z.number().int().nullable(),
  facilityId: z.number().int(),
  /** `station_id` of the character's route, `location_id` of the corporation's. */
  locationId: z.number().int(),
  status: z.enum(INDUSTRY_JOB_STATUSES),
  startDate: z.string(),
  endDate: z.string(),
  completedDate: z.string().nullable(),
  completedCharacterId: z.number().int().nullable(),
  /** When the sync read this state of the job from ESI. */
  readAt: z.string(),
  /** The job exactly as ESI sent it. */
  esi: esiIndustryJobSchema,
};

/** An industry job seen for the first time, in the status it had then (possibly already delivered). */
export const industryJobRecorded = defineEvent({
  type: 'IndustryJobRecorded',
  schemaVersion: 1,
  schema: z.object(industryJob),
});

/**
 * A recorded job read again in another status. The job's fields are as ESI gave them with the new status (a
 * delivered job has its completed date and successful runs); nothing follows a final status.
 */
export const industryJobStatusChanged = defineEvent({
  type: 'IndustryJobStatusChanged',
  schemaVersion: 1,
  schema: z.object({ ...industryJob, previousStatus: z.enum(INDUSTRY_JOB_STATUSES) }),
});

/**
 * What a delivered job consumed and made (docs/profit-rules.md §14), recorded right after the event that records it
 * delivered, on the same stream: the ledger takes its inputs and stacks its products when it reads this.
 */
export const industryJobBillResolved = defineEvent({
  type: 'IndustryJobBillResolved',
  schemaVersion: 1,
  schema: z.object({
    accountId: z.string().uuid(),
    characterId: z.number().int().positive(),
    bill: industryJobBillSchema,
  }),
});

/** One blueprint as a read of the character's blueprints listed it, first seen or changed since. */
export const blueprintRecorded = defineEvent({
  type: 'BlueprintRecorded',
  schemaVersion: 1,
  schema: z.object({
    accountId: z.string().uuid(),
    characterId: z.number().int().positive(),
    itemId: z.number().int(),
    typeId: z.number().int(),
    locationId: z.number().int(),
    /** −1 original, −2 copy, a positive number for a stack of originals. */
    quantity: z.number().int(),
    isCopy: z.boolean(),
    /** Runs left on a copy; −1 for an original. */
    runs: z.number().int(),
    materialEfficiency: z.number().int(),
    timeEfficiency: z.number().int(),
    readAt: z.string(),
    esi: esiBlueprintSchema,
  }),
});

/** A blueprint no longer listed (a copy used up, an original sold, moved or given away). */
export const blueprintRemoved = defineEvent({
  type: 'BlueprintRemoved',
  schemaVersion: 1,
  schema: z.object({
    accountId: z.string().uuid(),
    characterId: z.number().int().positive(),
    itemId: z.number().int(),
    typeId: z.number().int(),
    readAt: z.string(),
  }),
});

export const industryEventDefinitions = [
  industryJobRecorded,
  industryJobStatusChanged,
  industryJobBillResolved,
  blueprintRecorded,
  blueprintRemoved,
] as const;

export type IndustryJobRecorded = z.infer<typeof industryJobRecorded.schema>;
export type IndustryJobStatusChanged = z.infer<typeof industryJobStatusChanged.schema>;
export type IndustryJobBillResolved = z.infer<typeof industryJobBillResolved.schema>;
export type BlueprintRecorded = z.infer<typeof blueprintRecorded.schema>;
export type BlueprintRemoved = z.infer<typeof blueprintRemoved.schema>;
