import { PeriodicTask, type Logger } from '@tradewise/platform';
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
  private readonly task: PeriodicTask<DepositSyncResult | null>;

  constructor(options: DepositSyncSchedulerOptions) {
    this.task = new PeriodicTask(() => options.deposits.sync(), {
      intervalMs: options.intervalMs ?? DEPOSIT_SYNC_INTERVAL_MS,
      logger: options.logger,
      failure: 'The corporation deposit sync failed; it runs again later',
      failureLevel: 'warn',
    });
  }

  start(): void {
    this.task.start();
  }

  /** One read of the journal; a call while one runs waits for it. */
  runDue(): Promise<DepositSyncResult | null> {
    return this.task.runNow();
  }

  stop(): Promise<void> {
    return this.task.stop();
  }
}
