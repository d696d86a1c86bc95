import { z } from 'zod';
import { esiWalletJournalEntrySchema, esiWalletTransactionSchema } from '../esi/esi-wallet.dto';
import { defineEvent } from '../events/event-catalogue';
import { streamName } from '../events/streams';

/** A character's wallet transactions: `wallettransactions-<characterId>`, in ascending transaction id. */
export function walletTransactionsStream(characterId: number): string {
  return streamName('wallettransactions', characterId);
}

/** A character's journal: `walletjournal-<characterId>`, in ascending entry id. */
export function walletJournalStream(characterId: number): string {
  return streamName('walletjournal', characterId);
}

const cents = z.number().int();

/**
 * A wallet transaction imported from ESI. `esi` keeps the record exactly as ESI sent it; the other fields are
 * what the ledger computes with (ISK as integer cents).
 */
export const walletTransactionRecorded = defineEvent({
  type: 'WalletTransactionRecorded',
  schemaVersion: 1,
  schema: z.object({
    accountId: z.string().uuid(),
    characterId: z.number().int().positive(),
    transactionId: z.number().int(),
    date: z.string(),
    typeId: z.number().int(),
    quantity: z.number().int(),
    unitPriceCents: cents,
    isBuy: z.boolean(),
    isPersonal: z.boolean(),
    esi: esiWalletTransactionSchema,
  }),
});

/** A journal row imported from ESI, with its amounts in cents; `esi` keeps the row as ESI sent it. */
export const journalEntryRecorded = defineEvent({
  type: 'JournalEntryRecorded',
  schemaVersion: 1,
  schema: z.object({
    accountId: z.string().uuid(),
    characterId: z.number().int().positive(),
    entryId: z.number().int(),
    date: z.string(),
    refType: z.string(),
    amountCents: cents.nullable(),
    balanceCents: cents.nullable(),
    taxCents: cents.nullable(),
    esi: esiWalletJournalEntrySchema,
  }),
});

export const walletEventDefinitions = [walletTransactionRecorded, journalEntryRecorded] as const;

export type WalletTransactionRecorded = z.infer<typeof walletTransactionRecorded.schema>;
export type JournalEntryRecorded = z.infer<typeof journalEntryRecorded.schema>;
