import { uuidV5 } from '@tradewise/platform';

/** An event as a decider keys it: `source` names the record and the step of its life it came from. */
export type Stored<Event> = Event extends { readonly source: string }
  ? Omit<Event, 'source'> & { readonly id: string }
  : never;

/** Event ids derive from the source key, so an append repeated after a crash stores nothing twice. */
export const withIds = <Event extends { readonly source: string }>(
  events: readonly Event[],
): Stored<Event>[] =>
  events.map(({ source, ...event }) => ({ ...event, id: uuidV5(source) }) as Stored<Event>);

/**
 * The streams of synced records a process keeps folded between syncs (`DeciderStates`): each grows by every read that
 * changed something (a busy trader's order history by 170,000 events a year) and is decided on at each sync, so a
 * command reads only what was appended since. A character's state is a few kilobytes for most.
 */
export const SYNCED_STREAM_STATES_KEPT = 2_000;
