import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  corporationOrderHistoryStream,
  orderHistoryStream,
  type CorporationOrderHistoryImported,
  type OrderHistoryImported,
} from '@tradewise/contracts';
import { DeciderStates, EVENT_STORE, runDecider, type Decider, type EventStore } from '@tradewise/platform';
import {
  NO_ORDER_HISTORY,
  decideCorporationOrderHistory,
  decideOrderHistory,
  evolveOrderHistory,
  type OrderHistoryState,
  type RecordedCorporationOrderEvent,
  type RecordedOrderHistoryEvent,
} from './order-history-import.decider';
import type { ImportOutcome } from './record-wallet-records.handler';
import { SYNCED_STREAM_STATES_KEPT, withIds, type Stored } from './sourced-events';

/**
 * A character's closed market orders not published before, as the sync read them from ESI's order history, and its
 * open orders that changed since last published, as the same read showed them.
 */
export class RecordOrderHistory extends Command<ImportOutcome> {
  constructor(readonly batch: OrderHistoryImported) {
    super();
  }
}

const orderHistory: Decider<OrderHistoryState, OrderHistoryImported, Stored<RecordedOrderHistoryEvent>> = {
  initialState: NO_ORDER_HISTORY,
  evolve: evolveOrderHistory,
  decide: (state, batch) => withIds(decideOrderHistory(state, batch)),
};

/**
 * A corporation's closed market orders not published before for one account, and its open orders that changed since,
 * as one read of the corporation's orders showed them.
 */
export class RecordCorporationOrderHistory extends Command<ImportOutcome> {
  constructor(readonly batch: CorporationOrderHistoryImported) {
    super();
  }
}

const corporationOrderHistory: Decider<
  OrderHistoryState,
  CorporationOrderHistoryImported,
  Stored<RecordedCorporationOrderEvent>
> = {
  initialState: NO_ORDER_HISTORY,
  evolve: evolveOrderHistory,
  decide: (state, batch) => withIds(decideCorporationOrderHistory(state, batch)),
};

@CommandHandler(RecordOrderHistory)
export class RecordOrderHistoryHandler implements ICommandHandler<RecordOrderHistory> {
  private readonly states = new DeciderStates<OrderHistoryState>(SYNCED_STREAM_STATES_KEPT);

  constructor(@Inject(EVENT_STORE) private readonly eventStore: EventStore) {}

  async execute({ batch }: RecordOrderHistory): Promise<ImportOutcome> {
    const { events, position } = await runDecider(
      this.eventStore,
      orderHistoryStream(batch.characterId),
      orderHistory,
      batch,
      { actor: 'system:sync', states: this.states },
    );
    return { recorded: events.length, position };
  }
}

@CommandHandler(RecordCorporationOrderHistory)
export class RecordCorporationOrderHistoryHandler implements ICommandHandler<RecordCorporationOrderHistory> {
  private readonly states = new DeciderStates<OrderHistoryState>(SYNCED_STREAM_STATES_KEPT);

  constructor(@Inject(EVENT_STORE) private readonly eventStore: EventStore) {}

  async execute({ batch }: RecordCorporationOrderHistory): Promise<ImportOutcome> {
    const { events, position } = await runDecider(
      this.eventStore,
      corporationOrderHistoryStream(batch.accountId, batch.corporationId),
      corporationOrderHistory,
      batch,
      { actor: 'system:sync', states: this.states },
    );
    return { recorded: events.length, position };
  }
}
