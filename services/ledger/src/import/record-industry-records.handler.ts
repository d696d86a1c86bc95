import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  blueprintsStream,
  industryJobsStream,
  type CharacterBlueprintsImported,
  type IndustryJobsImported,
} from '@tradewise/contracts';
import { DeciderStates, EVENT_STORE, runDecider, type Decider, type EventStore } from '@tradewise/platform';
import {
  NO_BLUEPRINTS,
  NO_INDUSTRY_JOBS,
  decideBlueprints,
  decideIndustryJobs,
  evolveBlueprints,
  evolveIndustryJobs,
  type BlueprintsState,
  type IndustryJobsState,
  type RecordedBlueprintEvent,
  type RecordedIndustryEvent,
} from './industry-import.decider';
import type { ImportOutcome } from './record-wallet-records.handler';
import { SYNCED_STREAM_STATES_KEPT, withIds, type Stored } from './sourced-events';

/** Jobs one character installed, as the sync read them from ESI (personal, or a corporation's). */
export class RecordIndustryJobs extends Command<ImportOutcome> {
  constructor(readonly batch: IndustryJobsImported) {
    super();
  }
}

/** How a read of a character's blueprints differs from the one before. */
export class RecordBlueprints extends Command<ImportOutcome> {
  constructor(readonly batch: CharacterBlueprintsImported) {
    super();
  }
}

const industryJobs: Decider<IndustryJobsState, IndustryJobsImported, Stored<RecordedIndustryEvent>> = {
  initialState: NO_INDUSTRY_JOBS,
  evolve: evolveIndustryJobs,
  decide: (state, batch) => withIds(decideIndustryJobs(state, batch)),
};

const blueprints: Decider<BlueprintsState, CharacterBlueprintsImported, Stored<RecordedBlueprintEvent>> = {
  initialState: NO_BLUEPRINTS,
  evolve: evolveBlueprints,
  decide: (state, batch) => withIds(decideBlueprints(state, batch)),
};

@CommandHandler(RecordIndustryJobs)
export class RecordIndustryJobsHandler implements ICommandHandler<RecordIndustryJobs> {
  private readonly states = new DeciderStates<IndustryJobsState>(SYNCED_STREAM_STATES_KEPT);

  constructor(@Inject(EVENT_STORE) private readonly eventStore: EventStore) {}

  async execute({ batch }: RecordIndustryJobs): Promise<ImportOutcome> {
    const { events, position } = await runDecider(
      this.eventStore,
      industryJobsStream(batch.characterId),
      industryJobs,
      batch,
      { actor: 'system:sync', states: this.states },
    );
    return { recorded: events.length, position };
  }
}

@CommandHandler(RecordBlueprints)
export class RecordBlueprintsHandler implements ICommandHandler<RecordBlueprints> {
  private readonly states = new DeciderStates<BlueprintsState>(SYNCED_STREAM_STATES_KEPT);

  constructor(@Inject(EVENT_STORE) private readonly eventStore: EventStore) {}

  async execute({ batch }: RecordBlueprints): Promise<ImportOutcome> {
    const { events, position } = await runDecider(
      this.eventStore,
      blueprintsStream(batch.characterId),
      blueprints,
      batch,
      { actor: 'system:sync', states: this.states },
    );
    return { recorded: events.length, position };
  }
}
