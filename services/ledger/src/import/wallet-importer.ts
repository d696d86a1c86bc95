import { randomUUID } from 'node:crypto';
import {
  walletJournalStream,
  walletTransactionsStream,
  type WalletJournalImported,
  type WalletTransactionsImported,
} from '@tradewise/contracts';
import { WrongExpectedVersionError, uuidV5, type EventStore, type RecordedEvent } from '@tradewise/platform';
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

const MAX_ATTEMPTS = 5;

/**
 * Records imported wallet batches as events: loads the stream's watermark (its last event), decides, appends with
 * the expected revision. Event ids derive from ESI ids, so even an append repeated after a crash between append and
 * acknowledgement stores nothing twice.
 */
export class WalletImporter {
  constructor(private readonly eventStore: EventStore) {}

  importTransactions(batch: WalletTransactionsImported, correlationId?: string): Promise<ImportOutcome> {
    return this.record(
      walletTransactionsStream(batch.characterId),
      (event) => (event.data as { transactionId: number }).transactionId,
      (watermark) => decideTransactionImport(watermark, batch, batch.transactions),
      'transaction',
      correlationId,
    );
  }

  importJournal(batch: WalletJournalImported, correlationId?: string): Promise<ImportOutcome> {
    return this.record(
      walletJournalStream(batch.characterId),
      (event) => (event.data as { entryId: number }).entryId,
      (watermark) => decideJournalImport(watermark, batch, batch.entries),
      'journal',
      correlationId,
    );
  }

  private async record(
    stream: string,
    idOf: (event: RecordedEvent) => number,
    decide: (watermark: ImportWatermark) => RecordedWalletEvent[],
    kind: 'transaction' | 'journal',
    correlationId: string = randomUUID(),
  ): Promise<ImportOutcome> {
    for (let attempt = 1; ; attempt++) {
      const [last] = await this.eventStore.readStream(stream, { direction: 'backwards', maxCount: 1 });
      const events = decide({ lastRecordedId: last ? idOf(last) : null });
      if (events.length === 0) return { recorded: 0, position: null };
      try {
        const { position } = await this.eventStore.append(
          stream,
          events.map((event) => ({
            id: uuidV5(`esi:${kind}:${event.id}`),
            type: event.type,
            data: event.data,
            metadata: { $correlationId: correlationId, $causationId: correlationId, actor: 'system:sync' },
          })),
          { expectedRevision: last ? last.revision : 'no_stream' },
        );
        return { recorded: events.length, position };
      } catch (error) {
        if (!(error instanceof WrongExpectedVersionError) || attempt >= MAX_ATTEMPTS) throw error;
      }
    }
  }
}
