import { multiplyDivideRounded, type Cents } from './money';
import type { OrderRecord } from './world-records';

/** One broker fee an order charged: at placement or at a price change, with the units then on the order. */
export interface OrderFeeEvent {
  readonly timeMs: number;
  readonly amount: Cents;
  readonly volumeRemain: number;
}

/** One fill of an order: the wallet transaction it booked and the broker fee its units carry. */
export interface OrderFillFee {
  readonly transactionId: number;
  readonly timeMs: number;
  readonly quantity: number;
  readonly brokerFee: Cents;
}

/** Ground truth for one market order's broker fees: what each fill carries and what the unfilled units carry. */
export interface OrderFeeTruth {
  readonly orderId: number;
  readonly characterId: number;
  readonly typeId: number;
  readonly locationId: number;
  readonly isBuy: boolean;
  readonly volumeTotal: number;
  /** The order's `brokers_fee` charges (positive cents), oldest first: the placement, then each price change. */
  readonly fees: readonly OrderFeeEvent[];
  readonly fills: readonly OrderFillFee[];
  /** The share of the units that never filled (cancelled or expired with volume left): in no sale. */
  readonly unfilledBrokerFee: Cents;
}

/**
 * The allocation rule (docs/profit-rules.md), computed from the order's own steps: number the order's V units
 * 0..V−1 in the order they leave it (fills in time order, the units that never filled last). A fee F charged while
 * R units remained sits on units [s, V), s = V − R; a later fill that took units [a, b) carries
 * round(F × (b − s) / R) − round(F × (a − s) / R) of it (halves up, exact integers). A fill's fee is the sum over
 * the fees charged before it; the rest of the order's fees is the unfilled fee, so the parts add up exactly.
 */
export function orderFeeTruth(order: OrderRecord): OrderFeeTruth {
  const volume = order.volumeTotal;
  const fees: OrderFeeEvent[] = [];
  const fills: OrderFillFee[] = [];
  let remain = volume;
  for (const step of order.steps) {
    if (step.kind !== 'filled') {
      if (step.volumeRemain !== remain || remain <= 0) {
        throw new Error(
          `Order ${order.orderId}: fee at ${step.timeMs} on ${step.volumeRemain} units, not ${remain}`,
        );
      }
      fees.push({ timeMs: step.timeMs, amount: step.brokerFee, volumeRemain: step.volumeRemain });
      continue;
    }
    const quantity = remain - step.volumeRemain;
    if (quantity <= 0) throw new Error(`Order ${order.orderId}: a fill at ${step.timeMs} took no units`);
    const from = volume - remain;
    const to = from + quantity;
    let brokerFee = 0;
    for (const fee of fees) brokerFee += unitsShare(fee, volume, from, to);
    fills.push({ transactionId: step.transactionId, timeMs: step.timeMs, quantity, brokerFee });
    remain = step.volumeRemain;
  }
  const charged = fees.reduce((sum, fee) => sum + fee.amount, 0);
  const filled = fills.reduce((sum, fill) => sum + fill.brokerFee, 0);
  return {
    orderId: order.orderId,
    characterId: order.characterId,
    typeId: order.typeId,
    locationId: order.locationId,
    isBuy: order.isBuy,
    volumeTotal: volume,
    fees,
    fills,
    unfilledBrokerFee: charged - filled,
  };
}

/** What units [from, to) of the order carry of one fee (they came after it, so from ≥ s). */
function unitsShare(fee: OrderFeeEvent, volume: number, from: number, to: number): Cents {
  const start = volume - fee.volumeRemain;
  return (
    multiplyDivideRounded(fee.amount, to - start, fee.volumeRemain) -
    multiplyDivideRounded(fee.amount, from - start, fee.volumeRemain)
  );
}

/** What units [from, to) of a purchase lot of `quantity` carry of its fee: round(F × to / q) − round(F × from / q). */
export function lotShare(fee: Cents, quantity: number, from: number, to: number): Cents {
  return multiplyDivideRounded(fee, to, quantity) - multiplyDivideRounded(fee, from, quantity);
}
