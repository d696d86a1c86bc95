import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { contractsStream, type ContractsImported } from '@tradewise/contracts';
import { EVENT_STORE, runDecider, uuidV5, type Decider, type EventStore } from '@tradewise/platform';
import {
  NO_CONTRACTS,
  decideContracts,
  evolveContracts,
  type ContractsState,
  type RecordedContractEvent,
} from './contract-import.decider';
import type { ImportOutcome } from './record-wallet-records.handler';

/** A character's contracts, new or in another status, as the sync read them from ESI. */
export class RecordContracts extends Command<ImportOutcome> {
  constructor(readonly batch: ContractsImported) {
    super();
  }
}

type Stored<Event> = Event extends { readonly source: string }
  ? Omit<Event, 'source'> & { readonly id: string }
  : never;
type StoredContractEvent = Stored<RecordedContractEvent>;

/** Event ids derive from the source key, so an append repeated after a crash stores nothing twice. */
const contracts: Decider<ContractsState, ContractsImported, StoredContractEvent> = {
  initialState: NO_CONTRACTS,
  evolve: evolveContracts,
  decide: (state, batch) =>
    decideContracts(state, batch).map(
      ({ source, ...event }) => ({ ...event, id: uuidV5(source) }) as StoredContractEvent,
    ),
};

@CommandHandler(RecordContracts)
export class RecordContractsHandler implements ICommandHandler<RecordContracts> {
  constructor(@Inject(EVENT_STORE) private readonly eventStore: EventStore) {}

  async execute({ batch }: RecordContracts): Promise<ImportOutcome> {
    const { events, position } = await runDecider(
      this.eventStore,
      contractsStream(batch.characterId),
      contracts,
      batch,
      { actor: 'system:sync' },
    );
    return { recorded: events.length, position };
  }
}
