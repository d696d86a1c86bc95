import { z } from 'zod';
import { INDUSTRY_SECURITY_STATUSES } from './industry-calculation.dto';

/** Upwell structure ids start at 1e12 (account-area §9). */
export const STRUCTURE_LOCATION_ID_MIN = 1_000_000_000_000;
/** How many structures one account may save. */
export const MAX_SAVED_STRUCTURES = 100;
export const STRUCTURE_NAME_MAX_LENGTH = 100;
/** A structure's name begins with its solar system: 'Jita - Tradewise Sotiyo' (spec §4). */
export const STRUCTURE_NAME_SYSTEM_SEPARATOR = ' - ';

const rigTypeId = z.number().int().positive().nullable();

/** A saved structure (account-area §3); a rig slot of none is null. */
export const industryStructureSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  securityStatus: z.enum(INDUSTRY_SECURITY_STATUSES),
  rig1TypeId: rigTypeId,
  rig2TypeId: rigTypeId,
  rig3TypeId: rigTypeId,
  facilityId: z.number().int().nullable(),
});
export type IndustryStructureDto = z.infer<typeof industryStructureSchema>;

/** A structure the account used before, offered when adding one. */
export const usedStructureSchema = z.object({
  facilityId: z.number().int().nullable(),
  name: z.string(),
});
export type UsedStructureDto = z.infer<typeof usedStructureSchema>;

/** GET /account/structures. */
export const industryStructureSettingsSchema = z.object({
  structures: z.array(industryStructureSchema),
  usedStructures: z.array(usedStructureSchema),
  /** Rig names by type id. */
  structureRigs: z.record(z.string(), z.string()),
});
export type IndustryStructureSettingsDto = z.infer<typeof industryStructureSettingsSchema>;

/** POST /account/structures/ (account-area §7). */
export const industryStructureCreateSchema = z
  .object({
    facilityId: z.number().int().min(STRUCTURE_LOCATION_ID_MIN).nullable().optional(),
    name: z.string().trim().min(1).max(STRUCTURE_NAME_MAX_LENGTH),
    securityStatus: z.enum(INDUSTRY_SECURITY_STATUSES),
    rig1TypeId: rigTypeId.optional(),
    rig2TypeId: rigTypeId.optional(),
    rig3TypeId: rigTypeId.optional(),
  })
  .strict();
export type IndustryStructureCreate = z.infer<typeof industryStructureCreateSchema>;

/** PATCH /account/structures/{id}: the security status and the rigs; only the fields sent change. */
export const industryStructurePatchSchema = z
  .object({
    securityStatus: z.enum(INDUSTRY_SECURITY_STATUSES),
    rig1TypeId: rigTypeId,
    rig2TypeId: rigTypeId,
    rig3TypeId: rigTypeId,
  })
  .partial()
  .strict();
export type IndustryStructurePatch = z.infer<typeof industryStructurePatchSchema>;
