import type { SubscriptionTier } from './account-events';
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
  readonly openedAt: string;
  /** When the last sync completed; null before the first. */
  readonly lastUpdate: string | null;
  /** When the last sync timed out; null when none did. */
  readonly lastSyncTimeout: string | null;
  /** The sync under way (started, not yet ended); null when none is. */
  readonly syncStartedAt: string | null;
  /** Who runs that sync and until when it holds the account; absent or null without one. */
  readonly syncLease?: SyncLease | null;
}

export interface AccountCharacterDocument {
  readonly characterId: number;
  readonly characterName: string;
  readonly scopes: readonly string[];
  readonly roles: readonly string[];
  readonly enableSync: boolean;
  readonly enableCorpIndustrySync: boolean;
  /** Why ESI refused the character's grant; null while it works. */
  readonly esiError: string | null;
  readonly defaultPriceRegion: number | null;
  readonly defaultPriceFactor: number | null;
  readonly reactionBonus: number | null;
  /** When the character's wallet was last read in a completed sync. */
  readonly lastWalletUpdate: string | null;
  /** The balance the owner last refreshed, in ISK cents; absent or null before the first refresh. */
  readonly walletBalanceCents?: number | null;
  /** When that balance was read. */
  readonly lastWalletBalanceUpdate?: string | null;
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
