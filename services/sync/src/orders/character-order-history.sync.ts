import { randomUUID } from 'node:crypto';
import {
  ORDER_HISTORY_RECORDS_PER_MESSAGE,
  ORDER_HISTORY_TOPIC,
  type OrderHistoryImported,
} from '@tradewise/contracts';
import {
  EsiMissingScopeError,
  EsiThrottledError,
  type Clock,
  type EsiClient,
  type EsiResult,
  type Logger,
  type MessageBus,
  type ReadStore,
} from '@tradewise/platform';

export const ORDER_HISTORY_SYNC_STATE_COLLECTION = 'sync_order_history_state';

/** What the sync last published of an open order: the figures that change when its owner changes it or it fills. */
export interface PublishedOpenOrder {
  readonly order_id: number;
  readonly issued: string;
  readonly price: number;
  readonly volume_remain: number;
}

/**
 * What the sync last published of an owner's order history: `orderhistory:<characterId>` for a character,
 * `corporationorderhistory:<accountId>:<corporationId>` for a corporation one account tracks.
 */
interface OrderHistorySyncState {
  readonly _id: string;
  /** The ids of the closed orders of the last answer, all published; those ESI no longer lists are dropped. */
  readonly published: readonly number[];
  /**
   * The open orders of the last read as last published, by order id; those ESI no longer lists open are dropped
   * (absent in states of older syncs: every open order is published once then).
   */
  readonly open?: readonly PublishedOpenOrder[];
  readonly syncedAt: string;
}

export type OrderHistoryEsi = Pick<EsiClient, 'getCharacterOrderHistory' | 'getCharacterOrders'>;

/**
 * The closed orders of an ESI answer to publish, by order id: those not published before, each once (a record is
 * final, so one published is never published again).
 */
export function orderHistoryToPublish<Order extends PublishedOpenOrder>(
  listed: readonly Order[],
  published: ReadonlySet<number>,
): Order[] {
  const found = new Map<number, Order>();
  for (const order of listed) {
    if (!published.has(order.order_id) && !found.has(order.order_id)) found.set(order.order_id, order);
  }
  return [...found.values()].sort((a, b) => a.order_id - b.order_id);
}

const publishedOf = (order: PublishedOpenOrder): PublishedOpenOrder => ({
  order_id: order.order_id,
  issued: order.issued,
  price: order.price,
  volume_remain: order.volume_remain,
});

/**
 * The open orders of an ESI answer to publish, by order id: those whose `issued`, price or volume remaining differ
 * from what was last published of them (an order not published before differs), each once. ESI moves `issued` with
 * each change of price, so each change the reads see is published, and the ledger learns of the broker fee it cost.
 */
export function openOrdersToPublish<Order extends PublishedOpenOrder>(
  listed: readonly Order[],
  published: ReadonlyMap<number, PublishedOpenOrder>,
): Order[] {
  const found = new Map<number, Order>();
  for (const order of listed) {
    if (found.has(order.order_id)) continue;
    const last = published.get(order.order_id);
    const same =
      last !== undefined &&
      last.issued === order.issued &&
      last.price === order.price &&
      last.volume_remain === order.volume_remain;
    if (!same) found.set(order.order_id, order);
  }
  return [...found.values()].sort((a, b) => a.order_id - b.order_id);
}

/**
 * Orders (closed or open) in message-sized parts, in order: at most {@link ORDER_HISTORY_RECORDS_PER_MESSAGE} a
 * part.
 */
export function orderHistoryMessages<Order>(orders: readonly Order[]): Order[][] {
  const parts: Order[][] = [];
  for (let start = 0; start < orders.length; start += ORDER_HISTORY_RECORDS_PER_MESSAGE) {
    parts.push(orders.slice(start, start + ORDER_HISTORY_RECORDS_PER_MESSAGE));
  }
  return parts;
}

/**
 * The messages of one read: part `i` of the closed orders beside part `i` of the open ones, each part at most
 * {@link ORDER_HISTORY_RECORDS_PER_MESSAGE}; as many messages as the longer list needs (none when both are empty).
 * `openOrders` is left out of a message without any.
 */
export function orderHistoryReadMessages<Read extends object, Closed, Open>(
  read: Read,
  orders: readonly Closed[],
  openOrders: readonly Open[],
): (Read & { orders: Closed[]; openOrders?: Open[] })[] {
  const closedParts = orderHistoryMessages(orders);
  const openParts = orderHistoryMessages(openOrders);
  const messages: (Read & { orders: Closed[]; openOrders?: Open[] })[] = [];
  for (let i = 0; i < Math.max(closedParts.length, openParts.length); i++) {
    const open = openParts[i] ?? [];
    messages.push({
      ...read,
      orders: closedParts[i] ?? [],
      ...(open.length > 0 ? { openOrders: open } : {}),
    });
  }
  return messages;
}

/**
 * Publishes one read of an owner's orders (its order history and its open orders, as ESI answered) and only then
 * remembers it under `stateId`: the closed orders not published before, and the open orders whose `issued`, price or
 * volume remaining changed since last published, go to `publish`; the state keeps only what ESI still lists, closed
 * or open. Nothing is published when both answers are unchanged and nothing in them is new.
 */
export async function publishOrderReads<Closed extends PublishedOpenOrder, Open extends PublishedOpenOrder>(
  readStore: ReadStore,
  stateId: string,
  history: EsiResult<Closed[]>,
  open: EsiResult<Open[]>,
  fetchedAt: string,
  publish: (closed: Closed[], open: Open[]) => Promise<void>,
): Promise<void> {
  const states = readStore.collection<OrderHistorySyncState>(ORDER_HISTORY_SYNC_STATE_COLLECTION);
  const state = await states.findOne({ _id: stateId });
  const toPublish = orderHistoryToPublish(history.data, new Set(state?.published ?? []));
  const openToPublish = openOrdersToPublish(
    open.data,
    new Map((state?.open ?? []).map((order) => [order.order_id, order])),
  );
  // The open-orders step may have read the history first (for its alerts), and read the open orders: answers from
  // the cache can still hold orders this step has not published.
  if (history.unchanged && open.unchanged && state && toPublish.length === 0 && openToPublish.length === 0)
    return;
  await publish(toPublish, openToPublish);
  const listed = [...new Set(history.data.map((order) => order.order_id))].sort((a, b) => a - b);
  const listedOpen = new Map<number, PublishedOpenOrder>();
  for (const order of open.data) {
    if (!listedOpen.has(order.order_id)) listedOpen.set(order.order_id, publishedOf(order));
  }
  const openState = [...listedOpen.values()].sort((a, b) => a.order_id - b.order_id);
  await states.replaceOne(
    { _id: stateId },
    { _id: stateId, published: listed, open: openState, syncedAt: fetchedAt },
    { upsert: true },
  );
}

/**
 * Reads each synced character's market order history (ESI's cancelled and expired orders of the last 90 days, all
 * pages) and open orders, for every tier: the trade ledger matches the broker fees the journal shows to the order
 * placements and price changes that caused them. ESI's history keeps only an order's last `issued`, so the open
 * orders as each read showed them tell the ledger of the changes between. The closed orders not published before,
 * and the open orders whose `issued`, price or volume remaining changed since last published, go on the bus
 * (keyed by character) in the same messages, and only then are they remembered (`sync_order_history_state`, only
 * those ESI still lists, closed or open): a failed step publishes them again next time, and the ledger records each
 * closed order and each read of an open order once. The open orders usually come from the client's cache (the
 * orders step read them just before). A character that did not grant the orders scope is left out; throttling ends
 * the sync; any other failure is logged and does not fail the sync.
 */
export class CharacterOrderHistorySync {
  constructor(
    private readonly esi: OrderHistoryEsi,
    private readonly bus: MessageBus,
    private readonly readStore: ReadStore,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

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
    const history = await this.esi.getCharacterOrderHistory(characterId);
    const open = await this.esi.getCharacterOrders(characterId);
    const fetchedAt = this.clock.now().toISOString();
    const key = String(characterId);
    await publishOrderReads(
      this.readStore,
      `orderhistory:${characterId}`,
      history,
      open,
      fetchedAt,
      async (closed, opened) => {
        const headers = { 'x-correlation-id': randomUUID() };
        const messages: OrderHistoryImported[] = orderHistoryReadMessages(
          { accountId, characterId, fetchedAt },
          closed,
          opened,
        );
        for (const value of messages) await this.bus.publish(ORDER_HISTORY_TOPIC, [{ key, value, headers }]);
      },
    );
  }
}
