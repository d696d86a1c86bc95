import { streamCategory } from '@tradewise/contracts';
import type { RecordedEvent } from '@tradewise/platform';
import type { Projection } from '../runner/projection';

/** What the log holds per stream category: support staff and auditors see it without reading the raw log. */
export interface EventLogSummary {
  readonly _id: string;
  readonly _position?: number;
  readonly category: string;
  readonly streams: number;
  readonly events: number;
  readonly eventsByType: Readonly<Record<string, number>>;
  readonly firstRecordedAt: string;
  readonly lastRecordedAt: string;
}

export const eventLogSummaryProjection: Projection<EventLogSummary> = {
  name: 'event-log-summary',
  version: 1,
  documentIds: (event) => [streamCategory(event.streamId)],
  evolve: (summary, event: RecordedEvent) => {
    const recordedAt = event.metadata.recordedAt;
    return {
      _id: streamCategory(event.streamId),
      category: streamCategory(event.streamId),
      streams: (summary?.streams ?? 0) + (event.revision === 0 ? 1 : 0),
      events: (summary?.events ?? 0) + 1,
      eventsByType: { ...summary?.eventsByType, [event.type]: (summary?.eventsByType[event.type] ?? 0) + 1 },
      firstRecordedAt: summary ? summary.firstRecordedAt : recordedAt,
      lastRecordedAt: recordedAt,
    };
  },
};
