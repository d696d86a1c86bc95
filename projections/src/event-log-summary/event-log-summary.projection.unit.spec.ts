import type { RecordedEvent } from '@tradewise/platform';
import { eventLogSummaryProjection as projection } from './event-log-summary.projection';

function event(streamId: string, revision: number, type: string, recordedAt: string): RecordedEvent {
  return {
    id: `${streamId}/${revision}`,
    streamId,
    revision,
    position: revision + 1,
    type,
    data: {},
    metadata: { $correlationId: 'c', $causationId: 'c', actor: 'system:test', schemaVersion: 1, recordedAt },
  };
}

describe('event-log-summary projection', () => {
  it('given no summary, when the first event of a stream arrives, then it counts one stream and one event', () => {
    const summary = projection.evolve(
      null,
      event('account-1', 0, 'AccountOpened', '2026-01-01T00:00:00.000Z'),
    );
    expect(summary).toEqual({
      _id: 'account',
      category: 'account',
      streams: 1,
      events: 1,
      eventsByType: { AccountOpened: 1 },
      firstRecordedAt: '2026-01-01T00:00:00.000Z',
      lastRecordedAt: '2026-01-01T00:00:00.000Z',
    });
  });

  it('given a summary, when later events of existing and new streams arrive, then counts and times move on', () => {
    let summary = projection.evolve(null, event('account-1', 0, 'AccountOpened', '2026-01-01T00:00:00.000Z'));
    summary = projection.evolve(
      summary,
      event('account-1', 1, 'SettingsChanged', '2026-01-02T00:00:00.000Z'),
    );
    summary = projection.evolve(summary, event('account-2', 0, 'AccountOpened', '2026-01-03T00:00:00.000Z'));
    expect(summary).toMatchObject({
      streams: 2,
      events: 3,
      eventsByType: { AccountOpened: 2, SettingsChanged: 1 },
      firstRecordedAt: '2026-01-01T00:00:00.000Z',
      lastRecordedAt: '2026-01-03T00:00:00.000Z',
    });
  });

  it('files each event under the category of its stream', () => {
    expect(projection.documentIds(event('character-90000001', 3, 'X', '2026-01-01T00:00:00.000Z'))).toEqual([
      'character',
    ]);
  });
});
