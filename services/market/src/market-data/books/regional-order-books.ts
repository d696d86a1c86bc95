import type { EsiRegionOrder } from '@tradewise/contracts';
import type { Clock, EsiResult } from '@tradewise/platform';
import { ExpiringCache } from '../cache/expiring-cache';
import { mapWithConcurrency } from '@tradewise/platform';
import { UnknownRegionError, type MarketOrderBooks, type TypeOrderBook } from '../market-data.ports';

/** Every page of one type's orders in one region (GET /markets/{region_id}/orders?type_id=). */
export type TypeOrdersFetch = (regionId: number, typeId: number) => Promise<EsiResult<EsiRegionOrder[]>>;

export interface RegionalOrderBooksOptions {
  readonly fetchTypeOrders: TypeOrdersFetch;
  /**
   * Read on first use: `market`, the regions that have a market, in the order a game-wide book asks them
   * (trade-hub regions first); `hubs`, those whose recently read books are fetched again as soon as they expire.
   */
  readonly regions: () => { readonly market: readonly number[]; readonly hubs: readonly number[] };
  readonly clock: Clock;
  /** Books kept; beyond it the least recently read goes. */
  readonly maxBooks?: number;
  /** Region (or type) books fetched at the same time for one game-wide book or one batch of types. */
  readonly concurrency?: number;
  /** A hub book read within this span is refreshed ahead of the next reader. */
  readonly keepWarmForMs?: number;
}

/** One type's orders in every market region. */
export interface GameWideBook {
  readonly typeId: number;
  /** One book per market region, empty ones included. */
  readonly books: readonly TypeOrderBook[];
  /** The earliest expiry among the books: until then the whole answer stands. */
  readonly freshUntil: Date;
}

export const DEFAULT_MAX_BOOKS = 50_000;
export const DEFAULT_BOOK_CONCURRENCY = 8;
export const DEFAULT_KEEP_WARM_FOR_MS = 15 * 60_000;

/**
 * Regional order books from ESI, each type's book kept until ESI's expiry. Concurrent requests for one book share
 * one fetch (and the ESI client below shares identical requests and revalidates with ETags).
 */
export class RegionalOrderBooks implements MarketOrderBooks {
  private readonly books: ExpiringCache<string, TypeOrderBook>;
  private knownRegions:
    | {
        readonly ordered: readonly number[];
        readonly market: ReadonlySet<number>;
        readonly hubs: ReadonlySet<number>;
      }
    | undefined;
  private readonly concurrency: number;
  private readonly keepWarmForMs: number;

  constructor(private readonly options: RegionalOrderBooksOptions) {
    this.books = new ExpiringCache(options.clock, options.maxBooks ?? DEFAULT_MAX_BOOKS);
    this.concurrency = options.concurrency ?? DEFAULT_BOOK_CONCURRENCY;
    this.keepWarmForMs = options.keepWarmForMs ?? DEFAULT_KEEP_WARM_FOR_MS;
  }

  isMarketRegion(regionId: number): boolean {
    return this.regions().market.has(regionId);
  }

  async typeBook(regionId: number, typeId: number): Promise<TypeOrderBook> {
    if (!this.isMarketRegion(regionId)) throw new UnknownRegionError(regionId);
    const { value } = await this.books.get(bookKey(regionId, typeId), () => this.fetch(regionId, typeId));
    return value;
  }

  async typeBooks(regionId: number, typeIds: readonly number[]): Promise<ReadonlyMap<number, TypeOrderBook>> {
    if (!this.isMarketRegion(regionId)) throw new UnknownRegionError(regionId);
    const distinct = [...new Set(typeIds)];
    const books = await mapWithConcurrency(distinct, this.concurrency, (typeId) =>
      this.typeBook(regionId, typeId),
    );
    return new Map(books.map((book) => [book.typeId, book]));
  }

  /**
   * The type in every market region, at most `concurrency` regions at a time, hubs first. All or nothing: a
   * region that cannot be read fails the whole book rather than silently leave its orders out.
   */
  async gameWideBook(typeId: number): Promise<GameWideBook> {
    const books = await mapWithConcurrency(this.regions().ordered, this.concurrency, (regionId) =>
      this.typeBook(regionId, typeId),
    );
    const freshUntilMs = Math.min(...books.map((book) => book.freshUntil.getTime()));
    return { typeId, books, freshUntil: new Date(freshUntilMs) };
  }

  /**
   * Fetches again the expired books of hub regions that someone read within `keepWarmForMs`, so the next reader
   * of a popular book finds it fresh. Never before ESI's expiry. Returns how many were refreshed.
   */
  async refreshWarmHubBooks(): Promise<number> {
    const nowMs = this.options.clock.now().getTime();
    const due: { regionId: number; typeId: number; key: string }[] = [];
    for (const { key, lastReadMs } of this.books.expired()) {
      const { regionId, typeId } = parseBookKey(key);
      if (!this.regions().hubs.has(regionId)) continue;
      if (nowMs - lastReadMs <= this.keepWarmForMs) due.push({ regionId, typeId, key });
      else this.books.delete(key);
    }
    let refreshed = 0;
    await mapWithConcurrency(due, this.concurrency, async ({ key, regionId, typeId }) => {
      try {
        await this.books.refresh(key, () => this.fetch(regionId, typeId));
        refreshed += 1;
      } catch {
        // The next reader fetches it again and sees the failure.
      }
    });
    return refreshed;
  }

  private regions(): NonNullable<RegionalOrderBooks['knownRegions']> {
    if (this.knownRegions === undefined) {
      const { market, hubs } = this.options.regions();
      this.knownRegions = { ordered: market, market: new Set(market), hubs: new Set(hubs) };
    }
    return this.knownRegions;
  }

  private async fetch(regionId: number, typeId: number): Promise<{ value: TypeOrderBook; freshUntil: Date }> {
    const result = await this.options.fetchTypeOrders(regionId, typeId);
    const book: TypeOrderBook = {
      regionId,
      typeId,
      orders: result.data,
      fetchedAt: this.options.clock.now(),
      freshUntil: result.freshUntil,
    };
    return { value: book, freshUntil: result.freshUntil };
  }
}

function bookKey(regionId: number, typeId: number): string {
  return `${regionId}:${typeId}`;
}

function parseBookKey(key: string): { regionId: number; typeId: number } {
  const [regionId, typeId] = key.split(':').map(Number);
  return { regionId: regionId!, typeId: typeId! };
}
