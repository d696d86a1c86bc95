import type { EsiRegionOrder } from '@tradewise/contracts';
import type { LedgerMarketPrices } from '@tradewise/ledger';
import { DEFAULT_PRICE_REGION_ID, type MarketOrderBooks } from '@tradewise/market';
import type { Logger } from '@tradewise/platform';

/** Item Analysis answers without the prices that take longer; the fetch goes on and fills the cache for next time. */
export const PRICE_WAIT_MS = 2_000;

/** What the lowest sell needs of the order books: the market's `MarketOrderBooks`, or the sync's own ESI books. */
export interface SellOrderBooks {
  typeBooks(
    regionId: number,
    typeIds: readonly number[],
  ): Promise<
    ReadonlyMap<number, { readonly orders: readonly Pick<EsiRegionOrder, 'is_buy_order' | 'price'>[] }>
  >;
}

export interface LowestSellOptions {
  readonly waitMs?: number;
  readonly logger?: Pick<Logger, 'warn'>;
  /** Names the prices in the warning when the books fail, e.g. 'Market sell prices for Item Analysis'. */
  readonly what: string;
  /** Called when the books did not answer within `waitMs` (the prices are then left out). */
  readonly onLate?: () => void;
}

/**
 * The lowest sell of each type in a region; a type without a sell order is left out. Books that fail or do not
 * answer within the wait give no prices rather than fail the caller.
 */
export async function lowestSellPrices(
  books: SellOrderBooks,
  regionId: number,
  typeIds: readonly number[],
  options: LowestSellOptions,
): Promise<Map<number, number>> {
  const prices = new Map<number, number>();
  if (typeIds.length === 0) return prices;
  const fetched = books.typeBooks(regionId, typeIds).catch((error: unknown) => {
    options.logger?.warn({ err: error, regionId }, `${options.what} could not be read`);
    return null;
  });
  const LATE = Symbol('late');
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<typeof LATE>((resolve) => {
    timer = setTimeout(() => resolve(LATE), options.waitMs ?? PRICE_WAIT_MS);
  });
  const byType = await Promise.race([fetched, late]).finally(() => clearTimeout(timer));
  if (byType === LATE) {
    options.onLate?.();
    return prices;
  }
  for (const [typeId, book] of byType ?? []) {
    let lowest = Infinity;
    for (const order of book.orders) if (!order.is_buy_order && order.price < lowest) lowest = order.price;
    if (lowest !== Infinity) prices.set(typeId, lowest);
  }
  return prices;
}

/** Item Analysis's market sell prices: the lowest sell of each type in The Forge, from the market's order books. */
export function ledgerMarketPrices(
  books: MarketOrderBooks | undefined,
  logger?: Pick<Logger, 'warn'>,
): LedgerMarketPrices {
  return {
    sellPrices: async (typeIds) => {
      if (!books) return new Map<number, number>();
      return lowestSellPrices(books, DEFAULT_PRICE_REGION_ID, typeIds, {
        logger,
        what: 'Market sell prices for Item Analysis',
      });
    },
  };
}
