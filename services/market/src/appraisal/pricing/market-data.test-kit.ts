import type { EsiMarketPrice, EsiRegionOrder } from '@tradewise/contracts';
import {
  UnknownRegionError,
  type MarketOrderBooks,
  type MarketPrices,
  type TypeOrderBook,
} from '../../market-data/market-data.ports';

/** Order books held in memory, for tests of what reads the MARKET_ORDER_BOOKS port. */
export class InMemoryOrderBooks implements MarketOrderBooks {
  private readonly orders = new Map<string, EsiRegionOrder[]>();
  /** Every typeBooks call: region and type ids. */
  readonly asked: { regionId: number; typeIds: readonly number[] }[] = [];
  failing = false;
  private nextOrderId = 1;

  constructor(
    private readonly regions: ReadonlySet<number>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  add(
    regionId: number,
    typeId: number,
    side: 'buy' | 'sell',
    price: number,
    volume: number,
    minVolume = 1,
    place: { systemId: number; locationId: number; range?: EsiRegionOrder['range'] } = {
      systemId: 30000142,
      locationId: 60003760,
    },
  ): this {
    const key = `${regionId}:${typeId}`;
    const book = this.orders.get(key) ?? [];
    book.push({
      order_id: this.nextOrderId++,
      type_id: typeId,
      system_id: place.systemId,
      location_id: place.locationId,
      volume_total: volume,
      volume_remain: volume,
      min_volume: minVolume,
      price,
      is_buy_order: side === 'buy',
      duration: 90,
      issued: '2026-01-01T00:00:00Z',
      range: place.range ?? (side === 'buy' ? 'station' : 'region'),
    });
    this.orders.set(key, book);
    return this;
  }

  async typeBook(regionId: number, typeId: number): Promise<TypeOrderBook> {
    if (!this.regions.has(regionId)) throw new UnknownRegionError(regionId);
    if (this.failing) throw new Error('ESI is down');
    const fetchedAt = this.now();
    return {
      regionId,
      typeId,
      orders: this.orders.get(`${regionId}:${typeId}`) ?? [],
      fetchedAt,
      freshUntil: new Date(fetchedAt.getTime() + 300_000),
    };
  }

  async typeBooks(regionId: number, typeIds: readonly number[]): Promise<ReadonlyMap<number, TypeOrderBook>> {
    this.asked.push({ regionId, typeIds });
    const books = await Promise.all(typeIds.map((typeId) => this.typeBook(regionId, typeId)));
    return new Map(books.map((book) => [book.typeId, book]));
  }
}

/** ESI's price list held in memory, for tests of what reads the MARKET_PRICES port. */
export class InMemoryMarketPrices implements MarketPrices {
  readonly byType = new Map<number, EsiMarketPrice>();
  calls = 0;
  failing = false;

  set(typeId: number, averagePrice: number): this {
    this.byType.set(typeId, { type_id: typeId, average_price: averagePrice, adjusted_price: averagePrice });
    return this;
  }

  async prices(): Promise<{
    readonly fetchedAt: Date;
    readonly byType: ReadonlyMap<number, EsiMarketPrice>;
  }> {
    this.calls += 1;
    if (this.failing) throw new Error('ESI is down');
    return { fetchedAt: new Date(), byType: this.byType };
  }
}
