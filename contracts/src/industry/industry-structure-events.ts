import { z } from 'zod';
import { defineEvent } from '../events/event-catalogue';
import { streamName } from '../events/streams';
import { INDUSTRY_SECURITY_STATUSES } from './industry-calculation.dto';

/** The structures an account saved for the industry calculator: `industrystructures-<accountId>`. */
export function industryStructuresStream(accountId: string): string {
  return streamName('industrystructures', accountId);
}

const structureId = z.number().int().positive();
const rigTypeId = z.number().int().positive().nullable();

/** A structure saved in Structure Settings; `structureId` numbers the account's structures from 1. */
export const industryStructureSaved = defineEvent({
  type: 'IndustryStructureSaved',
  schemaVersion: 1,
  schema: z.object({
    structureId,
    /** The Upwell structure's id in the game, when it was picked from the used structures. */
    facilityId: z.number().int().positive().nullable(),
    name: z.string().min(1),
    securityStatus: z.enum(INDUSTRY_SECURITY_STATUSES),
    rig1TypeId: rigTypeId,
    rig2TypeId: rigTypeId,
    rig3TypeId: rigTypeId,
  }),
});

/** Only the fields present changed; a rig of null was removed. */
export const industryStructureChanged = defineEvent({
  type: 'IndustryStructureChanged',
  schemaVersion: 1,
  schema: z.object({
    structureId,
    securityStatus: z.enum(INDUSTRY_SECURITY_STATUSES).optional(),
    rig1TypeId: rigTypeId.optional(),
    rig2TypeId: rigTypeId.optional(),
    rig3TypeId: rigTypeId.optional(),
  }),
});

export const industryStructureRemoved = defineEvent({
  type: 'IndustryStructureRemoved',
  schemaVersion: 1,
  schema: z.object({ structureId }),
});

export const industryStructureEventDefinitions = [
  industryStructureSaved,
  industryStructureChanged,
  industryStructureRemoved,
] as const;

export type IndustryStructureSaved = z.infer<typeof industryStructureSaved.schema>;
export type IndustryStructureChanged = z.infer<typeof industryStructureChanged.schema>;
export type IndustryStructureRemoved = z.infer<typeof industryStructureRemoved.schema>;

export type IndustryStructureEvent =
  | { type: 'IndustryStructureSaved'; data: IndustryStructureSaved }
  | { type: 'IndustryStructureChanged'; data: IndustryStructureChanged }
  | { type: 'IndustryStructureRemoved'; data: IndustryStructureRemoved };
