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
import { PASSED_OVER_COLLECTION } from './partition-failures';
import { ProjectionRegistry } from './projection-registry';
import { ProjectionRunner } from './projection-runner';
import { RebuildReports } from './rebuild-report';
import { RegistryReadModels } from './registry-read-models';

const deposited = defineEvent({
  type: 'Deposited',
  schemaVersion: 1,
  schema: z.object({ cents: z.number().int() }),
});
const legacy = defineEvent({ type: 'LegacyThingHappened', schemaVersion: 1, schema: z.object({}) });
const bonusRateSet = defineEvent({
  type: 'BonusRateSet',
  schemaVersion: 1,
  schema: z.object({ percent: z.number().int() }),
});
const writerCatalogue = new EventCatalogue([deposited, legacy, bonusRateSet]);
const readerCatalogue = new EventCatalogue([deposited, bonusRateSet]);
const RULES_STREAM = 'rules-bonus';

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

/**
 * Per stream, the deposits plus a bonus whose rate is a rule (`BonusRateSet` in `rules-bonus`, 0% before any): a
 * fold that replays its memory at every start, so its rules must be the same at every replay.
 */
function bonusTotals(percent = 0): FoldProjection<{ stream: string; cents: number }, Total> {
  return {
    kind: 'fold',
    name: 'wallet-totals',
    version: 1,
    eventTypes: [deposited.type],
    rules: {
      stream: RULES_STREAM,
      withRules: (events) =>
        bonusTotals(
          (events.at(-1)?.data as { percent: number } | undefined)?.percent ?? 0,
        ) as unknown as AnyProjection,
    },
    diffRow: (document) => ({ partition: document._id.split('-')[0]!, profitCents: document.cents }),
    partitionOf: (event) => event.streamId,
    initialState: (stream) => ({ stream, cents: 0 }),
    apply: (state, event) => {
      state.cents += ((event.data as { cents: number }).cents * (100 + percent)) / 100;
      return [state.stream];
    },
    document: (state, id) => ({ _id: id, cents: state.cents }),
  };
}

function bonusRate(percent: number): EventToAppend {
  return {
    id: crypto.randomUUID(),
    type: bonusRateSet.type,
    data: { percent },
    metadata: { $correlationId: 'c', $causationId: 'c', actor: 'staff:ines' },
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

  function readModels(): RegistryReadModels {
    return new RegistryReadModels(readStore, new ReadStoreCheckpointStore(readStore, clock), clock);
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

  it('given an event a document cannot take, then that document stops there and the others go on', async () => {
    await eventStore.append('wallet-1', [deposit(1)], { expectedRevision: 'any' });
    await eventStore.append('wallet-9', [deposit(4)], { expectedRevision: 'any' });
    const r = start(totals(1));
    await r.start();
    await until(() => r.ready);
    const { position } = await eventStore.append('wallet-9', [deposit(-5)], { expectedRevision: 'any' });
    await eventStore.append('wallet-9', [deposit(6)], { expectedRevision: 'any' });
    const { position: last } = await eventStore.append('wallet-1', [deposit(2)], { expectedRevision: 'any' });
    expect(await r.waitForPosition(last, 5000)).toBe(true);
    expect(await served(r)).toEqual({ 'wallet-1': 3, 'wallet-9': 4 });
    const [status] = await r.statuses();
    expect(status).toMatchObject({ state: 'live', error: null });
    expect(status!.failedPartitions).toEqual([
      expect.objectContaining({
        partition: 'wallet-9',
        position,
        streamId: 'wallet-9',
        eventType: 'Deposited',
        reason: 'negative deposit',
      }),
    ]);
    expect(r.ready).toBe(true);
    expect(await readModels().failure('wallet-totals', 'wallet-9')).toMatchObject({ position });
    expect(await readModels().failure('wallet-totals', 'wallet-1')).toBeNull();
  });

  it('given a stopped document, when restarted, then it stays stopped and its later events wait for its rebuild', async () => {
    await eventStore.append('wallet-9', [deposit(4), deposit(-5)], { expectedRevision: 'any' });
    let r = start(totals(1));
    await r.start();
    await until(() => r.ready);
    await r.stop();
    r = start(totals(1));
    await r.start();
    await until(() => r.ready);
    const { position } = await eventStore.append('wallet-9', [deposit(6)], { expectedRevision: 'any' });
    expect(await r.waitForPosition(position, 5000)).toBe(true);
    expect(await served(r)).toEqual({ 'wallet-9': 4 });
    expect((await r.statuses())[0]!.failedPartitions).toHaveLength(1);
  });

  it('given a stopped document, when rebuilt alone after a fix, then it takes every event and is current again', async () => {
    await eventStore.append('wallet-9', [deposit(4), deposit(-5), deposit(6)], { expectedRevision: 'any' });
    let r = start(totals(1));
    await r.start();
    await until(() => r.ready);
    const still = await r.host('wallet-totals').repair('wallet-9');
    expect(still).toMatchObject({ repaired: false, failure: { partition: 'wallet-9', position: 2 } });
    await r.stop();

    // The fix: a code change that takes negative deposits as withdrawals.
    const fixed: Projection<Total> = {
      ...totals(1),
      evolve: (total, event) => ({
        _id: event.streamId,
        cents: (total?.cents ?? 0) + (event.data as { cents: number }).cents,
      }),
    };
    r = start(fixed);
    await r.start();
    await until(() => r.ready);
    expect(await r.host('wallet-totals').repair('wallet-9')).toEqual({
      repaired: true,
      partition: 'wallet-9',
      position: 3,
    });
    expect(await served(r)).toEqual({ 'wallet-9': 5 });
    expect((await r.statuses())[0]!.failedPartitions).toEqual([]);
    expect(await readModels().failure('wallet-totals', 'wallet-9')).toBeNull();
    const { position } = await eventStore.append('wallet-9', [deposit(10)], { expectedRevision: 'any' });
    expect(await r.waitForPosition(position, 5000)).toBe(true);
    expect(await served(r)).toEqual({ 'wallet-9': 15 });
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

    it('given an empty generation, when it is built, then its documents are only inserted; once it holds them, a write replaces them', async () => {
      await eventStore.append('wallet-1', [deposit(1), deposit(2)], { expectedRevision: 'any' });
      const generation = readStore.collection<RunningTotal>('rm_wallet_totals_v1_g1');
      const deletes = jest.spyOn(generation, 'deleteMany');
      const r = start(runningTotals());
      await r.start();
      await until(() => r.ready);
      expect(r.host('wallet-totals').servingCollection).toBe(generation.collectionName);
      expect(deletes).not.toHaveBeenCalled();
      const { position } = await eventStore.append('wallet-1', [deposit(4)], { expectedRevision: 'any' });
      expect(await r.waitForPosition(position, 5000)).toBe(true);
      expect(deletes).toHaveBeenCalled();
      expect(await documents(r)).toEqual([
        { _id: 'wallet-1', _position: position, cents: 7, deposits: 3 },
        { _id: 'wallet-1#1', _position: 1, cents: 1, deposits: 1 },
        { _id: 'wallet-1#2', _position: 2, cents: 3, deposits: 2 },
        { _id: 'wallet-1#3', _position: position, cents: 7, deposits: 3 },
      ]);
    });

    /** Running totals whose balance document is worked out once per batch, and refused above a limit. */
    function settledTotals(
      limit: number,
    ): FoldProjection<{ stream: string; totals: number[]; balance: number }, RunningTotal> {
      const base = runningTotals();
      return {
        ...base,
        initialState: (stream) => ({ stream, totals: [], balance: 0 }),
        apply: (state, event) => [...base.apply(state, event)].filter((id) => id.includes('#')),
        settle: (state) => {
          if (state.totals.at(-1)! > limit) throw new Error('over the limit');
          state.balance = state.totals.at(-1)!;
          return [state.stream];
        },
        document: (state, id) =>
          id === state.stream
            ? { _id: id, cents: state.balance, deposits: state.totals.length }
            : base.document(state, id),
      };
    }

    it('given a fold that settles per batch, then what it settles is stored with the batch, and a settle that throws stops only its partition', async () => {
      await eventStore.append('wallet-1', [deposit(100), deposit(50)], { expectedRevision: 'any' });
      const r = start(settledTotals(1_000));
      await r.start();
      await until(() => r.ready);
      const { position: second } = await eventStore.append('wallet-2', [deposit(600), deposit(700)], {
        expectedRevision: 'any',
      });
      const { position } = await eventStore.append('wallet-1', [deposit(7), deposit(3)], {
        expectedRevision: 'any',
      });
      expect(await r.waitForPosition(position, 5000)).toBe(true);
      const byId = Object.fromEntries(
        (await documents(r)).map(({ _id, _position, cents }) => [_id, [cents, _position]]),
      );
      expect(byId['wallet-1']).toEqual([160, position]);
      expect(byId['wallet-1#4']).toEqual([160, position]);
      expect(byId['wallet-1#3']).toEqual([157, position - 1]);
      // wallet-2 went over the limit when its batch settled: it stops at its batch's last event, unwritten.
      expect(byId['wallet-2']).toBeUndefined();
      expect((await r.statuses())[0]!.failedPartitions).toEqual([
        expect.objectContaining({ partition: 'wallet-2', position: second, reason: 'over the limit' }),
      ]);
    });

    it('given a fold that reads some events first, when it folds from the start, then they come before the rest of the log', async () => {
      // The bonus rate in force when a deposit is applied counts: read first, a rate set later counts for all.
      const bonusReadFirst: FoldProjection<{ stream: string; percent: number; cents: number }, Total> = {
        kind: 'fold',
        name: 'wallet-totals',
        version: 1,
        eventTypes: [deposited.type, bonusRateSet.type],
        readFirst: [bonusRateSet.type],
        partitionOf: (event) => (event.type === deposited.type ? event.streamId : 'wallet-1'),
        initialState: (stream) => ({ stream, percent: 0, cents: 0 }),
        apply: (state, event) => {
          if (event.type === bonusRateSet.type) {
            state.percent = (event.data as { percent: number }).percent;
            return [];
          }
          state.cents += ((event.data as { cents: number }).cents * (100 + state.percent)) / 100;
          return [state.stream];
        },
        document: (state, id) => ({ _id: id, cents: state.cents }),
      };
      await eventStore.append('wallet-1', [deposit(100)], { expectedRevision: 'any' });
      await eventStore.append(RULES_STREAM, [bonusRate(10)], { expectedRevision: 'any' });
      await eventStore.append('wallet-1', [deposit(50)], { expectedRevision: 'any' });
      let r = start(bonusReadFirst);
      await r.start();
      await until(() => r.ready);
      expect(await served(r)).toEqual({ 'wallet-1': 165 });
      // A restart replays the memory the same way, and a rate set since counts from where it lies.
      await r.stop();
      r = start(bonusReadFirst);
      await r.start();
      await eventStore.append(RULES_STREAM, [bonusRate(20)], { expectedRevision: 'any' });
      const { position } = await eventStore.append('wallet-1', [deposit(10)], { expectedRevision: 'any' });
      expect(await r.waitForPosition(position, 5000)).toBe(true);
      expect(await served(r)).toEqual({ 'wallet-1': 177 });
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

    /** Running totals that refuse an odd deposit, when asked to (as the ledger refuses an amount it cannot hold). */
    function pickyTotals(
      refuseOdd: boolean,
    ): FoldProjection<{ stream: string; totals: number[] }, RunningTotal> {
      const base = runningTotals();
      return {
        ...base,
        apply: (state, event) => {
          if (refuseOdd && (event.data as { cents: number }).cents % 2 === 1) throw new Error('odd deposit');
          return base.apply(state, event);
        },
      };
    }

    it('given an event one partition cannot apply, then that partition stops there and the others go on', async () => {
      await eventStore.append('wallet-1', [deposit(2)], { expectedRevision: 'any' });
      await eventStore.append('wallet-2', [deposit(4)], { expectedRevision: 'any' });
      const r = start(pickyTotals(true));
      await r.start();
      await until(() => r.ready);
      const { position } = await eventStore.append('wallet-2', [deposit(8), deposit(3), deposit(6)], {
        expectedRevision: 'any',
      });
      const { position: last } = await eventStore.append('wallet-1', [deposit(10)], {
        expectedRevision: 'any',
      });
      expect(await r.waitForPosition(last, 5000)).toBe(true);
      const byId = Object.fromEntries((await documents(r)).map((d) => [d._id, d.cents]));
      // wallet-2 keeps what it had before the batch that stopped it; wallet-1 goes on.
      expect(byId).toEqual({
        'wallet-1': 12,
        'wallet-1#1': 2,
        'wallet-1#2': 12,
        'wallet-2': 4,
        'wallet-2#1': 4,
      });
      const [status] = await r.statuses();
      expect(status!.state).toBe('live');
      expect(status!.failedPartitions).toEqual([
        expect.objectContaining({ partition: 'wallet-2', position: position - 1, reason: 'odd deposit' }),
      ]);
      expect(r.ready).toBe(true);
    });

    it('given a stopped partition, when a correcting code ships and it is rebuilt alone, then it is current and goes on live', async () => {
      await eventStore.append('wallet-2', [deposit(4), deposit(3)], { expectedRevision: 'any' });
      let r = start(pickyTotals(true));
      await r.start();
      await until(() => r.ready);
      expect((await r.statuses())[0]!.failedPartitions).toHaveLength(1);
      await r.stop();
      r = start(pickyTotals(false));
      await r.start();
      await until(() => r.ready);
      // Restarted, it still passes the partition over: its memory was not rebuilt.
      expect((await r.statuses())[0]!.failedPartitions).toHaveLength(1);
      expect(await r.host('wallet-totals').repair('wallet-2')).toMatchObject({ repaired: true });
      const { position } = await eventStore.append('wallet-2', [deposit(5)], { expectedRevision: 'any' });
      expect(await r.waitForPosition(position, 5000)).toBe(true);
      expect(await documents(r)).toEqual([
        { _id: 'wallet-2', _position: position, cents: 12, deposits: 3 },
        { _id: 'wallet-2#1', _position: 1, cents: 4, deposits: 1 },
        { _id: 'wallet-2#2', _position: 2, cents: 7, deposits: 2 },
        { _id: 'wallet-2#3', _position: position, cents: 12, deposits: 3 },
      ]);
      expect((await r.statuses())[0]!.failedPartitions).toEqual([]);
    });

    it('given an event support passes over, when the partition is rebuilt, then it and every later rebuild leave that event out', async () => {
      await eventStore.append('wallet-2', [deposit(4)], { expectedRevision: 'any' });
      const { position: odd } = await eventStore.append('wallet-2', [deposit(3)], {
        expectedRevision: 'any',
      });
      await eventStore.append('wallet-2', [deposit(6)], { expectedRevision: 'any' });
      const r = start(pickyTotals(true));
      await r.start();
      await until(() => r.ready);
      expect(await r.host('wallet-totals').repair('wallet-2')).toMatchObject({ repaired: false });
      expect(
        await r
          .host('wallet-totals')
          .repair('wallet-2', { position: odd, reason: 'ESI sent it twice', by: 'staff:eve' }),
      ).toMatchObject({ repaired: true });
      const current = { 'wallet-2': 10, 'wallet-2#1': 4, 'wallet-2#2': 10 };
      expect(Object.fromEntries((await documents(r)).map((d) => [d._id, d.cents]))).toEqual(current);
      await r.host('wallet-totals').rebuild();
      await r.host('wallet-totals').waitForBuild();
      expect(Object.fromEntries((await documents(r)).map((d) => [d._id, d.cents]))).toEqual(current);
      expect((await r.statuses())[0]!.failedPartitions).toEqual([]);
      const decision = await readStore.collection(PASSED_OVER_COLLECTION).findOne({});
      expect(decision).toMatchObject({
        partition: 'wallet-2',
        position: odd,
        reason: 'ESI sent it twice',
        by: 'staff:eve',
      });
    });

    it('given a document a partition cannot compute, then the partition stops, its other documents are written, and a correcting event plus a rebuild bring it back', async () => {
      // A document that cannot be computed for a total above 100 (as the ledger cannot hold a product past 2^53).
      const base = runningTotals();
      const bounded: FoldProjection<{ stream: string; totals: number[] }, RunningTotal> = {
        ...base,
        apply: (state, event) => {
          const cents = (event.data as { cents: number }).cents;
          if (cents === 0) {
            state.totals.pop();
            return [state.stream];
          }
          return base.apply(state, event);
        },
        document: (state, id) => {
          const document = base.document(state, id);
          if (document && !id.includes('#') && document.cents > 100)
            throw new Error('beyond exact arithmetic');
          return document;
        },
      };
      await eventStore.append('wallet-1', [deposit(1)], { expectedRevision: 'any' });
      const r = start(bounded);
      await r.start();
      await until(() => r.ready);
      const { position } = await eventStore.append('wallet-1', [deposit(500)], { expectedRevision: 'any' });
      await until(async () => (await r.statuses())[0]!.failedPartitions.length === 1);
      expect((await r.statuses())[0]!.failedPartitions[0]).toMatchObject({
        partition: 'wallet-1',
        position,
        streamId: 'wallet-1',
        eventType: 'Deposited',
        reason: 'beyond exact arithmetic',
      });
      // The entry that stopped it is readable, so its owner can take it back.
      expect((await documents(r)).find((d) => d._id === 'wallet-1#2')).toMatchObject({ cents: 501 });
      const { position: corrected } = await eventStore.append('wallet-1', [deposit(0)], {
        expectedRevision: 'any',
      });
      expect(await r.waitForPosition(corrected, 5000)).toBe(true);
      expect(await r.host('wallet-totals').repair('wallet-1')).toMatchObject({
        repaired: true,
        position: corrected,
      });
      expect((await documents(r)).find((d) => d._id === 'wallet-1')).toEqual({
        _id: 'wallet-1',
        _position: corrected,
        cents: 1,
        deposits: 1,
      });
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

    /**
     * A live running-totals fold over one deposit, then the first part of a burst (300 deposits): the balance
     * document's writes, a way to append more of the burst, and a way to append while the track pauses for the
     * rest of the burst.
     */
    async function liveFoldReadingABurst() {
      await eventStore.append('wallet-1', [deposit(1)], { expectedRevision: 'any' });
      const r = start(runningTotals());
      await r.start();
      await until(() => r.ready);
      const collection = readStore.collection<RunningTotal>(r.host('wallet-totals').servingCollection!);
      const inserted = jest.spyOn(collection, 'insertMany');
      const appendPart = () =>
        eventStore.append(
          'wallet-1',
          Array.from({ length: 300 }, () => deposit(1)),
          { expectedRevision: 'any' },
        );
      await appendPart();
      const balanceWrites = () =>
        inserted.mock.calls
          .flatMap(([documents]) => documents)
          .filter((document) => document._id === 'wallet-1');
      /**
       * Runs `append` at the end of the track's pause, when it looks whether the log moved on (its only call for the
       * head), so what is appended comes during the pause however slow the machine is.
       */
      const whenThePauseEnds = <T>(append: () => Promise<T>): Promise<T> =>
        new Promise<T>((resolve, reject) => {
          const head = eventStore.headPosition.bind(eventStore);
          jest.spyOn(eventStore, 'headPosition').mockImplementationOnce(async () => {
            await append().then(resolve, reject);
            return head();
          });
        });
      return { r, appendPart, balanceWrites, whenThePauseEnds };
    }

    it('given a live fold, when a burst arrives in parts, then its documents are written once, when the burst ends', async () => {
      const { r, appendPart, balanceWrites, whenThePauseEnds } = await liveFoldReadingABurst();
      const { position } = await whenThePauseEnds(appendPart);
      expect(await r.waitForPosition(position, 5000)).toBe(true);
      expect(balanceWrites()).toEqual([{ _id: 'wallet-1', _position: position, cents: 601, deposits: 601 }]);
      expect(await documents(r)).toHaveLength(602);
    });

    it('given a live fold waiting for the rest of a burst, when a person edits, then the edit is written at once', async () => {
      const { r, appendPart, balanceWrites, whenThePauseEnds } = await liveFoldReadingABurst();
      const edit = {
        ...deposit(1),
        metadata: { $correlationId: 'e', $causationId: 'e', actor: 'account:a1' },
      };
      const { position: edited } = await whenThePauseEnds(() =>
        eventStore.append('wallet-1', [edit], { expectedRevision: 'any' }),
      );
      expect(await r.waitForPosition(edited, 5000)).toBe(true);
      // Written without a second pause: the track looked at the head only when the burst's first part paused.
      expect(jest.mocked(eventStore.headPosition).mock.calls).toHaveLength(1);
      expect(balanceWrites().map((document) => document._position)).toEqual([edited]);
      const { position } = await appendPart();
      expect(await r.waitForPosition(position, 5000)).toBe(true);
      expect(balanceWrites().map((document) => document._position)).toEqual([edited, position]);
    });
  });

  describe('rules as data', () => {
    it('given a rule recorded after a generation was built, then that generation keeps its rules, even across a restart, and says a rebuild applies the change', async () => {
      await eventStore.append('alice-wallet', [deposit(100)], { expectedRevision: 'any' });
      let r = start(bonusTotals());
      await r.start();
      await until(() => r.ready);
      expect(await served(r)).toEqual({ 'alice-wallet': 100 });

      await eventStore.append(RULES_STREAM, [bonusRate(10)], { expectedRevision: 'any' });
      const { position } = await eventStore.append('alice-wallet', [deposit(100)], {
        expectedRevision: 'any',
      });
      expect(await r.waitForPosition(position, 5000)).toBe(true);
      expect(await served(r)).toEqual({ 'alice-wallet': 200 });
      expect((await r.host('wallet-totals').status()).rules).toEqual({
        revision: null,
        currentRevision: 0,
        changed: true,
      });

      await r.stop();
      r = start(bonusTotals());
      await r.start();
      await until(() => r.ready);
      const { position: later } = await eventStore.append('alice-wallet', [deposit(100)], {
        expectedRevision: 'any',
      });
      expect(await r.waitForPosition(later, 5000)).toBe(true);
      expect(await served(r)).toEqual({ 'alice-wallet': 300 });
    });

    it('given a rule change, when rebuilt with a diff, then the report lists each partition and changed document, and the build waits: discard keeps the serving one, switch applies the rules', async () => {
      await eventStore.append('alice-wallet', [deposit(100), deposit(50)], { expectedRevision: 'any' });
      await eventStore.append('bob-wallet', [deposit(30)], { expectedRevision: 'any' });
      const r = start(bonusTotals());
      await r.start();
      await until(() => r.ready);
      await eventStore.append(RULES_STREAM, [bonusRate(10)], { expectedRevision: 'any' });
      const host = r.host('wallet-totals');
      const serving = host.servingCollection;

      const generation = await host.rebuild({ diff: true, requestedBy: 'staff:ines' });
      expect(generation.rulesRevision).toBe(0);
      const report = await host.waitForReport();
      expect(host.servingCollection).toBe(serving);
      expect(report).toMatchObject({
        projection: 'wallet-totals',
        servingCollection: serving,
        builtCollection: generation.collection,
        servingRulesRevision: null,
        builtRulesRevision: 0,
        requestedBy: 'staff:ines',
        decision: { state: 'pending' },
        partitions: [
          {
            partition: 'alice',
            rowsAdded: 0,
            rowsRemoved: 0,
            rowsChanged: 1,
            profitBeforeCents: 150,
            profitAfterCents: 165,
          },
          {
            partition: 'bob',
            rowsAdded: 0,
            rowsRemoved: 0,
            rowsChanged: 1,
            profitBeforeCents: 30,
            profitAfterCents: 33,
          },
        ],
        totals: { rowsChanged: 2, profitBeforeCents: 180, profitAfterCents: 198 },
      });
      expect((await host.status()).rebuild).toMatchObject({ diff: true, reportId: report._id });
      const rows = await new RebuildReports(readStore).rowsOf(report._id);
      expect(
        rows.map(({ documentId, change, profitBeforeCents, profitAfterCents, changedFields }) => ({
          documentId,
          change,
          profitBeforeCents,
          profitAfterCents,
          changedFields,
        })),
      ).toEqual([
        {
          documentId: 'alice-wallet',
          change: 'changed',
          profitBeforeCents: 150,
          profitAfterCents: 165,
          changedFields: ['cents'],
        },
        {
          documentId: 'bob-wallet',
          change: 'changed',
          profitBeforeCents: 30,
          profitAfterCents: 33,
          changedFields: ['cents'],
        },
      ]);
      expect(await served(r)).toEqual({ 'alice-wallet': 150, 'bob-wallet': 30 });

      await host.discardBuild('staff:ines');
      expect((await host.status()).rebuild).toBeNull();
      expect(await served(r)).toEqual({ 'alice-wallet': 150, 'bob-wallet': 30 });
      await expect(host.switchToReviewed('staff:ines')).rejects.toThrow('no rebuild waits for a decision');

      // A deposit made while the build waits reaches it too before reads switch.
      clock.advance(60_000);
      await host.rebuild({ diff: true, requestedBy: 'staff:ines' });
      const second = await host.waitForReport();
      const { position } = await eventStore.append('carol-wallet', [deposit(10)], {
        expectedRevision: 'any',
      });
      expect(await r.waitForPosition(position, 5000)).toBe(true);
      const switched = await host.switchToReviewed('staff:ines');
      expect(switched).toMatchObject({ _id: second._id, decision: { state: 'switched', by: 'staff:ines' } });
      expect(await served(r)).toEqual({ 'alice-wallet': 165, 'bob-wallet': 33, 'carol-wallet': 11 });
      expect((await host.status()).rules).toEqual({ revision: 0, currentRevision: 0, changed: false });
      expect((await host.reportsOf()).map((each) => each.decision.state)).toEqual(['switched', 'discarded']);
      // Each report keeps its own rows.
      expect(await new RebuildReports(readStore).rowsOf(second._id)).toHaveLength(2);
      expect(await new RebuildReports(readStore).rowsOf(report._id)).toHaveLength(2);
    });

    it('given a document only one generation has, then the report lists it as added or removed', async () => {
      await eventStore.append('alice-wallet', [deposit(100)], { expectedRevision: 'any' });
      const r = start(bonusTotals());
      await r.start();
      await until(() => r.ready);
      const host = r.host('wallet-totals');
      await readStore
        .collection<Total>(host.servingCollection!)
        .insertOne({ _id: 'dave-wallet', cents: 5, _position: 1 });
      await host.rebuild({ diff: true });
      const report = await host.waitForReport();
      expect(report.partitions).toEqual([
        {
          partition: 'alice',
          rowsAdded: 0,
          rowsRemoved: 0,
          rowsChanged: 0,
          profitBeforeCents: 100,
          profitAfterCents: 100,
        },
        {
          partition: 'dave',
          rowsAdded: 0,
          rowsRemoved: 1,
          rowsChanged: 0,
          profitBeforeCents: 5,
          profitAfterCents: 0,
        },
      ]);
      expect(report.requestedBy).toBe('operator');
    });
  });
});
