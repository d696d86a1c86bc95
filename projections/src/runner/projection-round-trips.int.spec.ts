import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { EventCatalogue, defineEvent } from '@tradewise/contracts';
import {
  EmbeddedReadStore,
  ManualClock,
  MongoDbReadStore,
  ReadStoreCheckpointStore,
  SqliteEventStore,
  createLogger,
  type Document,
  type EventToAppend,
  type ReadCollection,
  type ReadStore,
} from '@tradewise/platform';
import { MONGODB_URL, serverUp, uniqueSuffix } from '../../../tests/support/servers';
import type { AnyProjection, FoldProjection, Projection, ProjectedDocument } from './projection';
import { ProjectionRunner } from './projection-runner';

const deposited = defineEvent({
  type: 'Deposited',
  schemaVersion: 1,
  schema: z.object({ cents: z.number().int() }),
});
const catalogue = new EventCatalogue([deposited]);

interface Total extends ProjectedDocument {
  cents: number;
}

/** A document per stream, loaded and rewritten by each event (the journal's kind of projection). */
const totals: Projection<Total> = {
  name: 'round-trip-totals',
  version: 1,
  documentIds: (event) => [event.streamId],
  evolve: (total, event) => ({
    _id: event.streamId,
    cents: (total?.cents ?? 0) + (event.data as { cents: number }).cents,
  }),
};

/** A partition per stream, its documents computed from the fold's memory (the trade ledger's kind). */
const runningTotals: FoldProjection<{ stream: string; cents: number }, Total> = {
  kind: 'fold',
  name: 'round-trip-totals',
  version: 1,
  partitionOf: (event) => event.streamId,
  initialState: (stream) => ({ stream, cents: 0 }),
  apply: (state, event) => {
    state.cents += (event.data as { cents: number }).cents;
    return [state.stream];
  },
  document: (state, id) => ({ _id: id, cents: state.cents }),
};

function deposit(cents: number): EventToAppend {
  return {
    id: crypto.randomUUID(),
    type: deposited.type,
    data: { cents },
    metadata: { $correlationId: 'c', $causationId: 'c', actor: 'system:test' },
  };
}

/**
 * The read store as the runner sees it, counting every call it makes on a collection: each is one request to
 * the server (a cursor is counted when it is read), so the count is the runner's round trips on any engine.
 */
class CountingReadStore implements ReadStore {
  calls = 0;

  constructor(private readonly inner: ReadStore) {}

  collection<T extends Document = Document>(name: string): ReadCollection<T> {
    const collection = this.inner.collection<T>(name);
    return new Proxy(collection, {
      get: (target, property, receiver) => {
        const value = Reflect.get(target, property, receiver) as unknown;
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          this.calls++;
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    }) as unknown as ReadCollection<T>;
  }

  listCollectionNames(): Promise<string[]> {
    this.calls++;
    return this.inner.listCollectionNames();
  }

  dropCollection(name: string): Promise<void> {
    this.calls++;
    return this.inner.dropCollection(name);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}

const engines: { name: string; enabled: boolean; open: (file: string) => Promise<ReadStore> }[] = [
  { name: 'embedded', enabled: true, open: async (file) => new EmbeddedReadStore(file) },
  {
    name: 'mongodb',
    enabled: serverUp('mongodb'),
    open: () => MongoDbReadStore.connect(MONGODB_URL, `tw_round_trips_${uniqueSuffix()}`),
  },
];

/**
 * Issue #28: a batch's cost must not grow with the read model. Whatever the engine answers a lookup with (MongoDB
 * from the `_id` index, FerretDB v1 by scanning), the runner asks it the same number of questions for the same
 * batch, whether the collection holds 20 documents or 4,000 others.
 */
describe.each(engines)('Projection round trips per batch ($name)', ({ enabled, open }) => {
  jest.setTimeout(180_000);
  const it = enabled ? test : test.skip;
  let dir: string;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'tw-round-trips-'));
  });

  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** The read store calls a restarted runner makes to catch up on one batch of 500 events over 50 streams. */
  async function callsForOneBatch(projection: AnyProjection, otherStreams: number): Promise<number> {
    const clock = new ManualClock();
    const eventStore = new SqliteEventStore({
      path: join(dir, `events-${otherStreams}.sqlite`),
      catalogue,
      clock,
      pollIntervalMs: 20,
    });
    const inner = await open(join(dir, `read-${otherStreams}.sqlite`));
    const readStore = new CountingReadStore(inner);
    const startRunner = () =>
      new ProjectionRunner([projection], {
        eventStore,
        readStore,
        checkpointStore: new ReadStoreCheckpointStore(readStore, clock, {
          claims: inner instanceof MongoDbReadStore,
        }),
        catalogue,
        logger: createLogger('silent'),
        clock,
      });
    const caughtUp = async (runner: ProjectionRunner, position: number): Promise<void> => {
      await runner.start();
      expect(await runner.waitForPosition(position, 120_000)).toBe(true);
    };
    try {
      let position = 0;
      for (let stream = 0; stream < otherStreams; stream++) {
        ({ position } = await eventStore.append(`other-${stream}`, [deposit(1)], {
          expectedRevision: 'any',
        }));
      }
      let runner = startRunner();
      await caughtUp(runner, position);
      await runner.stop();

      for (let stream = 0; stream < 50; stream++) {
        ({ position } = await eventStore.append(
          `batch-${stream}`,
          Array.from({ length: 10 }, (_, i) => deposit(i + 1)),
          { expectedRevision: 'any' },
        ));
      }
      readStore.calls = 0;
      runner = startRunner();
      await caughtUp(runner, position);
      const calls = readStore.calls;
      const served = await runner.readModel<Total>('round-trip-totals').find({}).toArray();
      expect(served).toHaveLength(otherStreams + 50);
      expect(served.find((total) => total._id === 'batch-7')?.cents).toBe(55);
      await runner.stop();
      return calls;
    } finally {
      await eventStore.close();
      await inner.close();
    }
  }

  it('a document projection asks the same for a batch over 20 other documents as over 4,000', async () => {
    const small = await callsForOneBatch(totals as unknown as AnyProjection, 20);
    const large = await callsForOneBatch(totals as unknown as AnyProjection, 4_000);
    expect(large).toBe(small);
    // The registry, the checkpoint (and its claim), one load and one write: nothing per event or document (7 on
    // the embedded store, 9 with the MongoDB adapter's claims; a lookup per document would be 50 more).
    expect(small).toBeLessThanOrEqual(12);
  });

  it('a fold projection asks the same for a batch over 20 other partitions as over 4,000', async () => {
    const small = await callsForOneBatch(runningTotals as unknown as AnyProjection, 20);
    const large = await callsForOneBatch(runningTotals as unknown as AnyProjection, 4_000);
    expect(large).toBe(small);
    expect(small).toBeLessThanOrEqual(12);
  });
});
