import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { marketOrdersStream, type MarketOrdersRead, type StoredMarketOrder } from '@tradewise/contracts';
import { EVENT_STORE, runDecider, type EventStore } from '@tradewise/platform';
import type { Actor } from '../account/change-account.handler';
import { marketOrdersDecider, type RecordMarketOrdersCommand } from './market-orders.decider';

export interface RecordMarketOrdersOutcome {
  /** Global position of the appended event; null when the answer was recorded before. */
  readonly position: number | null;
  /** What this answer changed; null when it was recorded before. */
  readonly read: MarketOrdersRead | null;
  /** The open orders after it. */
  readonly orders: readonly StoredMarketOrder[];
}

/** Record one answer of ESI's character orders route (the owner's Refresh Orders, or a sync). */
export class RecordMarketOrders extends Command<RecordMarketOrdersOutcome> {
  constructor(
    readonly command: RecordMarketOrdersCommand,
    readonly actor: Actor,
  ) {
    super();
  }
}

@CommandHandler(RecordMarketOrders)
export class RecordMarketOrdersHandler implements ICommandHandler<RecordMarketOrders> {
  constructor(@Inject(EVENT_STORE) private readonly eventStore: EventStore) {}

  async execute({ command, actor }: RecordMarketOrders): Promise<RecordMarketOrdersOutcome> {
    const { position, events, state } = await runDecider(
      this.eventStore,
      marketOrdersStream(command.characterId),
      marketOrdersDecider,
      command,
      { actor },
    );
    return { position, read: events.at(-1)?.data ?? null, orders: state.orders };
  }
}
