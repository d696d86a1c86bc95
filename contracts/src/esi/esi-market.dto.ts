import { z } from 'zod';

/** Order ranges as ESI spells them; sell orders always say `region`. */
export const ESI_ORDER_RANGES = [
  'station',
  'solarsystem',
  'region',
  '1',
  '2',
  '3',
  '4',
  '5',
  '10',
  '20',
  '30',
  '40',
] as const;
export const esiOrderRangeSchema = z.enum(ESI_ORDER_RANGES);
export type EsiOrderRange = z.infer<typeof esiOrderRangeSchema>;

/** One open order of GET /characters/{id}/orders. `is_buy_order` is absent on sell orders: read absent as false. */
export const esiCharacterOrderSchema = z.object({
  order_id: z.number().int(),
  type_id: z.number().int(),
  region_id: z.number().int(),
  location_id: z.number().int(),
  range: esiOrderRangeSchema,
  is_buy_order: z.boolean().optional(),
  price: z.number(),
  volume_total: z.number().int(),
  volume_remain: z.number().int(),
  min_volume: z.number().int().optional(),
  escrow: z.number().optional(),
  issued: z.string(),
  duration: z.number().int(),
  is_corporation: z.boolean(),
});
export type EsiCharacterOrder = z.infer<typeof esiCharacterOrderSchema>;

/** One closed order of GET /characters/{id}/orders/history (90 days). */
export const esiCharacterOrderHistorySchema = esiCharacterOrderSchema.extend({
  state: z.enum(['cancelled', 'expired']),
});
export type EsiCharacterOrderHistory = z.infer<typeof esiCharacterOrderHistorySchema>;

/** One open order of GET /corporations/{id}/orders. */
export const esiCorporationOrderSchema = esiCharacterOrderSchema.omit({ is_corporation: true }).extend({
  issued_by: z.number().int(),
  wallet_division: z.number().int(),
});
export type EsiCorporationOrder = z.infer<typeof esiCorporationOrderSchema>;

/** One closed order of GET /corporations/{id}/orders/history (90 days). */
export const esiCorporationOrderHistorySchema = esiCorporationOrderSchema.extend({
  state: esiCharacterOrderHistorySchema.shape.state,
});
export type EsiCorporationOrderHistory = z.infer<typeof esiCorporationOrderHistorySchema>;

/** One order of GET /markets/structures/{structure_id} (1000 a page). */
export const esiStructureOrderSchema = z.object({
  order_id: z.number().int(),
  type_id: z.number().int(),
  location_id: z.number().int(),
  volume_total: z.number().int(),
  volume_remain: z.number().int(),
  min_volume: z.number().int(),
  price: z.number(),
  is_buy_order: z.boolean(),
  duration: z.number().int(),
  issued: z.string(),
  range: esiOrderRangeSchema,
});
export type EsiStructureOrder = z.infer<typeof esiStructureOrderSchema>;

/** One order of GET /markets/{region_id}/orders (1000 a page). */
export const esiRegionOrderSchema = esiStructureOrderSchema.extend({
  system_id: z.number().int(),
});
export type EsiRegionOrder = z.infer<typeof esiRegionOrderSchema>;

/** One day of GET /markets/{region_id}/history. */
export const esiMarketHistoryDaySchema = z.object({
  date: z.string(),
  average: z.number(),
  highest: z.number(),
  lowest: z.number(),
  order_count: z.number().int(),
  volume: z.number().int(),
});
export type EsiMarketHistoryDay = z.infer<typeof esiMarketHistoryDaySchema>;

/** One row of GET /markets/prices; `adjusted_price` feeds the estimated item value of industry jobs. */
export const esiMarketPriceSchema = z.object({
  type_id: z.number().int(),
  adjusted_price: z.number().optional(),
  average_price: z.number().optional(),
});
export type EsiMarketPrice = z.infer<typeof esiMarketPriceSchema>;

/** One system of GET /industry/systems. */
export const esiIndustrySystemSchema = z.object({
  solar_system_id: z.number().int(),
  cost_indices: z.array(
    z.object({
      /** manufacturing, reaction, copying, invention, researching_*; a string, as ESI may add activities. */
      activity: z.string(),
      cost_index: z.number(),
    }),
  ),
});
export type EsiIndustrySystem = z.infer<typeof esiIndustrySystemSchema>;
