/**
 * The account as GET /api/v1/account returns it (account-area §3). Written by hand until the accounts service
 * publishes the route in contracts/openapi.json (the ESI/SSO issue); then these become the generated types.
 */
export type SubscriptionTier = 'FREE' | 'SUPPORTER' | 'PRO';

export type SyncStatus =
  'SYNCING' | 'NOT_SYNCING_MANUAL' | 'NOT_SYNCING_SUB_INSUFFICIENT' | 'NOT_SYNCING_ESI_ERROR';

export interface AccountCharacter {
  readonly id: number;
  readonly name: string;
  readonly roles: readonly string[];
  readonly syncStatus: SyncStatus;
  /** Comma-separated scope names granted at login. */
  readonly esiScopes: string;
  readonly enableSync: boolean;
  readonly enableCorpIndustrySync: boolean;
  readonly lastWalletUpdate?: string | null;
  readonly lastCorpIndustryUpdate?: string | null;
  readonly lastIndustryUpdate?: string | null;
}

export interface Account {
  readonly id: string;
  readonly characters: readonly AccountCharacter[];
  readonly syncEnabled: boolean;
  readonly autoRebill: boolean;
  readonly subscriptionTier: SubscriptionTier;
  /** The last subscription bought (or trial); null when the account never had one. */
  readonly lastSubscription: unknown;
  /** UTC ISO time of the last completed account sync. */
  readonly lastUpdate: string | null;
  /** UTC ISO time of the last sync that timed out. */
  readonly lastSyncTimeout: string | null;
  readonly characterName: string;
  readonly loginCharacterId: number;
}
