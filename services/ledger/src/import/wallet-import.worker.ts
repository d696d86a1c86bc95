/**
 * The wallet import thread: the ledger's consumers (wallet, industry, contracts and order history) with their own
 * connections to the bus and the event store, so recording a sync's records as events runs beside the projections on
 * another core. Started by {@link startWalletImportThread}; its logs go to the parent, which writes them with its own
 * logger.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { eventCatalogue } from '@tradewise/contracts';
import {
  SystemClock,
  createBus,
  createEventStore,
  createLogger,
  type PlatformConfig,
} from '@tradewise/platform';
import { consumeContractImports } from './contract-import.consumer';
import { consumeIndustryImports } from './industry-import.consumer';
import { consumeOrderHistoryImports } from './order-history-import.consumer';
import { consumeWalletImports } from './wallet-import.consumer';
import { walletImportCommands } from './wallet-import.module';
import type { WalletImportThreadMessage } from './wallet-import.thread';

const port = parentPort!;
const { config } = (workerData as { data: { config: PlatformConfig } }).data;
const send = (message: WalletImportThreadMessage): void => port.postMessage(message);

async function main(): Promise<void> {
  const logger = createLogger(config.logLevel, { write: (line: string) => send({ type: 'log', line }) });
  const eventStore = createEventStore(config, eventCatalogue, new SystemClock());
  const bus = createBus(config);
  const imports = await walletImportCommands(eventStore);
  const consumers = [
    await consumeWalletImports(bus, imports.commands, logger),
    await consumeIndustryImports(bus, imports.commands, logger),
    await consumeContractImports(bus, imports.commands, logger),
    await consumeOrderHistoryImports(bus, imports.commands, logger),
  ];
  port.once('message', () => {
    void (async () => {
      // Together: a Kafka consumer's close waits out its fetch in flight (up to 5 s), and four in a row could
      // take the server past its shutdown deadline.
      await Promise.all(consumers.map((consumer) => consumer.close()));
      await imports.close();
      await bus.close();
      await eventStore.close();
      port.close();
    })();
  });
  send({ type: 'started' });
}

void main();
