import { BadRequestException, Inject, Injectable, ServiceUnavailableException } from '@nestjs/common';
import type { EsiMarketPrice, EsiStructureOrder } from '@tradewise/contracts';
import {
  MARKET_ORDER_BOOKS,
  MARKET_PRICES,
  UnknownRegionError,
  type MarketOrderBooks,
  type MarketPrices,
  type TypeOrderBook,
} from '../../market-data/market-data.ports';
import { AppraisalCatalog } from './appraisal-catalog';
import { topOfBook } from './order-book.walk';
import {
  needsOrderBook,
  priceAppraisal,
  type AppraisalLine,
  type AppraisalTypeInfo,
  type PricedAppraisal,
  type PricingOptions,
  type PricingSources,
} from './appraisal-pricing';
import { structureBooks } from './structure-orders';
import { ordersAtStation, type TradeStation } from './hub-orders';

/** ESI's prices are read only when some side of some book is empty (the per-side fallback). */
function hasBothSides(orders: Parameters<typeof topOfBook>[0]): boolean {
  const top = topOfBook(orders);
  return top.lowestSellCents !== null && top.highestBuyCents !== null;
}

/** Fetches what the rows need from the market data ports and prices them. */
@Injectable()
export class AppraisalPricer {
  constructor(
    @Inject(MARKET_ORDER_BOOKS) private readonly orderBooks: MarketOrderBooks,
    @Inject(MARKET_PRICES) private readonly marketPrices: MarketPrices,
    @Inject(AppraisalCatalog) private readonly catalog: AppraisalCatalog,
  ) {}

  /** `lines` name known types, one row each. */
  /** With a `station`, only the orders a trader there can deal with price the rows (the region's book, filtered). */
  async price(
    regionId: number,
    lines: readonly AppraisalLine[],
    options: PricingOptions & { readonly station?: TradeStation } = {},
  ): Promise<PricedAppraisal> {
    const types = this.typesOf(lines);
    const bookTypeIds = [...types.values()].filter(needsOrderBook).map((type) => type.typeId);
    const regionBooks = await this.readBooks(regionId, bookTypeIds);
    const books = options.station ? this.atStation(regionBooks, options.station) : regionBooks;
    return this.priceFromBooks(lines, types, bookTypeIds, books, options);
  }

  /**
   * The rows priced from a player structure's own market (`orders`: everything ESI listed for it, read with a
   * character's token): its sell orders and its buy orders, those located in the structure only
   * ({@link structureBooks}). A side without orders there falls back as the region pricing's does.
   */
  async priceAtStructure(
    structureId: number,
    orders: readonly EsiStructureOrder[],
    lines: readonly AppraisalLine[],
    options: PricingOptions = {},
  ): Promise<PricedAppraisal> {
    const types = this.typesOf(lines);
    const bookTypeIds = [...types.values()].filter(needsOrderBook).map((type) => type.typeId);
    return this.priceFromBooks(
      lines,
      types,
      bookTypeIds,
      structureBooks(orders, structureId, bookTypeIds),
      options,
    );
  }

  private typesOf(lines: readonly AppraisalLine[]): ReadonlyMap<number, AppraisalTypeInfo> {
    const types = new Map<number, AppraisalTypeInfo>();
    for (const line of lines) {
      const info = this.catalog.typeInfo(line.typeId);
      if (!info) throw new Error(`type ${line.typeId} is not in the static data`);
      types.set(line.typeId, info);
    }
    return types;
  }

  private async priceFromBooks(
    lines: readonly AppraisalLine[],
    types: ReadonlyMap<number, AppraisalTypeInfo>,
    bookTypeIds: readonly number[],
    books: PricingSources['books'],
    options: PricingOptions,
  ): Promise<PricedAppraisal> {
    const withoutOrders = bookTypeIds.some((typeId) => !hasBothSides(books.get(typeId)?.orders ?? []));
    const esiPrices = withoutOrders ? await this.readEsiPrices() : null;
    return priceAppraisal(lines, (typeId) => types.get(typeId)!, { books, esiPrices }, options);
  }

  private atStation(
    books: ReadonlyMap<number, TypeOrderBook>,
    station: TradeStation,
  ): ReadonlyMap<number, { readonly orders: TypeOrderBook['orders'] }> {
    const systems = [...books.values()].flatMap((book) => book.orders.map((order) => order.system_id));
    const jumps = this.catalog.jumpsTo(station.systemId, systems);
    return new Map(
      [...books].map(([typeId, book]) => [
        typeId,
        { orders: ordersAtStation(book.orders, station, (systemId) => jumps.get(systemId) ?? Infinity) },
      ]),
    );
  }

  private async readBooks(
    regionId: number,
    typeIds: readonly number[],
  ): Promise<ReadonlyMap<number, TypeOrderBook>> {
    if (typeIds.length === 0) return new Map();
    try {
      return await this.orderBooks.typeBooks(regionId, typeIds);
    } catch (error) {
      if (error instanceof UnknownRegionError) {
        throw new BadRequestException(`regionId ${regionId} is not a region with a market`);
      }
      throw new ServiceUnavailableException(
        "Market orders could not be read from the game's API just now. Try again in a minute.",
      );
    }
  }

  /** The fallback only: when ESI's price list is unavailable, rows without orders are INSUFFICIENT_DATA. */
  private async readEsiPrices(): Promise<ReadonlyMap<number, EsiMarketPrice> | null> {
    try {
      return (await this.marketPrices.prices()).byType;
    } catch {
      return null;
    }
  }
}
