import type {
  EventBatch,
  EventSubscription,
  ReadAllOptions,
  SubscribeOptions,
} from '../../ports/event-store.port';
import { START_POSITION } from '../../ports/event-store.port';

export const DEFAULT_SUBSCRIPTION_BATCH = 2000;

/**
 * Catch-up subscription over any `readAll`: reads batches until caught up, then waits for a wake-up (an append in
 * this process) or the poll interval (appends by other processes) and reads again.
 */
export class PollingSubscription implements EventSubscription {
  private closed = false;
  private wake: (() => void) | undefined;
  /** An append was announced since the last read began: that read may not hold it, so do not wait for another. */
  private appendedSinceRead = false;

  constructor(
    private readonly readAll: (options: ReadAllOptions) => Promise<EventBatch>,
    private readonly options: SubscribeOptions,
    private readonly pollIntervalMs: number,
    private readonly onClose: (subscription: PollingSubscription) => void,
  ) {}

  notify(): void {
    this.appendedSinceRead = true;
    this.wake?.();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.notify();
    this.onClose(this);
  }

  async *[Symbol.asyncIterator](): AsyncIterator<EventBatch> {
    let position = this.options.fromPosition ?? START_POSITION;
    const maxCount = this.options.batchSize ?? DEFAULT_SUBSCRIPTION_BATCH;
    let announcedCaughtUp = false;
    while (!this.closed) {
      this.appendedSinceRead = false;
      const batch = await this.readAll({ fromPosition: position, maxCount, filter: this.options.filter });
      if (this.closed) return;
      const moved = batch.position > position;
      position = batch.position;
      if (moved || (batch.caughtUp && !announcedCaughtUp)) {
        announcedCaughtUp = batch.caughtUp;
        yield batch;
      }
      if (batch.caughtUp) await this.waitForAppend();
    }
  }

  private waitForAppend(): Promise<void> {
    if (this.appendedSinceRead) return Promise.resolve();
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.wake = undefined;
        resolve();
      };
      const timer = setTimeout(done, this.pollIntervalMs);
      this.wake = done;
    });
  }
}
