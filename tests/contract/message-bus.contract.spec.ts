import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InProcessBus, KafkaBus } from '@tradewise/platform';
import { KAFKA_BROKERS, serverUp, workerScoped } from '../support/servers';
import { messageBusContract } from './message-bus.contract';

messageBusContract(
  'inprocess',
  () => true,
  () => {
    const dir = mkdtempSync(join(tmpdir(), 'tw-bus-'));
    return {
      open: async () => new InProcessBus(join(dir, 'bus.sqlite')),
      cleanup: async () => rmSync(dir, { recursive: true, force: true }),
      patienceMs: 10_000,
    };
  },
);

messageBusContract(
  'kafka',
  () => serverUp('kafka'),
  () => ({
    // Every contract case also runs through the topic prefix, as the product's test runs do.
    open: async () =>
      new KafkaBus({
        brokers: KAFKA_BROKERS,
        clientId: 'tradewise-contract',
        topicPrefix: `${workerScoped('contract')}.`,
      }),
    cleanup: async () => undefined,
    patienceMs: 30_000,
  }),
);

(serverUp('kafka') ? describe : describe.skip)('KafkaBus topic prefix', () => {
  jest.setTimeout(60_000);

  it('keeps two prefixes apart on one broker: same topic and group names, each reads only its own', async () => {
    const first = new KafkaBus({
      brokers: KAFKA_BROKERS,
      clientId: 'prefix-a',
      topicPrefix: `${workerScoped('a')}.`,
    });
    const second = new KafkaBus({
      brokers: KAFKA_BROKERS,
      clientId: 'prefix-b',
      topicPrefix: `${workerScoped('b')}.`,
    });
    const seen: { bus: string; topic: string; value: unknown }[] = [];
    const consumers = await Promise.all(
      [
        ['a', first],
        ['b', second],
      ].map(([name, bus]) =>
        (bus as KafkaBus).consume({ groupId: 'same-group', topics: ['same.topic'] }, async (message) => {
          seen.push({ bus: name as string, topic: message.topic, value: message.value });
        }),
      ),
    );
    try {
      await first.publish('same.topic', [{ key: 'k', value: { from: 'a' } }]);
      await second.publish('same.topic', [{ key: 'k', value: { from: 'b' } }]);
      for (const deadline = Date.now() + 30_000; seen.length < 2 && Date.now() < deadline;) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(seen.sort((x, y) => x.bus.localeCompare(y.bus))).toEqual([
        { bus: 'a', topic: 'same.topic', value: { from: 'a' } },
        { bus: 'b', topic: 'same.topic', value: { from: 'b' } },
      ]);
    } finally {
      await Promise.all(consumers.map((consumer) => consumer.close()));
      await Promise.all([first.close(), second.close()]);
    }
  });
});
