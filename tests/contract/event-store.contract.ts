import type { EventCatalogue } from '@tradewise/contracts';
import { randomUUID } from 'node:crypto';
import {
  GENESIS_HASH,
  ManualClock,
  WrongExpectedVersionError,
  chainHash,
  type EventBatch,
  type EventStore,
  type RecordedEvent,
  type StoredEvent,
} from '@tradewise/platform';
import { eventually } from '../support/collect';
import { uniqueSuffix } from '../support/servers';
import {
  increment,
  note,
  ownerNote,
  renamedV1,
  testCatalogue,
  testCatalogueV1,
} from '../support/test-events';

export interface EventStoreFixture {
  /** Opens the store under test; called again after `close()` it reopens the same data (a restart). */
  open(catalogue: EventCatalogue, clock: ManualClock): Promise<EventStore>;
  cleanup(): Promise<void>;
}

/** The behaviour every EventStore adapter must have. Streams use a fresh category per test, so a shared server works. */
export function eventStoreContract(
  adapter: string,
  available: () => boolean,
  fixture: () => EventStoreFixture,
): void {
  const describeIf = available() ? describe : describe.skip;
  describeIf(`EventStore contract: ${adapter}`, () => {
    let harness: EventStoreFixture;
    let store: EventStore;
    let clock: ManualClock;
    let category: string;
    const stream = (id: string | number): string => `${category}-${id}`;

    beforeEach(async () => {
      harness = fixture();
      clock = new ManualClock('2026-03-01T12:00:00.000Z');
      store = await harness.open(testCatalogue, clock);
      category = `t${uniqueSuffix()}`;
    });

    afterEach(async () => {
      await store.close();
      await harness.cleanup();
    });

    async function readCategory(fromPosition = 0, maxCount = 100_000): Promise<EventBatch> {
      return store.readAll({ fromPosition, maxCount, filter: { streamCategories: [category] } });
    }

    it('appends to a new stream and reads it back with data and metadata', async () => {
      const result = await store.append(stream(1), [increment(100), note('hello')], {
        expectedRevision: 'no_stream',
      });
      expect(result.nextExpectedRevision).toBe(1);
      const events = await store.readStream(stream(1));
      expect(events.map((e) => [e.revision, e.type, e.data])).toEqual([
        [0, 'TestCounterIncremented', { amountCents: 100 }],
        [1, 'TestNoteAdded', { text: 'hello' }],
      ]);
      expect(events[0]!.metadata).toEqual({
        $correlationId: 'corr-1',
        $causationId: 'cause-1',
        actor: 'system:test',
        schemaVersion: 1,
        recordedAt: '2026-03-01T12:00:00.000Z',
      });
      expect(events[1]!.metadata.actor).toBe('account:42');
      expect(events[1]!.position).toBe(result.position);
      expect(events[0]!.position).toBeLessThan(events[1]!.position);
    });

    it('refuses no_stream on an existing stream with WrongExpectedVersion', async () => {
      await store.append(stream(1), [increment(1)], { expectedRevision: 'no_stream' });
      const attempt = store.append(stream(1), [increment(2)], { expectedRevision: 'no_stream' });
      await expect(attempt).rejects.toBeInstanceOf(WrongExpectedVersionError);
      await expect(attempt).rejects.toMatchObject({ streamId: stream(1), actual: 0 });
    });

    it('honours stream_exists, any and exact revisions', async () => {
      await expect(
        store.append(stream(2), [increment(1)], { expectedRevision: 'stream_exists' }),
      ).rejects.toBeInstanceOf(WrongExpectedVersionError);
      await store.append(stream(2), [increment(1)], { expectedRevision: 'any' });
      await store.append(stream(2), [increment(2)], { expectedRevision: 'stream_exists' });
      await store.append(stream(2), [increment(3)], { expectedRevision: 1 });
      await expect(store.append(stream(2), [increment(4)], { expectedRevision: 1 })).rejects.toBeInstanceOf(
        WrongExpectedVersionError,
      );
      const result = await store.append(stream(2), [increment(4)], { expectedRevision: 2 });
      expect(result.nextExpectedRevision).toBe(3);
      expect(
        (await store.readStream(stream(2))).map((e) => (e.data as { amountCents: number }).amountCents),
      ).toEqual([1, 2, 3, 4]);
    });

    it('lets exactly one of two concurrent writers with the same expected revision win', async () => {
      await store.append(stream(3), [increment(0)], { expectedRevision: 'no_stream' });
      const outcomes = await Promise.allSettled(
        Array.from({ length: 8 }, (_, writer) =>
          store.append(stream(3), [increment(writer + 1)], { expectedRevision: 0 }),
        ),
      );
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      const rejected = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
      expect(rejected).toHaveLength(7);
      for (const outcome of rejected) expect(outcome.reason).toBeInstanceOf(WrongExpectedVersionError);
      expect(await store.readStream(stream(3))).toHaveLength(2);
    });

    it('stores an event id once: a redelivered append is a no-op', async () => {
      const events = [
        increment(5, '0b6c7c86-8f5c-5d2a-9f3e-2a1c4b7d9e01'),
        increment(6, '6f1d8a3b-2c4e-5f60-8a9b-0c1d2e3f4a5b'),
      ];
      const first = await store.append(stream(4), events, { expectedRevision: 'no_stream' });
      const again = await store.append(stream(4), events, { expectedRevision: 'no_stream' });
      expect(again.nextExpectedRevision).toBe(first.nextExpectedRevision);
      expect(await store.readStream(stream(4))).toHaveLength(2);
    });

    it('reads a stream backwards, from a revision (past its end: nothing), with a maximum count, and an unknown stream as empty', async () => {
      await store.append(
        stream(5),
        Array.from({ length: 10 }, (_, i) => increment(i)),
        { expectedRevision: 'no_stream' },
      );
      const amounts = (events: RecordedEvent[]): number[] =>
        events.map((e) => (e.data as { amountCents: number }).amountCents);
      expect(amounts(await store.readStream(stream(5), { direction: 'backwards', maxCount: 3 }))).toEqual([
        9, 8, 7,
      ]);
      expect(amounts(await store.readStream(stream(5), { fromRevision: 7 }))).toEqual([7, 8, 9]);
      // A decider that kept the stream's state reads on from the revision after its last: none yet.
      expect(await store.readStream(stream(5), { fromRevision: 10 })).toEqual([]);
      expect(amounts(await store.readStream(stream(5), { direction: 'backwards', fromRevision: 2 }))).toEqual(
        [2, 1, 0],
      );
      expect(await store.readStream(stream('missing'))).toEqual([]);
    });

    it('reads the global log from a position in batches, in append order', async () => {
      for (let s = 0; s < 10; s += 1) {
        await store.append(
          stream(s),
          Array.from({ length: 25 }, (_, i) => increment(s * 100 + i)),
          { expectedRevision: 'any' },
        );
      }
      const seen: RecordedEvent[] = [];
      let position = 0;
      for (;;) {
        const batch = await store.readAll({
          fromPosition: position,
          maxCount: 40,
          filter: { streamCategories: [category] },
        });
        seen.push(...batch.events);
        expect(batch.position).toBeGreaterThanOrEqual(position);
        position = batch.position;
        if (batch.caughtUp) break;
      }
      expect(seen).toHaveLength(250);
      expect(seen.map((e) => (e.data as { amountCents: number }).amountCents)).toEqual(
        Array.from({ length: 10 }, (_, s) => Array.from({ length: 25 }, (_, i) => s * 100 + i)).flat(),
      );
      for (let i = 1; i < seen.length; i += 1)
        expect(seen[i]!.position).toBeGreaterThan(seen[i - 1]!.position);
      expect(position).toBeGreaterThanOrEqual(seen[seen.length - 1]!.position);
    });

    it('filters the log by event type and by stream category, moving the position past what it skips', async () => {
      const other = `o${uniqueSuffix()}`;
      await store.append(stream(1), [increment(1), note('a'), increment(2)], { expectedRevision: 'any' });
      await store.append(`${other}-1`, [note('b'), increment(3)], { expectedRevision: 'any' });
      const notes = await store.readAll({
        filter: { eventTypes: ['TestNoteAdded'], streamCategories: [category, other] },
        maxCount: 1000,
      });
      expect(notes.events.map((e) => (e.data as { text: string }).text)).toEqual(['a', 'b']);
      expect(notes.caughtUp).toBe(true);
      expect(notes.position).toBe(await store.headPosition());
      const ours = await readCategory();
      expect(ours.events).toHaveLength(3);
      expect(ours.events.every((e) => e.streamId.startsWith(`${category}-`))).toBe(true);
    });

    it('filters one event type by a value of its data, leaving the other types to the rest of the filter', async () => {
      await store.append(stream(1), [note('keep'), increment(1), note('drop'), note('keep too')], {
        expectedRevision: 'any',
      });
      const filter = {
        streamCategories: [category],
        dataValues: { TestNoteAdded: { field: 'text', values: ['keep', 'keep too'] } },
      };
      const kept = await store.readAll({ filter, maxCount: 1000 });
      expect(kept.events.map((e) => [e.type, e.data])).toEqual([
        ['TestNoteAdded', { text: 'keep' }],
        ['TestCounterIncremented', { amountCents: 1 }],
        ['TestNoteAdded', { text: 'keep too' }],
      ]);
      expect(kept.position).toBe(await store.headPosition());
      const subscription = store.subscribeToAll({ filter, batchSize: 2 });
      const received: unknown[] = [];
      for await (const batch of subscription) {
        received.push(...batch.events.map((e) => e.data));
        if (batch.caughtUp) break;
      }
      await subscription.close();
      expect(received).toEqual([{ text: 'keep' }, { amountCents: 1 }, { text: 'keep too' }]);
    });

    it('reads a filtered log in batches of any size exactly as the whole log filtered at once', async () => {
      const other = `o${uniqueSuffix()}`;
      // Uneven runs of both types over two categories; some notes pass the data filter.
      for (let run = 0; run < 12; run += 1) {
        const events = Array.from({ length: 1 + ((run * 7) % 9) }, (_, i) =>
          (run + i) % 3 === 0 ? increment(run * 100 + i) : note((run * i) % 4 === 0 ? 'keep' : 'drop'),
        );
        await store.append(run % 4 === 3 ? `${other}-1` : stream(run % 2), events, {
          expectedRevision: 'any',
        });
      }
      const head = await store.headPosition();
      const expected = (await readCategory()).events
        .filter((e) => e.type === 'TestCounterIncremented' || (e.data as { text: string }).text === 'keep')
        .map((e) => e.position);
      const filter = {
        eventTypes: ['TestCounterIncremented', 'TestNoteAdded'],
        streamCategories: [category],
        dataValues: { TestNoteAdded: { field: 'text', values: ['keep'] } },
      };
      for (const maxCount of [1, 2, 3, 5, 8]) {
        const read: number[] = [];
        let position = 0;
        for (;;) {
          const batch = await store.readAll({ fromPosition: position, maxCount, filter });
          expect(batch.events.length).toBeLessThanOrEqual(maxCount);
          read.push(...batch.events.map((e) => e.position));
          expect(batch.position).toBeGreaterThanOrEqual(position);
          position = batch.position;
          if (batch.caughtUp) break;
        }
        expect({ maxCount, read }).toEqual({ maxCount, read: expected });
        expect(position).toBe(head);
      }
    });

    it('subscribes from a position: catches up, then delivers live appends, and stops on close', async () => {
      await store.append(
        stream(1),
        Array.from({ length: 30 }, (_, i) => increment(i)),
        { expectedRevision: 'any' },
      );
      const start = (await readCategory()).events[9]!.position;
      const subscription = store.subscribeToAll({
        fromPosition: start,
        batchSize: 7,
        filter: { streamCategories: [category] },
      });
      const received: number[] = [];
      let sawCaughtUp = false;
      const consuming = (async () => {
        for await (const batch of subscription) {
          received.push(...batch.events.map((e) => (e.data as { amountCents: number }).amountCents));
          if (batch.caughtUp) sawCaughtUp = true;
        }
      })();
      await eventually(() => received.length === 20 && sawCaughtUp, 10_000, 'catch-up');
      await store.append(stream(2), [increment(100), increment(101)], { expectedRevision: 'any' });
      await eventually(() => received.length === 22, 10_000, 'live events');
      await subscription.close();
      await consuming;
      expect(received).toEqual([...Array.from({ length: 20 }, (_, i) => i + 10), 100, 101]);
    });

    it('appends and reads back a large batch', async () => {
      const events = Array.from({ length: 5000 }, (_, i) => increment(i));
      const result = await store.append(stream('big'), events, { expectedRevision: 'no_stream' });
      expect(result.nextExpectedRevision).toBe(4999);
      const read = await store.readStream(stream('big'));
      expect(read).toHaveLength(5000);
      expect((read[4999]!.data as { amountCents: number }).amountCents).toBe(4999);
      expect((await readCategory()).events).toHaveLength(5000);
    });

    it('upcasts old schema versions on read, in one place', async () => {
      await store.close();
      store = await harness.open(testCatalogueV1, clock);
      await store.append(
        stream('renamed'),
        [
          {
            id: crypto.randomUUID(),
            type: renamedV1.type,
            data: { name: 'Jita Trader' },
            metadata: { $correlationId: 'c', $causationId: 'c', actor: 'system:test' },
          },
        ],
        { expectedRevision: 'any' },
      );
      await store.close();
      store = await harness.open(testCatalogue, clock);
      const [event] = await store.readStream(stream('renamed'));
      expect(event!.data).toEqual({ fullName: 'Jita Trader', nickname: null });
      expect(event!.metadata.schemaVersion).toBe(2);
      expect((await readCategory()).events[0]!.data).toEqual({ fullName: 'Jita Trader', nickname: null });
    });

    it('delivers a subscription that is behind batch by batch exactly as one read gives the events, upcast too', async () => {
      await store.close();
      store = await harness.open(testCatalogueV1, clock);
      const renamed = (name: string) => ({
        id: crypto.randomUUID(),
        type: renamedV1.type,
        data: { name },
        metadata: { $correlationId: 'c', $causationId: 'c', actor: 'system:test' },
      });
      for (let run = 0; run < 9; run += 1)
        await store.append(
          stream(run % 3),
          [renamed(`Trader "${run}"`), note(run % 2 === 0 ? 'keep' : 'drop'), increment(run), note('keep')],
          { expectedRevision: 'any' },
        );
      await store.close();
      store = await harness.open(testCatalogue, clock);
      const filter = {
        streamCategories: [category],
        dataValues: { TestNoteAdded: { field: 'text', values: ['keep'] } },
      };
      const whole = await store.readAll({ maxCount: 100_000, filter });
      expect(whole.events).toHaveLength(9 * 3 + 5);
      const subscription = store.subscribeToAll({ filter, batchSize: 4 });
      const delivered: RecordedEvent[] = [];
      for await (const batch of subscription) {
        delivered.push(...batch.events);
        if (batch.caughtUp) break;
      }
      await subscription.close();
      expect(delivered).toEqual(whole.events);
      expect(delivered[0]!.data).toEqual({ fullName: 'Trader "0"', nickname: null });
    });

    it('refuses events of unknown types or with data that breaks their schema', async () => {
      await expect(
        store.append(stream(1), [{ ...increment(1), type: 'NoSuchEvent' }], { expectedRevision: 'any' }),
      ).rejects.toThrow(/Unknown event type 'NoSuchEvent'/);
      await expect(
        store.append(stream(1), [{ ...increment(1), data: { amountCents: 'ten' } }], {
          expectedRevision: 'any',
        }),
      ).rejects.toThrow(/does not match its schema/);
      expect(await store.readStream(stream(1))).toEqual([]);
    });

    async function storedStream(streamId: string): Promise<StoredEvent[]> {
      return store.readStored({ selection: { streamId }, maxCount: 1000 });
    }

    /** Recomputes a stream's chain from the stored form and returns the hashes it finds. */
    function recomputedChain(events: readonly StoredEvent[]): string[] {
      let previous = GENESIS_HASH;
      return events.map((event) => {
        previous = chainHash(previous, event);
        return previous;
      });
    }

    it('chains each stream at append: every hash covers the stored event and the hash before it', async () => {
      await store.append(stream('a'), [increment(1), note('first')], { expectedRevision: 'no_stream' });
      await store.append(stream('b'), [increment(7)], { expectedRevision: 'no_stream' });
      await store.append(stream('a'), [increment(2)], { expectedRevision: 1 });
      await store.append(stream('a'), [increment(3), increment(4)], { expectedRevision: 'any' });
      await store.append(stream('a'), [note('last')], { expectedRevision: 'stream_exists' });

      const storedA = await storedStream(stream('a'));
      expect(storedA.map((event) => event.revision)).toEqual([0, 1, 2, 3, 4, 5]);
      expect(storedA.map((event) => event.hash)).toEqual(recomputedChain(storedA));
      expect(new Set(storedA.map((event) => event.hash)).size).toBe(6);
      expect((await store.readStream(stream('a'))).map((event) => event.hash)).toEqual(
        storedA.map((event) => event.hash),
      );
      const [onlyB] = await storedStream(stream('b'));
      expect(onlyB!.hash).toBe(recomputedChain([onlyB!])[0]);
      expect(JSON.parse(onlyB!.metadata)).toEqual({
        $correlationId: 'corr-1',
        $causationId: 'cause-1',
        actor: 'system:test',
        schemaVersion: 1,
        recordedAt: '2026-03-01T12:00:00.000Z',
      });
    });

    it('leaves the chain unchanged when a redelivered append is a no-op', async () => {
      const events = [increment(5), increment(6)];
      await store.append(stream('r'), events, { expectedRevision: 'no_stream' });
      const before = await storedStream(stream('r'));
      await store.append(stream('r'), events, { expectedRevision: 'any' });
      expect(await storedStream(stream('r'))).toEqual(before);
    });

    it('hashes the stored form: an event read upcast still matches its hash in the stored form', async () => {
      await store.close();
      store = await harness.open(testCatalogueV1, clock);
      await store.append(
        stream('old'),
        [
          {
            id: randomUUID(),
            type: renamedV1.type,
            data: { name: 'Jita Trader' },
            metadata: { $correlationId: 'c', $causationId: 'c', actor: 'system:test' },
          },
        ],
        { expectedRevision: 'no_stream' },
      );
      await store.close();
      store = await harness.open(testCatalogue, clock);
      const [stored] = await storedStream(stream('old'));
      expect(JSON.parse(stored!.data)).toEqual({ name: 'Jita Trader' });
      expect(stored!.hash).toBe(recomputedChain([stored!])[0]);
      const [read] = await store.readStream(stream('old'));
      expect(read!.data).toEqual({ fullName: 'Jita Trader', nickname: null });
      expect(read!.hash).toBe(stored!.hash);
    });

    it('selects stored events by stream, type, correlation, causation, time, owner and id, paged both ways', async () => {
      const account = `acct${uniqueSuffix()}`;
      const character = 90_000_000 + Math.floor(Math.random() * 1_000_000);
      await store.append(stream(account), [note('on the account stream')], { expectedRevision: 'no_stream' });
      clock.set('2026-03-02T00:00:00.000Z');
      const named = ownerNote({ accountId: account }, { $correlationId: `corr-${account}` });
      await store.append(stream('other'), [named, ownerNote({ characterId: character })], {
        expectedRevision: 'no_stream',
      });
      clock.set('2026-03-03T00:00:00.000Z');
      await store.append(
        stream(`9.1.${account}`),
        [ownerNote({}, { $correlationId: `corr-${account}`, $causationId: named.id })],
        { expectedRevision: 'no_stream' },
      );
      await store.append(stream(character), [increment(1)], { expectedRevision: 'no_stream' });

      const select = async (selection: Parameters<EventStore['readStored']>[0]['selection']) =>
        (await store.readStored({ selection, maxCount: 100 }))
          .filter((event) => event.streamId.startsWith(`${category}-`))
          .map((event) => `${event.streamId.slice(category.length + 1)}@${event.revision}`);

      expect(await select({ accountId: account })).toEqual([`${account}@0`, 'other@0', `9.1.${account}@0`]);
      expect(await select({ characterId: character })).toEqual(['other@1', `${character}@0`]);
      expect(await select({ streamId: stream('other') })).toEqual(['other@0', 'other@1']);
      expect(await select({ correlationId: `corr-${account}` })).toEqual(['other@0', `9.1.${account}@0`]);
      expect(await select({ causationId: named.id })).toEqual([`9.1.${account}@0`]);
      expect(await select({ eventId: named.id })).toEqual(['other@0']);
      expect(
        await select({
          accountId: account,
          recordedFrom: '2026-03-02T00:00:00.000Z',
          recordedTo: '2026-03-03T00:00:00.000Z',
        }),
      ).toEqual(['other@0']);
      expect(await select({ characterId: character, eventTypes: ['TestCounterIncremented'] })).toEqual([
        `${character}@0`,
      ]);

      const newestFirst = await store.readStored({
        selection: { accountId: account },
        order: 'newest',
        maxCount: 2,
      });
      expect(newestFirst.map((event) => event.streamId)).toEqual([stream(`9.1.${account}`), stream('other')]);
      const rest = await store.readStored({
        selection: { accountId: account },
        order: 'newest',
        after: newestFirst[1]!.position,
        maxCount: 2,
      });
      expect(rest.map((event) => event.streamId)).toEqual([stream(account)]);
      const oldestAfter = await store.readStored({
        selection: { accountId: account },
        after: rest[0]!.position,
        maxCount: 1,
      });
      expect(oldestAfter.map((event) => event.streamId)).toEqual([stream('other')]);
    });

    it('keeps everything across a restart and continues the stream revisions', async () => {
      await store.append(stream(1), [increment(1), increment(2)], { expectedRevision: 'no_stream' });
      const head = await store.headPosition();
      await store.close();
      store = await harness.open(testCatalogue, clock);
      expect(await store.headPosition()).toBe(head);
      await store.append(stream(1), [increment(3)], { expectedRevision: 1 });
      expect((await store.readStream(stream(1))).map((e) => e.revision)).toEqual([0, 1, 2]);
    });
  });
}
