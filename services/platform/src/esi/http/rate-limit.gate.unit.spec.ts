import type { EsiResponseHeaders } from './esi-response-headers';
import { RateLimitGate } from './rate-limit.gate';

const WALLET = '/characters/{character_id}/wallet';
const JOURNAL = '/characters/{character_id}/wallet/journal';
const ORDERS = '/markets/{region_id}/orders';
const headers = (extra: Partial<EsiResponseHeaders> = {}): EsiResponseHeaders => ({
  noStore: false,
  ...extra,
});

describe('RateLimitGate', () => {
  const now = 5_000_000;

  it('pauses the bucket of a 429 for Retry-After', () => {
    const gate = new RateLimitGate();
    gate.observe(WALLET, 1, 429, headers({ retryAfterMs: 30_000 }), now, 1_000);
    expect(gate.waitMs(WALLET, 1, now + 10_000)).toBe(20_000);
    expect(gate.waitMs(WALLET, 1, now + 30_000)).toBe(0);
  });

  it('keeps other characters and public callers going', () => {
    const gate = new RateLimitGate();
    gate.observe(WALLET, 1, 429, headers({ retryAfterMs: 30_000 }), now, 1_000);
    expect(gate.waitMs(WALLET, 2, now)).toBe(0);
    expect(gate.waitMs(ORDERS, undefined, now)).toBe(0);
  });

  it('pauses every route of the same group once the group is known', () => {
    const gate = new RateLimitGate();
    gate.observe(WALLET, 1, 200, headers({ rateLimitGroup: 'char-wallet' }), now, 1_000);
    gate.observe(JOURNAL, 1, 200, headers({ rateLimitGroup: 'char-wallet' }), now, 1_000);
    gate.observe(WALLET, 1, 429, headers({ retryAfterMs: 9_000, rateLimitGroup: 'char-wallet' }), now, 1_000);
    expect(gate.waitMs(JOURNAL, 1, now)).toBe(9_000);
  });

  it('uses the fallback pause for a 429 without Retry-After', () => {
    const gate = new RateLimitGate();
    gate.observe(ORDERS, undefined, 429, headers(), now, 2_500);
    expect(gate.waitMs(ORDERS, undefined, now)).toBe(2_500);
  });
});
