import { createHash } from 'node:crypto';

/** What the first event of every stream chains from. */
export const GENESIS_HASH = '0'.repeat(64);

/** The fields of a stored event its chain hash covers: the stored data, never an upcast of it. */
export interface ChainedEventContent {
  readonly streamId: string;
  readonly revision: number;
  readonly id: string;
  readonly type: string;
  readonly data: unknown;
  /** The stored metadata; a `hash` field in it (where an adapter keeps the hash there) is left out. */
  readonly metadata: Readonly<Record<string, unknown>>;
}

function sortedKeys(_key: string, value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) sorted[key] = (value as Record<string, unknown>)[key];
  return sorted;
}

/**
 * JSON with every object's keys sorted: the same value gives the same text whichever adapter stored it and in
 * whatever key order, and `canonicalJson(x) === canonicalJson(JSON.parse(JSON.stringify(x)))`.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, sortedKeys);
}

/** `sha256(previousHash || canonical(event))`, hex: each event's hash binds it to every event before it in its stream. */
export function chainHash(previousHash: string, event: ChainedEventContent): string {
  const { hash: _ignored, ...metadata } = event.metadata;
  const canonical = canonicalJson({
    streamId: event.streamId,
    revision: event.revision,
    id: event.id,
    type: event.type,
    data: event.data,
    metadata,
  });
  return createHash('sha256').update(previousHash).update('\n').update(canonical).digest('hex');
}
