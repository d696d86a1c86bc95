import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { accountStream, type AccountEvent } from '@tradewise/contracts';
import {
  EVENT_STORE,
  WrongExpectedVersionError,
  currentCorrelationId,
  type EventStore,
} from '@tradewise/platform';
import {
  decideAccount,
  evolveAccount,
  initialAccountState,
  type AccountCommand,
  type AccountState,
} from './account.decider';

/** Who asked for a change: stored as the events' `actor` (`account:<id>`, `character:<id>`, `system:<part>`). */
export type Actor = `account:${string}` | `character:${number}` | `system:${string}`;

export interface CommandOutcome {
  readonly events: readonly AccountEvent[];
  /** Global position of the last appended event; null when the command changed nothing. */
  readonly position: number | null;
  readonly state: AccountState;
}

const MAX_ATTEMPTS = 5;

/** Loads an account from its stream, decides, and appends with the expected revision (retrying on a race). */
@Injectable()
export class AccountCommands {
  constructor(@Inject(EVENT_STORE) private readonly eventStore: EventStore) {}

  async load(accountId: string): Promise<{ state: AccountState; revision: number | null }> {
    const events = await this.eventStore.readStream(accountStream(accountId));
    const state = events.reduce(
      (current, event) => evolveAccount(current, { type: event.type, data: event.data } as AccountEvent),
      initialAccountState,
    );
    return { state, revision: events.length === 0 ? null : events[events.length - 1]!.revision };
  }

  async execute(accountId: string, command: AccountCommand, actor: Actor): Promise<CommandOutcome> {
    for (let attempt = 1; ; attempt++) {
      const { state, revision } = await this.load(accountId);
      const events = decideAccount(state, command);
      if (events.length === 0) return { events, position: null, state };
      const correlationId = currentCorrelationId() ?? randomUUID();
      try {
        const { position } = await this.eventStore.append(
          accountStream(accountId),
          events.map((event) => ({
            id: randomUUID(),
            type: event.type,
            data: event.data,
            metadata: { $correlationId: correlationId, $causationId: correlationId, actor },
          })),
          { expectedRevision: revision ?? 'no_stream' },
        );
        return { events, position, state: events.reduce(evolveAccount, state) };
      } catch (error) {
        if (!(error instanceof WrongExpectedVersionError) || attempt >= MAX_ATTEMPTS) throw error;
      }
    }
  }
}
