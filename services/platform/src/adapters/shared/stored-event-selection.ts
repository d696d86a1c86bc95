import { streamEntityId } from '@tradewise/contracts';
import type { EventLogSelection, StoredEvent } from '../../ports/event-store.port';

/**
 * Whether a stream belongs to an entity: its id part is the entity's id (`tradeledger-<account>`,
 * `walletjournal-<character>`) or ends with it after a `.` (`corporationwalletjournal-<corp>.<division>.<account>`).
 */
export function streamBelongsTo(streamId: string, entityId: string): boolean {
  const id = streamEntityId(streamId);
  return id === entityId || id.endsWith(`.${entityId}`);
}

/**
 * The selection tested on one stored event, for adapters that scan the log rather than query it
 * (the SQLite adapter answers the same conditions in SQL).
 */
export function storedEventMatches(event: StoredEvent, selection: EventLogSelection | undefined): boolean {
  if (!selection) return true;
  if (selection.eventId !== undefined && event.id !== selection.eventId) return false;
  if (selection.streamId !== undefined && event.streamId !== selection.streamId) return false;
  if (selection.eventTypes?.length && !selection.eventTypes.includes(event.type)) return false;
  const needsMetadata =
    selection.correlationId !== undefined ||
    selection.causationId !== undefined ||
    selection.recordedFrom !== undefined ||
    selection.recordedTo !== undefined;
  if (needsMetadata) {
    const metadata = JSON.parse(event.metadata) as Record<string, unknown>;
    if (selection.correlationId !== undefined && metadata.$correlationId !== selection.correlationId)
      return false;
    if (selection.causationId !== undefined && metadata.$causationId !== selection.causationId) return false;
    const recordedAt = String(metadata.recordedAt);
    if (selection.recordedFrom !== undefined && recordedAt < selection.recordedFrom) return false;
    if (selection.recordedTo !== undefined && recordedAt >= selection.recordedTo) return false;
  }
  if (selection.accountId !== undefined || selection.characterId !== undefined) {
    const data = JSON.parse(event.data) as Record<string, unknown> | null;
    if (
      selection.accountId !== undefined &&
      data?.accountId !== selection.accountId &&
      !streamBelongsTo(event.streamId, selection.accountId)
    )
      return false;
    if (
      selection.characterId !== undefined &&
      data?.characterId !== selection.characterId &&
      !streamBelongsTo(event.streamId, String(selection.characterId))
    )
      return false;
  }
  return true;
}
