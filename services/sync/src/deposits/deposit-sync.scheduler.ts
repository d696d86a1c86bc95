import type { Logger } from '@tradewise/platform';
import type { CorporationDepositSync, DepositSyncResult } from './corporation-deposit.sync';

/** ESI caches a corporation journal for an hour; asking every 5 minutes finds a new copy soon after it appears. */
export const DEPOSIT_SYNC_INTERVAL_MS = 5 * 60_000;

export interface DepositSyncSchedulerOptions {
  readonly deposits: Pick<CorporationDepositSync, 'sync'>;
  readonly logger: Logger;
  readonly intervalMs?: number;
}

/**
 * Reads the product corporation's journal at start and then every 5 minutes (sync role). Between ESI's cache
 * periods the client answers from its cache without a request, so the interval costs nothing against ESI.
 */
export class DepositSyncScheduler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<DepositSyncResult | null> | undefined;

  constructor(private readonly options: DepositSyncSchedulerOptions) {}

  start(): void {
    void this.runDue();
    this.timer = setInterval(() => void this.runDue(), this.options.intervalMs ?? DEPOSIT_SYNC_INTERVAL_MS);
    this.timer.unref();
  }

  /** One read of the journal; a call while one runs waits for it. */
  runDue(): Promise<DepositSyncResult | null> {
    this.running ??= this.options.deposits
      .sync()
      .catch((error: unknown) => {
        this.options.logger.warn({ err: error }, 'The corporation deposit sync failed; it runs again later');
        return null;
      })
      .finally(() => (this.running = undefined));
    return this.running;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
