import type { Account, AccountCharacter } from '../api/generated/tradewise-api';

/** The account as GET /api/v1/account returns it (account-area §3), from the generated client. */
export type { Account, AccountCharacter };

export type SubscriptionTier = Account['subscriptionTier'];

export type SyncStatus = AccountCharacter['syncStatus'];
