import { BadRequestException, NotFoundException } from '@nestjs/common';
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
import type { MarketHistoryDay, MarketOrders } from '../market-api.dto';
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
 * The public market reads: checks ids against the static data (unknown → 404, contradictory filters → 400),
 * reads the cached books, and shapes the answers of shared/facts/public-api.md.
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
    const itemType = this.staticData.itemTypeDetail(typeId);
    if (itemType === null) throw new NotFoundException(`No item type with id ${typeId}`);
    const filter = this.checkedFilter(query);
    const regionId = query.regionId ?? this.regionImpliedBy(filter);
    let books: readonly TypeOrderBook[];
    let freshUntil: Date;
    if (regionId === undefined) {
      const gameWide = await this.books.gameWideBook(typeId);
      books = gameWide.books;
      freshUntil = gameWide.freshUntil;
    } else {
      this.checkMarketRegion(regionId);
      const book = await this.books.typeBook(regionId, typeId);
      books = [book];
      freshUntil = book.freshUntil;
    }
    const orders = filteredOrders(books, filter);
    const structureNames = await this.structureNames.publicNames(structureIdsOf(orders));
    const view = orderBookView(
      {
        typeID: itemType.typeID,
        groupID: itemType.groupID,
        typeName: itemType.typeName,
        iconID: itemType.iconID,
        marketGroupID: itemType.marketGroupID,
        description: itemType.description,
        published: itemType.published,
      },
      orders,
      this.staticData,
      structureNames,
    );
    return { value: view, freshUntil };
  }

  async stats(
    regionId: number,
    typeId: number,
    filter: OrderLocationFilter,
  ): Promise<Timed<MarketStatistics>> {
    this.checkMarketRegion(regionId);
    this.checkType(typeId);
    const checked = this.checkedFilter({ ...filter, regionId });
    const key = `${regionId}:${typeId}:${checked.systemId ?? ''}:${checked.locationId ?? ''}`;
    return this.statistics.get(key, async () => {
      const book = await this.books.typeBook(regionId, typeId);
      const orders =
        checked.systemId === undefined && checked.locationId === undefined
          ? book.orders
          : book.orders.filter((order) => matchesLocation(order, checked));
      const cappedMs = this.clock.now().getTime() + STATISTICS_CACHE_MS;
      return {
        value: marketStatistics(orders),
        freshUntil: new Date(Math.min(cappedMs, book.freshUntil.getTime())),
      };
    });
  }

  async history(regionId: number, typeId: number): Promise<Timed<MarketHistoryDay[]>> {
    this.checkMarketRegion(regionId);
    this.checkType(typeId);
    return this.histories.get(`${regionId}:${typeId}`, async () => {
      const result = await this.esi().getRegionHistory(regionId, typeId);
      return { value: historyView(regionId, typeId, result.data), freshUntil: result.freshUntil };
    });
  }

  private esi(): EsiClient {
    return this.publicEsi.client();
  }

  private checkType(typeId: number): void {
    if (!this.staticData.hasType(typeId)) throw new NotFoundException(`No item type with id ${typeId}`);
  }

  private checkMarketRegion(regionId: number): void {
    const region = this.staticData.region(regionId);
    if (region === null) throw new NotFoundException(`No region with id ${regionId}`);
    if (!this.books.isMarketRegion(regionId)) {
      throw new NotFoundException(`${region.name} (${regionId}) has no market`);
    }
  }

  /** Unknown systems and stations are 404s; a system, station and region that do not fit together a 400. */
  private checkedFilter(query: OrdersQuery): OrderLocationFilter {
    const { regionId, systemId, locationId } = query;
    const system = systemId === undefined ? undefined : this.staticData.system(systemId);
    if (system === null) throw new NotFoundException(`No solar system with id ${systemId}`);
    const station =
      locationId === undefined || isStructureId(locationId) ? undefined : this.staticData.station(locationId);
    if (station === null) {
      throw new NotFoundException(
        `No station with id ${locationId} (player structures have ids from 1,000,000,000,000)`,
      );
    }
    if (system !== undefined && station !== undefined && station.systemId !== system.systemId) {
      throw new BadRequestException(
        `Station ${locationId} is in ${this.systemName(station.systemId)}, not in ${system.systemName} (${systemId})`,
      );
    }
    if (regionId !== undefined) {
      const outside = system ?? (station && this.staticData.system(station.systemId));
      if (outside && outside.regionId !== regionId) {
        throw new BadRequestException(
          `${system ? `${system.systemName} (${systemId})` : `Station ${locationId}`} is in ${outside.regionName}, not in region ${regionId}`,
        );
      }
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

  private systemName(systemId: number): string {
    return this.staticData.system(systemId)?.systemName ?? String(systemId);
  }
}
