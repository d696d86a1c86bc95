import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { contractsStream, type ContractsImported } from '@tradewise/contracts';
import { DeciderStates, EVENT_STORE, runDecider, type Decider, type EventStore } from '@tradewise/platform';
import {
  NO_CONTRACTS,
  decideContracts,
  evolveContracts,
  type ContractsState,
  type RecordedContractEvent,
} from './contract-import.decider';
import type { ImportOutcome } from './record-wallet-records.handler';
import { SYNCED_STREAM_STATES_KEPT, withIds, type Stored } from './sourced-events';

/** A character's contracts, new or in another status, as the sync read them from ESI. */
export class RecordContracts extends Command<ImportOutcome> {
  constructor(readonly batch: ContractsImported) {
    super();
  }
}

const contracts: Decider<ContractsState, ContractsImported, Stored<RecordedContractEvent>> = {
  initialState: NO_CONTRACTS,
  evolve: evolveContracts,
  decide: (state, batch) => withIds(decideContracts(state, batch)),
};

@CommandHandler(RecordContracts)
export class RecordContractsHandler implements ICommandHandler<RecordContracts> {
  private readonly states = new DeciderStates<ContractsState>(SYNCED_STREAM_STATES_KEPT);

  constructor(@Inject(EVENT_STORE) private readonly eventStore: EventStore) {}

  async execute({ batch }: RecordContracts): Promise<ImportOutcome> {
    const { events, position } = await runDecider(
      this.eventStore,
      contractsStream(batch.characterId),
      contracts,
      batch,
      { actor: 'system:sync', states: this.states },
    );
    return { recorded: events.length, position };
  }
}
