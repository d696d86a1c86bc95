import type { CommandBus } from '@nestjs/cqrs';
import { ACCOUNTS_READ_MODEL, type AccountDocument } from '@tradewise/contracts';
import { PeriodicTask, type Clock, type Logger, type ReadModels } from '@tradewise/platform';
import { ChangeAccount } from '../account/change-account.handler';

export interface SubscriptionSchedulerOptions {
  readonly commands: CommandBus;
  readonly readModels: ReadModels;
  readonly clock: Clock;
  readonly logger: Logger;
  /** How often ended subscriptions are looked for (default a minute). */
  readonly pollIntervalMs?: number;
}

/** A scheduler that was down for months renews at most this many periods of one account in a round. */
const MAX_PERIODS_PER_ROUND = 12;

/**
 * Ends subscriptions at their end date (account-area §4 Subscriptions): each account whose subscription has run
 * out gets an `EndSubscription` command, which renews it (Automatic Re-bill with the balance for it) or leaves the
 * account FREE. The command decides from the account's stream, so two schedulers or a repeated round change
 * nothing twice.
 */
export class SubscriptionScheduler {
  private readonly task: PeriodicTask<number>;

  constructor(private readonly options: SubscriptionSchedulerOptions) {
    this.task = new PeriodicTask(() => this.endDueSubscriptions(), {
      intervalMs: options.pollIntervalMs ?? 60_000,
      logger: options.logger,
      failure: 'The subscription scheduler failed',
    });
  }

  start(): void {
    this.task.start();
  }

  stop(): Promise<void> {
    return this.task.stop();
  }

  /** Ends every subscription past its end date now; answers how many renewals and expiries it recorded. */
  async runDue(): Promise<number> {
    return (await this.task.runNow()) ?? 0;
  }

  private async endDueSubscriptions(): Promise<number> {
    let recorded = 0;
    for (let period = 0; period < MAX_PERIODS_PER_ROUND; period++) {
      const ended = await this.endOnce();
      if (ended === 0) break;
      recorded += ended;
    }
    return recorded;
  }

  private async endOnce(): Promise<number> {
    const { commands, readModels, clock, logger } = this.options;
    const accounts = await readModels.serving<AccountDocument>(ACCOUNTS_READ_MODEL);
    if (!accounts) return 0;
    const at = clock.now().toISOString();
    const due = await accounts.find({ 'subscription.endDate': { $lte: at } }).toArray();
    let recorded = 0;
    let last: number | null = null;
    for (const account of due) {
      try {
        const { position } = await commands.execute(
          new ChangeAccount(account._id, { type: 'EndSubscription', at }, 'system:subscriptions'),
        );
        if (position === null) continue;
        last = Math.max(last ?? position, position);
        recorded += 1;
        logger.info(
          { accountId: account._id, endDate: account.subscription?.endDate },
          'A subscription ended',
        );
      } catch (error) {
        logger.error({ err: error, accountId: account._id }, 'Could not end a subscription');
      }
    }
    // The next round reads the read model: it must show this round's renewals, once, after all of them.
    if (last !== null) await readModels.waitFor(ACCOUNTS_READ_MODEL, last);
    return recorded;
  }
}
