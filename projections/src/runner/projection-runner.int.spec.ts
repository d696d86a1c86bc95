import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { z } from 'zod';
import { EventCatalogue, defineEvent } from '@tradewise/contracts';
import {
  EmbeddedReadStore,
  ManualClock,
  ReadStoreCheckpointStore,
  SqliteEventStore,
  createLogger,
  type EventToAppend,
  type RecordedEvent,
} from '@tradewise/platform';
import type { AnyProjection, FoldProjection, Projection, ProjectedDocument } from './projection';
import { ProjectionRegistry } from './projection-registry';
import { ProjectionRunner } from './projection-runner';

const deposited = defineEvent({
  type: 'Deposited',
  schemaVersion: 1,
  schema: z.object({ cents: z.number().int() }),
});
const legacy = defineEvent({ type: 'LegacyThingHappened', schemaVersion: 1, schema: z.object({}) });
const writerCatalogue = new EventCatalogue([deposited, legacy]);
const readerCatalogue = new EventCatalogue([deposited]);

interface Total extends ProjectedDocument {
  cents: number;
}

function totals(version: number, factor = 1): Projection<Total> {
  return {
    name: 'wallet-totals',
    version,
    documentIds: (event: RecordedEvent) => (event.type === deposited.type ? [event.streamId] : []),
    evolve: (total, event) => {
      const cents = (event.data as { cents: number }).cents;
      if (cents < 0) throw new Error('negative deposit');
      return { _id: event.streamId, cents: (total?.cents ?? 0) + cents * factor };
    },
  };
}

interface RunningTotal extends ProjectedDocument {
  cents: number;
  deposits: number;
}

/** Per stream, the total after each deposit: a fold whose documents come from a partition's whole history. */
function runningTotals(): FoldProjection<{ stream: string; totals: number[] }, RunningTotal> {
  return {
    kind: 'fold',
    name: 'wallet-totals',
    version: 1,
    partitionOf: (event) => (event.type === deposited.type ? event.streamId : null),
    initialState: (stream) => ({ stream, totals: [] }),
    apply: (state, event) => {
      state.totals.push((state.totals.at(-1) ?? 0) + (event.data as { cents: number }).cents);
      return [state.stream, `${state.stream}#${state.totals.length}`];
    },
    document: (state, id) => {
      const [, nth] = id.split('#');
      const deposits = nth === undefined ? state.totals.length : Number(nth);
      return { _id: id, cents: state.totals[deposits - 1]!, deposits };
    },
  };
}

function deposit(cents: number): EventToAppend {
  return {
    id: crypto.randomUUID(),
    type: deposited.type,
    data: { cents },
    metadata: { $correlationId: 'c', $causationId: 'c', actor: 'system:test' },
  };
}

function legacyEvent(): EventToAppend {
  return {
    id: crypto.randomUUID(),
    type: legacy.type,
    data: {},
    metadata: { $correlationId: 'c', $causationId: 'c', actor: 'system:test' },
  };
}

describe('ProjectionRunner over the embedded adapters', () => {
  let dir: string;
  let clock: ManualClock;
  let eventStore: SqliteEventStore;
  let readStore: EmbeddedReadStore;
  let runner: ProjectionRunner | undefined;
  let logLines: string[];

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'tw-runner-'));
    clock = new ManualClock();
    eventStore = new SqliteEventStore({
      path: join(dir, 'events.sqlite'),
      catalogue: writerCatalogue,
      clock,
      pollIntervalMs: 20,
    });
    readStore = new EmbeddedReadStore(join(dir, 'read.sqlite'));
    logLines = [];
  });

  afterEach(async () => {
    await runner?.stop();
    runner = undefined;
    await eventStore.close();
    await readStore.close();
    rmSync(dir, { recursive: true, force: true });
  });

  function start(
    projection: Projection<Total> | AnyProjection,
    catalogue = readerCatalogue,
  ): ProjectionRunner {
    const logger = createLogger(
      'info',
      new Writable({ write: (chunk, _enc, done) => (logLines.push(chunk.toString()), done()) }),
    );
    runner = new ProjectionRunner([projection as unknown as AnyProjection], {
      eventStore,
      readStore,
      checkpointStore: new ReadStoreCheckpointStore(readStore, clock),
      catalogue,
      logger,
      clock,
    });
    return runner;
  }

  async function served(r: ProjectionRunner): Promise<Record<string, number>> {
    const docs = await r.readModel<Total>('wallet-totals').find({}).toArray();
    return Object.fromEntries(docs.map((d) => [d._id, d.cents]));
  }

  async function until(condition: () => boolean | Promise<boolean>): Promise<void> {
    const deadline = Date.now() + 10_000;
    while (!(await condition())) {
      if (Date.now() > deadline) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  it('given a log, when started, then it serves the projection and reads can wait for an appended position', async () => {
    await eventStore.append('wallet-1', [deposit(100), deposit(50)], { expectedRevision: 'any' });
    const r = start(totals(1));
    await r.start();
    await until(() => r.ready);
    expect(await served(r)).toEqual({ 'wallet-1': 150 });
    const { position } = await eventStore.append('wallet-2', [deposit(7)], { expectedRevision: 'any' });
    expect(await r.waitForPosition(position, 5000)).toBe(true);
    expect(await served(r)).toEqual({ 'wallet-1': 150, 'wallet-2': 7 });
    const [status] = await r.statuses();
    expect(status).toMatchObject({ name: 'wallet-totals', state: 'live', lag: 0, position, error: null });
  });

  it('given a checkpoint lost after documents were written, when replayed, then no event is applied twice', async () => {
    await eventStore.append('wallet-1', [deposit(100), deposit(50)], { expectedRevision: 'any' });
    let r = start(totals(1));
    await r.start();
    await until(() => r.ready);
    await r.stop();
    const collection = r.host('wallet-totals').servingCollection!;
    await new ReadStoreCheckpointStore(readStore, clock).delete(collection);
    r = start(totals(1));
    await r.start();
    await until(() => r.ready);
    expect(await served(r)).toEqual({ 'wallet-1': 150 });
  });

  it('given a new projection version, when started, then it builds beside the old one and switches when caught up', async () => {
    await eventStore.append('wallet-1', [deposit(10)], { expectedRevision: 'any' });
    let r = start(totals(1));
    await r.start();
    await until(() => r.ready);
    const v1 = r.host('wallet-totals').servingCollection!;
    await r.stop();

    r = start(totals(2, 3));
    await r.start();
    await until(() => r.ready);
    const v2 = r.host('wallet-totals').servingCollection!;
    expect(v2).not.toBe(v1);
    expect(await served(r)).toEqual({ 'wallet-1': 30 });
    const entry = await new ProjectionRegistry(readStore).get('wallet-totals');
    expect(entry.retired).toEqual([v1]);
    await r.stop();

    r = start(totals(2, 3));
    await r.start();
    expect(await readStore.listCollectionNames()).not.toContain(v1);
  });

  it('given a serving read model, when rebuilt, then reads keep working and switch to the new generation', async () => {
    await eventStore.append(
      'wallet-1',
      Array.from({ length: 500 }, () => deposit(1)),
      { expectedRevision: 'any' },
    );
    const r = start(totals(1));
    await r.start();
    await until(() => r.ready);
    const before = r.host('wallet-totals').servingCollection;
    const generation = await r.host('wallet-totals').rebuild();
    expect(await served(r)).toEqual({ 'wallet-1': 500 });
    await r.host('wallet-totals').waitForBuild();
    expect(r.host('wallet-totals').servingCollection).toBe(generation.collection);
    expect(generation.collection).not.toBe(before);
    expect(await served(r)).toEqual({ 'wallet-1': 500 });
  });

  it('given an unknown event type, when rebuilding, then the build stops naming stream, position and type', async () => {
    await eventStore.append('wallet-1', [deposit(1)], { expectedRevision: 'any' });
    const { position } = await eventStore.append('legacy-7', [legacyEvent()], { expectedRevision: 'any' });
    const r = start(totals(1));
    await r.start();
    await expect(r.host('wallet-totals').waitForBuild()).rejects.toThrow(
      `Rebuild of wallet-totals stopped: unknown event type 'LegacyThingHappened' at position ${position} in stream legacy-7`,
    );
    const [status] = await r.statuses();
    expect(status!.state).toBe('failed');
    expect(r.ready).toBe(false);
    expect((await new ProjectionRegistry(readStore).get('wallet-totals')).lastError).toContain('legacy-7');
  });

  it('given an unknown event type, when live, then it is logged and skipped', async () => {
    await eventStore.append('wallet-1', [deposit(1)], { expectedRevision: 'any' });
    const r = start(totals(1));
    await r.start();
    await until(() => r.ready);
    await eventStore.append('legacy-7', [legacyEvent()], { expectedRevision: 'any' });
    const { position } = await eventStore.append('wallet-1', [deposit(2)], { expectedRevision: 'any' });
    expect(await r.waitForPosition(position, 5000)).toBe(true);
    expect(await served(r)).toEqual({ 'wallet-1': 3 });
    const warning = logLines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((l) => l.msg === 'Skipped an event of unknown type');
    expect(warning).toMatchObject({
      streamId: 'legacy-7',
      type: 'LegacyThingHappened',
      projection: 'wallet-totals',
    });
  });

  it('given an event the projection cannot apply, then it stops at that position and reports not ready', async () => {
    await eventStore.append('wallet-1', [deposit(1)], { expectedRevision: 'any' });
    const r = start(totals(1));
    await r.start();
    await until(() => r.ready);
    const { position } = await eventStore.append('wallet-9', [deposit(-5)], { expectedRevision: 'any' });
    await until(async () => (await r.statuses())[0]!.state === 'failed');
    expect((await r.statuses())[0]!.error).toBe(
      `Projection wallet-totals failed at position ${position} in stream wallet-9 (Deposited): negative deposit`,
    );
    expect(r.ready).toBe(false);
  });

  describe('a fold projection', () => {
    async function documents(r: ProjectionRunner): Promise<RunningTotal[]> {
      return r.readModel<RunningTotal>('wallet-totals').find({}).sort({ _id: 1 }).toArray();
    }

    it('given a restart, when more events come, then it replays its memory and goes on without writing the past again', async () => {
      await eventStore.append('wallet-1', [deposit(100), deposit(50)], { expectedRevision: 'any' });
      let r = start(runningTotals());
      await r.start();
      await until(() => r.ready);
      await r.stop();
      const collection = r.host('wallet-totals').servingCollection!;
      // A document the restart must not write again: the replay up to the checkpoint only rebuilds memory.
      await readStore.collection<RunningTotal>(collection).deleteOne({ _id: 'wallet-1#1' });
      r = start(runningTotals());
      await r.start();
      const { position } = await eventStore.append('wallet-1', [deposit(7)], { expectedRevision: 'any' });
      expect(await r.waitForPosition(position, 5000)).toBe(true);
      expect(await documents(r)).toEqual([
        { _id: 'wallet-1', _position: position, cents: 157, deposits: 3 },
        { _id: 'wallet-1#2', _position: 2, cents: 150, deposits: 2 },
        { _id: 'wallet-1#3', _position: position, cents: 157, deposits: 3 },
      ]);
    });

    it('given a checkpoint lost after documents were written, when replayed, then the documents are the same', async () => {
      await eventStore.append('wallet-1', [deposit(1), deposit(2)], { expectedRevision: 'any' });
      let r = start(runningTotals());
      await r.start();
      await until(() => r.ready);
      const before = await documents(r);
      await r.stop();
      await new ReadStoreCheckpointStore(readStore, clock).delete(r.host('wallet-totals').servingCollection!);
      r = start(runningTotals());
      await r.start();
      await until(() => r.ready);
      expect(await documents(r)).toEqual(before);
    });

    it('given a read model built live in small batches, when rebuilt in one go, then the documents are byte-identical', async () => {
      const r = start(runningTotals());
      await r.start();
      await until(() => r.ready);
      for (let i = 1; i <= 30; i++) {
        const { position } = await eventStore.append(`wallet-${i % 4}`, [deposit(i)], {
          expectedRevision: 'any',
        });
        await r.waitForPosition(position, 5000);
      }
      const live = await documents(r);
      await r.host('wallet-totals').rebuild();
      await r.host('wallet-totals').waitForBuild();
      expect(JSON.stringify(await documents(r))).toBe(JSON.stringify(live));
      expect(live).toHaveLength(34);
    });
  });
});
