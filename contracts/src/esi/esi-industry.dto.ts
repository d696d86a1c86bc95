import { z } from 'zod';

const industryJobFields = {
  job_id: z.number().int(),
  installer_id: z.number().int(),
  facility_id: z.number().int(),
  /** 1 manufacturing, 3 TE research, 4 ME research, 5 copying, 8 invention, 9/11 reactions. */
  activity_id: z.number().int(),
  blueprint_id: z.number().int(),
  blueprint_type_id: z.number().int(),
  blueprint_location_id: z.number().int(),
  output_location_id: z.number().int(),
  runs: z.number().int(),
  /** Installation fee plus facility tax. */
  cost: z.number().optional(),
  licensed_runs: z.number().int().optional(),
  probability: z.number().optional(),
  product_type_id: z.number().int().optional(),
  status: z.enum(['active', 'cancelled', 'delivered', 'paused', 'ready', 'reverted']),
  duration: z.number().int(),
  start_date: z.string(),
  end_date: z.string(),
  pause_date: z.string().optional(),
  completed_date: z.string().optional(),
  completed_character_id: z.number().int().optional(),
  successful_runs: z.number().int().optional(),
};

/** One job of GET /characters/{id}/industry/jobs. */
export const esiCharacterIndustryJobSchema = z.object({ ...industryJobFields, station_id: z.number().int() });
export type EsiCharacterIndustryJob = z.infer<typeof esiCharacterIndustryJobSchema>;

/** One job of GET /corporations/{id}/industry/jobs (role Factory_Manager). */
export const esiCorporationIndustryJobSchema = z.object({
  ...industryJobFields,
  location_id: z.number().int(),
});
export type EsiCorporationIndustryJob = z.infer<typeof esiCorporationIndustryJobSchema>;
