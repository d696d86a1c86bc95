import { randomUUID } from 'node:crypto';
import {
  WALLET_JOURNAL_TOPIC,
  WALLET_RECORDS_PER_MESSAGE,
  WALLET_TRANSACTIONS_TOPIC,
  type WalletJournalImported,
  type WalletTransactionsImported,
} from '@tradewise/contracts';
import type { Clock, EsiClient, MessageBus, ReadStore } from '@tradewise/platform';
import { chunks, newerThan } from './wallet-records';

export const WALLET_SYNC_STATE_COLLECTION = 'sync_wallet_state';

interface WalletSyncState {
  /** The character id. */
  readonly _id: string;
  readonly lastTransactionId: number | null;
  readonly lastJournalId: number | null;
  readonly syncedAt: string;
}

export interface WalletSyncResult {
  readonly transactions: number;
  readonly journalEntries: number;
}

/**
 * One character's wallet: transactions (walking `from_id` back to the last one published) and the journal, read in
 * full before anything is published, then published in order, keyed by character, and only then remembered. A sync
 * that fails anywhere remembers nothing, so the next one publishes the same records again; the ledger records each
 * once.
 */
export class CharacterWalletSync {
  constructor(
    private readonly esi: EsiClient,
    private readonly bus: MessageBus,
    private readonly readStore: ReadStore,
    private readonly clock: Clock,
  ) {}

  private get states() {
    return this.readStore.collection<WalletSyncState>(WALLET_SYNC_STATE_COLLECTION);
  }

  async sync(accountId: string, characterId: number): Promise<WalletSyncResult> {
    const state = await this.states.findOne({ _id: String(characterId) });
    const lastTransactionId = state?.lastTransactionId ?? null;
    const lastJournalId = state?.lastJournalId ?? null;
    const [transactions, journal] = await Promise.all([
      this.esi.getWalletTransactions(
        characterId,
        lastTransactionId === null ? {} : { newerThanId: lastTransactionId },
      ),
      this.esi.getWalletJournal(characterId),
    ]);
    const newTransactions = newerThan(transactions.data, (t) => t.transaction_id, lastTransactionId);
    const newEntries = newerThan(journal.data, (e) => e.id, lastJournalId);
    const fetchedAt = this.clock.now().toISOString();
    const key = String(characterId);
    const headers = { 'x-correlation-id': randomUUID() };

    for (const batch of chunks(newTransactions, WALLET_RECORDS_PER_MESSAGE)) {
      const value: WalletTransactionsImported = { accountId, characterId, fetchedAt, transactions: batch };
      await this.bus.publish(WALLET_TRANSACTIONS_TOPIC, [{ key, value, headers }]);
    }
    for (const batch of chunks(newEntries, WALLET_RECORDS_PER_MESSAGE)) {
      const value: WalletJournalImported = { accountId, characterId, fetchedAt, entries: batch };
      await this.bus.publish(WALLET_JOURNAL_TOPIC, [{ key, value, headers }]);
    }
    await this.states.replaceOne(
      { _id: key },
      {
        _id: key,
        lastTransactionId: newTransactions.at(-1)?.transaction_id ?? lastTransactionId,
        lastJournalId: newEntries.at(-1)?.id ?? lastJournalId,
        syncedAt: fetchedAt,
      },
      { upsert: true },
    );
    return { transactions: newTransactions.length, journalEntries: newEntries.length };
  }
}
