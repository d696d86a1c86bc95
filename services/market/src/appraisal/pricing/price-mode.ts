import { marketStatistics } from '../../market-data/statistics/market-statistics';
import type { EsiRegionOrder } from '@tradewise/contracts';
import { divideRounded, priceCents, type Cents } from './cents';
import { topOfBook } from './order-book.walk';

/**
 * How a side's price is read from the orders: `top` the best order (the spec's lowest sell and highest buy),
 * `fivePercent` the volume-weighted average of the best 5% (outliers removed, as the market statistics do), `split`
 * the middle of the best sell and best buy, on both sides.
 */
export const PRICE_MODES = ['top', 'fivePercent', 'split'] as const;
export type PriceMode = (typeof PRICE_MODES)[number];

type BookOrder = Pick<EsiRegionOrder, 'is_buy_order' | 'price' | 'volume_remain' | 'min_volume'>;

export interface OrderSidePrices {
  /** Null: no order on that side. */
  readonly sellCents: Cents | null;
  readonly buyCents: Cents | null;
}

/** The two sides' prices of a book in a mode; a side without orders is null (split needs both sides). */
export function orderSidePrices(orders: readonly BookOrder[], mode: PriceMode): OrderSidePrices {
  const top = topOfBook(orders);
  if (mode === 'top') return { sellCents: top.lowestSellCents, buyCents: top.highestBuyCents };
  if (mode === 'split') {
    if (top.lowestSellCents === null || top.highestBuyCents === null) {
      return { sellCents: top.lowestSellCents, buyCents: top.highestBuyCents };
    }
    const middle = divideRounded(top.lowestSellCents + top.highestBuyCents, 2n);
    return { sellCents: middle, buyCents: middle };
  }
  const statistics = marketStatistics(orders);
  return {
    sellCents: statistics.sellOrders > 0 ? priceCents(statistics.sellAvgFivePercent) : null,
    buyCents: statistics.buyOrders > 0 ? priceCents(statistics.buyAvgFivePercent) : null,
  };
}

/** A buyback quote: `percent` of a price, rounded half up to the cent (100 leaves it as it is). */
export function applyPercent(cents: Cents, percent: number): Cents {
  if (percent === 100) return cents;
  return divideRounded(cents * BigInt(Math.round(percent * 100)), 10_000n);
}
