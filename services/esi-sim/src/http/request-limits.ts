import type { RateLimitGroup } from './esi-operations';

export const ERROR_LIMIT = 100;
export const ERROR_WINDOW_MS = 60_000;

/**
 * ESI's error limit (esi.md §0.5): 100 error answers per client in a fixed 60-second window that starts with the
 * first error; past it every request gets 420 until the window ends.
 */
export class ErrorLimiter {
  private readonly windows = new Map<string, { startMs: number; errors: number }>();

  constructor(private readonly nowMs: () => number) {}

  state(client: string): { remain: number; resetSeconds: number; blocked: boolean } {
    const window = this.current(client);
    if (!window) return { remain: ERROR_LIMIT, resetSeconds: ERROR_WINDOW_MS / 1000, blocked: false };
    const resetSeconds = Math.max(0, Math.ceil((window.startMs + ERROR_WINDOW_MS - this.nowMs()) / 1000));
    const remain = Math.max(0, ERROR_LIMIT - window.errors);
    return { remain, resetSeconds, blocked: remain === 0 };
  }

  recordError(client: string): void {
    const window = this.current(client);
    if (window) window.errors++;
    else this.windows.set(client, { startMs: this.nowMs(), errors: 1 });
  }

  reset(): void {
    this.windows.clear();
  }

  private current(client: string): { startMs: number; errors: number } | undefined {
    const window = this.windows.get(client);
    if (window && this.nowMs() - window.startMs >= ERROR_WINDOW_MS) {
      this.windows.delete(client);
      return undefined;
    }
    return window;
  }
}

/** Tokens an answer costs (esi.md §0.6): 2xx 2, 3xx 1, 4xx 5 (a 429 or 420 nothing), 5xx nothing. */
export function rateLimitCost(status: number): number {
  if (status === 429 || status === 420 || status >= 500) return 0;
  if (status >= 400) return 5;
  if (status >= 300) return 1;
  return 2;
}

/**
 * ESI's floating-window rate limit (esi.md §0.6): a bucket per group and user; tokens spent come back one
 * window later; an empty bucket answers 429 with Retry-After.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, { timeMs: number; cost: number }[]>();

  constructor(private readonly nowMs: () => number) {}

  /** Seconds to wait, or 0 when the request may go ahead. */
  retryAfterSeconds(group: RateLimitGroup, user: string): number {
    const entries = this.entries(group, user);
    let used = entries.reduce((sum, entry) => sum + entry.cost, 0);
    if (used < group.maxTokens) return 0;
    for (const entry of entries) {
      used -= entry.cost;
      if (used < group.maxTokens) {
        return Math.max(1, Math.ceil((entry.timeMs + group.windowSeconds * 1000 - this.nowMs()) / 1000));
      }
    }
    return 1;
  }

  spend(group: RateLimitGroup, user: string, cost: number): number {
    const entries = this.entries(group, user);
    if (cost > 0) entries.push({ timeMs: this.nowMs(), cost });
    return Math.max(0, group.maxTokens - entries.reduce((sum, entry) => sum + entry.cost, 0));
  }

  remaining(group: RateLimitGroup, user: string): number {
    return Math.max(
      0,
      group.maxTokens - this.entries(group, user).reduce((sum, entry) => sum + entry.cost, 0),
    );
  }

  reset(): void {
    this.buckets.clear();
  }

  private entries(group: RateLimitGroup, user: string): { timeMs: number; cost: number }[] {
    const key = `${group.group}|${user}`;
    let entries = this.buckets.get(key);
    if (!entries) {
      entries = [];
      this.buckets.set(key, entries);
    }
    const oldest = this.nowMs() - group.windowSeconds * 1000;
    while (entries.length > 0 && entries[0]!.timeMs <= oldest) entries.shift();
    return entries;
  }
}

export function rateLimitLabel(group: RateLimitGroup): string {
  return group.windowSeconds % 3600 === 0
    ? `${group.maxTokens}/${group.windowSeconds / 3600}h`
    : `${group.maxTokens}/${group.windowSeconds / 60}m`;
}
