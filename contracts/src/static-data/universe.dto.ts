import { z } from 'zod';

/** A solar system: GET /static/systems and /static/systems/search. */
export const solarSystemSchema = z.object({
  systemId: z.number().int(),
  systemName: z.string(),
  /** The raw security status from the game data (e.g. 0.9459 for Jita); round only for display. */
  security: z.number(),
  constellationId: z.number().int(),
  regionId: z.number().int(),
  regionName: z.string(),
});
export type SolarSystem = z.infer<typeof solarSystemSchema>;

/**
 * GET /static/jumps answer: one stargate jump count per requested destination, in the order asked; -1 where no
 * stargate path leads (wormhole space, an unknown id).
 */
export const jumpCountsSchema = z.array(z.number().int());
export type JumpCounts = z.infer<typeof jumpCountsSchema>;
