import type { StaffTimelineEvent } from '../../shared/api';
import { mergedTimeline, timelineSummary, timelineTime } from './staff-accounts';

const event = (revision: number, data: Record<string, unknown> = {}): StaffTimelineEvent => ({
  eventId: `event-${revision}`,
  position: 100 + revision,
  revision,
  type: 'AccountCredited',
  recordedAt: '2026-11-28T17:50:12.345Z',
  actor: 'staff:2119000001',
  correlationId: 'c',
  causationId: 'c',
  schemaVersion: 1,
  data,
});

describe('the staff console account timeline', () => {
  it('given an event, then its time is UTC to the second', () => {
    expect(timelineTime('2026-11-28T17:50:12.345Z')).toBe('2026-11-28 17:50:12');
  });

  it('given event data, then the summary lists its fields in one line without the account id', () => {
    expect(
      timelineSummary(event(1, { accountId: 'a', amountCents: 150, reason: 'Refund', tags: ['x'] })),
    ).toBe('amountCents: 150, reason: Refund, tags: ["x"]');
  });

  it('given pages read again or out of order, then each event shows once, newest first', () => {
    expect(
      mergedTimeline([
        [event(5), event(4)],
        [event(3), event(2)],
        [event(4), event(3)],
      ]).map((e) => e.revision),
    ).toEqual([5, 4, 3, 2]);
  });
});
