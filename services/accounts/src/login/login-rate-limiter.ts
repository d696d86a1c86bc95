import { HttpException, HttpStatus } from '@nestjs/common';
import type { Clock } from '@tradewise/platform';

export const LOGIN_ATTEMPTS_PER_WINDOW = 30;
export const LOGIN_WINDOW_MS = 60_000;
const MAX_TRACKED_CLIENTS = 10_000;

export class TooManyLoginAttempts extends HttpException {
  constructor(readonly retryAfterSeconds: number) {
    super(
      `Too many login attempts from your address. Please wait ${retryAfterSeconds} seconds and try again.`,
      HttpStatus.TOO_MANY_REQUESTS,
    );
  }
}

/**
 * Login starts and callbacks per client address, in fixed windows: enough for a person retrying, too few to
 * guess codes or states or to flood the SSO. In memory, per process; a shared limit belongs in the proxy.
 */
export class LoginRateLimiter {
  private readonly windows = new Map<string, { startedAt: number; attempts: number }>();

  constructor(
    private readonly clock: Clock,
    private readonly limit = LOGIN_ATTEMPTS_PER_WINDOW,
    private readonly windowMs = LOGIN_WINDOW_MS,
  ) {}

  /** Counts an attempt; throws {@link TooManyLoginAttempts} beyond the limit. */
  take(client: string): void {
    const now = this.clock.now().getTime();
    let window = this.windows.get(client);
    if (!window || now - window.startedAt >= this.windowMs) {
      if (this.windows.size >= MAX_TRACKED_CLIENTS) this.forgetEnded(now);
      window = { startedAt: now, attempts: 0 };
      this.windows.set(client, window);
    }
    window.attempts += 1;
    if (window.attempts > this.limit) {
      throw new TooManyLoginAttempts(Math.max(1, Math.ceil((window.startedAt + this.windowMs - now) / 1000)));
    }
  }

  private forgetEnded(now: number): void {
    for (const [client, window] of this.windows) {
      if (now - window.startedAt >= this.windowMs) this.windows.delete(client);
    }
    if (this.windows.size >= MAX_TRACKED_CLIENTS) this.windows.clear();
  }
}
