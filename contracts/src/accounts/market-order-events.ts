import { z } from 'zod';
import { defineEvent } from '../events/event-catalogue';
import { streamName } from '../events/streams';
import { CHARACTER_ORDER_RANGES } from './character-actions.dto';

/**
 * The open market orders one character has, as the reads of ESI found them: `marketOrders-<characterId>`. Per
 * character, not per account: the orders are the character's wherever it is linked.
 */
export function marketOrdersStream(characterId: number): string {
  return streamName('marketOrders', characterId);
}

const isoTime = z.string().datetime();
const cents = z.number().int().nonnegative();

/** An open order as ESI listed it, in integer cents, with the place a structure had when it was read. */
export const storedMarketOrderSchema = z.object({
  orderId: z.number().int().positive(),
  typeId: z.number().int().positive(),
  regionId: z.number().int().positive(),
  locationId: z.number().int().positive(),
  isBuyOrder: z.boolean(),
  priceCents: cents,
  volumeRemain: z.number().int().nonnegative(),
  volumeTotal: z.number().int().positive(),
  minVolume: z.number().int().positive().nullable(),
  escrowCents: cents.nullable(),
  isCorporation: z.boolean(),
  issued: isoTime,
  duration: z.number().int().nonnegative(),
  range: z.enum(CHARACTER_ORDER_RANGES),
  /** A player structure's name and system as ESI named them to the character; null for a station or unnamed. */
  structure: z.object({ name: z.string(), systemId: z.number().int().positive() }).nullable(),
});
export type StoredMarketOrder = z.infer<typeof storedMarketOrderSchema>;

/** What moved on an order still open: a new price (the owner re-priced) or a smaller remainder (fills). */
export const marketOrderChangeSchema = z.object({
  orderId: z.number().int().positive(),
  /** Units bought or sold through the order since the last read (its remainder went down by this much). */
  filledUnits: z.number().int().nonnegative(),
  priceCents: cents,
  volumeRemain: z.number().int().nonnegative(),
  escrowCents: cents.nullable(),
  issued: isoTime,
  structure: storedMarketOrderSchema.shape.structure,
});
export type MarketOrderChange = z.infer<typeof marketOrderChangeSchema>;

/**
 * One read of the character's open orders (ESI `GET /characters/{id}/orders`, which includes the orders it
 * placed for its corporation): what opened, changed and left the list since the last read, and until when ESI
 * answers this read from its cache (Refresh Orders waits for it).
 */
export const marketOrdersRead = defineEvent({
  type: 'MarketOrdersRead',
  schemaVersion: 1,
  schema: z.object({
    characterId: z.number().int().positive(),
    readAt: isoTime,
    expires: isoTime,
    opened: z.array(storedMarketOrderSchema),
    changed: z.array(marketOrderChangeSchema),
    /** Orders no longer open (filled, cancelled or expired), as the last read saw them. */
    closed: z.array(storedMarketOrderSchema),
  }),
});
export type MarketOrdersRead = z.infer<typeof marketOrdersRead.schema>;

export const marketOrderEventDefinitions = [marketOrdersRead] as const;

export type MarketOrderEvent = { type: 'MarketOrdersRead'; data: MarketOrdersRead };

/** The open orders after a read: the decider's state and the read model follow this one rule. */
export function ordersAfterRead(
  orders: readonly StoredMarketOrder[],
  read: MarketOrdersRead,
): StoredMarketOrder[] {
  const closed = new Set(read.closed.map((order) => order.orderId));
  const changes = new Map(read.changed.map((change) => [change.orderId, change]));
  return [
    ...orders
      .filter((order) => !closed.has(order.orderId))
      .map((order) => {
        const change = changes.get(order.orderId);
        if (!change) return order;
        const { filledUnits: _filled, ...fields } = change;
        return { ...order, ...fields };
      }),
    ...read.opened,
  ];
}

/** Read model `character-market-orders` (`_id` is the character id): the open orders of the last read. */
export interface CharacterMarketOrdersDocument {
  readonly _id: string;
  readonly _position?: number;
  readonly characterId: number;
  readonly readAt: string;
  readonly expires: string;
  readonly orders: readonly StoredMarketOrder[];
}

export const CHARACTER_MARKET_ORDERS_READ_MODEL = 'character-market-orders';
