import { formatUtcClock, formatUtcDate } from '../../shared/format';

/**
 * The x-axis label of a bucket: the UTC day, or the day and hour for the hourly chart (two days hold the same
 * hours, so the hour alone would merge them).
 */
export function bucketLabel(time: number, bucket: 'day' | 'hour'): string {
  return bucket === 'day' ? formatUtcDate(time) : `${formatUtcDate(time).slice(5)} ${formatUtcClock(time)}`;
}
