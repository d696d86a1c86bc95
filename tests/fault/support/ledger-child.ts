/**
 * The ledger process the kill tests start and kill: the wallet import thread (as the sync role runs it: wallet,
 * industry and contracts) and the trade ledger projection over DATA_DIR (embedded adapters, the bus already holding
 * the sync's messages); arguments: data dir, character, and the events its wallet streams (and, when given, its
 * industry jobs stream and its contracts stream) hold once everything is recorded; FAULT_ADAPTER_ENV names the
 * adapter set. Prints `started`, then `caught-up` once every message is recorded and projected. With
 * KILL_AFTER_WRITES=N it kills itself with SIGKILL right after its N-th read-model write, before that batch's
 * checkpoint; with KILL_AFTER_CONTRACTS=1 as soon as it sees an event on the contracts stream, right after the first
 * append of contracts (often before the bus committed the message that was recorded).
 */
import {
  contractsStream,
  eventCatalogue,
  industryJobsStream,
  walletJournalStream,
  walletTransactionsStream,
} from '@tradewise/contracts';
import { startWalletImportThread } from '@tradewise/ledger';
import {
  SystemClock,
  createAdapters,
  createLogger,
  loadPlatformConfig,
  type ReadCollection,
} from '@tradewise/platform';
import { ProjectionRunner, tradeLedgerProjection, type AnyProjection } from '@tradewise/projections';

async function main(): Promise<void> {
  const [dataDir, characterId, transactions, journal, jobEvents, contractEvents] = process.argv.slice(2);
  const killAfterWrites = Number(process.env.KILL_AFTER_WRITES ?? 0);
  const killAfterContracts = process.env.KILL_AFTER_CONTRACTS === '1';
  const clock = new SystemClock();
  const logger = createLogger('silent');
  const adapterEnv = JSON.parse(process.env.FAULT_ADAPTER_ENV || '{}') as Record<string, string>;
  const config = loadPlatformConfig({ ...adapterEnv, DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const adapters = await createAdapters(config, eventCatalogue, clock);

  let writes = 0;
  const original = adapters.readStore.collection.bind(adapters.readStore);
  adapters.readStore.collection = ((name: string) => {
    const collection = original(name) as ReadCollection;
    if (!name.startsWith('rm_')) return collection;
    const insertMany = collection.insertMany.bind(collection);
    collection.insertMany = (async (...args: Parameters<typeof insertMany>) => {
      const result = await insertMany(...args);
      writes += 1;
      if (killAfterWrites > 0 && writes === killAfterWrites) process.kill(process.pid, 'SIGKILL');
      return result;
    }) as typeof collection.insertMany;
    return collection;
  }) as typeof adapters.readStore.collection;

  const runner = new ProjectionRunner([tradeLedgerProjection as unknown as AnyProjection], {
    ...adapters,
    catalogue: eventCatalogue,
    logger,
    clock,
  });
  await runner.start();
  const consumer = await startWalletImportThread({ config, logger });
  process.stdout.write('started\n');
  const count = async (stream: string) => (await adapters.eventStore.readStream(stream)).length;
  if (killAfterContracts) {
    const contracts = contractsStream(Number(characterId));
    const last = async () =>
      (await adapters.eventStore.readStream(contracts, { direction: 'backwards', maxCount: 1 })).length;
    const watch = async (): Promise<void> => {
      if ((await last()) > 0) process.kill(process.pid, 'SIGKILL');
      setTimeout(() => void watch(), 2);
    };
    void watch();
  }
  for (;;) {
    const imported =
      (await count(walletTransactionsStream(Number(characterId)))) === Number(transactions) &&
      (await count(walletJournalStream(Number(characterId)))) === Number(journal) &&
      (jobEvents === undefined ||
        (await count(industryJobsStream(Number(characterId)))) === Number(jobEvents)) &&
      (contractEvents === undefined ||
        (await count(contractsStream(Number(characterId)))) === Number(contractEvents));
    if (imported && (await runner.waitForPosition(await adapters.eventStore.headPosition(), 100))) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await consumer.close();
  await runner.stop();
  await adapters.close();
  process.stdout.write('caught-up\n');
}

void main();
