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
 * GET /account/characters/{id}/skills: the character's skill sheet as ESI has it, for the industry calculator
 * (issue #26). A skill the character has not trained is left out: the calculator takes the sheet with
 * `unlistedSkillLevel` 0.
 */
export const characterSkillsSchema = z.object({
  characterId: z.number().int(),
  /** Active level (0 to 5; an Alpha clone's may be below the trained one) by skill type id. */
  skills: z.record(z.string().regex(/^\d{1,10}$/), z.number().int().min(0).max(5)),
  readAt: isoTime,
});
export type CharacterSkills = z.infer<typeof characterSkillsSchema>;

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
  /**
   * Jumps from the character's last known location (Refresh Location on the Account page) along the shortest
   * route; null while the location or the order's system is unknown, or no route joins them.
   */
  jumps: z.number().int().nullable(),
});
export type CharacterMarketOrder = z.infer<typeof characterMarketOrderSchema>;

/** GET /market/characters/{id}/orders: the open orders, and when ESI may have newer ones (also the Expires header). */
export const characterMarketOrdersSchema = z.object({
  expires: isoTime,
  data: z.array(characterMarketOrderSchema),
});
export type CharacterMarketOrders = z.infer<typeof characterMarketOrdersSchema>;

/**
 * An order of a market's book: a region's public orders (GET .../similar) or a player structure's, read with the
 * character's own token (GET .../similarPrivate).
 */
export const marketBookOrderSchema = z.object({
  orderId: z.number().int(),
  typeId: z.number().int(),
  isBuyOrder: z.boolean(),
  /** ISK per unit. */
  price: z.number(),
  volumeRemain: z.number().int(),
  volumeTotal: z.number().int(),
  /** Buy orders only. */
  minVolume: z.number().int().nullable(),
  range: z.enum(CHARACTER_ORDER_RANGES),
  /** The station or structure. */
  locationId: z.number().int(),
  regionId: z.number().int(),
  issued: isoTime,
  /** Days. */
  duration: z.number().int(),
});
export type MarketBookOrder = z.infer<typeof marketBookOrderSchema>;

/** When one region's book of the character's order types may be read anew (ESI's Expires for it). */
export const similarOrdersRegionSchema = z.object({
  regionId: z.number().int(),
  regionName: z.string(),
  expires: isoTime,
});
export type SimilarOrdersRegion = z.infer<typeof similarOrdersRegionSchema>;

/**
 * GET /market/characters/{id}/similar: the public books of each type the character has an open order of, in the
 * order's region (account-area §3: marketOrders and regionMetadata), read once per region and type from the
 * shared market data cache, as far as the price status walks them: sells at or below the character's highest
 * sell of the type there, buys at or above its lowest buy. `expires` (also the Expires header) is the earliest
 * region's: Refresh Prices may read anew then.
 */
export const characterSimilarOrdersSchema = z.object({
  expires: isoTime,
  marketOrders: z.array(marketBookOrderSchema),
  regionMetadata: z.array(similarOrdersRegionSchema),
});
export type CharacterSimilarOrders = z.infer<typeof characterSimilarOrdersSchema>;

/**
 * How a structure's market was read: READ; NO_ACCESS (ESI refused the character, which may not dock there, or the
 * structure has no market; asked again after an hour); UNAVAILABLE (ESI did not answer; asked again next time).
 */
export const STRUCTURE_MARKET_READ_STATUSES = ['READ', 'NO_ACCESS', 'UNAVAILABLE'] as const;
export type StructureMarketReadStatus = (typeof STRUCTURE_MARKET_READ_STATUSES)[number];

/** A structure whose market was read for the character: one where it has an open order. */
export const privateMarketStructureSchema = z.object({
  structureId: z.number().int(),
  /** null while ESI does not name the structure to the character. */
  name: z.string().nullable(),
  regionId: z.number().int(),
  status: z.enum(STRUCTURE_MARKET_READ_STATUSES),
});
export type PrivateMarketStructure = z.infer<typeof privateMarketStructureSchema>;

/**
 * GET /market/characters/{id}/similarPrivate: the orders on the markets of the structures where the character has
 * open orders, of the types it trades in the structure's region (account-area §4: the price status walks these
 * with the public ones). `expires` (also the Expires header) is when Refresh Private Prices may read anew.
 */
export const characterSimilarPrivateOrdersSchema = z.object({
  expires: isoTime,
  structures: z.array(privateMarketStructureSchema),
  data: z.array(marketBookOrderSchema),
});
export type CharacterSimilarPrivateOrders = z.infer<typeof characterSimilarPrivateOrdersSchema>;

/** PUT /account/discordWebhook: the webhook Discord gave the owner (Server Settings → Integrations → Webhooks). */
export const discordWebhookUpdateSchema = z.object({ url: z.string().max(300) }).strict();
export type DiscordWebhookUpdate = z.infer<typeof discordWebhookUpdateSchema>;

/** The account's Discord webhook for order alerts, as its owner sees it: recognisable, never usable. */
export const discordWebhookSettingSchema = z.object({
  configured: z.boolean(),
  /** e.g. `discord.com/api/webhooks/1234…/…`; null when none is set. */
  hint: z.string().nullable(),
  updatedAt: isoTime.nullable(),
});
export type DiscordWebhookSetting = z.infer<typeof discordWebhookSettingSchema>;
