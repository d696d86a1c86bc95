import {
  CONTRACT_APPRAISAL_REGION_ID,
  type ContractAppraisal,
  type EsiMarketPrice,
} from '@tradewise/contracts';
import {
  AppraisalCatalog,
  needsOrderBook,
  priceAppraisal,
  type AppraisalTypeInfo,
  type PricingSources,
  type StaticData,
} from '@tradewise/market';
import type { Clock, EsiClient, Logger } from '@tradewise/platform';
import type { ContractAppraisalLine, ContractAppraisals } from '@tradewise/sync';

/** What the appraisal reads of the order books: the sync's own ESI books (`esiMarketBooks`), or the market's. */
export interface AppraisalOrderBooks {
  typeBooks(regionId: number, typeIds: readonly number[]): Promise<PricingSources['books']>;
}

export interface ContractAppraisalsDeps {
  readonly staticData: StaticData;
  readonly books: AppraisalOrderBooks;
  /** ESI's average prices, read only when a type has no orders in The Forge. */
  readonly prices: Pick<EsiClient, 'getMarketPrices'>;
  readonly clock: Clock;
  readonly logger?: Pick<Logger, 'warn'>;
}

/**
 * Contract appraisals by the appraisal tool's own pricing (public-tools §2, §3) in The Forge: each type's method and
 * sell price (the lowest sell for MARKET_ORDERS, ESI's average for ESI_PRICE when The Forge has no sell order of it,
 * 0 for NONE, BLUEPRINT and INSUFFICIENT_DATA). A type the static data lacks is NONE. The appraisal is recorded for good (ADR 0012), so when
 * the books or ESI's prices cannot be read it answers null, and the sync tries again next time, rather than record
 * a price the market did not set.
 */
export function contractAppraisals(deps: ContractAppraisalsDeps): ContractAppraisals {
  const catalog = new AppraisalCatalog(deps.staticData);
  const regionId = CONTRACT_APPRAISAL_REGION_ID;

  const readBooks = async (typeIds: readonly number[]): Promise<PricingSources['books'] | null> => {
    if (typeIds.length === 0) return new Map();
    try {
      return await deps.books.typeBooks(regionId, typeIds);
    } catch (error) {
      deps.logger?.warn({ err: error, regionId }, 'Order books for a contract appraisal could not be read');
      return null;
    }
  };

  const readEsiPrices = async (): Promise<ReadonlyMap<number, EsiMarketPrice> | null> => {
    try {
      const { data } = await deps.prices.getMarketPrices();
      return new Map(data.map((price) => [price.type_id, price]));
    } catch (error) {
      deps.logger?.warn({ err: error }, "ESI's average prices for a contract appraisal could not be read");
      return null;
    }
  };

  return {
    appraise: async (lines) => {
      const merged = mergedLines(lines);
      const types = new Map(
        merged.map(({ typeId }) => [typeId, catalog.typeInfo(typeId) ?? unknownType(typeId)]),
      );
      const bookTypeIds = [...types.values()].filter(needsOrderBook).map((type) => type.typeId);
      const read = await readBooks(bookTypeIds);
      if (!read) return null;
      // A contract's items are valued at what they sell for: a type with buy orders only has no sell price, and
      // falls back to ESI's average (or no data) rather than to a sell price of 0 under 'Market orders'.
      const books = new Map(
        [...read].map(([typeId, book]) => [typeId, { orders: book.orders.filter((o) => !o.is_buy_order) }]),
      );
      const withoutOrders = bookTypeIds.some((typeId) => (books.get(typeId)?.orders.length ?? 0) === 0);
      const esiPrices = withoutOrders ? await readEsiPrices() : null;
      if (withoutOrders && !esiPrices) return null;
      const priced = priceAppraisal(merged, (typeId) => types.get(typeId)!, { books, esiPrices });
      const appraisal: ContractAppraisal = {
        regionId,
        appraisedAt: deps.clock.now().toISOString(),
        prices: priced.items.map((item) => ({
          typeId: item.typeId,
          // The sell side's own method: the row's method also weighs the buy side, which a contract does not use.
          method: item.sellMethod,
          unitPriceCents: Number(item.sellCents),
        })),
      };
      return appraisal;
    },
  };
}

/** A type the static data does not know: no market lists it, so the pricing values it NONE. */
function unknownType(typeId: number): AppraisalTypeInfo {
  return { typeId, typeName: `Type ${typeId}`, unitVolume: 0, blueprint: false, marketType: false };
}

/** One line per type, quantities summed, in order of first appearance. */
function mergedLines(lines: readonly ContractAppraisalLine[]): ContractAppraisalLine[] {
  const quantities = new Map<number, number>();
  for (const line of lines) quantities.set(line.typeId, (quantities.get(line.typeId) ?? 0) + line.quantity);
  return [...quantities].map(([typeId, quantity]) => ({ typeId, quantity }));
}
