import type { OrderFeesMatched } from '@tradewise/contracts';

/** What an order's `orderfees` stream says: whether its match is recorded. */
export interface OrderFeeMatchState {
  readonly recorded: boolean;
}

export const NO_ORDER_FEE_MATCH: OrderFeeMatchState = { recorded: false };

export interface OrderFeeMatchEvent {
  readonly type: 'OrderFeesMatched';
  readonly data: OrderFeesMatched;
}

export class OrderFeeMatchRejectedError extends Error {}

export function evolveOrderFeeMatch(
  state: OrderFeeMatchState,
  event: { readonly type: string },
): OrderFeeMatchState {
  return event.type === 'OrderFeesMatched' ? { recorded: true } : state;
}

/**
 * Records an order's final match once (docs/profit-rules.md §6.6): a second recording of the same order records
 * nothing. A match whose money does not add up (its fills' shares and its unfilled fee against the fees it was
 * charged) or whose fills take more units than a row can hold is refused: a record stands for good.
 */
export function decideOrderFeeMatch(
  state: OrderFeeMatchState,
  match: OrderFeesMatched,
): OrderFeeMatchEvent[] {
  if (state.recorded) return [];
  const charged = match.fees.reduce((sum, fee) => sum + fee.amountCents, 0);
  const allocated = match.fills.reduce((sum, fill) => sum + fill.brokerFeeCents, match.unfilledFeeCents);
  if (allocated !== charged)
    throw new OrderFeeMatchRejectedError(
      `Order ${match.orderId}: its fills and unfilled units carry ${allocated} cents of the ${charged} cents of fees it was charged.`,
    );
  const filled = match.fills.reduce((units, fill) => units + fill.quantity, 0);
  const placed = Math.max(...match.fees.map((fee) => fee.unitsOnOrder));
  if (filled > placed)
    throw new OrderFeeMatchRejectedError(
      `Order ${match.orderId}: its fills take ${filled} units of an order of ${placed}.`,
    );
  if (new Set(match.fees.map((fee) => fee.journalEntryId)).size !== match.fees.length)
    throw new OrderFeeMatchRejectedError(`Order ${match.orderId}: a journal row is charged twice.`);
  if (new Set(match.fills.map((fill) => fill.transactionId)).size !== match.fills.length)
    throw new OrderFeeMatchRejectedError(`Order ${match.orderId}: a fill is listed twice.`);
  return [{ type: 'OrderFeesMatched', data: match }];
}
