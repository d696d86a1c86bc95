import type { EventMetadata } from '@tradewise/contracts';
import type { EventLogSelection, EventStore, StoredEvent } from '../ports/event-store.port';

/** A stored event as an auditor reads it: the stored data (never upcast) and metadata, and its chain hash. */
export interface InspectedEvent {
  readonly position: number;
  readonly streamId: string;
  readonly revision: number;
  readonly id: string;
  readonly type: string;
  readonly data: unknown;
  readonly metadata: EventMetadata;
  readonly hash: string | null;
}

export interface EventLogPage {
  readonly events: readonly InspectedEvent[];
  /** Pass as `after` for the next page; null when this page is the last. */
  readonly nextCursor: number | null;
}

export interface EventLogPageRequest {
  readonly selection?: EventLogSelection;
  readonly order?: 'oldest' | 'newest';
  readonly after?: number;
  readonly limit: number;
}

/** An event, or a command or message id, and what it set off. */
export interface CausationChain {
  /** The event itself; null when the id names a command or message rather than an event. */
  readonly event: InspectedEvent | null;
  /** The events whose `$causationId` is the id, then those caused by them, and so on, in log order. */
  readonly caused: readonly InspectedEvent[];
  /** The other events of the event's correlation id, in log order, at most {@link CORRELATION_GROUP_LIMIT}. */
  readonly correlationGroup: readonly InspectedEvent[];
  readonly correlationGroupTruncated: boolean;
}

export const CORRELATION_GROUP_LIMIT = 1_000;
const CAUSED_LIMIT = 10_000;
const EXPORT_PAGE = 5_000;

export function inspectedEvent(event: StoredEvent): InspectedEvent {
  return {
    position: event.position,
    streamId: event.streamId,
    revision: event.revision,
    id: event.id,
    type: event.type,
    data: JSON.parse(event.data),
    metadata: JSON.parse(event.metadata) as EventMetadata,
    hash: event.hash,
  };
}

/**
 * One stored event as a line of JSON, written from the stored text without parsing it: the export runs at the
 * speed the store reads, and each line holds exactly what its hash covers.
 */
export function eventJsonLine(event: StoredEvent): string {
  return (
    `{"position":${event.position},"streamId":${JSON.stringify(event.streamId)},"revision":${event.revision},` +
    `"id":${JSON.stringify(event.id)},"type":${JSON.stringify(event.type)},"data":${event.data},` +
    `"metadata":${event.metadata},"hash":${event.hash === null ? 'null' : `"${event.hash}"`}}\n`
  );
}

/** Reads the event log for auditors: pages by selection, causation chains, and JSON Lines exports. */
export class EventLogInspector {
  constructor(private readonly store: EventStore) {}

  async page(request: EventLogPageRequest): Promise<EventLogPage> {
    const stored = await this.store.readStored({
      selection: request.selection,
      order: request.order,
      after: request.after,
      maxCount: request.limit + 1,
    });
    const events = stored.slice(0, request.limit).map(inspectedEvent);
    return {
      events,
      nextCursor: stored.length > request.limit ? events[events.length - 1]!.position : null,
    };
  }

  /**
   * Follows causation inside the correlation group (found by index), as every writer here keeps the correlation
   * id of what caused it; only an id that is neither an event nor a correlation id is looked for in the whole log.
   */
  async causationChain(id: string): Promise<CausationChain> {
    const [stored] = await this.store.readStored({ selection: { eventId: id }, maxCount: 1 });
    const event = stored ? inspectedEvent(stored) : null;
    const correlationId = event?.metadata.$correlationId ?? id;
    const group = await this.readAll({ correlationId }, CORRELATION_GROUP_LIMIT + 1);
    const scope = event || group.length > 0 ? { correlationId } : {};
    const caused: InspectedEvent[] = [];
    const seen = new Set([id]);
    let causes = [id];
    while (causes.length > 0 && caused.length < CAUSED_LIMIT) {
      const next: string[] = [];
      for (const cause of causes) {
        for (const found of await this.readAll(
          { ...scope, causationId: cause },
          CAUSED_LIMIT - caused.length,
        )) {
          if (seen.has(found.id)) continue;
          seen.add(found.id);
          caused.push(inspectedEvent(found));
          next.push(found.id);
        }
      }
      causes = next;
    }
    caused.sort((a, b) => a.position - b.position);
    return {
      event,
      caused,
      correlationGroup: group.slice(0, CORRELATION_GROUP_LIMIT).map(inspectedEvent),
      correlationGroupTruncated: group.length > CORRELATION_GROUP_LIMIT,
    };
  }

  /**
   * The selection as JSON Lines, one chunk per page read: memory stays that of one page however long the
   * export, and a consumer that reads slowly (a Node stream's backpressure) slows the reads down with it.
   */
  async *exportJsonLines(
    selection: EventLogSelection = {},
    order: 'oldest' | 'newest' = 'oldest',
  ): AsyncGenerator<string> {
    let after: number | undefined;
    for (;;) {
      const page = await this.store.readStored({ selection, order, after, maxCount: EXPORT_PAGE });
      if (page.length === 0) return;
      let chunk = '';
      for (const event of page) chunk += eventJsonLine(event);
      yield chunk;
      if (page.length < EXPORT_PAGE) return;
      after = page[page.length - 1]!.position;
    }
  }

  private async readAll(selection: EventLogSelection, limit: number): Promise<StoredEvent[]> {
    return this.store.readStored({ selection, maxCount: limit });
  }
}
