import { z } from 'zod';

/** One contract of GET /characters/{id}/contracts (30 days, or still open). */
export const esiContractSchema = z.object({
  contract_id: z.number().int(),
  issuer_id: z.number().int(),
  issuer_corporation_id: z.number().int(),
  assignee_id: z.number().int(),
  acceptor_id: z.number().int(),
  type: z.enum(['unknown', 'item_exchange', 'auction', 'courier', 'loan']),
  status: z.enum([
    'outstanding',
    'in_progress',
    'finished_issuer',
    'finished_contractor',
    'finished',
    'cancelled',
    'rejected',
    'failed',
    'deleted',
    'reversed',
  ]),
  availability: z.enum(['public', 'personal', 'corporation', 'alliance']),
  for_corporation: z.boolean(),
  date_issued: z.string(),
  date_expired: z.string(),
  date_accepted: z.string().optional(),
  date_completed: z.string().optional(),
  days_to_complete: z.number().int().optional(),
  title: z.string().optional(),
  price: z.number().optional(),
  reward: z.number().optional(),
  collateral: z.number().optional(),
  buyout: z.number().optional(),
  volume: z.number().optional(),
  start_location_id: z.number().int().optional(),
  end_location_id: z.number().int().optional(),
});
export type EsiContract = z.infer<typeof esiContractSchema>;

/** One line of GET /characters/{id}/contracts/{contract_id}/items; `is_included` false = the issuer asks for it. */
export const esiContractItemSchema = z.object({
  record_id: z.number().int(),
  type_id: z.number().int(),
  quantity: z.number().int(),
  is_included: z.boolean(),
  is_singleton: z.boolean(),
  /** -1 singleton; for blueprints -1 original, -2 copy. */
  raw_quantity: z.number().int().optional(),
});
export type EsiContractItem = z.infer<typeof esiContractItemSchema>;
