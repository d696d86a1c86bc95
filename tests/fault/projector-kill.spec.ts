import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EmbeddedReadStore, ManualClock, SqliteEventStore } from '@tradewise/platform';
import { ProjectionRegistry } from '@tradewise/projections';
import { type Balance } from '../support/balances.projection';
import { increment, testCatalogue } from '../support/test-events';
import { runKillableChild, type KillOptions } from './support/killable-child';

const STREAMS = 300;
// Enough for several batches of 5,000 events, so every kill point falls inside the projection.
const EVENTS_PER_STREAM = 100;
const RUNS = 10;

/** Runs the projector child until it prints caught-up or dies. */
function runChild(eventsPath: string, readStorePath: string, options: KillOptions): Promise<boolean> {
  return runKillableChild('tests/fault/support/projector-child.ts', [eventsPath, readStorePath], options);
}

async function servedDocuments(readStorePath: string): Promise<Balance[]> {
  const readStore = new EmbeddedReadStore(readStorePath);
  try {
    const entry = await new ProjectionRegistry(readStore).get('test-balances');
    if (!entry.serving) throw new Error('no serving generation');
    return await readStore
      .collection<Balance>(entry.serving.collection)
      .find({}, { sort: { _id: 1 } })
      .toArray();
  } finally {
    await readStore.close();
  }
}

describe('Fault: a projector killed at random points', () => {
  jest.setTimeout(600_000);
  let dir: string;
  let eventsPath: string;
  let clean: Balance[];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tw-kill-'));
    eventsPath = join(dir, 'events.sqlite');
    const store = new SqliteEventStore({
      path: eventsPath,
      catalogue: testCatalogue,
      clock: new ManualClock(),
    });
    for (let round = 0; round < EVENTS_PER_STREAM; round += 1) {
      for (let s = 0; s < STREAMS; s += 1) {
        await store.append(`wallet-${s}`, [increment(s * 1000 + round)], { expectedRevision: 'any' });
      }
    }
    await store.close();
    const outcome = await runChild(eventsPath, join(dir, 'clean.sqlite'), {});
    expect(outcome).toBe(true);
    clean = await servedDocuments(join(dir, 'clean.sqlite'));
  });

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('a clean rebuild matches the arithmetic of the seeded log', () => {
    expect(clean).toHaveLength(STREAMS);
    for (const balance of clean) {
      const s = Number(balance._id.split('-')[1]);
      const expected = Array.from({ length: EVENTS_PER_STREAM }, (_, round) => s * 1000 + round).reduce(
        (a, b) => a + b,
        0,
      );
      expect(balance).toMatchObject({ balanceCents: expected, increments: EVENTS_PER_STREAM });
    }
  });

  it(`applies no event twice and skips none after being killed, in ${RUNS} of ${RUNS} runs`, async () => {
    let kills = 0;
    for (let run = 0; run < RUNS; run += 1) {
      const readStorePath = join(dir, `run-${run}.sqlite`);
      // Even runs die right after a document write and before its checkpoint (the first to the fifth); odd runs at
      // a random moment.
      const options =
        run % 2 === 0 ? { killAfterWrites: 1 + run / 2 } : { killAfterMs: Math.floor(Math.random() * 400) };
      let outcome = await runChild(eventsPath, readStorePath, options);
      let restarts = 0;
      while (!outcome) {
        kills += 1;
        restarts += 1;
        expect(restarts).toBeLessThan(10);
        outcome = await runChild(
          eventsPath,
          readStorePath,
          restarts < 3 && run % 2 === 0 ? { killAfterWrites: 1 + Math.floor(Math.random() * 3) } : {},
        );
      }
      expect(await servedDocuments(readStorePath)).toEqual(clean);
    }
    expect(kills).toBeGreaterThanOrEqual(RUNS / 2);
  });
});
