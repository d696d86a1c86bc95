import { randomUUID } from 'node:crypto';
import {
  ORDER_HISTORY_RECORDS_PER_MESSAGE,
  ORDER_HISTORY_TOPIC,
  type EsiCharacterOrderHistory,
  type OrderHistoryImported,
} from '@tradewise/contracts';
import {
  EsiMissingScopeError,
  EsiThrottledError,
  type Clock,
  type EsiClient,
  type Logger,
  type MessageBus,
  type ReadStore,
} from '@tradewise/platform';

export const ORDER_HISTORY_SYNC_STATE_COLLECTION = 'sync_order_history_state';

/** What the sync last published of a character's order history: `orderhistory:<characterId>`. */
interface OrderHistorySyncState {
  readonly _id: string;
  /** The ids of the closed orders of the last answer, all published; those ESI no longer lists are dropped. */
  readonly published: readonly number[];
  readonly syncedAt: string;
}

export type OrderHistoryEsi = Pick<EsiClient, 'getCharacterOrderHistory'>;

/**
 * The closed orders of an ESI answer to publish, by order id: those not published before, each once (a record is
 * final, so one published is never published again).
 */
export function orderHistoryToPublish(
  listed: readonly EsiCharacterOrderHistory[],
  published: ReadonlySet<number>,
): EsiCharacterOrderHistory[] {
  const found = new Map<number, EsiCharacterOrderHistory>();
  for (const order of listed) {
    if (!published.has(order.order_id) && !found.has(order.order_id)) found.set(order.order_id, order);
  }
  return [...found.values()].sort((a, b) => a.order_id - b.order_id);
}

/** Closed orders in message-sized parts, in order: at most {@link ORDER_HISTORY_RECORDS_PER_MESSAGE} a part. */
export function orderHistoryMessages(
  orders: readonly EsiCharacterOrderHistory[],
): EsiCharacterOrderHistory[][] {
  const parts: EsiCharacterOrderHistory[][] = [];
  for (let start = 0; start < orders.length; start += ORDER_HISTORY_RECORDS_PER_MESSAGE) {
    parts.push(orders.slice(start, start + ORDER_HISTORY_RECORDS_PER_MESSAGE));
  }
  return parts;
}

/**
 * Reads each synced character's market order history (ESI's cancelled and expired orders of the last 90 days, all
 * pages), for every tier: the trade ledger matches the broker fees the journal shows to the orders that caused them.
 * The orders not published before go on the bus (keyed by character), and only then are their ids remembered
 * (`sync_order_history_state`, only those ESI still lists): a failed step publishes them again next time, and the
 * ledger records each order once. A character that did not grant the orders scope is left out; throttling ends the
 * sync; any other failure is logged and does not fail the sync.
 */
export class CharacterOrderHistorySync {
  constructor(
    private readonly esi: OrderHistoryEsi,
    private readonly bus: MessageBus,
    private readonly readStore: ReadStore,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

  private get states() {
    return this.readStore.collection<OrderHistorySyncState>(ORDER_HISTORY_SYNC_STATE_COLLECTION);
  }

  async refresh(accountId: string, characterId: number): Promise<void> {
    try {
      await this.orderHistory(accountId, characterId);
    } catch (error) {
      if (error instanceof EsiMissingScopeError) return;
      if (error instanceof EsiThrottledError) throw error;
      this.logger.warn({ err: error, accountId, characterId }, 'Could not read the order history in a sync');
    }
  }

  private async orderHistory(accountId: string, characterId: number): Promise<void> {
    const stateId = `orderhistory:${characterId}`;
    const state = await this.states.findOne({ _id: stateId });
    const answer = await this.esi.getCharacterOrderHistory(characterId);
    const toPublish = orderHistoryToPublish(answer.data, new Set(state?.published ?? []));
    // The open-orders step may have read the history first (for its alerts): an answer from the cache can still
    // hold orders this step has not published.
    if (answer.unchanged && state && toPublish.length === 0) return;
    const fetchedAt = this.clock.now().toISOString();
    const key = String(characterId);
    const headers = { 'x-correlation-id': randomUUID() };
    for (const orders of orderHistoryMessages(toPublish)) {
      const value: OrderHistoryImported = { accountId, characterId, fetchedAt, orders };
      await this.bus.publish(ORDER_HISTORY_TOPIC, [{ key, value, headers }]);
    }
    const listed = [...new Set(answer.data.map((order) => order.order_id))].sort((a, b) => a - b);
    await this.states.replaceOne(
      { _id: stateId },
      { _id: stateId, published: listed, syncedAt: fetchedAt },
      { upsert: true },
    );
  }
}
