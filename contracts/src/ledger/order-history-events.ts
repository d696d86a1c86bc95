import { z } from 'zod';
import {
  esiCharacterOrderHistorySchema,
  esiCharacterOrderSchema,
  esiCorporationOrderHistorySchema,
  esiCorporationOrderSchema,
  esiOrderRangeSchema,
} from '../esi/esi-market.dto';
import { defineEvent } from '../events/event-catalogue';
import { streamName } from '../events/streams';

/** The closed market orders of a character, as its ESI order history shows them: `orderhistory-<characterId>`. */
export function orderHistoryStream(characterId: number): string {
  return streamName('orderhistory', characterId);
}

/**
 * The market orders of a corporation as one account imports them (see the corporation wallet streams):
 * `corporationorderhistory-<corporationId>.<accountId>`.
 */
export function corporationOrderHistoryStream(accountId: string, corporationId: number): string {
  return streamName('corporationorderhistory', `${corporationId}.${accountId}`);
}

export const MARKET_ORDER_CLOSE_STATES = esiCharacterOrderHistorySchema.shape.state.options;
export type MarketOrderCloseState = (typeof MARKET_ORDER_CLOSE_STATES)[number];

/** What every read of an order says, open or closed, as the sync read it, whoever's order it is. */
const marketOrderFields = {
  orderId: z.number().int(),
  typeId: z.number().int(),
  regionId: z.number().int(),
  locationId: z.number().int(),
  /** ESI leaves `is_buy_order` out of sell orders: false then. */
  isBuyOrder: z.boolean(),
  /** ESI's unit price in cents. */
  priceCents: z.number().int(),
  volumeTotal: z.number().int(),
  volumeRemain: z.number().int(),
  issued: z.string(),
  /** When the sync read it from ESI. */
  readAt: z.string(),
};

/** What every read of one of the character's orders says, open or closed. */
const orderReadFields = {
  accountId: z.string().uuid(),
  /** The character whose orders listed it (who placed it, for itself or its corporation). */
  characterId: z.number().int().positive(),
  ...marketOrderFields,
  isCorporation: z.boolean(),
};

/** What every read of one of a corporation's orders says, open or closed, for the account that imports it. */
const corporationOrderReadFields = {
  accountId: z.string().uuid(),
  corporationId: z.number().int().positive(),
  /** The wallet division the order trades from (its fees and its fills are that division's). */
  walletDivision: z.number().int().min(1).max(7),
  /** The member who placed it. */
  issuedBy: z.number().int(),
  ...marketOrderFields,
};

/** What a closed order's history record adds to a read. */
const closedOrderFields = {
  /** A buy order's minimum fill; null when ESI gave none (sell orders). */
  minVolume: z.number().int().nullable(),
  range: esiOrderRangeSchema,
  /** Days from `issued` the order was valid for. */
  duration: z.number().int(),
  /** A buy order's escrow in cents; null when ESI gave none. */
  escrowCents: z.number().int().nullable(),
  state: z.enum(MARKET_ORDER_CLOSE_STATES),
};

/**
 * A market order the character placed, read closed (cancelled, or expired: ESI says expired of an order filled in
 * full too, with nothing remaining) from its order history. An order's history record is final: it is recorded
 * once, the first time it is read, and never changes. `issued` is ESI's: the time of the order's last change of
 * price (or its placement), which is what the broker fees it was charged are matched to.
 */
export const marketOrderClosed = defineEvent({
  type: 'MarketOrderClosed',
  schemaVersion: 1,
  schema: z.object({
    ...orderReadFields,
    ...closedOrderFields,
    /** The record exactly as ESI sent it. */
    esi: esiCharacterOrderHistorySchema,
  }),
});

/**
 * An open market order of the character as one read of ESI's open orders showed it, recorded when it differs from
 * the order's last recorded read in price, volume remaining or `issued`. ESI moves `issued` to the time of each
 * change of price, so the reads are how the ledger learns of changes the order history (which keeps only the last)
 * no longer shows: each change cost a broker fee (docs/profit-rules.md §6).
 */
export const marketOrderObserved = defineEvent({
  type: 'MarketOrderObserved',
  schemaVersion: 1,
  schema: z.object({
    ...orderReadFields,
    /** The order exactly as ESI's open orders listed it. */
    esi: esiCharacterOrderSchema,
  }),
});

/**
 * A market order a member placed for the corporation, read closed from the corporation's order history, for one
 * account that tracks the corporation's trade: recorded once, like {@link marketOrderClosed}.
 */
export const corporationMarketOrderClosed = defineEvent({
  type: 'CorporationMarketOrderClosed',
  schemaVersion: 1,
  schema: z.object({
    ...corporationOrderReadFields,
    ...closedOrderFields,
    /** The record exactly as ESI sent it. */
    esi: esiCorporationOrderHistorySchema,
  }),
});

/**
 * An open market order of the corporation as one read of its open orders showed it, recorded when it differs from
 * its last recorded read, like {@link marketOrderObserved}.
 */
export const corporationMarketOrderObserved = defineEvent({
  type: 'CorporationMarketOrderObserved',
  schemaVersion: 1,
  schema: z.object({
    ...corporationOrderReadFields,
    /** The order exactly as ESI's open orders listed it. */
    esi: esiCorporationOrderSchema,
  }),
});

export const orderHistoryEventDefinitions = [
  marketOrderClosed,
  marketOrderObserved,
  corporationMarketOrderClosed,
  corporationMarketOrderObserved,
] as const;

export type MarketOrderClosed = z.infer<typeof marketOrderClosed.schema>;
export type MarketOrderObserved = z.infer<typeof marketOrderObserved.schema>;
export type CorporationMarketOrderClosed = z.infer<typeof corporationMarketOrderClosed.schema>;
export type CorporationMarketOrderObserved = z.infer<typeof corporationMarketOrderObserved.schema>;
