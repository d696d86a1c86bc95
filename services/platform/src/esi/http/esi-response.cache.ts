/** A response kept for conditional requests and for answering without a request while it is fresh. */
export interface CachedEsiResponse {
  readonly body: unknown;
  readonly etag?: string;
  /** Our clock, ms: until then the response is served without asking ESI (its `Expires`). */
  readonly freshUntilMs: number;
  readonly lastModified?: number;
  readonly pages?: number;
  /** Approximate memory the entry holds (the length of the JSON text). */
  readonly sizeBytes: number;
}

/** Port of the response cache; the default is {@link InMemoryEsiResponseCache}. */
export interface EsiResponseCache {
  get(key: string): CachedEsiResponse | undefined;
  set(key: string, entry: CachedEsiResponse): void;
  delete(key: string): void;
}

export type CacheDecision =
  /** Fresh: answer from the cache, send nothing. */
  | 'fresh'
  /** Stale but with an ETag: ask with If-None-Match; a 304 keeps the cached body. */
  | 'revalidate'
  /** Nothing usable: a plain request. */
  | 'fetch';

export function cacheDecision(entry: CachedEsiResponse | undefined, nowMs: number): CacheDecision {
  if (entry === undefined) return 'fetch';
  if (nowMs < entry.freshUntilMs) return 'fresh';
  return entry.etag !== undefined ? 'revalidate' : 'fetch';
}

/** Least recently used entries leave first once the entries together exceed `maxBytes`. */
export class InMemoryEsiResponseCache implements EsiResponseCache {
  private readonly entries = new Map<string, CachedEsiResponse>();
  private totalBytes = 0;

  constructor(private readonly maxBytes = 64 * 1024 * 1024) {}

  get(key: string): CachedEsiResponse | undefined {
    const entry = this.entries.get(key);
    if (entry !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  set(key: string, entry: CachedEsiResponse): void {
    this.delete(key);
    if (entry.sizeBytes > this.maxBytes) return;
    this.entries.set(key, entry);
    this.totalBytes += entry.sizeBytes;
    for (const [oldestKey] of this.entries) {
      if (this.totalBytes <= this.maxBytes) break;
      this.delete(oldestKey);
    }
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (entry === undefined) return;
    this.entries.delete(key);
    this.totalBytes -= entry.sizeBytes;
  }

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.totalBytes;
  }
}
