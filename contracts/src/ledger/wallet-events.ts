import { z } from 'zod';
import {
  esiCorporationWalletTransactionSchema,
  esiWalletJournalEntrySchema,
  esiWalletTransactionSchema,
} from '../esi/esi-wallet.dto';
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

/**
 * One division of a corporation's wallet as one account imports it:
 * `corporationwallettransactions-<corporationId>.<division>.<accountId>`. Each account that tracks the corporation
 * keeps its own copy, because each account's ledger folds only its own events (partitioned by account).
 */
export function corporationWalletTransactionsStream(
  accountId: string,
  corporationId: number,
  division: number,
): string {
  return streamName('corporationwallettransactions', `${corporationId}.${division}.${accountId}`);
}

/** The journal of one division of a corporation as one account imports it (see the transactions' stream). */
export function corporationWalletJournalStream(
  accountId: string,
  corporationId: number,
  division: number,
): string {
  return streamName('corporationwalletjournal', `${corporationId}.${division}.${accountId}`);
}

const cents = z.number().int();

/** What the ledger computes with of a transaction, the character's or a corporation division's. */
const transactionFields = {
  transactionId: z.number().int(),
  date: z.string(),
  typeId: z.number().int(),
  quantity: z.number().int(),
  unitPriceCents: cents,
  isBuy: z.boolean(),
};

/** A journal row's amounts in cents, the character's or a corporation division's. */
const journalFields = {
  entryId: z.number().int(),
  date: z.string(),
  refType: z.string(),
  amountCents: cents.nullable(),
  balanceCents: cents.nullable(),
  taxCents: cents.nullable(),
  esi: esiWalletJournalEntrySchema,
};

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
    ...transactionFields,
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
    ...journalFields,
  }),
});

const corporationWallet = {
  accountId: z.string().uuid(),
  corporationId: z.number().int().positive(),
  division: z.number().int().min(1).max(7),
};

/**
 * A transaction of a corporation's wallet division imported from ESI. ESI does not say which member made it; the
 * ledger counts it as the corporation's (its owner).
 */
export const corporationWalletTransactionRecorded = defineEvent({
  type: 'CorporationWalletTransactionRecorded',
  schemaVersion: 1,
  schema: z.object({
    ...corporationWallet,
    ...transactionFields,
    esi: esiCorporationWalletTransactionSchema,
  }),
});

/** A journal row of a corporation's wallet division, amounts in cents; `esi` keeps the row as ESI sent it. */
export const corporationJournalEntryRecorded = defineEvent({
  type: 'CorporationJournalEntryRecorded',
  schemaVersion: 1,
  schema: z.object({
    ...corporationWallet,
    ...journalFields,
  }),
});

export const walletEventDefinitions = [
  walletTransactionRecorded,
  journalEntryRecorded,
  corporationWalletTransactionRecorded,
  corporationJournalEntryRecorded,
] as const;

export type WalletTransactionRecorded = z.infer<typeof walletTransactionRecorded.schema>;
export type JournalEntryRecorded = z.infer<typeof journalEntryRecorded.schema>;
export type CorporationWalletTransactionRecorded = z.infer<
  typeof corporationWalletTransactionRecorded.schema
>;
export type CorporationJournalEntryRecorded = z.infer<typeof corporationJournalEntryRecorded.schema>;
