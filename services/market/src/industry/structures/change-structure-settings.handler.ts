import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { industryStructuresStream, type IndustryStructureEvent } from '@tradewise/contracts';
import { EVENT_STORE, runDecider, type EventStore } from '@tradewise/platform';
import {
  structureSettingsDecider,
  type StructureSettingsCommand,
  type StructureSettingsState,
} from './structure-settings.decider';

export interface StructureSettingsOutcome {
  readonly events: readonly IndustryStructureEvent[];
  /** Global position of the last appended event; null when the command changed nothing. */
  readonly position: number | null;
  /** The settings after the command: the answer shows the saved or changed structure. */
  readonly state: StructureSettingsState;
}

/** An account owner's change of their saved structures (the command's `type` names it: SaveStructure, ...). */
export class ChangeStructureSettings extends Command<StructureSettingsOutcome> {
  constructor(
    readonly accountId: string,
    readonly command: StructureSettingsCommand,
  ) {
    super();
  }
}

@CommandHandler(ChangeStructureSettings)
export class ChangeStructureSettingsHandler implements ICommandHandler<ChangeStructureSettings> {
  constructor(@Inject(EVENT_STORE) private readonly eventStore: EventStore) {}

  async execute({ accountId, command }: ChangeStructureSettings): Promise<StructureSettingsOutcome> {
    const { events, position, state } = await runDecider(
      this.eventStore,
      industryStructuresStream(accountId),
      structureSettingsDecider,
      command,
      { actor: `account:${accountId}` },
    );
    return { events, position, state };
  }
}
