import type { Logger } from '../logging/logger';

export interface PeriodicTaskOptions {
  readonly intervalMs: number;
  readonly logger: Logger;
  /** The log line of a failed run; the next run goes on. */
  readonly failure: string;
  /** `warn` for work that fails when the game's API does (default `error`). */
  readonly failureLevel?: 'warn' | 'error';
  /** Whether `start` runs the work at once (default) or first after one interval. */
  readonly runAtStart?: boolean;
}

/**
 * Runs a piece of background work at start (unless told not to) and then every interval, one run at a time: a call while a run is under
 * way waits for that run instead of starting another. A failed run is logged and answers null.
 */
export class PeriodicTask<T> {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<T | null> | undefined;

  constructor(
    private readonly work: () => Promise<T>,
    private readonly options: PeriodicTaskOptions,
  ) {}

  start(): void {
    if (this.options.runAtStart !== false) void this.runNow();
    this.timer = setInterval(() => void this.runNow(), this.options.intervalMs);
    this.timer.unref();
  }

  runNow(): Promise<T | null> {
    this.running ??= this.work()
      .catch((error: unknown) => {
        this.options.logger[this.options.failureLevel ?? 'error']({ err: error }, this.options.failure);
        return null;
      })
      .finally(() => (this.running = undefined));
    return this.running;
  }

  /** Stops the timer and waits for the run under way. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
