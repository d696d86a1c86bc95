import { z } from 'zod';
import { esiWalletJournalEntrySchema, esiWalletTransactionSchema } from '../esi/esi-wallet.dto';

/** Records per bus message: keeps a message well under Kafka's default 1 MB limit. */
export const WALLET_RECORDS_PER_MESSAGE = 1000;

const importedBatch = {
  accountId: z.string().uuid(),
  characterId: z.number().int().positive(),
  /** When the sync read the records from ESI (UTC ISO). */
  fetchedAt: z.string().datetime(),
};

/**
 * Bus message `esi.wallet-transactions.v1`, keyed by character id: a character's wallet transactions as ESI sent
 * them, oldest first, newer than what the sync published before.
 */
export const walletTransactionsImportedSchema = z.object({
  ...importedBatch,
  transactions: z.array(esiWalletTransactionSchema).max(WALLET_RECORDS_PER_MESSAGE),
});
export type WalletTransactionsImported = z.infer<typeof walletTransactionsImportedSchema>;
export const WALLET_TRANSACTIONS_TOPIC = 'esi.wallet-transactions.v1';

/** Bus message `esi.wallet-journal.v1`, keyed by character id: journal rows as ESI sent them, oldest first. */
export const walletJournalImportedSchema = z.object({
  ...importedBatch,
  entries: z.array(esiWalletJournalEntrySchema).max(WALLET_RECORDS_PER_MESSAGE),
});
export type WalletJournalImported = z.infer<typeof walletJournalImportedSchema>;
export const WALLET_JOURNAL_TOPIC = 'esi.wallet-journal.v1';
