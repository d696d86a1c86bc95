import type { StaffTimelineEvent } from '../../shared/api';

/** An event's time as the console lists it: `YYYY-MM-DD HH:MM:SS` UTC. */
export function timelineTime(recordedAt: string): string {
  return `${recordedAt.slice(0, 10)} ${recordedAt.slice(11, 19)}`;
}

/** An event's data in one line, without the ids every event of the account repeats. */
export function timelineSummary(event: Pick<StaffTimelineEvent, 'data'>): string {
  return Object.entries(event.data)
    .filter(([field]) => field !== 'accountId')
    .map(([field, value]) => `${field}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(', ');
}

/** The pages of a timeline read so far, newest first, without an event twice when a page is read again. */
export function mergedTimeline(pages: readonly (readonly StaffTimelineEvent[])[]): StaffTimelineEvent[] {
  const seen = new Set<string>();
  const events: StaffTimelineEvent[] = [];
  for (const page of pages) {
    for (const event of page) {
      if (seen.has(event.eventId)) continue;
      seen.add(event.eventId);
      events.push(event);
    }
  }
  return events.sort((a, b) => b.revision - a.revision);
}
