import { cacheDecision, InMemoryEsiResponseCache, type CachedEsiResponse } from './esi-response.cache';

const entry = (overrides: Partial<CachedEsiResponse> = {}): CachedEsiResponse => ({
  body: [],
  etag: '"abc"',
  freshUntilMs: 1_000,
  sizeBytes: 10,
  ...overrides,
});

describe('cacheDecision', () => {
  it('answers from the cache before Expires, with no request', () => {
    expect(cacheDecision(entry(), 999)).toBe('fresh');
  });

  it('revalidates with the ETag from Expires on', () => {
    expect(cacheDecision(entry(), 1_000)).toBe('revalidate');
  });

  it('fetches without a cached copy, or when a stale copy has no ETag', () => {
    expect(cacheDecision(undefined, 0)).toBe('fetch');
    expect(cacheDecision(entry({ etag: undefined }), 1_000)).toBe('fetch');
  });
});

describe('InMemoryEsiResponseCache', () => {
  it('drops the least recently used entries beyond its byte budget', () => {
    const cache = new InMemoryEsiResponseCache(25);
    cache.set('a', entry());
    cache.set('b', entry());
    cache.get('a');
    cache.set('c', entry());
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
    expect(cache.bytes).toBe(20);
  });

  it('replaces an entry without counting it twice, and keeps nothing larger than the budget', () => {
    const cache = new InMemoryEsiResponseCache(25);
    cache.set('a', entry());
    cache.set('a', entry({ sizeBytes: 12 }));
    expect(cache.bytes).toBe(12);
    cache.set('huge', entry({ sizeBytes: 26 }));
    expect(cache.get('huge')).toBeUndefined();
    cache.delete('a');
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
  });
});
