import type { SubscriptionTier } from '../../shared/session';

export const TIER_COLORS: Record<SubscriptionTier, string> = {
  FREE: 'default',
  SUPPORTER: 'blue',
  PRO: 'gold',
};
