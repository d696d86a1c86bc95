import { z } from 'zod';
import { esiWalletJournalEntrySchema, type EsiWalletJournalEntry } from '../esi/esi-wallet.dto';
import { defineEvent } from '../events/event-catalogue';
import { streamName } from '../events/streams';
import { iskToCents } from '../ledger/money';

/** The scope the product's service character grants: the corporation's wallet journal. */
export const CORPORATION_WALLET_SCOPE = 'esi-wallet.read_corporation_wallets.v1';

/** The corporation journal rows that are a character paying the product (esi.md §4). */
export const DEPOSIT_REF_TYPES = ['player_donation', 'corporation_account_withdrawal'] as const;

/**
 * A corporation journal row that pays the product: a deposit type, at least a cent into the wallet, from a first
 * party (the paying character). The sync publishes these and accounts records them: one rule for both.
 */
export function isDepositEntry(
  entry: EsiWalletJournalEntry,
): entry is EsiWalletJournalEntry & { readonly first_party_id: number; readonly amount: number } {
  return (
    (DEPOSIT_REF_TYPES as readonly string[]).includes(entry.ref_type) &&
    entry.first_party_id !== undefined &&
    entry.amount !== undefined &&
    iskToCents(entry.amount) > 0
  );
}

/** A corporation has seven wallet divisions; deposits may arrive in any of them. */
export const CORPORATION_WALLET_DIVISIONS = [1, 2, 3, 4, 5, 6, 7] as const;

/**
 * The deposits one character sent to the product's corporation: `deposits-<characterId>`. A deposit lives here
 * from the moment the sync reads it until it is settled on an account, whether or not an account owns the
 * character yet, so none is lost and none is credited twice (docs/billing.md, Deposits).
 */
export function depositsStream(characterId: number): string {
  return streamName('deposits', characterId);
}

const journalRefId = z.number().int().positive();
const characterId = z.number().int().positive();

/** A corporation journal row paying the product, read from ESI; not yet credited to anyone. */
export const depositReceived = defineEvent({
  type: 'DepositReceived',
  schemaVersion: 1,
  schema: z.object({
    journalRefId,
    characterId,
    corporationId: z.number().int().positive(),
    division: z.number().int().min(1).max(7),
    amountCents: z.number().int().positive(),
    depositedAt: z.string().datetime(),
    refType: z.string(),
  }),
});

/** The account the deposit goes to, chosen once: a retried credit goes there even if the character moved since. */
export const depositAssigned = defineEvent({
  type: 'DepositAssigned',
  schemaVersion: 1,
  schema: z.object({ journalRefId, accountId: z.string().uuid() }),
});

/** The assigned account recorded `DepositCredited` for it: nothing is left to do. */
export const depositSettled = defineEvent({
  type: 'DepositSettled',
  schemaVersion: 1,
  schema: z.object({ journalRefId, accountId: z.string().uuid() }),
});

export const depositEventDefinitions = [depositReceived, depositAssigned, depositSettled] as const;

export type DepositReceived = z.infer<typeof depositReceived.schema>;
export type DepositAssigned = z.infer<typeof depositAssigned.schema>;
export type DepositSettled = z.infer<typeof depositSettled.schema>;

export type DepositEvent =
  | { type: 'DepositReceived'; data: DepositReceived }
  | { type: 'DepositAssigned'; data: DepositAssigned }
  | { type: 'DepositSettled'; data: DepositSettled };

/**
 * Read model `unsettled-deposits` (`_id` is the journal ref id): deposits received and not yet settled, the ones
 * a character who is added to an account later is credited with.
 */
export interface UnsettledDepositDocument {
  readonly _id: string;
  readonly _position?: number;
  readonly characterId: number;
  readonly amountCents: number;
  readonly depositedAt: string;
  /** Set once assigned; null while no account owned the character. */
  readonly accountId: string | null;
}

export const UNSETTLED_DEPOSITS_READ_MODEL = 'unsettled-deposits';

/**
 * Bus message `esi.corporation-deposits.v1`, keyed by the sending character id: deposits into the product's
 * corporation as ESI's corporation journal listed them, oldest first, newer than what the sync published before.
 */
export const corporationDepositsImportedSchema = z.object({
  corporationId: z.number().int().positive(),
  division: z.number().int().min(1).max(7),
  /** The first party of every entry: the character who paid. */
  characterId,
  fetchedAt: z.string().datetime(),
  entries: z.array(esiWalletJournalEntrySchema).min(1).max(1000),
});
export type CorporationDepositsImported = z.infer<typeof corporationDepositsImportedSchema>;
export const CORPORATION_DEPOSITS_TOPIC = 'esi.corporation-deposits.v1';
