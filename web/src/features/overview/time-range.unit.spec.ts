import {
  DEFAULT_TIME_RANGE,
  TIME_RANGE_OPTIONS,
  allowedTimeRange,
  isSubscriptionOnly,
  isTimeRange,
  rangeHours,
  rangeStartTime,
} from './time-range';

const NOW = Date.UTC(2026, 10, 21, 12, 34, 56, 789);
const HOUR = 3_600_000;

describe('the Overview time range (account-area §2, §9)', () => {
  it('offers All Time, Last 30 Days, Last 7 Days and Last Day', () => {
    expect(TIME_RANGE_OPTIONS.map((option) => option.label)).toEqual([
      'All Time',
      'Last 30 Days',
      'Last 7 Days',
      'Last Day',
    ]);
    expect(DEFAULT_TIME_RANGE).toBe('last30Days');
  });

  it('is 720, 168 or 24 hours, and no limit for All Time', () => {
    expect(rangeHours('last30Days')).toBe(720);
    expect(rangeHours('last7Days')).toBe(168);
    expect(rangeHours('lastDay')).toBe(24);
    expect(rangeHours('all')).toBeUndefined();
  });

  it('starts that many hours before now, rounded down to the minute', () => {
    const minute = (time: number) => time - (time % 60_000);
    expect(rangeStartTime('last30Days', NOW)).toBe(minute(NOW - 720 * HOUR));
    expect(rangeStartTime('last7Days', NOW)).toBe(minute(NOW - 168 * HOUR));
    expect(rangeStartTime('lastDay', NOW)).toBe(Date.UTC(2026, 10, 20, 12, 34));
    expect(rangeStartTime('all', NOW)).toBeUndefined();
    // The same minute gives the same start, so repeated questions are answered from the cache.
    expect(rangeStartTime('lastDay', NOW + 3000)).toBe(rangeStartTime('lastDay', NOW));
  });

  it('keeps All Time for subscribers: FREE accounts get the dialog', () => {
    expect(isSubscriptionOnly('all', 'FREE')).toBe(true);
    expect(isSubscriptionOnly('all', 'SUPPORTER')).toBe(false);
    expect(isSubscriptionOnly('all', 'PRO')).toBe(false);
    expect(isSubscriptionOnly('last30Days', 'FREE')).toBe(false);
    expect(isSubscriptionOnly('lastDay', 'FREE')).toBe(false);
  });

  it('falls back to the default for a stored range that is unknown or no longer allowed', () => {
    expect(allowedTimeRange('last7Days', 'FREE')).toBe('last7Days');
    expect(allowedTimeRange('all', 'PRO')).toBe('all');
    expect(allowedTimeRange('all', 'FREE')).toBe('last30Days');
    expect(allowedTimeRange('forever', 'PRO')).toBe('last30Days');
    expect(allowedTimeRange(null, 'PRO')).toBe('last30Days');
    expect(isTimeRange('toString')).toBe(false);
  });
});
