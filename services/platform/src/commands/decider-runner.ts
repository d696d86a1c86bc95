import { randomUUID } from 'node:crypto';
import { currentCorrelationId } from '../logging/logger';
import { WrongExpectedVersionError, type EventStore } from '../ports/event-store.port';

/** An event as a decider sees it: its stored type and data, and the id a decider may derive from its source. */
export interface DecidedEvent {
  readonly type: string;
  readonly data: unknown;
  /** A stable id derived from the source record (for example a UUIDv5 of `esi:transaction:<id>`); else random. */
  readonly id?: string;
}

/**
 * The write side of one stream: a pure fold of its events into a state, and a pure decision of the events a
 * command appends to it (none when it changes nothing). Rule violations are thrown by `decide`; it may answer
 * with a promise (as emmett's handle may), and runs again on the new state after a conflict.
 */
export interface Decider<State, Command, Event extends DecidedEvent> {
  readonly initialState: State;
  evolve(state: State, event: Event): State;
  decide(state: State, command: Command): readonly Event[] | Promise<readonly Event[]>;
  /**
   * `last-event` when the state needs only the stream's last event (a watermark): only that event is read, however
   * long the stream. Default `stream`: the whole stream is folded.
   */
  readonly reads?: 'stream' | 'last-event';
}

export interface DeciderState<State> {
  readonly state: State;
  /** Revision of the stream's last event (pass it as the expected revision); null when the stream is empty. */
  readonly revision: number | null;
}

export interface RunDeciderOptions<State = unknown> {
  /** Stored as every event's `actor`: `account:<id>`, `character:<id>`, `staff:<id>` or `system:<component>`. */
  readonly actor: string;
  /** Stored as the events' `$causationId` when given; else the correlation id is. */
  readonly commandId?: string;
  /**
   * The states of the streams this handler decided on before, to read only what was appended since. The outcome's
   * state is kept there again: a decider that evolves in place changes it at the stream's next command.
   */
  readonly states?: DeciderStates<State>;
}

/**
 * The folded states of streams a process decides on again and again, as of a revision: a command reads only the
 * events after it instead of the whole stream (a character's order history grows by every read that changed an
 * order, 170,000 events a year for a busy trader, and is decided on at each sync). Streams are append-only, so a
 * state stays true up to its revision whoever appends later. A state is lent to one command at a time (a decider
 * may evolve its state in place) and kept again only at the revision that command read or appended up to; the
 * least recently kept are let go beyond `limit` streams.
 */
export class DeciderStates<State> {
  private readonly kept = new Map<string, { readonly state: State; readonly revision: number }>();

  constructor(private readonly limit: number) {
    if (!Number.isSafeInteger(limit) || limit < 1)
      throw new RangeError('DeciderStates keeps at least one stream');
  }

  /** The stream's state, no longer kept: the command that takes it may evolve it. */
  take(stream: string): { readonly state: State; readonly revision: number } | undefined {
    const entry = this.kept.get(stream);
    if (entry) this.kept.delete(stream);
    return entry;
  }

  /** Keeps the stream's state as of `revision`, unless a state of a later revision is kept already. */
  keep(stream: string, state: State, revision: number | null): void {
    if (revision === null) return;
    const current = this.kept.get(stream);
    if (current && current.revision >= revision) return;
    this.kept.delete(stream);
    this.kept.set(stream, { state, revision });
    for (const oldest of this.kept.keys()) {
      if (this.kept.size <= this.limit) break;
      this.kept.delete(oldest);
    }
  }
}

export interface DeciderOutcome<State, Event> {
  /** The events appended, as the decider returned them; empty when the command changed nothing. */
  readonly events: readonly Event[];
  /** Global position of the last appended event (reads can wait for it); null when nothing was appended. */
  readonly position: number | null;
  readonly state: State;
  /** Revision of the stream's last event after the command; null when the stream is still empty. */
  readonly revision: number | null;
}

/** Attempts of one command when other writers keep appending to its stream between its read and its append. */
export const DECIDER_MAX_ATTEMPTS = 5;

/**
 * Reads a stream (or only its last event, when the decider says so) and folds it into the decider's state; given a
 * state as of a revision, reads and folds only the events after it.
 */
export async function loadDeciderState<State, Command, Event extends DecidedEvent>(
  eventStore: EventStore,
  stream: string,
  decider: Decider<State, Command, Event>,
  from?: { readonly state: State; readonly revision: number },
): Promise<DeciderState<State>> {
  const recorded = await eventStore.readStream(
    stream,
    from
      ? { fromRevision: from.revision + 1 }
      : decider.reads === 'last-event'
        ? { direction: 'backwards', maxCount: 1 }
        : {},
  );
  let state = from ? from.state : decider.initialState;
  for (const event of recorded)
    state = decider.evolve(state, { type: event.type, data: event.data } as Event);
  const last = recorded.at(-1);
  return { state, revision: last ? last.revision : (from?.revision ?? null) };
}

/**
 * Handles one command on one stream, the only place that does: loads the decider's state (from the state kept in
 * `options.states` when there is one, reading only the events after it), decides, and appends
 * the events with the loaded revision as the expected one; when another writer appended first, it loads and
 * decides again, up to {@link DECIDER_MAX_ATTEMPTS} times. Every event gets its `$correlationId` (the current
 * one, else a new one), `$causationId` (the command's id, else the correlation id) and `actor` here; the event
 * store adds `schemaVersion` and `recordedAt` (from its clock).
 */
export async function runDecider<State, Command, Event extends DecidedEvent>(
  eventStore: EventStore,
  stream: string,
  decider: Decider<State, Command, Event>,
  command: Command,
  options: RunDeciderOptions<State>,
): Promise<DeciderOutcome<State, Event>> {
  const correlationId = currentCorrelationId() ?? randomUUID();
  const metadata = {
    $correlationId: correlationId,
    $causationId: options.commandId ?? correlationId,
    actor: options.actor,
  };
  const { states } = options;
  for (let attempt = 1; ; attempt++) {
    const { state, revision } = await loadDeciderState(eventStore, stream, decider, states?.take(stream));
    const events = await decider.decide(state, command);
    if (events.length === 0) {
      states?.keep(stream, state, revision);
      return { events, position: null, state, revision };
    }
    try {
      const appended = await eventStore.append(
        stream,
        events.map((event) => ({
          id: event.id ?? randomUUID(),
          type: event.type,
          data: event.data,
          metadata,
        })),
        { expectedRevision: revision ?? 'no_stream' },
      );
      const next = events.reduce((current, event) => decider.evolve(current, event), state);
      states?.keep(stream, next, appended.nextExpectedRevision);
      return { events, position: appended.position, state: next, revision: appended.nextExpectedRevision };
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError) || attempt >= DECIDER_MAX_ATTEMPTS) throw error;
    }
  }
}
