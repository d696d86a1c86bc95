import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { EventCatalogue, defineEvent } from '@tradewise/contracts';
import { SqliteEventStore } from '../adapters/sqlite/sqlite-event-store';
import { uuidV5 } from '../ids/uuid-v5';
import { runWithCorrelation } from '../logging/logger';
import { WrongExpectedVersionError, type RecordedEvent } from '../ports/event-store.port';
import { ManualClock } from '../testkit/manual-clock';
import {
  DECIDER_MAX_ATTEMPTS,
  DeciderStates,
  loadDeciderState,
  runDecider,
  type Decider,
} from './decider-runner';

const deposited = defineEvent({
  type: 'TestDeposited',
  schemaVersion: 2,
  schema: z.object({ cents: z.number().int().positive(), source: z.number().int().optional() }),
});
const catalogue = new EventCatalogue([deposited]);

interface Deposited {
  readonly type: 'TestDeposited';
  readonly data: { readonly cents: number; readonly source?: number };
  readonly id?: string;
}
type Deposit = { readonly cents: number; readonly source?: number };

const tally: Decider<{ cents: number; deposits: number }, Deposit, Deposited> = {
  initialState: { cents: 0, deposits: 0 },
  evolve: (state, event) => ({ cents: state.cents + event.data.cents, deposits: state.deposits + 1 }),
  decide: (_state, command) => {
    if (command.cents < 0) throw new RangeError('A deposit is positive.');
    return command.cents === 0 ? [] : [{ type: 'TestDeposited', data: { cents: command.cents } }];
  },
};

/** Records sources above the last one, with ids derived from them: it needs only the stream's last event. */
const sourced: Decider<{ lastSource: number }, readonly number[], Deposited> = {
  initialState: { lastSource: 0 },
  evolve: (_state, event) => ({ lastSource: event.data.source! }),
  decide: (state, sources) =>
    sources
      .filter((source) => source > state.lastSource)
      .map((source) => ({
        id: uuidV5(`test:source:${source}`),
        type: 'TestDeposited',
        data: { cents: 100, source },
      })),
  reads: 'last-event',
};

const ACTOR = 'account:4b0d4a8e-6f3e-4c1a-9d4f-2f6a8f1b0c11';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('runDecider on the embedded event store', () => {
  let dir: string;
  let clock: ManualClock;
  let store: SqliteEventStore;
  let stream: string;

  const open = (): SqliteEventStore =>
    new SqliteEventStore({ path: join(dir, 'events.sqlite'), catalogue, clock });

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'tw-decider-'));
    clock = new ManualClock('2026-03-01T12:00:00.000Z');
    store = open();
    stream = `tally-${randomUUID()}`;
  });

  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('given an empty stream, when a command is handled, then its events are appended with complete metadata', async () => {
    const outcome = await runWithCorrelation('request-7', () =>
      runDecider(store, stream, tally, { cents: 250 }, { actor: ACTOR, commandId: 'command-1' }),
    );

    const [stored] = await store.readStream(stream);
    expect(outcome).toEqual({
      events: [{ type: 'TestDeposited', data: { cents: 250 } }],
      position: stored!.position,
      state: { cents: 250, deposits: 1 },
      revision: 0,
    });
    expect(stored!.id).toMatch(UUID);
    expect(stored!.metadata).toEqual({
      $correlationId: 'request-7',
      $causationId: 'command-1',
      actor: ACTOR,
      schemaVersion: 2,
      recordedAt: '2026-03-01T12:00:00.000Z',
    });
  });

  it('given no correlation in scope and no command id, then a new correlation id is also the causation id', async () => {
    await runDecider(store, stream, tally, { cents: 1 }, { actor: 'system:test' });
    await runDecider(store, stream, tally, { cents: 2 }, { actor: 'system:test' });

    const [first, second] = (await store.readStream(stream)).map((event) => event.metadata);
    expect(first!.$correlationId).toMatch(UUID);
    expect(first!.$causationId).toBe(first!.$correlationId);
    expect(second!.$correlationId).not.toBe(first!.$correlationId);
  });

  it('given a stream, when the decision is no events, then nothing is appended and the state is as loaded', async () => {
    await runDecider(store, stream, tally, { cents: 40 }, { actor: ACTOR });

    const outcome = await runDecider(store, stream, tally, { cents: 0 }, { actor: ACTOR });

    expect(outcome).toEqual({ events: [], position: null, state: { cents: 40, deposits: 1 }, revision: 0 });
    expect(await store.readStream(stream)).toHaveLength(1);
  });

  it('given a rule the command breaks, then the error leaves the runner once and nothing is appended', async () => {
    const decide = jest.fn(tally.decide);

    await expect(
      runDecider(store, stream, { ...tally, decide }, { cents: -1 }, { actor: ACTOR }),
    ).rejects.toThrow(RangeError);

    expect(decide).toHaveBeenCalledTimes(1);
    expect(await store.readStream(stream)).toEqual([]);
  });

  it('given a decider that reads the last event, then only that event is folded and derived ids are kept', async () => {
    await runDecider(store, stream, sourced, [1, 2, 3], { actor: 'system:sync' });
    const evolve = jest.fn(sourced.evolve);

    const outcome = await runDecider(store, stream, { ...sourced, evolve }, [2, 3, 4], {
      actor: 'system:sync',
    });

    expect(evolve.mock.calls.map(([, event]) => event.data.source)).toEqual([3, 4]);
    expect(outcome).toMatchObject({ state: { lastSource: 4 }, revision: 3 });
    expect((await store.readStream(stream)).map((event) => event.id)).toEqual(
      [1, 2, 3, 4].map((source) => uuidV5(`test:source:${source}`)),
    );
    expect(await loadDeciderState(store, stream, sourced)).toEqual({ state: { lastSource: 4 }, revision: 3 });
  });

  it('given a command whose append is overtaken by another, then it decides again on the new state and both are applied once', async () => {
    let entered!: () => void;
    const firstHasRead = new Promise<void>((resolve) => (entered = resolve));
    let release!: () => void;
    const secondHasAppended = new Promise<void>((resolve) => (release = resolve));
    const seen: { cents: number; deposits: number }[] = [];
    const held: typeof tally = {
      ...tally,
      decide: async (state, command) => {
        seen.push(state);
        entered();
        await secondHasAppended;
        return tally.decide(state, command);
      },
    };

    const first = runDecider(store, stream, held, { cents: 5 }, { actor: ACTOR, commandId: 'first' });
    await firstHasRead;
    const second = await runDecider(
      store,
      stream,
      tally,
      { cents: 7 },
      { actor: ACTOR, commandId: 'second' },
    );
    release();
    const firstOutcome = await first;

    expect(seen).toEqual([
      { cents: 0, deposits: 0 },
      { cents: 7, deposits: 1 },
    ]);
    expect(second).toMatchObject({ revision: 0, state: { cents: 7, deposits: 1 } });
    expect(firstOutcome).toMatchObject({ revision: 1, state: { cents: 12, deposits: 2 } });
    const stored = await store.readStream(stream);
    expect(stored.map((event) => [event.revision, event.data, event.metadata.$causationId])).toEqual([
      [0, { cents: 7 }, 'second'],
      [1, { cents: 5 }, 'first'],
    ]);
    expect(firstOutcome.position).toBe(stored[1]!.position);
  });

  it('given writers on two connections racing on one stream, then each command is applied exactly once', async () => {
    const other = open();
    const decide = jest.fn(tally.decide);
    try {
      const outcomes = await Promise.all(
        [10, 20, 30].map((cents, index) =>
          runDecider(
            index % 2 === 0 ? store : other,
            stream,
            { ...tally, decide },
            { cents },
            { actor: ACTOR },
          ),
        ),
      );

      const stored = await store.readStream(stream);
      expect(stored.map((event) => (event.data as { cents: number }).cents).sort()).toEqual([10, 20, 30]);
      expect(stored.map((event) => event.revision)).toEqual([0, 1, 2]);
      expect(outcomes.map((outcome) => outcome.revision).sort()).toEqual([0, 1, 2]);
      expect(Math.max(...outcomes.map((outcome) => outcome.state.cents))).toBe(60);
      expect(decide.mock.calls.length).toBeGreaterThan(3);
    } finally {
      await other.close();
    }
  });

  it(`given a conflict on every one of ${DECIDER_MAX_ATTEMPTS} attempts, then the runner gives up with the conflict`, async () => {
    const decide = jest.fn(async (state: { cents: number; deposits: number }, command: Deposit) => {
      await store.append(stream, [competing()], { expectedRevision: 'any' });
      return tally.decide(state, command);
    });

    await expect(
      runDecider(store, stream, { ...tally, decide }, { cents: 3 }, { actor: ACTOR }),
    ).rejects.toThrow(WrongExpectedVersionError);

    expect(decide).toHaveBeenCalledTimes(DECIDER_MAX_ATTEMPTS);
    const stored: RecordedEvent[] = await store.readStream(stream);
    expect(stored.map((event) => event.metadata.actor)).toEqual(
      Array.from({ length: DECIDER_MAX_ATTEMPTS }, () => 'system:competitor'),
    );
  });

  /** A tally that adds to its state in place, as the order-history decider does with its maps. */
  const inPlace: Decider<{ cents: number; deposits: number; owned?: true }, Deposit, Deposited> = {
    ...tally,
    evolve: (state, event) => {
      const owned = state.owned ? state : { ...state, owned: true as const };
      owned.cents += event.data.cents;
      owned.deposits += 1;
      return owned;
    },
  };

  /** The store, with the options of every read of the stream written down, each answered after `delayMs` of it. */
  function watchedReads(delayMs: (read: number) => number = () => 0): {
    reads: unknown[];
    restore: () => void;
  } {
    const reads: unknown[] = [];
    const readStream = store.readStream.bind(store);
    const spy = jest.spyOn(store, 'readStream').mockImplementation(async (id, options) => {
      if (id === stream) {
        const delay = delayMs(reads.push(options ?? {}) - 1);
        if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
      }
      return readStream(id, options);
    });
    return { reads, restore: () => spy.mockRestore() };
  }

  it('given kept states, when the stream is decided on again, then only the events after the kept revision are read', async () => {
    const states = new DeciderStates<{ cents: number; deposits: number }>(10);
    await runDecider(store, stream, tally, { cents: 10 }, { actor: ACTOR, states });
    await runDecider(store, stream, tally, { cents: 20 }, { actor: ACTOR, states });
    const watched = watchedReads();
    const evolve = jest.fn(tally.evolve);

    const outcome = await runDecider(
      store,
      stream,
      { ...tally, evolve },
      { cents: 30 },
      { actor: ACTOR, states },
    );
    watched.restore();

    expect(watched.reads).toEqual([{ fromRevision: 2 }]);
    // Only the new event is folded: onto the kept state, not from the start.
    expect(evolve).toHaveBeenCalledTimes(1);
    expect(outcome).toMatchObject({ revision: 2, state: { cents: 60, deposits: 3 } });
    expect(await loadDeciderState(store, stream, tally)).toEqual({
      state: { cents: 60, deposits: 3 },
      revision: 2,
    });
  });

  it('given a kept state, when another writer appended since, then the command decides on the stream as it is', async () => {
    const states = new DeciderStates<{ cents: number; deposits: number }>(10);
    await runDecider(store, stream, tally, { cents: 10 }, { actor: ACTOR, states });
    const other = open();
    try {
      await runDecider(other, stream, tally, { cents: 5 }, { actor: ACTOR });
    } finally {
      await other.close();
    }
    const seen: { cents: number; deposits: number }[] = [];

    await runDecider(
      store,
      stream,
      { ...tally, decide: (state, command) => (seen.push({ ...state }), tally.decide(state, command)) },
      { cents: 1 },
      { actor: ACTOR, states },
    );
    const noChange = await runDecider(store, stream, tally, { cents: 0 }, { actor: ACTOR, states });

    expect(seen).toEqual([{ cents: 15, deposits: 2 }]);
    expect(noChange).toMatchObject({ revision: 2, state: { cents: 16, deposits: 3 } });
  });

  it('given a decider that evolves its state in place, when two commands on one stream overlap, then each is applied once', async () => {
    const states = new DeciderStates<{ cents: number; deposits: number; owned?: true }>(10);
    await runDecider(store, stream, inPlace, { cents: 1 }, { actor: ACTOR, states });
    // The second command's read is answered after the first has appended and evolved its state: had both been lent
    // the one kept state, the second would fold the first's event onto a state that already holds it.
    const watched = watchedReads((read) => (read === 1 ? 20 : 0));

    const outcomes = await Promise.all(
      [10, 20].map((cents) => runDecider(store, stream, inPlace, { cents }, { actor: ACTOR, states })),
    );
    watched.restore();
    const after = await runDecider(store, stream, inPlace, { cents: 0 }, { actor: ACTOR, states });

    expect(outcomes.map((outcome) => outcome.revision)).toEqual([1, 2]);
    expect(after).toMatchObject({ revision: 2, state: { cents: 31, deposits: 3 } });
    expect(await loadDeciderState(store, stream, inPlace)).toMatchObject({
      state: { cents: 31, deposits: 3 },
      revision: 2,
    });
  });

  it('given a command that breaks a rule on a kept state, then the next command folds the stream again and is right', async () => {
    const states = new DeciderStates<{ cents: number; deposits: number; owned?: true }>(10);
    await runDecider(store, stream, inPlace, { cents: 7 }, { actor: ACTOR, states });

    await expect(runDecider(store, stream, inPlace, { cents: -1 }, { actor: ACTOR, states })).rejects.toThrow(
      RangeError,
    );
    const watched = watchedReads();
    const outcome = await runDecider(store, stream, inPlace, { cents: 3 }, { actor: ACTOR, states });
    watched.restore();

    expect(watched.reads).toEqual([{}]);
    expect(outcome).toMatchObject({ revision: 1, state: { cents: 10, deposits: 2 } });
  });

  it('keeps the states of at most its limit of streams, letting the least recently kept go', () => {
    const states = new DeciderStates<string>(2);
    states.keep('a', 'a0', 0);
    states.keep('b', 'b0', 0);
    states.keep('a', 'a1', 1);
    states.keep('c', 'c0', 0);
    states.keep('c', 'stale', 0);
    states.keep('d', 'empty stream', null);

    expect(states.take('b')).toBeUndefined();
    expect(states.take('d')).toBeUndefined();
    expect(states.take('c')).toEqual({ state: 'c0', revision: 0 });
    expect(states.take('a')).toEqual({ state: 'a1', revision: 1 });
    expect(states.take('a')).toBeUndefined();
    expect(() => new DeciderStates(0)).toThrow(RangeError);
  });

  function competing() {
    return {
      id: randomUUID(),
      type: 'TestDeposited',
      data: { cents: 1 },
      metadata: { $correlationId: 'other', $causationId: 'other', actor: 'system:competitor' },
    };
  }
});
