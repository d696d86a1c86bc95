import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { z } from 'zod';
import { EventCatalogue, defineEvent, streamHeadsDigestRecorded } from '@tradewise/contracts';
import { SqliteEventStore } from '../adapters/sqlite/sqlite-event-store';
import type { EventToAppend } from '../ports/event-store.port';
import { ManualClock } from '../testkit/manual-clock';
import { EventLogInspector } from './event-log-inspector';
import { verifyEventLog } from './event-log-verifier';
import { StreamHeadsDigestRecorder } from './stream-heads-digest.recorder';

const itemSold = defineEvent({
  type: 'AuditTestItemSold',
  schemaVersion: 1,
  schema: z.object({ accountId: z.string(), quantity: z.number().int(), priceCents: z.number().int() }),
});
const catalogue = new EventCatalogue([itemSold, streamHeadsDigestRecorded]);

function sold(accountId: string, quantity: number, correlationId = 'import-1', causationId = correlationId) {
  return {
    id: randomUUID(),
    type: itemSold.type,
    data: { accountId, quantity, priceCents: quantity * 1_000 },
    metadata: { $correlationId: correlationId, $causationId: causationId, actor: 'system:test' },
  } satisfies EventToAppend;
}

describe('event log audit on the embedded store', () => {
  let dir: string;
  let path: string;
  let store: SqliteEventStore;
  let clock: ManualClock;
  const key = randomBytes(32);

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tw-audit-'));
    path = join(dir, 'events.sqlite');
    clock = new ManualClock('2026-03-01T12:00:00.000Z');
    store = new SqliteEventStore({ path, catalogue, clock });
    for (const account of ['a1', 'a2', 'a3']) {
      await store.append(
        `tradeledger-${account}`,
        [1, 2, 3, 4].map((quantity) => sold(account, quantity)),
        {
          expectedRevision: 'no_stream',
        },
      );
    }
  });

  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Changes the file as someone with write access to it could, behind the store's back. */
  async function tamper(sql: string): Promise<void> {
    await store.close();
    const db = new Database(path);
    db.exec(`BEGIN; ${sql}; COMMIT;`);
    db.close();
    store = new SqliteEventStore({ path, catalogue, clock });
  }

  it('finds nothing wrong in an untouched log, with its digests', async () => {
    await new StreamHeadsDigestRecorder(store, key).record();
    await store.append('tradeledger-a1', [sold('a1', 5)], { expectedRevision: 3 });
    const report = await verifyEventLog(store, key);
    expect(report).toMatchObject({ ok: true, eventsChecked: 14, streamsChecked: 4, digestsChecked: 1 });
    expect(report.problems).toEqual([]);
  });

  it('names the event whose stored data was changed', async () => {
    await tamper(
      `UPDATE events SET data = json_set(data, '$.priceCents', 1) WHERE stream_id = 'tradeledger-a2' AND revision = 2`,
    );
    const report = await verifyEventLog(store, key);
    expect(report.ok).toBe(false);
    expect(report.problems).toEqual([
      expect.objectContaining({ kind: 'hash-mismatch', streamId: 'tradeledger-a2', revision: 2 }),
    ]);
  });

  it('names the first of two events swapped within a stream', async () => {
    await tamper(
      `CREATE TEMP TABLE swapped AS SELECT revision, event_id, data FROM events WHERE stream_id = 'tradeledger-a3' AND revision IN (1, 2); ` +
        `UPDATE events SET event_id = (SELECT event_id FROM swapped WHERE swapped.revision = 3 - events.revision), ` +
        `data = (SELECT data FROM swapped WHERE swapped.revision = 3 - events.revision) ` +
        `WHERE stream_id = 'tradeledger-a3' AND revision IN (1, 2)`,
    );
    expect((await verifyEventLog(store, key)).problems).toEqual([
      expect.objectContaining({ kind: 'hash-mismatch', streamId: 'tradeledger-a3', revision: 1 }),
      expect.objectContaining({ kind: 'hash-mismatch', streamId: 'tradeledger-a3', revision: 2 }),
    ]);
  });

  it('finds events moved out of order in the log', async () => {
    const inStream = `stream_id = 'tradeledger-a1'`;
    await tamper(
      `UPDATE events SET revision = -1 WHERE ${inStream} AND revision = 2; ` +
        `UPDATE events SET revision = 2 WHERE ${inStream} AND revision = 3; ` +
        `UPDATE events SET revision = 3 WHERE ${inStream} AND revision = -1`,
    );
    const problems = (await verifyEventLog(store, key)).problems;
    expect(problems[0]).toMatchObject({ kind: 'revision-gap', streamId: 'tradeledger-a1', revision: 3 });
    expect(problems).toContainEqual(
      expect.objectContaining({ kind: 'revision-order', streamId: 'tradeledger-a1', revision: 2 }),
    );
  });

  it('finds an event deleted from the middle of a stream', async () => {
    await tamper(`DELETE FROM events WHERE stream_id = 'tradeledger-a2' AND revision = 1`);
    expect((await verifyEventLog(store, key)).problems).toEqual([
      expect.objectContaining({ kind: 'revision-gap', streamId: 'tradeledger-a2', revision: 2 }),
      expect.objectContaining({ kind: 'hash-mismatch', streamId: 'tradeledger-a2', revision: 2 }),
    ]);
  });

  it('finds a deleted tail through the last signed digest, and names the stream and the first revision missing', async () => {
    await new StreamHeadsDigestRecorder(store, key).record();
    await tamper(`DELETE FROM events WHERE stream_id = 'tradeledger-a1' AND revision >= 2`);
    const report = await verifyEventLog(store, key);
    expect(report.ok).toBe(false);
    expect(report.problems[0]).toMatchObject({
      kind: 'digest-head',
      streamId: 'tradeledger-a1',
      revision: 2,
    });
    expect(report.problems[0]!.detail).toMatch(/tail was deleted/);
  });

  it('finds a stream deleted whole, and a tail deleted before an older digest', async () => {
    const recorder = new StreamHeadsDigestRecorder(store, key);
    await recorder.record();
    await store.append('tradeledger-a4', [sold('a4', 1)], { expectedRevision: 'no_stream' });
    await recorder.record();
    await tamper(`DELETE FROM events WHERE stream_id = 'tradeledger-a2'`);
    const kinds = (await verifyEventLog(store, key)).problems.map((problem) => [
      problem.kind,
      problem.streamId,
    ]);
    expect(kinds).toEqual([
      ['digest-head', 'tradeledger-a2'],
      ['digest-stream-count', 'auditdigest-heads'],
      ['digest-stream-count', 'auditdigest-heads'],
    ]);
  });

  it('refuses a digest it did not sign, and does not catch a tail deleted after the last digest', async () => {
    await new StreamHeadsDigestRecorder(store, randomBytes(32)).record();
    await tamper(`DELETE FROM events WHERE stream_id = 'tradeledger-a3' AND revision = 3`);
    const report = await verifyEventLog(store, key);
    expect(report.problems.map((problem) => problem.kind)).toEqual(['digest-signature']);
    expect(report.digestsChecked).toBe(0);
  });

  it('records a digest only when the log moved, listing the heads that moved', async () => {
    const recorder = new StreamHeadsDigestRecorder(store, key);
    expect(await recorder.record()).toMatchObject({ streamCount: 3 });
    expect(await recorder.record()).toBeNull();
    await store.append('tradeledger-a2', [sold('a2', 9)], { expectedRevision: 3 });
    await recorder.record();
    const digests = await store.readStream('auditdigest-heads');
    expect(
      digests.map((digest) => (digest.data as { changedHeads: { streamId: string }[] }).changedHeads),
    ).toEqual([
      [
        expect.objectContaining({ streamId: 'tradeledger-a1', revision: 3 }),
        expect.objectContaining({ streamId: 'tradeledger-a2', revision: 3 }),
        expect.objectContaining({ streamId: 'tradeledger-a3', revision: 3 }),
      ],
      [expect.objectContaining({ streamId: 'tradeledger-a2', revision: 4 })],
    ]);
    // A restarted recorder goes on from the last digest.
    await store.append('tradeledger-a3', [sold('a3', 9)], { expectedRevision: 3 });
    await new StreamHeadsDigestRecorder(store, key).record();
    const [last] = await store.readStream('auditdigest-heads', { direction: 'backwards', maxCount: 1 });
    expect((last!.data as { changedHeads: { streamId: string }[] }).changedHeads).toEqual([
      expect.objectContaining({ streamId: 'tradeledger-a3', revision: 4 }),
    ]);
    expect((await verifyEventLog(store, key)).ok).toBe(true);
  });

  it('chains the events of a file written before the chain when it first opens it', async () => {
    await store.close();
    const db = new Database(path);
    db.exec('DROP INDEX IF EXISTS events_by_correlation; DROP INDEX IF EXISTS events_by_causation;');
    db.exec('ALTER TABLE events DROP COLUMN hash');
    db.close();
    store = new SqliteEventStore({ path, catalogue, clock });
    const report = await verifyEventLog(store, key);
    expect(report).toMatchObject({ ok: true, eventsChecked: 12 });
    const [event] = await store.readStream('tradeledger-a1', { maxCount: 1 });
    expect(event!.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('exports a selection as JSON Lines holding the stored events and their hashes', async () => {
    clock.set('2026-03-05T00:00:00.000Z');
    const edit = sold('a2', 7, 'edit-1');
    await store.append('tradeledger-a2', [edit], { expectedRevision: 3 });
    await store.append('tradeledger-a1', [sold('a1', 8, 'edit-1', edit.id)], { expectedRevision: 3 });
    const inspector = new EventLogInspector(store);
    const exported = async (selection: Parameters<EventLogInspector['exportJsonLines']>[0]) => {
      let text = '';
      for await (const chunk of inspector.exportJsonLines(selection)) text += chunk;
      return text
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>);
    };
    const all = await exported({});
    expect(all).toHaveLength(14);
    const [first] = await store.readStored({ maxCount: 1 });
    expect(all[0]).toEqual({
      position: first!.position,
      streamId: 'tradeledger-a1',
      revision: 0,
      id: first!.id,
      type: itemSold.type,
      data: { accountId: 'a1', quantity: 1, priceCents: 1_000 },
      metadata: {
        $correlationId: 'import-1',
        $causationId: 'import-1',
        actor: 'system:test',
        schemaVersion: 1,
        recordedAt: '2026-03-01T12:00:00.000Z',
      },
      hash: first!.hash,
    });
    expect((await exported({ accountId: 'a2' })).map((line) => line.revision)).toEqual([0, 1, 2, 3, 4]);
    expect(
      (await exported({ recordedFrom: '2026-03-02T00:00:00.000Z' })).map((line) => line.id),
    ).toHaveLength(2);
    expect((await exported({ correlationId: 'edit-1' })).map((line) => line.streamId)).toEqual([
      'tradeledger-a2',
      'tradeledger-a1',
    ]);

    const chain = await inspector.causationChain(edit.id);
    expect(chain.event?.id).toBe(edit.id);
    expect(chain.caused.map((event) => event.streamId)).toEqual(['tradeledger-a1']);
    expect(chain.correlationGroup.map((event) => event.streamId)).toEqual([
      'tradeledger-a2',
      'tradeledger-a1',
    ]);
    const batch = await inspector.causationChain('import-1');
    expect(batch.event).toBeNull();
    expect(batch.caused).toHaveLength(12);

    const page = await inspector.page({ selection: { accountId: 'a1' }, order: 'newest', limit: 3 });
    expect(page.events.map((event) => event.revision)).toEqual([4, 3, 2]);
    const next = await inspector.page({
      selection: { accountId: 'a1' },
      order: 'newest',
      after: page.nextCursor!,
      limit: 3,
    });
    expect(next.events.map((event) => event.revision)).toEqual([1, 0]);
    expect(next.nextCursor).toBeNull();
  });
});
