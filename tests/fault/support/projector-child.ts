/**
 * The projector process the kill test starts and kills: it runs the test projection over a seeded SQLite log into
 * an embedded read store, prints `caught-up` and exits. With KILL_AFTER_WRITES=N it kills itself with SIGKILL
 * right after its N-th document write returns, before that batch's checkpoint: the gap the runner must survive.
 */
import {
  ManualClock,
  ReadStoreCheckpointStore,
  SqliteEventStore,
  EmbeddedReadStore,
  createLogger,
} from '@tradewise/platform';
import { ProjectionRunner, type Projection } from '@tradewise/projections';
import { balancesProjection } from '../../support/balances.projection';
import { testCatalogue } from '../../support/test-events';

async function main(): Promise<void> {
  const [eventsPath, readStorePath] = process.argv.slice(2);
  const killAfterWrites = Number(process.env.KILL_AFTER_WRITES ?? 0);
  const clock = new ManualClock();
  const eventStore = new SqliteEventStore({ path: eventsPath!, catalogue: testCatalogue, clock });
  const readStore = new EmbeddedReadStore(readStorePath!);
  const projection = balancesProjection();

  let writes = 0;
  const original = readStore.collection.bind(readStore);
  readStore.collection = ((name: string) => {
    const collection = original(name);
    if (!name.startsWith('rm_')) return collection;
    const bulkWrite = collection.bulkWrite.bind(collection);
    collection.bulkWrite = (async (...args: Parameters<typeof bulkWrite>) => {
      const result = await bulkWrite(...args);
      writes += 1;
      if (killAfterWrites > 0 && writes === killAfterWrites) process.kill(process.pid, 'SIGKILL');
      return result;
    }) as typeof collection.bulkWrite;
    return collection;
  }) as typeof readStore.collection;

  const runner = new ProjectionRunner([projection as unknown as Projection], {
    eventStore,
    readStore,
    checkpointStore: new ReadStoreCheckpointStore(readStore, clock),
    catalogue: testCatalogue,
    logger: createLogger('silent'),
    clock,
  });
  await runner.start();
  process.stdout.write('started\n');
  const head = await eventStore.headPosition();
  await runner.waitForPosition(head, 120_000);
  await runner.stop();
  await readStore.close();
  await eventStore.close();
  process.stdout.write('caught-up\n');
}

void main();
