import { Inject, Injectable } from '@nestjs/common';
import { accountStream, type AccountEvent } from '@tradewise/contracts';
import {
  EVENT_STORE,
  loadDeciderState,
  runDecider,
  type Decider,
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

const accountDecider: Decider<AccountState, AccountCommand, AccountEvent> = {
  initialState: initialAccountState,
  evolve: evolveAccount,
  decide: decideAccount,
};

/** Loads an account from its stream, decides, and appends with the expected revision (retrying on a race). */
@Injectable()
export class AccountCommands {
  constructor(@Inject(EVENT_STORE) private readonly eventStore: EventStore) {}

  load(accountId: string): Promise<{ state: AccountState; revision: number | null }> {
    return loadDeciderState(this.eventStore, accountStream(accountId), accountDecider);
  }

  async execute(accountId: string, command: AccountCommand, actor: Actor): Promise<CommandOutcome> {
    const { events, position, state } = await runDecider(
      this.eventStore,
      accountStream(accountId),
      accountDecider,
      command,
      { actor },
    );
    return { events, position, state };
  }
}
