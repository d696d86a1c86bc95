import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore, SystemClock, verifyEventLog, type RecordedEvent } from '@tradewise/platform';
import { runKillableChild } from '../fault/support/killable-child';
import { ROOT } from '../support/server-process';
import { uniqueSuffix } from '../support/servers';
import { note, testCatalogue } from '../support/test-events';
import type { AppendedNote } from './support/appender-child';

const CHILD = 'tests/contract/support/appender-child.ts';
const LOCK_HOLDER = 'tests/contract/support/lock-holder-child.ts';
const STREAMS = 3;
const BATCHES = 300;

function noteOf(event: RecordedEvent): AppendedNote {
  return JSON.parse((event.data as { text: string }).text) as AppendedNote;
}

/**
 * ADR 0019: processes on one machine share the SQLite event store's file. Here they are separate OS processes,
 * not connections of one: the write lock they contend for is SQLite's file lock, and each sees the others'
 * appends only through the file.
 */
describe('SQLite event store shared by processes', () => {
  jest.setTimeout(120_000);
  let dir: string;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'tw-shared-events-'));
  });

  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('opens a new file while another process holds its write lock, once the lock is let go', async () => {
    const path = join(dir, 'events.sqlite');
    const holder = spawn(process.execPath, [join(ROOT, 'tools/run.js'), LOCK_HOLDER, path, '1500'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise((resolve) => holder.on('exit', resolve));
    await new Promise((resolve) => holder.stdout.once('data', resolve));

    // Making the new file WAL needs the lock; SQLite answers "database is locked" at once instead of waiting.
    const store = new SqliteEventStore({ path, catalogue: testCatalogue, clock: new SystemClock() });
    try {
      await store.append('opened-1', [note('after the lock')], { expectedRevision: 'no_stream' });
      expect((await store.readStream('opened-1')).map((event) => event.data)).toEqual([
        { text: 'after the lock' },
      ]);
    } finally {
      await store.close();
    }
    expect(await exited).toBe(0);
  });

  it('keeps revisions, positions and every hash chain whole when processes append to the same streams at once, and one is killed mid-append', async () => {
    const path = join(dir, 'shared', 'events.sqlite');
    const category = `t${uniqueSuffix()}`;
    // Far enough ahead that all three have started Node before any opens the file, which none has made yet.
    const startAt = String(Date.now() + 5_000);
    const writer = (tag: string, batches: number, killAfterMs?: number): Promise<boolean> =>
      runKillableChild(CHILD, [path, category, tag, String(batches), String(STREAMS), startAt, '3'], {
        ...(killAfterMs === undefined ? {} : { killAfterMs }),
      });
    const [a, b, killed] = await Promise.all([
      writer('a', BATCHES),
      writer('b', BATCHES),
      writer('killed', 1_000_000, 300),
    ]);
    expect([a, b, killed]).toEqual([true, true, false]);
    expect(existsSync(path)).toBe(true);

    const store = new SqliteEventStore({ path, catalogue: testCatalogue, clock: new SystemClock() });
    try {
      const { events, caughtUp } = await store.readAll({ maxCount: 1_000_000 });
      expect(caughtUp).toBe(true);
      // Positions: one per event, in the order the appends committed, none skipped.
      expect(events.map((event) => event.position)).toEqual(events.map((_, index) => index + 1));

      const byStream = new Map<string, RecordedEvent[]>();
      for (const event of events)
        byStream.set(event.streamId, [...(byStream.get(event.streamId) ?? []), event]);
      expect([...byStream.keys()].sort()).toEqual(
        Array.from({ length: STREAMS }, (_, index) => `${category}-${index}`),
      );
      for (const stream of byStream.values()) {
        // Revisions 0..n-1 in position order, and each event where the revision its writer read put it: no
        // append went in over one it had not seen.
        expect(stream.map((event) => event.revision)).toEqual(stream.map((_, index) => index));
        for (const event of stream) {
          const { read, part } = noteOf(event);
          expect(event.revision).toBe(read + 1 + part);
        }
      }

      // Every batch of the writers that finished is there once, both parts; the killed writer's batches are a
      // whole prefix: the one it was appending when it died is either all there or not at all.
      const batchesOf = (tag: string): Map<number, number[]> => {
        const batches = new Map<number, number[]>();
        for (const note of events.map(noteOf).filter((n) => n.tag === tag))
          batches.set(note.batch, [...(batches.get(note.batch) ?? []), note.part]);
        return batches;
      };
      for (const tag of ['a', 'b']) {
        const batches = batchesOf(tag);
        expect([...batches.keys()]).toEqual(Array.from({ length: BATCHES }, (_, index) => index));
        expect([...batches.values()].every((parts) => parts.join() === '0,1')).toBe(true);
      }
      const killedBatches = batchesOf('killed');
      expect(killedBatches.size).toBeGreaterThan(0);
      expect([...killedBatches.keys()]).toEqual(
        Array.from({ length: killedBatches.size }, (_, index) => index),
      );
      expect([...killedBatches.values()].every((parts) => parts.join() === '0,1')).toBe(true);

      // They ran at once: each writer began appending before every other one's last append. How the batches
      // interleave in the log is SQLite's to decide: the write lock is not fair, and a loaded machine gives each
      // writer long turns (the log changed hands only twice in a CI run), while the others read and retry.
      const tags = ['a', 'b', 'killed'];
      const startedAt = new Map<string, number>();
      const lastAppendAt = new Map<string, number>();
      for (const event of events) {
        const { tag, startedAt: began } = noteOf(event);
        startedAt.set(tag, began);
        lastAppendAt.set(tag, Math.max(lastAppendAt.get(tag) ?? 0, Date.parse(event.metadata.recordedAt)));
      }
      for (const tag of tags)
        for (const other of tags.filter((candidate) => candidate !== tag))
          expect(startedAt.get(tag)!).toBeLessThanOrEqual(lastAppendAt.get(other)!);

      const report = await verifyEventLog(store, randomBytes(32));
      expect(report).toMatchObject({
        ok: true,
        eventsChecked: events.length,
        streamsChecked: STREAMS,
        problems: [],
      });
    } finally {
      await store.close();
    }
  });
});
