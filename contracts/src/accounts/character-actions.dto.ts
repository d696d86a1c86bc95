import { z } from 'zod';

const isoTime = z.string().datetime();

/** POST /account/characters/{id}/updateWallet: the balance ESI just reported (account-area §7). */
export const characterWalletBalanceSchema = z.object({
  /** ISK. */
  walletBalance: z.number(),
  lastWalletBalanceUpdate: isoTime,
});
export type CharacterWalletBalance = z.infer<typeof characterWalletBalanceSchema>;

/** POST /account/characters/{id}/updateLocation: the solar system the character is in. */
export const characterLocationSchema = z.object({
  systemId: z.number().int(),
  systemName: z.string(),
});
export type CharacterLocation = z.infer<typeof characterLocationSchema>;

/**
 * POST /account/characters/{id}/updateRoute: sets the autopilot destination (`clearOtherWaypoints`) or adds a
 * waypoint; the destination is a solar system, station or structure id.
 */
export const characterRouteUpdateSchema = z
  .object({
    addToBeginning: z.boolean().default(false),
    clearOtherWaypoints: z.boolean().default(false),
    destinationId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  })
  .strict();
export type CharacterRouteUpdate = z.infer<typeof characterRouteUpdateSchema>;

/** Order ranges in the spec's words: REGION, SOLARSYSTEM, STATION, and jumps as `_1` … `_40`. */
export const CHARACTER_ORDER_RANGES = [
  'STATION',
  'SOLARSYSTEM',
  'REGION',
  '_1',
  '_2',
  '_3',
  '_4',
  '_5',
  '_10',
  '_20',
  '_30',
  '_40',
] as const;
export type CharacterOrderRange = (typeof CHARACTER_ORDER_RANGES)[number];

/** One open market order of a character (account-area §3 Character market order, without the client's fields). */
export const characterMarketOrderSchema = z.object({
  orderId: z.number().int(),
  typeId: z.number().int(),
  typeName: z.string(),
  isBuyOrder: z.boolean(),
  /** ISK per unit. */
  price: z.number(),
  volumeRemain: z.number().int(),
  volumeTotal: z.number().int(),
  /** Buy orders only. */
  minVolume: z.number().int().nullable(),
  /** ISK held for a buy order; null for sell orders. */
  escrow: z.number().nullable(),
  isCorporation: z.boolean(),
  issued: isoTime,
  /** Days. */
  duration: z.number().int(),
  range: z.enum(CHARACTER_ORDER_RANGES),
  /** An NPC station, or a player structure (ids from 1e12). */
  locationId: z.number().int(),
  /** null for a structure ESI would not name to the character. */
  locationName: z.string().nullable(),
  regionId: z.number().int(),
  regionName: z.string(),
  /** null for a structure ESI would not name to the character. */
  systemId: z.number().int().nullable(),
  systemName: z.string().nullable(),
  /** The system's raw security status; round only for display. */
  security: z.number().nullable(),
});
export type CharacterMarketOrder = z.infer<typeof characterMarketOrderSchema>;

/** GET /market/characters/{id}/orders: the open orders, and when ESI may have newer ones (also the Expires header). */
export const characterMarketOrdersSchema = z.object({
  expires: isoTime,
  data: z.array(characterMarketOrderSchema),
});
export type CharacterMarketOrders = z.infer<typeof characterMarketOrdersSchema>;
