import { Inject, Injectable } from '@nestjs/common';
import { tradeLedgerStream } from '@tradewise/contracts';
import { EVENT_STORE, runDecider, type EventStore } from '@tradewise/platform';
import {
  decideTradeLedgerEdit,
  evolveTradeLedgerEdits,
  initialTradeLedgerEditsState,
  type TradeLedgerEdit,
} from './trade-ledger-edits.decider';

/** Appends an account's ledger edits to its `tradeledger` stream, deciding on the stream's current state. */
@Injectable()
export class TradeLedgerCommands {
  constructor(@Inject(EVENT_STORE) private readonly eventStore: EventStore) {}

  /** The position of the last appended event (reads can wait for it); null when the edit changed nothing. */
  async execute(accountId: string, edit: TradeLedgerEdit): Promise<{ position: number | null }> {
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
