import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { depositsStream } from '@tradewise/contracts';
import { EVENT_STORE, runDecider, type EventStore } from '@tradewise/platform';
import {
  characterDepositsDecider,
  type CharacterDepositsCommand,
  type CharacterDepositsState,
} from './character-deposits.decider';

export interface CharacterDepositsOutcome {
  readonly position: number | null;
  readonly state: CharacterDepositsState;
}

/** A change to the deposits one character sent to the product's corporation (`deposits-<characterId>`). */
export class ChangeCharacterDeposits extends Command<CharacterDepositsOutcome> {
  constructor(
    readonly characterId: number,
    readonly command: CharacterDepositsCommand,
  ) {
    super();
  }
}

@CommandHandler(ChangeCharacterDeposits)
export class ChangeCharacterDepositsHandler implements ICommandHandler<ChangeCharacterDeposits> {
  constructor(@Inject(EVENT_STORE) private readonly eventStore: EventStore) {}

  async execute({ characterId, command }: ChangeCharacterDeposits): Promise<CharacterDepositsOutcome> {
    const { position, state } = await runDecider(
      this.eventStore,
      depositsStream(characterId),
      characterDepositsDecider,
      command,
      { actor: 'system:deposits' },
    );
    return { position, state };
  }
}
