import { Inject, Injectable } from '@nestjs/common';
import { industryStructuresStream, type IndustryStructureEvent } from '@tradewise/contracts';
import {
  EVENT_STORE,
  loadDeciderState,
  runDecider,
  type Decider,
  type EventStore,
} from '@tradewise/platform';
import {
  decideStructureSettings,
  evolveStructureSettings,
  initialStructureSettings,
  type StructureSettingsCommand,
  type StructureSettingsState,
} from './structure-settings.decider';

export interface StructureCommandOutcome {
  readonly events: readonly IndustryStructureEvent[];
  /** Global position of the last appended event; null when the command changed nothing. */
  readonly position: number | null;
  readonly state: StructureSettingsState;
}

const structureSettingsDecider: Decider<
  StructureSettingsState,
  StructureSettingsCommand,
  IndustryStructureEvent
> = {
  initialState: initialStructureSettings,
  evolve: evolveStructureSettings,
  decide: decideStructureSettings,
};

/**
 * Loads an account's structure stream, decides and appends with the expected revision (retrying a race). The
 * stream is small (a few events per structure), so reads fold it directly: the answer always shows the write.
 */
@Injectable()
export class StructureSettingsCommands {
  constructor(@Inject(EVENT_STORE) private readonly eventStore: EventStore) {}

  load(accountId: string): Promise<{ state: StructureSettingsState; revision: number | null }> {
    return loadDeciderState(this.eventStore, industryStructuresStream(accountId), structureSettingsDecider);
  }

  async execute(accountId: string, command: StructureSettingsCommand): Promise<StructureCommandOutcome> {
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
