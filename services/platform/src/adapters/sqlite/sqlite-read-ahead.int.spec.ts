import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { EventCatalogue, defineEvent } from '@tradewise/contracts';
import { ManualClock } from '../../testkit/manual-clock';
import { SqliteEventStore } from './sqlite-event-store';
import { SqliteReadAhead } from './sqlite-read-ahead';

const noted = defineEvent({
  type: 'TestNoted',
  schemaVersion: 1,
  schema: z.object({ text: z.string() }),
});
const catalogue = new EventCatalogue([noted]);
const metadata = { $correlationId: 'c', $causationId: 'c', actor: 'system:test' };
const notes = (texts: readonly string[]) =>
  texts.map((text) => ({ id: randomUUID(), type: 'TestNoted', data: { text }, metadata }));

describe('the SQLite event store read-ahead thread', () => {
  let dir: string;
  let path: string;
  let store: SqliteEventStore;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tw-read-ahead-'));
    path = join(dir, 'events.sqlite');
    store = new SqliteEventStore({ path, catalogue, clock: new ManualClock('2026-11-29T08:00:00.000Z') });
    await store.append('notes-1', notes(['a', 'b "quoted"', 'c\nd', 'é€', 'e']), { expectedRevision: 'any' });
  });

  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads a batch from its own connection: the stored events as one JSON text, with where it stopped', async () => {
    const readAhead = new SqliteReadAhead(path);
    try {
      const batch = await readAhead.read({
        fromPosition: 1,
        maxCount: 3,
        filter: { eventTypes: ['TestNoted'] },
        readFurther: false,
      });
      const own = await store.readAll({
        fromPosition: 1,
        maxCount: 3,
        filter: { eventTypes: ['TestNoted'] },
      });
      expect(JSON.parse(batch!.json)).toEqual(own.events);
      expect(batch).toMatchObject({ position: own.position, caughtUp: false });
      const tail = await readAhead.read({
        fromPosition: 4,
        maxCount: 3,
        filter: undefined,
        readFurther: false,
      });
      expect(JSON.parse(tail!.json).map((event: { data: unknown }) => event.data)).toEqual([{ text: 'e' }]);
      expect(tail).toMatchObject({ position: 5, caughtUp: true });
    } finally {
      await readAhead.close();
    }
  });

  it('reports a thread that cannot read once, and is not asked again', async () => {
    const readAhead = new SqliteReadAhead(join(dir, 'missing.sqlite'));
    try {
      await expect(
        readAhead.read({ fromPosition: 0, maxCount: 3, filter: undefined, readFurther: false }),
      ).rejects.toThrow(/SQLITE_CANTOPEN|unable to open/);
      expect(
        readAhead.read({ fromPosition: 0, maxCount: 3, filter: undefined, readFurther: false }),
      ).toBeUndefined();
    } finally {
      await readAhead.close();
    }
  });

  it('reads further ahead of a subscription that has not reached the head, and delivers what is appended meanwhile in order', async () => {
    await store.append('notes-2', notes(['f', 'g']), { expectedRevision: 'any' });
    const subscription = store.subscribeToAll({ batchSize: 2 });
    const delivered: string[][] = [];
    let appended = false;
    for await (const batch of subscription) {
      delivered.push(batch.events.map((event) => (event.data as { text: string }).text));
      if (!appended) {
        // The thread reads [c, d] and then, before it is asked, [e, f]: these appends come after both.
        await new Promise((resolve) => setTimeout(resolve, 50));
        await store.append('notes-2', notes(['h', 'i']), { expectedRevision: 'any' });
        appended = true;
      }
      if (batch.caughtUp && delivered.flat().length === 9) break;
    }
    await subscription.close();
    expect(delivered).toEqual([['a', 'b "quoted"'], ['c\nd', 'é€'], ['e', 'f'], ['g', 'h'], ['i']]);
  });

  it('ends a subscription that is behind when the store closes while the next batch is being read', async () => {
    const subscription = store.subscribeToAll({ batchSize: 2 });
    const delivered: string[] = [];
    for await (const batch of subscription) {
      delivered.push(...batch.events.map((event) => (event.data as { text: string }).text));
      await store.close();
    }
    expect(delivered).toEqual(['a', 'b "quoted"']);
  });
});
