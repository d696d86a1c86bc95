import { z } from 'zod';
import {
  esiCorporationWalletTransactionSchema,
  esiWalletJournalEntrySchema,
  esiWalletTransactionSchema,
} from '../esi/esi-wallet.dto';

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

const importedCorporationBatch = {
  accountId: z.string().uuid(),
  corporationId: z.number().int().positive(),
  /** The wallet division, 1 (the master wallet) to 7. */
  division: z.number().int().min(1).max(7),
  /** The account's character whose grant read the records. */
  readByCharacterId: z.number().int().positive(),
  fetchedAt: z.string().datetime(),
};

/**
 * Bus message `esi.corporation-wallet-transactions.v1`, keyed by `<corporationId>:<division>`: one division's
 * transactions as ESI sent them, oldest first, newer than what the sync published before for the account.
 */
export const corporationWalletTransactionsImportedSchema = z.object({
  ...importedCorporationBatch,
  transactions: z.array(esiCorporationWalletTransactionSchema).max(WALLET_RECORDS_PER_MESSAGE),
});
export type CorporationWalletTransactionsImported = z.infer<
  typeof corporationWalletTransactionsImportedSchema
>;
export const CORPORATION_WALLET_TRANSACTIONS_TOPIC = 'esi.corporation-wallet-transactions.v1';

/** Bus message `esi.corporation-wallet-journal.v1`, keyed by `<corporationId>:<division>`, oldest first. */
export const corporationWalletJournalImportedSchema = z.object({
  ...importedCorporationBatch,
  entries: z.array(esiWalletJournalEntrySchema).max(WALLET_RECORDS_PER_MESSAGE),
});
export type CorporationWalletJournalImported = z.infer<typeof corporationWalletJournalImportedSchema>;
export const CORPORATION_WALLET_JOURNAL_TOPIC = 'esi.corporation-wallet-journal.v1';
