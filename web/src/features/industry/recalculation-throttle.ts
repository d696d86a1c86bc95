/** The clock and timers the throttle runs on (the browser's; a manual one in tests). */
export interface ThrottleTimers {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const browserTimers: ThrottleTimers = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * Recalculation at most once per interval (spec §4): a request while one is in flight, or within the interval of
 * the last, waits as the one deferred retry; a newer request replaces the waiting one, so only the latest inputs
 * are sent.
 */
export class RecalculationThrottle<Request> {
  private lastStartedAt = Number.NEGATIVE_INFINITY;
  private inFlight = false;
  private waiting: { request: Request } | null = null;
  private timer: unknown = null;
  private disposed = false;

  constructor(
    private readonly send: (request: Request) => Promise<unknown>,
    private readonly intervalMs: number,
    private readonly timers: ThrottleTimers = browserTimers,
  ) {}

  request(request: Request): void {
    if (this.disposed) return;
    this.waiting = { request };
    this.pump();
  }

  /** Whether a request waits as the deferred retry. */
  get hasWaiting(): boolean {
    return this.waiting !== null;
  }

  dispose(): void {
    this.disposed = true;
    this.waiting = null;
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
  }

  private pump(): void {
    if (this.disposed || this.waiting === null || this.inFlight || this.timer !== null) return;
    const wait = this.lastStartedAt + this.intervalMs - this.timers.now();
    if (wait > 0) {
      this.timer = this.timers.setTimeout(() => {
        this.timer = null;
        this.pump();
      }, wait);
      return;
    }
    const { request } = this.waiting;
    this.waiting = null;
    this.inFlight = true;
    this.lastStartedAt = this.timers.now();
    void this.send(request)
      .catch(() => undefined)
      .finally(() => {
        this.inFlight = false;
        this.pump();
      });
  }
}
