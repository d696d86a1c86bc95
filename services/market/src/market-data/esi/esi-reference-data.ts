import type { EsiIndustrySystem, EsiMarketPrice } from '@tradewise/contracts';
import type { Clock, EsiResult } from '@tradewise/platform';
import { ExpiringCache } from '../cache/expiring-cache';
import type { IndustryCostIndices, MarketPrices, PublicEsi } from '../market-data.ports';

type Snapshot<K, V> = { readonly fetchedAt: Date; readonly byKey: ReadonlyMap<K, V> };

/** One whole-list ESI resource, parsed into a map once per ESI expiry; concurrent readers share the fetch. */
class ExpiringIndex<K, V> {
  private readonly cache: ExpiringCache<'all', Snapshot<K, V>>;

  constructor(
    private readonly clock: Clock,
    private readonly fetch: () => Promise<EsiResult<V[]>>,
    private readonly keyOf: (row: V) => K,
  ) {
    this.cache = new ExpiringCache(clock, 1);
  }

  async snapshot(): Promise<Snapshot<K, V>> {
    const { value } = await this.cache.get('all', async () => {
      const result = await this.fetch();
      const byKey = new Map(result.data.map((row) => [this.keyOf(row), row]));
      return { value: { fetchedAt: this.clock.now(), byKey }, freshUntil: result.freshUntil };
    });
    return value;
  }
}

/** GET /markets/prices, kept until ESI's expiry (an hour). */
export class EsiMarketPrices implements MarketPrices {
  private readonly index: ExpiringIndex<number, EsiMarketPrice>;

  constructor(publicEsi: PublicEsi, clock: Clock) {
    this.index = new ExpiringIndex(
      clock,
      () => publicEsi.client().getMarketPrices(),
      (price) => price.type_id,
    );
  }

  async prices(): Promise<{
    readonly fetchedAt: Date;
    readonly byType: ReadonlyMap<number, EsiMarketPrice>;
  }> {
    const { fetchedAt, byKey } = await this.index.snapshot();
    return { fetchedAt, byType: byKey };
  }
}

/** GET /industry/systems, kept until ESI's expiry (an hour). */
export class EsiIndustryCostIndices implements IndustryCostIndices {
  private readonly index: ExpiringIndex<number, EsiIndustrySystem>;

  constructor(publicEsi: PublicEsi, clock: Clock) {
    this.index = new ExpiringIndex(
      clock,
      () => publicEsi.client().getIndustrySystems(),
      (system) => system.solar_system_id,
    );
  }

  async systems(): Promise<{
    readonly fetchedAt: Date;
    readonly bySystem: ReadonlyMap<number, EsiIndustrySystem>;
  }> {
    const { fetchedAt, byKey } = await this.index.snapshot();
    return { fetchedAt, bySystem: byKey };
  }
}
