import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { accountStream } from '@tradewise/contracts';
import { EVENT_STORE, runDecider, uuidV5, type EventStore } from '@tradewise/platform';
import { accountDecider, decideAccount, type AccountCommand } from './account.decider';

/**
 * Who asked for a change: stored as the events' `actor` (`account:<id>`, `character:<id>`, `system:<part>`, or
 * `staff:<name>` for support staff).
 */
export type Actor = `account:${string}` | `character:${number}` | `system:${string}` | `staff:${string}`;

/** A deposit's event id derives from its corporation journal entry, so the store too keeps it once. */
const accountDeciderWithSourceIds: typeof accountDecider = {
  ...accountDecider,
  decide: (state, command) =>
    decideAccount(state, command).map((event) =>
      event.type === 'DepositCredited'
        ? { ...event, id: uuidV5(`esi:corporation-journal:${event.data.journalRefId}`) }
        : event,
    ),
};

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
      accountDeciderWithSourceIds,
      command,
      { actor },
    );
    return { position };
  }
}
