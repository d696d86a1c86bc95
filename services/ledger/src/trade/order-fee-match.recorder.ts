import type { CommandBus } from '@nestjs/cqrs';
import {
  ACCOUNTS_READ_MODEL,
  TRADE_LEDGER_READ_MODEL,
  type AccountDocument,
  type MarketOrderDocument,
  type OrderFeesMatched,
} from '@tradewise/contracts';
import { PeriodicTask, ReadModelLagError, type Logger, type ReadModels } from '@tradewise/platform';
import { RecordOrderFeeMatch } from './record-order-fee-match.handler';

export interface OrderFeeMatchRecorderOptions {
  readonly commands: CommandBus;
  readonly readModels: ReadModels;
  readonly logger: Logger;
  /** How often final matches are looked for (default five minutes: a match is final a day after its order closed). */
  readonly pollIntervalMs?: number;
}

/** Final orders read at a time. */
const ORDERS_PER_READ = 1_000;
/**
 * A round waits this long for the ledger to fold its records (a first round records an account's whole history), a
 * slice at a time so that stopping the recorder does not wait for it.
 */
const RECORDS_FOLDED_SLICES = 120;
const RECORDS_FOLDED_SLICE_MS = 5_000;

/**
 * Records each order's broker fee match once it is final (docs/profit-rules.md §6.6): the trade ledger marks an
 * order's document `final` when no later read, fill or journal row can change its match, and this records it as an
 * `OrderFeesMatched` event, which the ledger folds back (the document then says `recorded`). The command decides
 * from the order's own stream, so two recorders or a repeated round record nothing twice.
 */
export class OrderFeeMatchRecorder {
  private readonly task: PeriodicTask<number>;
  private stopping = false;

  constructor(private readonly options: OrderFeeMatchRecorderOptions) {
    this.task = new PeriodicTask(() => this.recordFinalMatches(), {
      intervalMs: options.pollIntervalMs ?? 300_000,
      logger: options.logger,
      failure: 'The order fee match recorder failed',
      runAtStart: false,
    });
  }

  start(): void {
    this.stopping = false;
    this.task.start();
  }

  /** Stops between two records: what was recorded stays, and the next round goes on from there. */
  stop(): Promise<void> {
    this.stopping = true;
    return this.task.stop();
  }

  /** Records every final match now; answers how many it recorded. */
  async runDue(): Promise<number> {
    return (await this.task.runNow()) ?? 0;
  }

  private async recordFinalMatches(): Promise<number> {
    const { readModels } = this.options;
    const accounts = await readModels.serving<AccountDocument>(ACCOUNTS_READ_MODEL);
    if (!accounts) return 0;
    let recorded = 0;
    for (const { _id: accountId } of await accounts.find({}, { projection: { _id: 1 } }).toArray())
      recorded += await this.recordFinalMatchesOf(accountId);
    return recorded;
  }

  /** Records one account's final matches and waits for the ledger to fold them; answers how many it recorded. */
  async recordFinalMatchesOf(accountId: string): Promise<number> {
    const { commands, readModels, logger } = this.options;
    let recorded = 0;
    let last: number | null = null;
    let after: number | null = null;
    while (!this.stopping) {
      const ledger = await readModels.serving<MarketOrderDocument>(TRADE_LEDGER_READ_MODEL);
      if (!ledger) break;
      // By order id from the last one sent: the records are not waited for page by page.
      const final = await ledger
        .find({
          accountId,
          kind: 'order',
          matchState: 'final',
          ...(after === null ? {} : { orderId: { $gt: after } }),
        })
        .sort({ orderId: 1 })
        .limit(ORDERS_PER_READ)
        .toArray();
      if (final.length === 0) break;
      after = final.at(-1)!.orderId;
      for (const order of final) {
        if (this.stopping) break;
        let position: number | null;
        try {
          ({ position } = await commands.execute(new RecordOrderFeeMatch(recordOf(accountId, order))));
        } catch (error) {
          // A refused record (its money does not add up) is logged for staff; the other orders go on.
          logger.error(
            { err: error, accountId, orderId: order.orderId },
            'Could not record an order fee match',
          );
          continue;
        }
        if (position === null) continue;
        last = Math.max(last ?? position, position);
        recorded += 1;
      }
    }
    if (last === null) return recorded;
    logger.info({ accountId, orders: recorded }, 'Recorded final order fee matches');
    await this.waitForLedger(last);
    return recorded;
  }

  /**
   * The next round reads the read model: it must show these records, or it would offer them again (which records
   * nothing, at the cost of a command each). A recorder told to stop waits no longer.
   */
  private async waitForLedger(position: number): Promise<void> {
    for (let slice = 1; ; slice++) {
      try {
        await this.options.readModels.waitFor(TRADE_LEDGER_READ_MODEL, position, RECORDS_FOLDED_SLICE_MS);
        return;
      } catch (error) {
        if (!(error instanceof ReadModelLagError) || slice >= RECORDS_FOLDED_SLICES) throw error;
        if (this.stopping) return;
      }
    }
  }
}

/** The order's match as its document shows it, to be recorded. */
function recordOf(accountId: string, order: MarketOrderDocument): OrderFeesMatched {
  return {
    accountId,
    orderId: order.orderId,
    ownerId: order.characterId,
    fees: order.fees.map(({ journalEntryId, date, amountCents, kind, unitsOnOrder }) => ({
      journalEntryId,
      date,
      amountCents,
      kind,
      unitsOnOrder,
    })),
    fills: order.fills.map(({ transactionId, quantity, brokerFeeCents }) => ({
      transactionId,
      quantity,
      brokerFeeCents,
    })),
    unfilledFeeCents: order.unfilledFeeCents,
    taught: order.taught,
  };
}
