import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { tradeLedgerStream, type LedgerWriteResult } from '@tradewise/contracts';
import { EVENT_STORE, runDecider, type EventStore } from '@tradewise/platform';
import {
  decideTradeLedgerEdit,
  evolveTradeLedgerEdits,
  initialTradeLedgerEditsState,
  type TradeLedgerEdit,
} from './trade-ledger-edits.decider';

/** An account owner's edit of their trade ledger (the edit's `type` names it: SaveWarehouseEntry, ...). */
export class EditTradeLedger extends Command<LedgerWriteResult> {
  constructor(
    readonly accountId: string,
    readonly edit: TradeLedgerEdit,
  ) {
    super();
  }
}

/** Appends the edit's events to the account's `tradeledger` stream; answers the position reads can wait for. */
@CommandHandler(EditTradeLedger)
export class EditTradeLedgerHandler implements ICommandHandler<EditTradeLedger> {
  constructor(@Inject(EVENT_STORE) private readonly eventStore: EventStore) {}

  async execute({ accountId, edit }: EditTradeLedger): Promise<LedgerWriteResult> {
    const { position } = await runDecider(
      this.eventStore,
      tradeLedgerStream(accountId),
      {
        initialState: initialTradeLedgerEditsState,
        evolve: evolveTradeLedgerEdits,
        decide: (state, command: TradeLedgerEdit) => decideTradeLedgerEdit(state, command, accountId),
      },
      edit,
      { actor: `account:${accountId}` },
    );
    return { position };
  }
}
