import { DEFAULT_RETRY_POLICY, isTransientStatus, retryDelayMs } from './retry-backoff.policy';

describe('retryDelayMs', () => {
  const policy = { maxRetries: 5, baseDelayMs: 500, maxDelayMs: 4_000 };

  it('doubles the ceiling each retry, up to the maximum', () => {
    expect([1, 2, 3, 4, 5].map((retry) => retryDelayMs(retry, policy, () => 1))).toEqual([
      500, 1_000, 2_000, 4_000, 4_000,
    ]);
  });

  it('waits at least half the ceiling: jitter spreads clients without retrying at once', () => {
    expect([1, 2, 3, 4].map((retry) => retryDelayMs(retry, policy, () => 0))).toEqual([
      250, 500, 1_000, 2_000,
    ]);
    expect(retryDelayMs(2, policy, () => 0.5)).toBe(750);
  });

  it('stays within bounds for any random value', () => {
    for (let retry = 1; retry <= DEFAULT_RETRY_POLICY.maxRetries; retry++) {
      for (const random of [0, 0.25, 0.999]) {
        const delay = retryDelayMs(retry, DEFAULT_RETRY_POLICY, () => random);
        expect(delay).toBeGreaterThanOrEqual(DEFAULT_RETRY_POLICY.baseDelayMs / 2);
        expect(delay).toBeLessThanOrEqual(DEFAULT_RETRY_POLICY.maxDelayMs);
      }
    }
  });
});

describe('isTransientStatus', () => {
  it.each([500, 502, 503, 504, 520])('retries %i', (status) => expect(isTransientStatus(status)).toBe(true));
  it.each([400, 401, 403, 404, 420, 429, 501, 505])('does not retry %i as a server failure', (status) =>
    expect(isTransientStatus(status)).toBe(false),
  );
});
