import type { PaidTier } from './account-billing-events';
import type { SubscriptionTier } from './account-events';
import type { AccountTransactionReason } from './account-billing.dto';
import type { SyncLease } from './sync-schedule';

/** Read model `accounts`: one document per account, built from its stream by the accounts projection. */
export interface AccountDocument {
  readonly _id: string;
  readonly _position?: number;
  readonly loginCharacterId: number;
  readonly tier: SubscriptionTier;
  readonly syncEnabled: boolean;
  readonly autoRebill: boolean;
  /** In the order the characters were linked. */
  readonly characters: readonly AccountCharacterDocument[];
  /** The division balances of each corporation whose trade the account tracks, as last read; absent before. */
  readonly corporationWallets?: readonly CorporationWalletsDocument[];
  readonly openedAt: string;
  /** When the last sync completed; null before the first. */
  readonly lastUpdate: string | null;
  /** When the last sync timed out; null when none did. */
  readonly lastSyncTimeout: string | null;
  /** The sync under way (started, not yet ended); null when none is. */
  readonly syncStartedAt: string | null;
  /** Who runs that sync and until when it holds the account; absent or null without one. */
  readonly syncLease?: SyncLease | null;
  /** The sum of the account's transactions, in ISK cents; never below zero. */
  readonly balanceCents: number;
  /** The subscription in force (bought, renewed or the trial); null on FREE. */
  readonly subscription: SubscriptionPeriodDocument | null;
  /** The last subscription bought or the trial, also after it ended; null when the account never had one. */
  readonly lastSubscription: SubscriptionPeriodDocument | null;
  /** Deposits, purchases, credits and debits, oldest first (GET /account/transactions). */
  readonly transactions: readonly AccountTransactionDocument[];
  /** Every subscription bought, renewed or tried, oldest first (GET /account/subscriptions). */
  readonly subscriptions: readonly SubscriptionRecordDocument[];
}

export interface SubscriptionPeriodDocument {
  readonly tier: PaidTier;
  readonly startDate: string;
  readonly endDate: string;
}

/** One row of the account's transactions; `id` is the event's id. */
export interface AccountTransactionDocument {
  readonly id: string;
  readonly date: string;
  readonly reason: AccountTransactionReason;
  /** Signed: deposits and credits add, purchases and withdrawals take off. */
  readonly amountCents: number;
  readonly description: string;
}

/** One subscription period; `id` is the id of the event that began it. */
export interface SubscriptionRecordDocument extends SubscriptionPeriodDocument {
  readonly id: string;
}

export interface CorporationWalletsDocument {
  readonly corporationId: number;
  readonly corporationName: string;
  /** Division 1 is the master wallet. */
  readonly divisions: readonly { readonly division: number; readonly balanceCents: number }[];
  readonly readAt: string;
}

export interface AccountCharacterDocument {
  readonly characterId: number;
  readonly characterName: string;
  readonly scopes: readonly string[];
  readonly roles: readonly string[];
  readonly enableSync: boolean;
  /** Stopped by a drop in tier until the owner starts it again; absent on documents from before. */
  readonly stoppedForTier?: boolean;
  readonly enableCorpIndustrySync: boolean;
  /** Absent on documents from before corporation trade sync. */
  readonly enableCorpTradeSync?: boolean;
  /** Why ESI refused the character's grant; null while it works. */
  readonly esiError: string | null;
  readonly defaultPriceRegion: number | null;
  readonly defaultPriceFactor: number | null;
  readonly reactionBonus: number | null;
  /** When the character's wallet was last read in a completed sync. */
  readonly lastWalletUpdate: string | null;
  /** When a completed sync last read the character's industry jobs; absent before the first. */
  readonly lastIndustryUpdate?: string | null;
  /** When a completed sync last read its corporation's industry jobs; absent before the first. */
  readonly lastCorpIndustryUpdate?: string | null;
  /** The balance the owner last refreshed, in ISK cents; absent or null before the first refresh. */
  readonly walletBalanceCents?: number | null;
  /** When that balance was read. */
  readonly lastWalletBalanceUpdate?: string | null;
  /** Where the character was when the owner's client last read its location; absent before. */
  readonly systemId?: number | null;
  readonly systemName?: string | null;
  /** When the owner last exported the character's transactions; absent or null before the first export. */
  readonly lastTransactionsExport?: string | null;
  /** When the owner last exported the character's journal; absent or null before the first export. */
  readonly lastJournalExport?: string | null;
}

/** Read model `character-accounts`: which account holds each character (`_id` is the character id). */
export interface CharacterAccountDocument {
  readonly _id: string;
  readonly _position?: number;
  readonly accountId: string;
  readonly ownerHash: string;
}

export const ACCOUNTS_READ_MODEL = 'accounts';
export const CHARACTER_ACCOUNTS_READ_MODEL = 'character-accounts';
