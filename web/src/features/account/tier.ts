import { TIER_NAMES } from '../../shared/config/tiers';
import type { SubscriptionTier } from '../../shared/session';

export const TIER_LABELS: Record<SubscriptionTier, string> = TIER_NAMES;

export const TIER_COLORS: Record<SubscriptionTier, string> = {
  FREE: 'default',
  SUPPORTER: 'blue',
  PRO: 'gold',
};
