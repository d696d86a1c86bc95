import { ErrorLimiter, RateLimiter, rateLimitCost, rateLimitLabel } from './request-limits';

describe('the error limit', () => {
  it('blocks a client after 100 errors in a 60-second window that starts with its first error', () => {
    let now = 0;
    const limiter = new ErrorLimiter(() => now);
    expect(limiter.state('a')).toEqual({ remain: 100, resetSeconds: 60, blocked: false });
    for (let error = 0; error < 99; error++) limiter.recordError('a');
    now = 20_000;
    expect(limiter.state('a')).toEqual({ remain: 1, resetSeconds: 40, blocked: false });
    limiter.recordError('a');
    expect(limiter.state('a').blocked).toBe(true);
    expect(limiter.state('b').blocked).toBe(false);
    now = 60_000;
    expect(limiter.state('a')).toEqual({ remain: 100, resetSeconds: 60, blocked: false });
  });
});

describe('the rate limit', () => {
  const group = { group: 'char-wallet', maxTokens: 10, windowSeconds: 900 };

  it('costs 2 per success, 1 per 304, 5 per client error and nothing for 429, 420 or 5xx', () => {
    expect([200, 204, 304, 400, 404, 420, 429, 500, 503].map(rateLimitCost)).toEqual([
      2, 2, 1, 5, 5, 0, 0, 0, 0,
    ]);
    expect(rateLimitLabel(group)).toBe('10/15m');
  });

  it('refuses when the bucket is spent and gives the tokens back one window later', () => {
    let now = 0;
    const limiter = new RateLimiter(() => now);
    for (let call = 0; call < 5; call++) {
      expect(limiter.retryAfterSeconds(group, 'app:1')).toBe(0);
      now += 10_000;
      limiter.spend(group, 'app:1', 2);
    }
    expect(limiter.remaining(group, 'app:1')).toBe(0);
    expect(limiter.retryAfterSeconds(group, 'app:1')).toBe(900 - 50 + 10);
    expect(limiter.retryAfterSeconds(group, 'app:2')).toBe(0);
    now = 910_000;
    expect(limiter.retryAfterSeconds(group, 'app:1')).toBe(0);
    expect(limiter.remaining(group, 'app:1')).toBe(2);
  });
});
