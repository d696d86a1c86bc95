import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  corporationWalletJournalStream,
  corporationWalletTransactionsStream,
  walletJournalStream,
  walletTransactionsStream,
  type CorporationWalletJournalImported,
  type CorporationWalletTransactionsImported,
  type WalletJournalImported,
  type WalletTransactionsImported,
} from '@tradewise/contracts';
import {
  EVENT_STORE,
  runDecider,
  uuidV5,
  type DecidedEvent,
  type Decider,
  type EventStore,
} from '@tradewise/platform';
import {
  decideCorporationJournalImport,
  decideCorporationTransactionImport,
  decideJournalImport,
  decideTransactionImport,
  type ImportWatermark,
  type RecordedWalletEvent,
} from './wallet-import.decider';

export interface ImportOutcome {
  /** Events appended; 0 when everything had been recorded before. */
  readonly recorded: number;
  /** Global position of the last appended event, null when none was. */
  readonly position: number | null;
}

/** A batch of a character's wallet transactions as the sync read them from ESI. */
export class RecordWalletTransactions extends Command<ImportOutcome> {
  constructor(readonly batch: WalletTransactionsImported) {
    super();
  }
}

/** A batch of a character's journal rows as the sync read them from ESI. */
export class RecordWalletJournal extends Command<ImportOutcome> {
  constructor(readonly batch: WalletJournalImported) {
    super();
  }
}

/** A batch of one division of a corporation's wallet transactions, for one account. */
export class RecordCorporationWalletTransactions extends Command<ImportOutcome> {
  constructor(readonly batch: CorporationWalletTransactionsImported) {
    super();
  }
}

/** A batch of one division of a corporation's journal, for one account. */
export class RecordCorporationWalletJournal extends Command<ImportOutcome> {
  constructor(readonly batch: CorporationWalletJournalImported) {
    super();
  }
}

/**
 * The ids in a stream only grow, so its last event is the whole state the decision needs: only that is read. Event
 * ids derive from ESI's, so even an append repeated after a crash between append and acknowledgement stores nothing
 * twice.
 */
function walletImportDecider<Batch>(
  idPrefix: (batch: Batch) => string,
  lastRecordedId: (event: DecidedEvent) => number,
  decide: (watermark: ImportWatermark, batch: Batch) => RecordedWalletEvent[],
): Decider<ImportWatermark, Batch, DecidedEvent> {
  return {
    initialState: { lastRecordedId: null },
    evolve: (_watermark, event) => ({ lastRecordedId: lastRecordedId(event) }),
    decide: (watermark, batch) =>
      decide(watermark, batch).map((event) => ({ ...event, id: uuidV5(`${idPrefix(batch)}:${event.id}`) })),
    reads: 'last-event',
  };
}

const transactionImport = walletImportDecider<WalletTransactionsImported>(
  () => 'esi:transaction',
  (event) => (event.data as { transactionId: number }).transactionId,
  (watermark, batch) => decideTransactionImport(watermark, batch, batch.transactions),
);

const journalImport = walletImportDecider<WalletJournalImported>(
  () => 'esi:journal',
  (event) => (event.data as { entryId: number }).entryId,
  (watermark, batch) => decideJournalImport(watermark, batch, batch.entries),
);

// Each account keeps its own copy of a corporation's rows, so the event id names the account too.
const corporationTransactionImport = walletImportDecider<CorporationWalletTransactionsImported>(
  (batch) => `esi:corporation-transaction:${batch.accountId}`,
  (event) => (event.data as { transactionId: number }).transactionId,
  (watermark, batch) => decideCorporationTransactionImport(watermark, batch, batch.transactions),
);

const corporationJournalImport = walletImportDecider<CorporationWalletJournalImported>(
  (batch) => `esi:corporation-journal:${batch.accountId}`,
  (event) => (event.data as { entryId: number }).entryId,
  (watermark, batch) => decideCorporationJournalImport(watermark, batch, batch.entries),
);

async function record<Batch>(
  eventStore: EventStore,
  stream: string,
  decider: Decider<ImportWatermark, Batch, DecidedEvent>,
  batch: Batch,
): Promise<ImportOutcome> {
  const { events, position } = await runDecider(eventStore, stream, decider, batch, { actor: 'system:sync' });
  return { recorded: events.length, position };
}

@CommandHandler(RecordWalletTransactions)
export class RecordWalletTransactionsHandler implements ICommandHandler<RecordWalletTransactions> {
  constructor(@Inject(EVENT_STORE) private readonly eventStore: EventStore) {}

  execute({ batch }: RecordWalletTransactions): Promise<ImportOutcome> {
    return record(this.eventStore, walletTransactionsStream(batch.characterId), transactionImport, batch);
  }
}

@CommandHandler(RecordWalletJournal)
export class RecordWalletJournalHandler implements ICommandHandler<RecordWalletJournal> {
  constructor(@Inject(EVENT_STORE) private readonly eventStore: EventStore) {}

  execute({ batch }: RecordWalletJournal): Promise<ImportOutcome> {
    return record(this.eventStore, walletJournalStream(batch.characterId), journalImport, batch);
  }
}

@CommandHandler(RecordCorporationWalletTransactions)
export class RecordCorporationWalletTransactionsHandler implements ICommandHandler<RecordCorporationWalletTransactions> {
  constructor(@Inject(EVENT_STORE) private readonly eventStore: EventStore) {}

  execute({ batch }: RecordCorporationWalletTransactions): Promise<ImportOutcome> {
    const stream = corporationWalletTransactionsStream(batch.accountId, batch.corporationId, batch.division);
    return record(this.eventStore, stream, corporationTransactionImport, batch);
  }
}

@CommandHandler(RecordCorporationWalletJournal)
export class RecordCorporationWalletJournalHandler implements ICommandHandler<RecordCorporationWalletJournal> {
  constructor(@Inject(EVENT_STORE) private readonly eventStore: EventStore) {}

  execute({ batch }: RecordCorporationWalletJournal): Promise<ImportOutcome> {
    const stream = corporationWalletJournalStream(batch.accountId, batch.corporationId, batch.division);
    return record(this.eventStore, stream, corporationJournalImport, batch);
  }
}
