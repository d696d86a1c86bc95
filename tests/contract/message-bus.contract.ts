import {
  DEAD_LETTER_HEADERS,
  currentCorrelationId,
  runWithCorrelation,
  deadLetterTopic,
  type Consumer,
  type DeliveredMessage,
  type MessageBus,
} from '@tradewise/platform';
import { eventually } from '../support/collect';
import { uniqueSuffix } from '../support/servers';

export interface MessageBusFixture {
  /** Opens the bus; called again after `close()` it reopens the same log (a restart). */
  open(): Promise<MessageBus>;
  cleanup(): Promise<void>;
  /** How long a consumer group may take to join and receive (a broker rebalances; in-process is immediate). */
  readonly patienceMs: number;
}

interface Payload {
  readonly key: string;
  readonly seq: number;
}

/** At-least-once delivery, order per key, redelivery, dead letters and restarts, for every MessageBus adapter. */
export function messageBusContract(
  adapter: string,
  available: () => boolean,
  fixture: () => MessageBusFixture,
): void {
  const describeIf = available() ? describe : describe.skip;
  describeIf(`MessageBus contract: ${adapter}`, () => {
    jest.setTimeout(90_000);
    let harness: MessageBusFixture;
    let bus: MessageBus;
    let topic: string;
    let consumers: Consumer[];

    beforeEach(async () => {
      harness = fixture();
      bus = await harness.open();
      topic = `test.contract.${uniqueSuffix()}`;
      consumers = [];
    });

    afterEach(async () => {
      await Promise.all(consumers.map((consumer) => consumer.close()));
      await bus.close();
      await harness.cleanup();
    });

    function messages(keys: number, perKey: number): { key: string; value: Payload }[] {
      const out: { key: string; value: Payload }[] = [];
      for (let seq = 0; seq < perKey; seq += 1) {
        for (let k = 0; k < keys; k += 1)
          out.push({ key: `character-${k}`, value: { key: `character-${k}`, seq } });
      }
      return out;
    }

    async function consume(
      groupId: string,
      handler: (message: DeliveredMessage) => Promise<void>,
      topics = [topic],
      maxAttempts = 3,
    ): Promise<Consumer> {
      const consumer = await bus.consume({ groupId, topics, maxAttempts, retryDelayMs: 10 }, handler);
      consumers.push(consumer);
      return consumer;
    }

    function expectOrderPerKey(received: readonly Payload[], keys: number, perKey: number): void {
      for (let k = 0; k < keys; k += 1) {
        const seqs = received.filter((p) => p.key === `character-${k}`).map((p) => p.seq);
        expect(seqs).toEqual(Array.from({ length: perKey }, (_, i) => i));
      }
    }

    it('delivers every message once to a healthy consumer, in order per key', async () => {
      await bus.publish(topic, messages(5, 40));
      const received: Payload[] = [];
      await consume(`g-${uniqueSuffix()}`, async (message) => {
        received.push(message.value as Payload);
        expect(message.attempt).toBe(1);
      });
      await eventually(() => received.length >= 200, harness.patienceMs, '200 messages');
      expect(received).toHaveLength(200);
      expectOrderPerKey(received, 5, 40);
    });

    it('gives each consumer group its own copy, including messages published after it joined', async () => {
      const [a, b]: Payload[][] = [[], []];
      await consume(`ga-${uniqueSuffix()}`, async (m) => void a.push(m.value as Payload));
      await consume(`gb-${uniqueSuffix()}`, async (m) => void b.push(m.value as Payload));
      await bus.publish(topic, messages(2, 10));
      await eventually(() => a.length === 20 && b.length === 20, harness.patienceMs, 'both groups');
      await bus.publish(topic, [{ key: 'character-0', value: { key: 'character-0', seq: 10 } }]);
      await eventually(() => a.length === 21 && b.length === 21, harness.patienceMs, 'the later message');
      expectOrderPerKey(a, 1, 11);
    });

    it('redelivers a message whose handler throws, and keeps the key order', async () => {
      await bus.publish(topic, messages(1, 5));
      const attempts: [number, number][] = [];
      const done: number[] = [];
      await consume(`g-${uniqueSuffix()}`, async (message) => {
        const { seq } = message.value as Payload;
        attempts.push([seq, message.attempt]);
        if (seq === 2 && message.attempt < 3) throw new Error('transient failure');
        done.push(seq);
      });
      await eventually(() => done.length === 5, harness.patienceMs, 'all handled');
      expect(done).toEqual([0, 1, 2, 3, 4]);
      expect(attempts.filter(([seq]) => seq === 2)).toEqual([
        [2, 1],
        [2, 2],
        [2, 3],
      ]);
    });

    it('dead-letters a message after the last attempt, with the error, and moves on', async () => {
      await bus.publish(topic, messages(1, 3));
      const handled: number[] = [];
      await consume(`g-${uniqueSuffix()}`, async (message) => {
        const { seq } = message.value as Payload;
        if (seq === 1) throw new Error(`cannot handle seq ${seq}`);
        handled.push(seq);
      });
      const dead: DeliveredMessage[] = [];
      await consume(`dlq-${uniqueSuffix()}`, async (message) => void dead.push(message), [
        deadLetterTopic(topic),
      ]);
      await eventually(() => handled.length === 2 && dead.length === 1, harness.patienceMs, 'dead letter');
      expect(handled).toEqual([0, 2]);
      expect(dead[0]!.value).toEqual({ key: 'character-0', seq: 1 });
      expect(dead[0]!.key).toBe('character-0');
      expect(dead[0]!.headers[DEAD_LETTER_HEADERS.error]).toContain('cannot handle seq 1');
      expect(dead[0]!.headers[DEAD_LETTER_HEADERS.attempts]).toBe('3');
      expect(dead[0]!.headers[DEAD_LETTER_HEADERS.originalTopic]).toBe(topic);
    });

    it('redelivers what a stopped consumer had not finished to the next consumer of the group', async () => {
      const groupId = `g-${uniqueSuffix()}`;
      await bus.publish(topic, messages(1, 10));
      const first: number[] = [];
      let release!: () => void;
      const stuck = new Promise<void>((resolve) => (release = resolve));
      const consumer = await consume(groupId, async (message) => {
        const { seq } = message.value as Payload;
        if (seq === 4) {
          await stuck;
          throw new Error('the process died while handling this');
        }
        first.push(seq);
      });
      await eventually(() => first.length === 4, harness.patienceMs, 'first four');
      const closing = consumer.close();
      release();
      await closing;
      const second: number[] = [];
      await consume(groupId, async (message) => void second.push((message.value as Payload).seq));
      await eventually(() => second.includes(9), harness.patienceMs, 'the rest');
      expect(second).toContain(4);
      expect(new Set([...first, ...second])).toEqual(new Set(Array.from({ length: 10 }, (_, i) => i)));
      expect(second.filter((seq) => seq >= 4)).toEqual([4, 5, 6, 7, 8, 9]);
    });

    it('keeps messages and committed offsets across a restart of the bus', async () => {
      const groupId = `g-${uniqueSuffix()}`;
      await bus.publish(topic, messages(1, 3));
      const before: number[] = [];
      const consumer = await consume(groupId, async (m) => void before.push((m.value as Payload).seq));
      await eventually(() => before.length === 3, harness.patienceMs, 'before restart');
      await consumer.close();
      consumers = [];
      await bus.close();
      bus = await harness.open();
      await bus.publish(topic, [{ key: 'character-0', value: { key: 'character-0', seq: 3 } }]);
      const after: number[] = [];
      await consume(groupId, async (m) => void after.push((m.value as Payload).seq));
      await eventually(() => after.includes(3), harness.patienceMs, 'after restart');
      expect(after.filter((seq) => seq < 3)).toEqual([]);
    });

    it('carries the correlation id of the publisher to the handler', async () => {
      await runWithCorrelation('request-42', () => bus.publish(topic, messages(1, 1)));
      const seen: (string | undefined)[] = [];
      await consume(`g-${uniqueSuffix()}`, async () => void seen.push(currentCorrelationId()));
      await eventually(() => seen.length === 1, harness.patienceMs, 'the message');
      expect(seen).toEqual(['request-42']);
    });

    it('carries a large batch', async () => {
      await bus.publish(topic, messages(20, 500));
      const received: Payload[] = [];
      await consume(`g-${uniqueSuffix()}`, async (m) => void received.push(m.value as Payload));
      await eventually(() => received.length >= 10_000, harness.patienceMs * 3, '10,000 messages');
      expect(received).toHaveLength(10_000);
      expectOrderPerKey(received, 20, 500);
    });
  });
}
