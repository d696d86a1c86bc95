import { freshnessLifetimeMs, readEsiHeaders } from './esi-response-headers';

const RECEIVED = Date.parse('2026-09-01T12:00:00Z');
const read = (headers: Record<string, string>) => readEsiHeaders(new Headers(headers), RECEIVED);

describe('readEsiHeaders', () => {
  it('reads a captured ESI market response', () => {
    const headers = read({
      'cache-control': 'public',
      etag: '"09f8b2541e00231360e70eb9d4d6e6504a298f9c8336277c704509a8"',
      expires: 'Tue, 01 Sep 2026 12:05:00 GMT',
      'last-modified': 'Tue, 01 Sep 2026 12:00:00 GMT',
      date: 'Tue, 01 Sep 2026 12:00:01 GMT',
      'x-pages': '2',
      'x-ratelimit-group': 'market-order',
      'x-ratelimit-limit': '12000/15m',
      'x-ratelimit-remaining': '11995',
    });
    expect(headers).toEqual({
      etag: '"09f8b2541e00231360e70eb9d4d6e6504a298f9c8336277c704509a8"',
      date: Date.parse('2026-09-01T12:00:01Z'),
      expires: Date.parse('2026-09-01T12:05:00Z'),
      lastModified: Date.parse('2026-09-01T12:00:00Z'),
      maxAgeSeconds: undefined,
      ageSeconds: undefined,
      noStore: false,
      pages: 2,
      errorLimitRemain: undefined,
      errorLimitResetSeconds: undefined,
      rateLimitGroup: 'market-order',
      rateLimitRemaining: 11995,
      retryAfterMs: undefined,
    });
  });

  it('reads the error-limit headers in any letter case', () => {
    const headers = read({ 'X-ESI-Error-Limit-Remain': '37', 'X-Esi-Error-Limit-Reset': '12' });
    expect(headers.errorLimitRemain).toBe(37);
    expect(headers.errorLimitResetSeconds).toBe(12);
  });

  it('reads Retry-After as seconds or as a date relative to the server time', () => {
    expect(read({ 'retry-after': '30' }).retryAfterMs).toBe(30_000);
    expect(
      read({ 'retry-after': 'Tue, 01 Sep 2026 12:01:00 GMT', date: 'Tue, 01 Sep 2026 12:00:30 GMT' })
        .retryAfterMs,
    ).toBe(30_000);
    expect(read({ 'retry-after': 'Tue, 01 Sep 2026 12:00:10 GMT' }).retryAfterMs).toBe(10_000);
  });

  it('treats unparseable values as absent', () => {
    const headers = read({ expires: '-1', 'x-pages': 'many', 'retry-after': 'soon', 'x-pages-extra': '1' });
    expect(headers.expires).toBeUndefined();
    expect(headers.pages).toBeUndefined();
    expect(headers.retryAfterMs).toBeUndefined();
    expect(read({ 'x-pages': '0' }).pages).toBeUndefined();
  });
});

describe('freshnessLifetimeMs', () => {
  it('is Expires minus the server Date, so a skewed local clock does not matter', () => {
    const headers = read({
      date: 'Mon, 01 Jan 2024 00:00:00 GMT',
      expires: 'Mon, 01 Jan 2024 00:05:00 GMT',
    });
    expect(freshnessLifetimeMs(headers, RECEIVED)).toBe(300_000);
  });

  it('falls back to our clock without a Date header', () => {
    expect(freshnessLifetimeMs(read({ expires: 'Tue, 01 Sep 2026 12:01:00 GMT' }), RECEIVED)).toBe(60_000);
  });

  it('prefers max-age (less Age) over Expires', () => {
    const headers = read({
      'cache-control': 'private, max-age=120',
      age: '20',
      expires: 'Tue, 01 Sep 2026 13:00:00 GMT',
    });
    expect(freshnessLifetimeMs(headers, RECEIVED)).toBe(100_000);
  });

  it('is zero for a past Expires, no-store, or no caching headers', () => {
    expect(freshnessLifetimeMs(read({ expires: 'Tue, 01 Sep 2026 11:00:00 GMT' }), RECEIVED)).toBe(0);
    expect(
      freshnessLifetimeMs(
        read({ 'cache-control': 'no-store', expires: 'Tue, 01 Sep 2026 13:00:00 GMT' }),
        RECEIVED,
      ),
    ).toBe(0);
    expect(freshnessLifetimeMs(read({}), RECEIVED)).toBe(0);
  });
});
