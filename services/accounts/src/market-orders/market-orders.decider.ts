import {
  ordersAfterRead,
  type MarketOrderChange,
  type MarketOrderEvent,
  type StoredMarketOrder,
} from '@tradewise/contracts';
import type { Decider } from '@tradewise/platform';

export interface MarketOrdersState {
  readonly orders: readonly StoredMarketOrder[];
  /** ESI's expiry of the last answer recorded; null before the first. */
  readonly expires: string | null;
}

/** One answer of ESI's `GET /characters/{id}/orders`, already in cents and with its structures' places. */
export interface RecordMarketOrdersCommand {
  readonly type: 'RecordMarketOrders';
  readonly characterId: number;
  readonly readAt: string;
  readonly expires: string;
  readonly orders: readonly StoredMarketOrder[];
}

export const initialMarketOrdersState: MarketOrdersState = { orders: [], expires: null };

function changeOf(before: StoredMarketOrder, after: StoredMarketOrder): MarketOrderChange | null {
  const moved =
    before.priceCents !== after.priceCents ||
    before.volumeRemain !== after.volumeRemain ||
    before.escrowCents !== after.escrowCents ||
    before.issued !== after.issued ||
    JSON.stringify(before.structure) !== JSON.stringify(after.structure);
  if (!moved) return null;
  const { orderId, priceCents, volumeRemain, escrowCents, issued, structure } = after;
  const filledUnits = Math.max(0, before.volumeRemain - volumeRemain);
  return { orderId, filledUnits, priceCents, volumeRemain, escrowCents, issued, structure };
}

/**
 * Each new answer of ESI is recorded once, as what opened, changed and closed since the last: the same answer
 * given twice (the page and the sync read within ESI's cache time) or an older one arriving late changes nothing.
 */
export function decideMarketOrders(
  state: MarketOrdersState,
  command: RecordMarketOrdersCommand,
): MarketOrderEvent[] {
  if (state.expires !== null && Date.parse(command.expires) <= Date.parse(state.expires)) return [];
  const before = new Map(state.orders.map((order) => [order.orderId, order]));
  const now = new Set(command.orders.map((order) => order.orderId));
  const opened = command.orders.filter((order) => !before.has(order.orderId));
  const changed = command.orders.flatMap((order) => {
    const previous = before.get(order.orderId);
    // A read that could not name a structure (the sync's) does not forget the name an earlier one found.
    const change = previous
      ? changeOf(previous, { ...order, structure: order.structure ?? previous.structure })
      : null;
    return change ? [change] : [];
  });
  const closed = state.orders.filter((order) => !now.has(order.orderId));
  return [
    {
      type: 'MarketOrdersRead',
      data: {
        characterId: command.characterId,
        readAt: command.readAt,
        expires: command.expires,
        opened,
        changed,
        closed,
      },
    },
  ];
}

export function evolveMarketOrders(state: MarketOrdersState, event: MarketOrderEvent): MarketOrdersState {
  return { orders: ordersAfterRead(state.orders, event.data), expires: event.data.expires };
}

export const marketOrdersDecider: Decider<MarketOrdersState, RecordMarketOrdersCommand, MarketOrderEvent> = {
  initialState: initialMarketOrdersState,
  evolve: evolveMarketOrders,
  decide: decideMarketOrders,
};
