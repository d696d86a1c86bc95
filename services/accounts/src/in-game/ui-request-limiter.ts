import type { Clock } from '@tradewise/platform';

/** Spec §9: an account sends at most one UI request (open in game, waypoints) a second. */
export const UI_REQUEST_INTERVAL_MS = 1_000;
const PRUNE_ABOVE = 10_000;

/**
 * Admits at most one UI request per account per interval; a refused request does not move the window. Kept in
 * the API process's memory: with several API processes an account could reach one request a second on each.
 */
export class UiRequestLimiter {
  private readonly lastAdmitted = new Map<string, number>();

  constructor(
    private readonly clock: Clock,
    private readonly intervalMs = UI_REQUEST_INTERVAL_MS,
  ) {}

  /** True, and counts the request, when the account sent none admitted in the last interval. */
  tryAdmit(accountId: string): boolean {
    const nowMs = this.clock.now().getTime();
    const last = this.lastAdmitted.get(accountId);
    if (last !== undefined && nowMs - last < this.intervalMs) return false;
    if (this.lastAdmitted.size >= PRUNE_ABOVE) this.prune(nowMs);
    this.lastAdmitted.set(accountId, nowMs);
    return true;
  }

  private prune(nowMs: number): void {
    for (const [accountId, admittedAt] of this.lastAdmitted) {
      if (nowMs - admittedAt >= this.intervalMs) this.lastAdmitted.delete(accountId);
    }
  }
}
