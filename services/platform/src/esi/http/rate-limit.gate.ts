import type { EsiResponseHeaders } from './esi-response-headers';

/**
 * ESI's floating-window rate limit: a token bucket per (rate-limit group, user), the user being the character
 * on authenticated routes and the client IP on public ones. A 429 pauses that bucket for `Retry-After`; other
 * buckets (other characters, other groups) keep going. A route's group is learned from `X-Ratelimit-Group`.
 */
export class RateLimitGate {
  private readonly groupOfRoute = new Map<string, string>();
  private readonly pausedUntilMs = new Map<string, number>();

  observe(
    routePath: string,
    characterId: number | undefined,
    status: number,
    headers: EsiResponseHeaders,
    nowMs: number,
    fallbackPauseMs: number,
  ): void {
    if (headers.rateLimitGroup !== undefined) this.groupOfRoute.set(routePath, headers.rateLimitGroup);
    if (status !== 429) return;
    const key = this.bucketKey(routePath, characterId);
    const until = nowMs + (headers.retryAfterMs ?? fallbackPauseMs);
    this.pausedUntilMs.set(key, Math.max(this.pausedUntilMs.get(key) ?? 0, until));
  }

  waitMs(routePath: string, characterId: number | undefined, nowMs: number): number {
    const key = this.bucketKey(routePath, characterId);
    const until = this.pausedUntilMs.get(key);
    if (until === undefined) return 0;
    if (until <= nowMs) {
      this.pausedUntilMs.delete(key);
      return 0;
    }
    return until - nowMs;
  }

  private bucketKey(routePath: string, characterId: number | undefined): string {
    return `${this.groupOfRoute.get(routePath) ?? routePath}|${characterId ?? 'public'}`;
  }
}
