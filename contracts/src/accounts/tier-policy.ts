import type { SubscriptionTier } from './account-events';

/** What a subscription tier allows (account-area §1, §6, §9). The one place that answers it. */
export interface TierPolicy {
  /** How many characters may sync at once; null: unlimited. */
  readonly syncingCharacterLimit: number | null;
  /** How many days of profit history the account sees; null: all time. */
  readonly profitHistoryDays: number | null;
  /** Advertisements are shown. */
  readonly showsAds: boolean;
  /** Private-structure prices (Refresh Private Prices, similar private orders). */
  readonly privateStructurePrices: boolean;
  /** Contracts are synced and their profit tracked. */
  readonly contractSync: boolean;
  /** Corporation trade and industry tracking (corporation industry job sync). */
  readonly corporationFeatures: boolean;
}

const POLICIES: Readonly<Record<SubscriptionTier, TierPolicy>> = {
  FREE: {
    syncingCharacterLimit: 2,
    profitHistoryDays: 30,
    showsAds: true,
    privateStructurePrices: false,
    contractSync: false,
    corporationFeatures: false,
  },
  SUPPORTER: {
    syncingCharacterLimit: 4,
    profitHistoryDays: null,
    showsAds: false,
    privateStructurePrices: true,
    contractSync: true,
    corporationFeatures: false,
  },
  PRO: {
    syncingCharacterLimit: null,
    profitHistoryDays: null,
    showsAds: false,
    privateStructurePrices: true,
    contractSync: true,
    corporationFeatures: true,
  },
};

/** How the product names each tier in messages and notes. */
export const TIER_NAMES: Readonly<Record<SubscriptionTier, string>> = {
  FREE: 'Free',
  SUPPORTER: 'Supporter',
  PRO: 'Pro',
};

/** What `tier` allows. */
export function tierPolicy(tier: SubscriptionTier): TierPolicy {
  return POLICIES[tier];
}
