import { hash } from 'node:crypto';

/** What the first event of every stream chains from. */
export const GENESIS_HASH = '0'.repeat(64);

/**
 * The fields of a stored event its chain hash covers. `data` and `metadata` are the stored JSON text (the codec
 * writes it once with `JSON.stringify` and nothing rewrites it), never an upcast of it; `metadata` is without the
 * hash itself.
 */
export interface ChainedEventContent {
  readonly streamId: string;
  readonly revision: number;
  readonly id: string;
  readonly type: string;
  readonly data: string;
  readonly metadata: string;
}

/**
 * The canonical form of an event: one JSON array of its identity and its stored JSON text. The stored text is
 * canonical already: `JSON.stringify(JSON.parse(text)) === text` for any text `JSON.stringify` wrote, so an
 * adapter whose client parses events on read (EventStoreDB) gives back the text that was hashed. Hashing the text
 * rather than a key-sorted copy of the parsed value kept appends at their speed (docs/PERFORMANCE.md).
 */
export function canonicalEventForm(event: ChainedEventContent): string {
  return `[${JSON.stringify(event.streamId)},${event.revision},${JSON.stringify(event.id)},${JSON.stringify(event.type)},${event.data},${event.metadata}]`;
}

/** `sha256(previousHash || canonical(event))`, hex: each event's hash binds it to every event before it in its stream. */
export function chainHash(previousHash: string, event: ChainedEventContent): string {
  // The one-shot hash: half the time of a createHash object per event.
  return hash('sha256', previousHash + canonicalEventForm(event));
}
