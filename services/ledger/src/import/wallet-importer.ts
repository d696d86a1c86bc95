import {
  walletJournalStream,
  walletTransactionsStream,
  type WalletJournalImported,
  type WalletTransactionsImported,
} from '@tradewise/contracts';
import {
  runDecider,
  runWithCorrelation,
  uuidV5,
  type DecidedEvent,
  type Decider,
  type DeciderOutcome,
  type EventStore,
} from '@tradewise/platform';
import {
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

/** The ids in a stream only grow, so its last event is the whole state the decision needs: only that is read. */
function walletImportDecider<Batch>(
  kind: 'transaction' | 'journal',
  lastRecordedId: (event: DecidedEvent) => number,
  decide: (watermark: ImportWatermark, batch: Batch) => RecordedWalletEvent[],
): Decider<ImportWatermark, Batch, DecidedEvent> {
  return {
    initialState: { lastRecordedId: null },
    evolve: (_watermark, event) => ({ lastRecordedId: lastRecordedId(event) }),
    decide: (watermark, batch) =>
      decide(watermark, batch).map((event) => ({ ...event, id: uuidV5(`esi:${kind}:${event.id}`) })),
    reads: 'last-event',
  };
}

const transactionImport = walletImportDecider<WalletTransactionsImported>(
  'transaction',
  (event) => (event.data as { transactionId: number }).transactionId,
  (watermark, batch) => decideTransactionImport(watermark, batch, batch.transactions),
);

const journalImport = walletImportDecider<WalletJournalImported>(
  'journal',
  (event) => (event.data as { entryId: number }).entryId,
  (watermark, batch) => decideJournalImport(watermark, batch, batch.entries),
);

/**
 * Records imported wallet batches as events: loads the stream's watermark (its last event), decides, appends with
 * the expected revision. Event ids derive from ESI ids, so even an append repeated after a crash between append and
 * acknowledgement stores nothing twice.
 */
export class WalletImporter {
  constructor(private readonly eventStore: EventStore) {}

  importTransactions(batch: WalletTransactionsImported, correlationId?: string): Promise<ImportOutcome> {
    return this.record(walletTransactionsStream(batch.characterId), transactionImport, batch, correlationId);
  }

  importJournal(batch: WalletJournalImported, correlationId?: string): Promise<ImportOutcome> {
    return this.record(walletJournalStream(batch.characterId), journalImport, batch, correlationId);
  }

  private async record<Batch>(
    stream: string,
    decider: Decider<ImportWatermark, Batch, DecidedEvent>,
    batch: Batch,
    correlationId: string | undefined,
  ): Promise<ImportOutcome> {
    const run = (): Promise<DeciderOutcome<ImportWatermark, DecidedEvent>> =>
      runDecider(this.eventStore, stream, decider, batch, { actor: 'system:sync' });
    const { events, position } = await (correlationId ? runWithCorrelation(correlationId, run) : run());
    return { recorded: events.length, position };
  }
}
