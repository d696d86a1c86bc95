import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { accountStream } from '@tradewise/contracts';
import { EVENT_STORE, runDecider, type EventStore } from '@tradewise/platform';
import { accountDecider, type AccountCommand } from './account.decider';

/** Who asked for a change: stored as the events' `actor` (`account:<id>`, `character:<id>`, `system:<part>`). */
export type Actor = `account:${string}` | `character:${number}` | `system:${string}`;

export interface AccountCommandOutcome {
  /** Global position of the last appended event (reads can wait for it); null when nothing changed. */
  readonly position: number | null;
}

/** A change to one account (the command's `type` names it: OpenAccount, ChangeAccountSettings, ...). */
export class ChangeAccount extends Command<AccountCommandOutcome> {
  constructor(
    readonly accountId: string,
    readonly command: AccountCommand,
    readonly actor: Actor,
  ) {
    super();
  }
}

@CommandHandler(ChangeAccount)
export class ChangeAccountHandler implements ICommandHandler<ChangeAccount> {
  constructor(@Inject(EVENT_STORE) private readonly eventStore: EventStore) {}

  async execute({ accountId, command, actor }: ChangeAccount): Promise<AccountCommandOutcome> {
    const { position } = await runDecider(
      this.eventStore,
      accountStream(accountId),
      accountDecider,
      command,
      { actor },
    );
    return { position };
  }
}
