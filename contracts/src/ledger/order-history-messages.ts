import { z } from 'zod';
import {
  esiCharacterOrderHistorySchema,
  esiCharacterOrderSchema,
  esiCorporationOrderHistorySchema,
  esiCorporationOrderSchema,
} from '../esi/esi-market.dto';

/**
 * Closed orders per bus message: an order-history record as JSON is about 330 bytes, so a full message stays well
 * under Kafka's default 1 MB limit. A heavy trader's 90 days (ESI lists some thousands) go in several messages.
 */
export const ORDER_HISTORY_RECORDS_PER_MESSAGE = 1000;

/**
 * Bus message `esi.order-history.v1`, keyed by character id: closed orders of the character's
 * `GET /characters/{id}/orders/history` (the last 90 days, cancelled or expired, its corporation orders included)
 * that the sync has not published before, each as ESI sent it, and the open orders it read that changed since the
 * last message. A closed order never changes, so each is published
 * once, and the ledger records each once however often it is delivered.
 */
export const orderHistoryImportedSchema = z.object({
  accountId: z.string().uuid(),
  characterId: z.number().int().positive(),
  /** When the sync read the history from ESI (UTC ISO). */
  fetchedAt: z.string().datetime(),
  orders: z.array(esiCharacterOrderHistorySchema).max(ORDER_HISTORY_RECORDS_PER_MESSAGE),
  /**
   * Open orders of the same read of `GET /characters/{id}/orders` whose price, volume remaining or `issued` changed
   * since the sync last published them (absent in messages of older syncs).
   */
  openOrders: z.array(esiCharacterOrderSchema).max(ORDER_HISTORY_RECORDS_PER_MESSAGE).optional(),
});
export type OrderHistoryImported = z.infer<typeof orderHistoryImportedSchema>;
export const ORDER_HISTORY_TOPIC = 'esi.order-history.v1';

/**
 * Bus message `esi.corporation-order-history.v1`, keyed by corporation id: for one account that tracks the
 * corporation's trade, the closed orders of `GET /corporations/{id}/orders/history` not published before for it, and
 * the open orders of the same read of `GET /corporations/{id}/orders` that changed since, each as ESI sent it (who
 * issued it, from which wallet division).
 */
export const corporationOrderHistoryImportedSchema = z.object({
  accountId: z.string().uuid(),
  corporationId: z.number().int().positive(),
  /** The account's character whose grant read the orders. */
  readByCharacterId: z.number().int().positive(),
  fetchedAt: z.string().datetime(),
  orders: z.array(esiCorporationOrderHistorySchema).max(ORDER_HISTORY_RECORDS_PER_MESSAGE),
  openOrders: z.array(esiCorporationOrderSchema).max(ORDER_HISTORY_RECORDS_PER_MESSAGE).optional(),
});
export type CorporationOrderHistoryImported = z.infer<typeof corporationOrderHistoryImportedSchema>;
export const CORPORATION_ORDER_HISTORY_TOPIC = 'esi.corporation-order-history.v1';
