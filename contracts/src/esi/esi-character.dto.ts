import { z } from 'zod';

/** GET /characters/{character_id}: public information; the corporation the character is in. */
export const esiCharacterSchema = z.object({
  name: z.string(),
  corporation_id: z.number().int(),
  alliance_id: z.number().int().optional(),
  birthday: z.string(),
  gender: z.enum(['male', 'female']),
  race_id: z.number().int(),
  bloodline_id: z.number().int(),
  achievement_score: z.number().int(),
  description: z.string().optional(),
  faction_id: z.number().int().optional(),
  security_status: z.number().optional(),
  corporation_title: z.string().optional(),
});
export type EsiCharacter = z.infer<typeof esiCharacterSchema>;

/** GET /corporations/{corporation_id}. */
export const esiCorporationSchema = z.object({
  name: z.string(),
  ticker: z.string(),
  member_count: z.number().int(),
  ceo_id: z.number().int().optional(),
  creator_id: z.number().int().optional(),
  alliance_id: z.number().int().optional(),
  date_founded: z.string().optional(),
  description: z.string(),
  home_station_id: z.number().int(),
  shares: z.number().int(),
  state: z.enum(['active', 'closed']),
  tax_rates: z.object({ isk: z.number(), loyalty_point: z.number() }),
  type: z.enum(['player_owned', 'npc_owned']),
  friendly_fire: z.enum(['legal', 'illegal']),
  war_eligible: z.boolean(),
  url: z.string().optional(),
});
export type EsiCorporation = z.infer<typeof esiCorporationSchema>;

/** GET /characters/{id}/roles. Role names are ESI_CORPORATION_ROLES (kept as strings: ESI may add roles). */
export const esiCharacterRolesSchema = z.object({
  roles: z.array(z.string()).optional(),
  roles_at_base: z.array(z.string()).optional(),
  roles_at_hq: z.array(z.string()).optional(),
  roles_at_other: z.array(z.string()).optional(),
});
export type EsiCharacterRoles = z.infer<typeof esiCharacterRolesSchema>;

/** GET /characters/{id}/location. */
export const esiCharacterLocationSchema = z.object({
  solar_system_id: z.number().int(),
  station_id: z.number().int().optional(),
  structure_id: z.number().int().optional(),
});
export type EsiCharacterLocation = z.infer<typeof esiCharacterLocationSchema>;

/** One blueprint of GET /characters/{id}/blueprints: quantity -1 original, -2 copy; runs -1 for an original. */
export const esiBlueprintSchema = z.object({
  item_id: z.number().int(),
  type_id: z.number().int(),
  location_id: z.number().int(),
  location_flag: z.string(),
  quantity: z.number().int(),
  runs: z.number().int(),
  material_efficiency: z.number().int(),
  time_efficiency: z.number().int(),
});
export type EsiBlueprint = z.infer<typeof esiBlueprintSchema>;

/** GET /characters/{id}/skills (Accounting and Broker Relations set the fees). */
export const esiSkillsSchema = z.object({
  skills: z.array(
    z.object({
      skill_id: z.number().int(),
      active_skill_level: z.number().int(),
      trained_skill_level: z.number().int(),
      skillpoints_in_skill: z.number().int(),
    }),
  ),
  total_sp: z.number().int(),
  unallocated_sp: z.number().int().optional(),
});
export type EsiSkills = z.infer<typeof esiSkillsSchema>;

/** One row of GET /characters/{id}/standings. */
export const esiStandingSchema = z.object({
  from_id: z.number().int(),
  from_type: z.enum(['agent', 'npc_corp', 'faction']),
  standing: z.number(),
});
export type EsiStanding = z.infer<typeof esiStandingSchema>;
