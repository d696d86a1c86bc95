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
