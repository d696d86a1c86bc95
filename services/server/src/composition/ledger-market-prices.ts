import type { LedgerMarketPrices } from '@tradewise/ledger';
import { DEFAULT_PRICE_REGION_ID, type MarketOrderBooks } from '@tradewise/market';
import type { Logger } from '@tradewise/platform';

/** Item Analysis answers without the prices that take longer; the fetch goes on and fills the cache for next time. */
const PRICE_WAIT_MS = 2_000;

/** Item Analysis's market sell prices: the lowest sell of each type in The Forge, from the market's order books. */
export function ledgerMarketPrices(
  books: MarketOrderBooks | undefined,
  logger?: Pick<Logger, 'warn'>,
): LedgerMarketPrices {
  return {
    sellPrices: async (typeIds) => {
      const prices = new Map<number, number>();
      if (!books || typeIds.length === 0) return prices;
      const fetched = books.typeBooks(DEFAULT_PRICE_REGION_ID, typeIds).catch((error: unknown) => {
        logger?.warn({ err: error }, 'Market sell prices for Item Analysis could not be read');
        return null;
      });
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), PRICE_WAIT_MS);
      });
      const byType = await Promise.race([fetched, late]).finally(() => clearTimeout(timer));
      for (const [typeId, book] of byType ?? []) {
        let lowest = Infinity;
        for (const order of book.orders)
          if (!order.is_buy_order && order.price < lowest) lowest = order.price;
        if (lowest !== Infinity) prices.set(typeId, lowest);
      }
      return prices;
    },
  };
}
