import type { Clock } from '@tradewise/platform';

/** A value with the instant (our clock) until which it may be served without asking its source again. */
export interface Expiring<V> {
  readonly value: V;
  readonly freshUntil: Date;
}

interface Entry<V> extends Expiring<V> {
  lastReadMs: number;
}

/**
 * Parsed answers kept until their expiry. Askers of a key whose value is being fetched share that fetch, so a
 * burst of requests for one book costs one call. Beyond `maxEntries` the least recently read entry goes.
 * A failed fetch is not kept: the next asker tries again.
 */
export class ExpiringCache<K, V> {
  private readonly entries = new Map<K, Entry<V>>();
  private readonly pending = new Map<K, Promise<Expiring<V>>>();

  constructor(
    private readonly clock: Clock,
    private readonly maxEntries: number,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: K, load: () => Promise<Expiring<V>>): Promise<Expiring<V>> {
    const nowMs = this.clock.now().getTime();
    const cached = this.entries.get(key);
    if (cached !== undefined && cached.freshUntil.getTime() > nowMs) {
      this.touch(key, cached, nowMs);
      return Promise.resolve(cached);
    }
    if (cached !== undefined) cached.lastReadMs = nowMs;
    return this.refresh(key, load);
  }

  /** Fetches the key again now, whether or not the cached value is still fresh (in-flight fetches are shared). */
  refresh(key: K, load: () => Promise<Expiring<V>>): Promise<Expiring<V>> {
    const inFlight = this.pending.get(key);
    if (inFlight !== undefined) return inFlight;
    const fetching = load()
      .then((loaded) => {
        this.store(key, loaded);
        return loaded;
      })
      .finally(() => this.pending.delete(key));
    this.pending.set(key, fetching);
    return fetching;
  }

  /** The cached entries whose freshness has run out, with when each was last read (for refresh-ahead). */
  expired(): { key: K; lastReadMs: number }[] {
    const nowMs = this.clock.now().getTime();
    const found: { key: K; lastReadMs: number }[] = [];
    for (const [key, entry] of this.entries) {
      if (entry.freshUntil.getTime() <= nowMs && !this.pending.has(key)) {
        found.push({ key, lastReadMs: entry.lastReadMs });
      }
    }
    return found;
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  private store(key: K, loaded: Expiring<V>): void {
    const previous = this.entries.get(key);
    this.entries.delete(key);
    this.entries.set(key, {
      value: loaded.value,
      freshUntil: loaded.freshUntil,
      lastReadMs: previous?.lastReadMs ?? this.clock.now().getTime(),
    });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value as K;
      this.entries.delete(oldest);
    }
  }

  private touch(key: K, entry: Entry<V>, nowMs: number): void {
    entry.lastReadMs = nowMs;
    this.entries.delete(key);
    this.entries.set(key, entry);
  }
}
