import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { CLOCK, LOGGER, type Clock, type Logger } from '@tradewise/platform';
import { AppraisalStore } from './appraisal.store';

/** Expired appraisals are never answered; this only frees their space, so an hour's delay is harmless. */
export const APPRAISAL_PURGE_INTERVAL_MS = 60 * 60_000;

/** Deletes expired appraisals at start-up and then every hour, in every process that serves the API. */
@Injectable()
export class AppraisalPurge implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    @Inject(AppraisalStore) private readonly store: AppraisalStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    void this.purge();
    this.timer = setInterval(() => void this.purge(), APPRAISAL_PURGE_INTERVAL_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  async purge(): Promise<void> {
    try {
      const deleted = await this.store.purgeExpired(this.clock.now());
      if (deleted > 0) this.logger.info({ deleted }, 'Expired appraisals purged');
    } catch (error) {
      this.logger.warn({ err: error }, 'Purging expired appraisals failed; the next run tries again');
    }
  }
}
