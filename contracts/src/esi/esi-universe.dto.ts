import { z } from 'zod';

/** One answer of POST /universe/names. */
export const esiNameSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  category: z.enum([
    'alliance',
    'character',
    'constellation',
    'corporation',
    'inventory_type',
    'region',
    'solar_system',
    'station',
    'faction',
  ]),
});
export type EsiName = z.infer<typeof esiNameSchema>;

const idAndName = z
  .array(z.object({ id: z.number().int().optional(), name: z.string().optional() }))
  .optional();

/** POST /universe/ids: exact names to ids, by category. */
export const esiIdsSchema = z.object({
  agents: idAndName,
  alliances: idAndName,
  characters: idAndName,
  constellations: idAndName,
  corporations: idAndName,
  factions: idAndName,
  inventory_types: idAndName,
  regions: idAndName,
  stations: idAndName,
  systems: idAndName,
});
export type EsiIds = z.infer<typeof esiIdsSchema>;

/** GET /universe/structures/{structure_id} (needs docking access). */
export const esiStructureSchema = z.object({
  name: z.string(),
  owner_id: z.number().int(),
  solar_system_id: z.number().int(),
  type_id: z.number().int().optional(),
  position: z.object({ x: z.number(), y: z.number(), z: z.number() }).optional(),
});
export type EsiStructure = z.infer<typeof esiStructureSchema>;

/** POST /route/{origin}/{destination}: system ids, origin and destination included. */
export const esiRouteSchema = z.object({ route: z.array(z.number().int()) });
export type EsiRoute = z.infer<typeof esiRouteSchema>;

/** The body of POST /route/{origin}/{destination}. */
export const esiRouteRequestSchema = z.object({
  preference: z.enum(['Shorter', 'Safer', 'LessSecure']).optional(),
  security_penalty: z.number().int().min(0).max(100).optional(),
  avoid_systems: z.array(z.number().int()).max(1000).optional(),
  connections: z
    .array(z.object({ from: z.number().int(), to: z.number().int() }))
    .max(1000)
    .optional(),
});
export type EsiRouteRequest = z.infer<typeof esiRouteRequestSchema>;

const ids = z.array(z.number().int()).optional();

/** GET /characters/{id}/search. */
export const esiSearchSchema = z.object({
  agent: ids,
  alliance: ids,
  character: ids,
  constellation: ids,
  corporation: ids,
  faction: ids,
  inventory_type: ids,
  region: ids,
  solar_system: ids,
  station: ids,
  structure: ids,
});
export type EsiSearch = z.infer<typeof esiSearchSchema>;

/** GET /status. */
export const esiStatusSchema = z.object({
  players: z.number().int(),
  server_version: z.string(),
  start_time: z.string(),
  vip: z.boolean().optional(),
});
export type EsiStatus = z.infer<typeof esiStatusSchema>;

/** ESI's error body: `{ error }`, with `status` and `details` on the date-versioned API. */
export const esiErrorSchema = z.object({
  error: z.string(),
  status: z.number().int().optional(),
  details: z
    .array(z.object({ location: z.string().optional(), message: z.string().optional(), value: z.unknown() }))
    .optional(),
  timeout: z.number().int().optional(),
});
export type EsiError = z.infer<typeof esiErrorSchema>;
