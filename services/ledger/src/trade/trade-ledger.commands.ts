import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { tradeLedgerStream, type TradeLedgerEvent } from '@tradewise/contracts';
import {
  EVENT_STORE,
  WrongExpectedVersionError,
  currentCorrelationId,
  type EventStore,
} from '@tradewise/platform';
import {
  decideTradeLedgerEdit,
  evolveTradeLedgerEdits,
  initialTradeLedgerEditsState,
  type TradeLedgerEdit,
} from './trade-ledger-edits.decider';

const MAX_ATTEMPTS = 5;

/** Appends an account's ledger edits to its `tradeledger` stream, deciding on the stream's current state. */
@Injectable()
export class TradeLedgerCommands {
  constructor(@Inject(EVENT_STORE) private readonly eventStore: EventStore) {}

  /** The position of the last appended event (reads can wait for it); null when the edit changed nothing. */
  async execute(accountId: string, edit: TradeLedgerEdit): Promise<{ position: number | null }> {
    const stream = tradeLedgerStream(accountId);
    for (let attempt = 1; ; attempt++) {
      const recorded = await this.eventStore.readStream(stream);
      const state = recorded.reduce(
        (current, event) =>
          evolveTradeLedgerEdits(current, { type: event.type, data: event.data } as TradeLedgerEvent),
        initialTradeLedgerEditsState,
      );
      const events = decideTradeLedgerEdit(state, edit, accountId);
      if (events.length === 0) return { position: null };
      const correlationId = currentCorrelationId() ?? randomUUID();
      try {
        const { position } = await this.eventStore.append(
          stream,
          events.map((event) => ({
            id: randomUUID(),
            type: event.type,
            data: event.data,
            metadata: {
              $correlationId: correlationId,
              $causationId: correlationId,
              actor: `account:${accountId}`,
            },
          })),
          { expectedRevision: recorded.length === 0 ? 'no_stream' : recorded[recorded.length - 1]!.revision },
        );
        return { position };
      } catch (error) {
        if (!(error instanceof WrongExpectedVersionError) || attempt >= MAX_ATTEMPTS) throw error;
      }
    }
  }
}
