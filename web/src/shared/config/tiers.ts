import { FREE_TRIAL_DAYS, SUBSCRIPTION_DAYS, SYNC_CHARACTER_LIMITS, TIER_PRICES_ISK } from './constants';
import { formatIskFull } from '../format';

export type Tier = 'FREE' | 'SUPPORTER' | 'PRO';

/** How the product names each tier (the header's badge, the Subscription page). */
export const TIER_NAMES: Readonly<Record<Tier, string>> = {
  FREE: 'Free',
  SUPPORTER: 'Supporter',
  PRO: 'Pro',
};

/**
 * What a tier allows, as the server's tier policy decides it (contracts' `tierPolicy`, which the web cannot
 * import): the one place the client asks, instead of comparing tier names.
 */
export interface TierAllows {
  readonly syncingCharacters: number;
  readonly allTimeHistory: boolean;
  readonly showsAds: boolean;
  readonly privateStructurePrices: boolean;
  /** Contract syncing, and so contract profits and bought contract items. */
  readonly contractProfits: boolean;
  readonly corporationFeatures: boolean;
}

const ALLOWS: Readonly<Record<Tier, TierAllows>> = {
  FREE: {
    syncingCharacters: SYNC_CHARACTER_LIMITS.FREE,
    allTimeHistory: false,
    showsAds: true,
    privateStructurePrices: false,
    contractProfits: false,
    corporationFeatures: false,
  },
  SUPPORTER: {
    syncingCharacters: SYNC_CHARACTER_LIMITS.SUPPORTER,
    allTimeHistory: true,
    showsAds: false,
    privateStructurePrices: true,
    contractProfits: true,
    corporationFeatures: false,
  },
  PRO: {
    syncingCharacters: SYNC_CHARACTER_LIMITS.PRO,
    allTimeHistory: true,
    showsAds: false,
    privateStructurePrices: true,
    contractProfits: true,
    corporationFeatures: true,
  },
};

export function tierAllows(tier: Tier): TierAllows {
  return ALLOWS[tier];
}

export interface TierOffer {
  readonly tier: Tier;
  readonly name: string;
  readonly price: string;
  readonly features: readonly string[];
  readonly highlighted: boolean;
}

/** A paid tier's price in whole ISK, '100,000,000 ISK' (the landing page, the tier table, the FAQ). */
export function tierPriceText(tier: Exclude<Tier, 'FREE'>): string {
  return `${formatIskFull(TIER_PRICES_ISK[tier]).replace(/\.00$/, '')} ISK`;
}

const perMonth = (tier: Exclude<Tier, 'FREE'>) => `${tierPriceText(tier)} / ${SUBSCRIPTION_DAYS} days`;

/** What a feature being built is marked with, so no tier promises what a subscription cannot use yet. */
export const IN_DEVELOPMENT = '(in development)';

/** The feature lists of the three tiers (account-area §1): the landing page and the Subscription page. */
export const TIER_OFFERS: readonly TierOffer[] = [
  {
    tier: 'FREE',
    name: TIER_NAMES.FREE,
    price: 'No cost, no card',
    features: [
      'Hourly sync',
      `${SYNC_CHARACTER_LIMITS.FREE} characters`,
      '30-day profit history',
      'Advertisements shown',
    ],
    highlighted: false,
  },
  {
    tier: 'SUPPORTER',
    name: TIER_NAMES.SUPPORTER,
    price: perMonth('SUPPORTER'),
    features: [
      'Everything in Free',
      'No ads',
      'Private-structure undercuts',
      'Contract profit tracking',
      'All-time history',
      `${SYNC_CHARACTER_LIMITS.SUPPORTER} characters`,
    ],
    highlighted: false,
  },
  {
    tier: 'PRO',
    name: TIER_NAMES.PRO,
    price: perMonth('PRO'),
    features: [
      'Everything in Supporter',
      'Unlimited characters',
      `Corporate trade and industry profit tracking ${IN_DEVELOPMENT}`,
      'Corporation industry job tracking',
    ],
    highlighted: true,
  },
];

export const TRIAL_NOTE = `New accounts can try Pro free for ${FREE_TRIAL_DAYS} days.`;
