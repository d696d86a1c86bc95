import type { EsiResponseHeaders } from './esi-response-headers';

const MINIMUM_PAUSE_MS = 1_000;
const DEFAULT_WINDOW_MS = 60_000;

/**
 * ESI's legacy error limit: 100 non-2xx/3xx answers per 60-second window per client IP, after which every call
 * gets 420 until the window resets. One gate per process (per IP): it pauses all requests until the reset when
 * a 420 arrives, and before that, when the remaining budget falls to the reserve, so a burst of failing calls in
 * flight cannot spend it to zero.
 */
export class ErrorLimitGate {
  private pausedUntilMs = 0;
  private remaining: number | undefined;

  constructor(private readonly reserve = 10) {}

  observe(status: number, headers: EsiResponseHeaders, nowMs: number): void {
    if (headers.errorLimitRemain !== undefined) this.remaining = headers.errorLimitRemain;
    const resetMs =
      headers.errorLimitResetSeconds !== undefined ? headers.errorLimitResetSeconds * 1000 : undefined;
    if (status === 420) {
      this.pauseUntil(nowMs + Math.max(MINIMUM_PAUSE_MS, resetMs ?? DEFAULT_WINDOW_MS));
    } else if (headers.errorLimitRemain !== undefined && headers.errorLimitRemain <= this.reserve) {
      this.pauseUntil(nowMs + Math.max(MINIMUM_PAUSE_MS, resetMs ?? DEFAULT_WINDOW_MS));
    }
  }

  /** How long a request must wait before it may be sent. */
  waitMs(nowMs: number): number {
    return Math.max(0, this.pausedUntilMs - nowMs);
  }

  get lastRemaining(): number | undefined {
    return this.remaining;
  }

  private pauseUntil(untilMs: number): void {
    this.pausedUntilMs = Math.max(this.pausedUntilMs, untilMs);
  }
}
