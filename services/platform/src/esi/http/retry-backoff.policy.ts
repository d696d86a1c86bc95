export interface RetryPolicy {
  /** Retries after the first attempt for 5xx answers, timeouts and network errors. */
  readonly maxRetries: number;
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxRetries: 3, baseDelayMs: 500, maxDelayMs: 8_000 };

/**
 * Exponential backoff with "equal jitter": retry n waits between half and all of min(max, base × 2^(n−1)), so
 * clients that failed together do not come back together, yet none retries at once.
 */
export function retryDelayMs(retry: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, retry - 1));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/**
 * Server-side failures worth repeating: 5xx (ESI's 502/503/504 are common around downtime) and the legacy
 * monolith's 520. 501 and 505 describe the request and would fail again.
 */
export function isTransientStatus(status: number): boolean {
  return status === 520 || (status >= 500 && status < 600 && status !== 501 && status !== 505);
}
