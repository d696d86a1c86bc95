import { tierAllows } from '../../shared/config/tiers';
import type { SubscriptionTier } from '../../shared/session';

/** The Overview's time ranges (account-area §2, §9: 720, 168 and 24 hours). */
export type TimeRange = 'all' | 'last30Days' | 'last7Days' | 'lastDay';

export const TIME_RANGE_OPTIONS: readonly { readonly value: TimeRange; readonly label: string }[] = [
  { value: 'all', label: 'All Time' },
  { value: 'last30Days', label: 'Last 30 Days' },
  { value: 'last7Days', label: 'Last 7 Days' },
  { value: 'lastDay', label: 'Last Day' },
];

/** Every tier may pick it, and FREE accounts see 30 days of history anyway. */
export const DEFAULT_TIME_RANGE: TimeRange = 'last30Days';

/** The hours the per-item call takes (its OpenAPI enum). */
export type RangeHours = 720 | 168 | 24;

const RANGE_HOURS: Record<TimeRange, RangeHours | undefined> = {
  all: undefined,
  last30Days: 720,
  last7Days: 168,
  lastDay: 24,
};

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

export function isTimeRange(value: unknown): value is TimeRange {
  return typeof value === 'string' && Object.hasOwn(RANGE_HOURS, value);
}

/** The range in hours as the per-item call takes it in `timeRangeHours`; undefined for All Time. */
export function rangeHours(range: TimeRange): RangeHours | undefined {
  return RANGE_HOURS[range];
}

/**
 * The `startTime` (epoch ms) of the calls that take one, or undefined for All Time. It is rounded down to the
 * minute, so every widget of one page view asks for the same window and a repeated question hits the cache.
 */
export function rangeStartTime(range: TimeRange, now: number): number | undefined {
  const hours = rangeHours(range);
  if (hours === undefined) return undefined;
  const start = now - hours * HOUR_MS;
  return start - (((start % MINUTE_MS) + MINUTE_MS) % MINUTE_MS);
}

/** FREE accounts may not pick All Time: they get the 'Subscription only feature' dialog (account-area §6). */
export function isSubscriptionOnly(range: TimeRange, tier: SubscriptionTier): boolean {
  return range === 'all' && !tierAllows(tier).allTimeHistory;
}

/** A stored range that the tier may not use (a subscription that ran out) falls back to the default. */
export function allowedTimeRange(stored: unknown, tier: SubscriptionTier): TimeRange {
  if (!isTimeRange(stored) || isSubscriptionOnly(stored, tier)) return DEFAULT_TIME_RANGE;
  return stored;
}
