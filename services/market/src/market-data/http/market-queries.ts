import { NotFoundException } from '@nestjs/common';
import type { Clock, EsiClient } from '@tradewise/platform';
import type { StaticData } from '../../static-data/static-data';
import type { RegionalOrderBooks } from '../books/regional-order-books';
import {
  filteredOrders,
  historyView,
  isStructureId,
  matchesLocation,
  orderBookView,
  structureIdsOf,
  type OrderLocationFilter,
} from '../books/order-book-view';
import { ExpiringCache, type Expiring } from '../cache/expiring-cache';
import type {
  MarketHistoryDay,
  MarketOrders,
  MarketOrdersItemType,
  MarketOrdersProducer,
} from '../market-api.dto';
import type { PublicEsi, StructureNames, TypeOrderBook } from '../market-data.ports';
import { marketStatistics, type MarketStatistics } from '../statistics/market-statistics';

/** public-tools.md §9: statistics are cached 5 minutes (and never beyond the book they were computed from). */
export const STATISTICS_CACHE_MS = 5 * 60_000;
const STATISTICS_KEPT = 20_000;
const HISTORIES_KEPT = 5_000;

export interface OrdersQuery extends OrderLocationFilter {
  readonly regionId?: number;
}

/** An answer with the instant it expires, which the controller sends as `Expires`. */
export type Timed<T> = Expiring<T>;

/**
 * The public market reads: checks regions, systems and stations against the static data (unknown → 404), reads
 * the cached books, and shapes the answers of shared/facts/public-api.md (docs/public-api.md).
 */
export class MarketQueries {
  private readonly statistics: ExpiringCache<string, MarketStatistics>;
  private readonly histories: ExpiringCache<string, MarketHistoryDay[]>;

  constructor(
    private readonly staticData: StaticData,
    private readonly books: RegionalOrderBooks,
    private readonly structureNames: StructureNames,
    private readonly publicEsi: PublicEsi,
    private readonly clock: Clock,
  ) {
    this.statistics = new ExpiringCache(clock, STATISTICS_KEPT);
    this.histories = new ExpiringCache(clock, HISTORIES_KEPT);
  }

  async orders(typeId: number, query: OrdersQuery): Promise<Timed<MarketOrders>> {
    const filter = this.checkedFilter(query);
    const regionId = query.regionId ?? this.regionImpliedBy(filter);
    if (regionId !== undefined) this.checkMarketRegion(regionId);
    const itemType = this.orderBookItemType(typeId);
    if (!this.staticData.hasType(typeId)) {
      return {
        value: orderBookView(itemType, [], this.staticData, new Map()),
        freshUntil: this.emptyUntil(),
      };
    }
    let books: readonly TypeOrderBook[];
    let freshUntil: Date;
    if (regionId === undefined) {
      const gameWide = await this.books.gameWideBook(typeId);
      books = gameWide.books;
      freshUntil = gameWide.freshUntil;
    } else {
      const book = await this.books.typeBook(regionId, typeId);
      books = [book];
      freshUntil = book.freshUntil;
    }
    const orders = filteredOrders(books, filter);
    const structureNames = await this.structureNames.publicNames(structureIdsOf(orders));
    const view = orderBookView(itemType, orders, this.staticData, structureNames);
    const producedBy = this.producerOf(typeId);
    return { value: producedBy ? { ...view, producedBy } : view, freshUntil };
  }

  async stats(
    regionId: number,
    typeId: number,
    filter: OrderLocationFilter,
  ): Promise<Timed<MarketStatistics>> {
    this.checkMarketRegion(regionId);
    const checked = this.checkedFilter(filter);
    if (!this.staticData.hasType(typeId)) {
      return { value: marketStatistics([]), freshUntil: this.emptyUntil() };
    }
    const key = `${regionId}:${typeId}:${checked.systemId ?? ''}:${checked.locationId ?? ''}`;
    return this.statistics.get(key, async () => {
      const book = await this.books.typeBook(regionId, typeId);
      return this.statisticsOf(book, checked);
    });
  }

  /**
   * The statistics of many types of one region, the books read as the appraisals read them (bounded
   * concurrency, the shared cache). Types the static data does not know give zeros; `freshUntil` is the earliest.
   */
  async statsOfTypes(
    regionId: number,
    typeIds: readonly number[],
    filter: OrderLocationFilter,
  ): Promise<Timed<ReadonlyMap<number, MarketStatistics>>> {
    this.checkMarketRegion(regionId);
    const checked = this.checkedFilter(filter);
    const known = typeIds.filter((typeId) => this.staticData.hasType(typeId));
    const books = await this.books.typeBooks(regionId, known);
    const statsByType = new Map<number, MarketStatistics>();
    let freshUntil = this.emptyUntil();
    for (const typeId of typeIds) {
      const book = books.get(typeId);
      const timed = book ? this.statisticsOf(book, checked) : undefined;
      statsByType.set(typeId, timed?.value ?? marketStatistics([]));
      if (timed && timed.freshUntil < freshUntil) freshUntil = timed.freshUntil;
    }
    return { value: statsByType, freshUntil };
  }

  async history(regionId: number, typeId: number): Promise<Timed<MarketHistoryDay[]>> {
    this.checkMarketRegion(regionId);
    if (!this.staticData.hasType(typeId)) return { value: [], freshUntil: this.emptyUntil() };
    return this.histories.get(`${regionId}:${typeId}`, async () => {
      const result = await this.esi().getRegionHistory(regionId, typeId);
      return { value: historyView(regionId, typeId, result.data), freshUntil: result.freshUntil };
    });
  }

  private statisticsOf(book: TypeOrderBook, filter: OrderLocationFilter): Timed<MarketStatistics> {
    const orders =
      filter.systemId === undefined && filter.locationId === undefined
        ? book.orders
        : book.orders.filter((order) => matchesLocation(order, filter));
    const cappedMs = this.clock.now().getTime() + STATISTICS_CACHE_MS;
    return {
      value: marketStatistics(orders),
      freshUntil: new Date(Math.min(cappedMs, book.freshUntil.getTime())),
    };
  }

  /**
   * Items released after our static data still have a market: an unknown type answers as an empty one (Pyfa
   * prices a whole fit in one batch, which a 404 would abort), for as long as statistics are kept.
   */
  private emptyUntil(): Date {
    return new Date(this.clock.now().getTime() + STATISTICS_CACHE_MS);
  }

  private orderBookItemType(typeId: number): MarketOrdersItemType {
    const type = this.staticData.itemTypeBasics(typeId);
    if (type === null) {
      return {
        typeID: typeId,
        groupID: 0,
        typeName: '',
        iconID: null,
        marketGroupID: null,
        description: '',
        published: false,
        volume: 0,
      };
    }
    return {
      typeID: type.typeID,
      groupID: type.groupID,
      typeName: type.typeName,
      iconID: type.iconID,
      marketGroupID: type.marketGroupID,
      description: type.description,
      published: type.published,
      volume: type.volume,
    };
  }

  private producerOf(typeId: number): MarketOrdersProducer | undefined {
    const producer = this.staticData.producerOf(typeId)?.blueprintTypeId;
    const typeName = producer === undefined ? null : this.staticData.typeName(producer);
    return producer === undefined || typeName === null ? undefined : { typeID: producer, typeName };
  }

  private esi(): EsiClient {
    return this.publicEsi.client();
  }

  private checkMarketRegion(regionId: number): void {
    const region = this.staticData.region(regionId);
    if (region === null) throw new NotFoundException(`No region with id ${regionId}`);
    if (!this.books.isMarketRegion(regionId)) {
      throw new NotFoundException(`${region.name} (${regionId}) has no market`);
    }
  }

  /**
   * Unknown systems and stations are 404s. A system, station and region that do not fit together are no error:
   * the filters narrow the book together, so they match nothing (an empty market, as the incumbent answers).
   */
  private checkedFilter(filter: OrderLocationFilter): OrderLocationFilter {
    const { systemId, locationId } = filter;
    if (systemId !== undefined && this.staticData.system(systemId) === null) {
      throw new NotFoundException(`No solar system with id ${systemId}`);
    }
    if (
      locationId !== undefined &&
      !isStructureId(locationId) &&
      this.staticData.station(locationId) === null
    ) {
      throw new NotFoundException(
        `No station with id ${locationId} (player structures have ids from 1,000,000,000,000)`,
      );
    }
    return { systemId, locationId };
  }

  /** A system or station filter needs only its own region's book, not the whole game's. */
  private regionImpliedBy(filter: OrderLocationFilter): number | undefined {
    if (filter.systemId !== undefined) return this.staticData.system(filter.systemId)?.regionId;
    if (filter.locationId !== undefined && !isStructureId(filter.locationId)) {
      return this.staticData.station(filter.locationId)?.regionId;
    }
    return undefined;
  }
}
