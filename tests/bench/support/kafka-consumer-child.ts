/**
 * The consuming side of the Kafka bench, in its own process as in production (the sync role publishes, the
 * ledger consumes). Prints `ready` once consuming, then `done <epoch ms>` after the expected count.
 */
import { KafkaBus } from '@tradewise/platform';
import { KAFKA_BROKERS } from '../../support/servers';

async function main(): Promise<void> {
  const [topic, groupId, expectedText] = process.argv.slice(2);
  const expected = Number(expectedText);
  const bus = new KafkaBus({ brokers: KAFKA_BROKERS, clientId: 'tradewise-bench-consumer' });
  let received = 0;
  await bus.consume({ groupId: groupId!, topics: [topic!] }, async (message) => {
    JSON.stringify(message.value);
    received += 1;
    if (received === expected) {
      process.stdout.write(`done ${Date.now()}\n`);
      void bus.close().then(() => process.exit(0));
    }
  });
  process.stdout.write('ready\n');
}

void main();
