import type { EsiRegionOrder } from '@tradewise/contracts';
import { priceCents, type Cents } from './cents';

type BookOrder = Pick<EsiRegionOrder, 'is_buy_order' | 'price' | 'volume_remain' | 'min_volume'>;

/** The best prices of one type's regional book: the spec's sell (lowest sell) and buy (highest buy). */
export interface TopOfBook {
  readonly lowestSellCents: Cents | null;
  readonly highestBuyCents: Cents | null;
  readonly sellOrders: number;
  readonly buyOrders: number;
}

export function topOfBook(orders: readonly BookOrder[]): TopOfBook {
  let lowestSell: number | null = null;
  let highestBuy: number | null = null;
  let sellOrders = 0;
  let buyOrders = 0;
  for (const order of orders) {
    if (order.volume_remain <= 0) continue;
    if (order.is_buy_order) {
      buyOrders += 1;
      if (highestBuy === null || order.price > highestBuy) highestBuy = order.price;
    } else {
      sellOrders += 1;
      if (lowestSell === null || order.price < lowestSell) lowestSell = order.price;
    }
  }
  return {
    lowestSellCents: lowestSell === null ? null : priceCents(lowestSell),
    highestBuyCents: highestBuy === null ? null : priceCents(highestBuy),
    sellOrders,
    buyOrders,
  };
}

/** Selling the whole quantity into the buy orders right now, best price first. */
export interface SellNowWalk {
  readonly filledQuantity: number;
  /** Units no buy order could take (the book is too thin, or the rest is below every order's minimum volume). */
  readonly unfilledQuantity: number;
  readonly proceedsCents: Cents;
  readonly ordersFilled: number;
  /** The lowest price the walk had to accept; null when nothing filled. */
  readonly worstPriceCents: Cents | null;
  /**
   * What the filled units would fetch at the highest buy price (the top-of-book figure the appraisal shows),
   * minus the proceeds: what the book's depth costs.
   */
  readonly slippageCents: Cents;
}

/**
 * Walks the buy side from the highest price down, filling each order up to its remaining volume. An order whose
 * minimum volume is more than the units still to sell cannot take them and is passed over (when less remains on
 * the order than its minimum, the game lets the remainder be sold).
 */
export function walkBuyOrders(orders: readonly BookOrder[], quantity: number): SellNowWalk {
  const buys = orders
    .filter((order) => order.is_buy_order && order.volume_remain > 0)
    .sort((a, b) => b.price - a.price);
  let remaining = quantity;
  let proceeds = 0n;
  let ordersFilled = 0;
  let worstPrice: Cents | null = null;
  for (const order of buys) {
    if (remaining <= 0) break;
    const minimum = Math.min(Math.max(order.min_volume, 1), order.volume_remain);
    if (remaining < minimum) continue;
    const units = Math.min(remaining, order.volume_remain);
    const price = priceCents(order.price);
    proceeds += price * BigInt(units);
    remaining -= units;
    ordersFilled += 1;
    worstPrice = price;
  }
  const filled = quantity - remaining;
  const highestBuy = buys.length > 0 ? priceCents(buys[0]!.price) : 0n;
  return {
    filledQuantity: filled,
    unfilledQuantity: remaining,
    proceedsCents: proceeds,
    ordersFilled,
    worstPriceCents: worstPrice,
    slippageCents: highestBuy * BigInt(filled) - proceeds,
  };
}
