import type { EventCatalogue, EventMetadata } from '@tradewise/contracts';
import { UnknownEventTypeError } from '@tradewise/contracts';
import type { Clock } from '../../ports/clock.port';
import type { EventToAppend, RecordedEvent } from '../../ports/event-store.port';

export interface EncodedEvent {
  readonly id: string;
  readonly type: string;
  readonly data: string;
  readonly metadata: string;
}

interface StoredEventHeader {
  readonly id: string;
  readonly streamId: string;
  readonly revision: number;
  readonly position: number;
  readonly type: string;
  readonly hash?: string | null;
}

export interface StoredEventRow extends StoredEventHeader {
  readonly data: string;
  readonly metadata: string;
}

/** A stored event with its data and metadata parsed, not upcast yet. */
export interface ParsedEventRow extends StoredEventHeader {
  readonly data: unknown;
  readonly metadata: EventMetadata;
}

/**
 * The one place where events are serialised for storage and upcast on read, for every event store adapter.
 * Appends are validated against the catalogue's schema, so nothing unreadable is ever stored.
 */
export class EventCodec {
  constructor(
    private readonly catalogue: EventCatalogue,
    private readonly clock: Clock,
  ) {}

  encode(event: EventToAppend): EncodedEvent {
    if (!this.catalogue.has(event.type)) throw new UnknownEventTypeError(event.type);
    const definition = this.catalogue.definition(event.type);
    const parsed = definition.schema.safeParse(event.data);
    if (!parsed.success) {
      throw new Error(`Event ${event.type} does not match its schema: ${parsed.error.message}`);
    }
    const metadata: EventMetadata = {
      $correlationId: event.metadata.$correlationId,
      $causationId: event.metadata.$causationId,
      actor: event.metadata.actor,
      schemaVersion: definition.schemaVersion,
      recordedAt: this.clock.now().toISOString(),
    };
    return {
      id: event.id,
      type: event.type,
      data: JSON.stringify(event.data),
      metadata: JSON.stringify(metadata),
    };
  }

  decode(row: StoredEventRow): RecordedEvent {
    return this.upcast(row, JSON.parse(row.metadata) as EventMetadata, JSON.parse(row.data));
  }

  /** An event whose data and metadata were parsed already (a batch read as one JSON text). */
  decodeParsed(event: ParsedEventRow): RecordedEvent {
    return this.upcast(event, event.metadata, event.data);
  }

  private upcast(row: StoredEventHeader, metadata: EventMetadata, data: unknown): RecordedEvent {
    const upcast = this.catalogue.upcast(row.type, metadata.schemaVersion, data);
    return {
      id: row.id,
      streamId: row.streamId,
      revision: row.revision,
      position: row.position,
      type: row.type,
      ...(row.hash ? { hash: row.hash } : {}),
      data: upcast.data,
      metadata:
        upcast.schemaVersion === metadata.schemaVersion
          ? metadata
          : { ...metadata, schemaVersion: upcast.schemaVersion },
    };
  }
}
