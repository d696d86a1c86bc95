import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { orderFeeMatchStream, type OrderFeesMatched } from '@tradewise/contracts';
import { EVENT_STORE, runDecider, type EventStore } from '@tradewise/platform';
import { NO_ORDER_FEE_MATCH, decideOrderFeeMatch, evolveOrderFeeMatch } from './order-fee-match.decider';

/** Records an order's final broker fee match as the trade ledger found it; answers the position, null if recorded before. */
export class RecordOrderFeeMatch extends Command<{ readonly position: number | null }> {
  constructor(readonly match: OrderFeesMatched) {
    super();
  }
}

/** Appends `OrderFeesMatched` to the order's own `orderfees` stream, once. */
@CommandHandler(RecordOrderFeeMatch)
export class RecordOrderFeeMatchHandler implements ICommandHandler<RecordOrderFeeMatch> {
  constructor(@Inject(EVENT_STORE) private readonly eventStore: EventStore) {}

  async execute({ match }: RecordOrderFeeMatch): Promise<{ readonly position: number | null }> {
    const { position } = await runDecider(
      this.eventStore,
      orderFeeMatchStream(match.accountId, match.orderId),
      { initialState: NO_ORDER_FEE_MATCH, evolve: evolveOrderFeeMatch, decide: decideOrderFeeMatch },
      match,
      { actor: 'system:order-fee-matches' },
    );
    return { position };
  }
}
