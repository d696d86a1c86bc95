import {
  Kafka,
  logLevel,
  type Admin,
  type Consumer as KafkaConsumer,
  type IHeaders,
  type KafkaMessage,
  type Producer,
} from 'kafkajs';
import {
  deadLetterTopic,
  type ConsumeOptions,
  type Consumer,
  type MessageBus,
  type MessageHandler,
  type OutgoingMessage,
} from '../../ports/message-bus.port';
import { withCorrelationHeader } from '../../logging/logger';
import { deliverWithRetries } from '../shared/deliver-with-retries';

/** Attempts at a topic metadata step (creating topics, subscribing to them) while the broker answers retriable errors. */
const TOPIC_METADATA_ATTEMPTS = 8;

/**
 * A topic just created may not yet be in the metadata of the broker asked next (UNKNOWN_TOPIC_OR_PARTITION, which
 * kafkajs marks retriable but retries neither while waiting for leaders nor in a consumer's subscribe): ask again.
 */
async function retryingTopicMetadata(step: () => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await step();
    } catch (error) {
      if (!(error as { retriable?: boolean }).retriable || attempt >= TOPIC_METADATA_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }
}

export interface KafkaBusOptions {
  readonly brokers: readonly string[];
  readonly clientId: string;
  /** Partitions of topics this adapter creates. */
  readonly partitions?: number;
  /**
   * Put before every topic and consumer group name (KAFKA_TOPIC_PREFIX): deployments or test runs sharing one
   * cluster never read each other's messages. Handlers see the topic names without it.
   */
  readonly topicPrefix?: string;
}

/**
 * Kafka through kafkajs. Offsets are resolved only after the handler succeeds (or the message is dead-lettered)
 * and committed from those, so a crash redelivers; order holds per key because a key maps to one partition.
 */
export class KafkaBus implements MessageBus {
  private readonly kafka: Kafka;
  private producer: Producer | undefined;
  private admin: Admin | undefined;
  private readonly knownTopics = new Set<string>();
  private readonly consumers = new Set<KafkaBusConsumer>();

  constructor(private readonly options: KafkaBusOptions) {
    this.kafka = new Kafka({
      clientId: options.clientId,
      brokers: [...options.brokers],
      logLevel: logLevel.NOTHING,
      retry: { retries: 8, initialRetryTime: 100 },
    });
  }

  private async connectedProducer(): Promise<Producer> {
    if (!this.producer) {
      const producer = this.kafka.producer({
        idempotent: true,
        maxInFlightRequests: 5,
        allowAutoTopicCreation: false,
      });
      await producer.connect();
      this.producer = producer;
    }
    return this.producer;
  }

  private named(name: string): string {
    return `${this.options.topicPrefix ?? ''}${name}`;
  }

  async ensureTopics(logicalTopics: readonly string[]): Promise<void> {
    const missing = logicalTopics
      .map((topic) => this.named(topic))
      .filter((topic) => !this.knownTopics.has(topic));
    if (missing.length === 0) return;
    if (!this.admin) {
      const admin = this.kafka.admin();
      await admin.connect();
      this.admin = admin;
    }
    const admin = this.admin;
    await retryingTopicMetadata(async () => {
      const existing = new Set(await admin.listTopics());
      const toCreate = missing.filter((topic) => !existing.has(topic));
      if (toCreate.length > 0) {
        await admin.createTopics({
          waitForLeaders: true,
          topics: toCreate.map((topic) => ({ topic, numPartitions: this.options.partitions ?? 4 })),
        });
      }
    });
    for (const topic of missing) this.knownTopics.add(topic);
  }

  async publish(topic: string, messages: readonly OutgoingMessage[]): Promise<void> {
    if (messages.length === 0) return;
    await this.ensureTopics([topic]);
    const producer = await this.connectedProducer();
    await producer.send({
      topic: this.named(topic),
      acks: -1,
      messages: messages.map((message) => ({
        key: message.key,
        value: JSON.stringify(message.value),
        headers: withCorrelationHeader(message.headers),
      })),
    });
  }

  async consume(options: ConsumeOptions, handler: MessageHandler): Promise<Consumer> {
    await this.ensureTopics([...options.topics, ...options.topics.map(deadLetterTopic)]);
    const prefix = this.options.topicPrefix ?? '';
    const consumer = new KafkaBusConsumer(
      this.kafka.consumer({
        groupId: this.named(options.groupId),
        sessionTimeout: 10_000,
        heartbeatInterval: 1_000,
        retry: { retries: 8 },
      }),
      options,
      handler,
      (topic, messages) => this.publish(topic, messages),
      (closed) => this.consumers.delete(closed),
      prefix,
    );
    await consumer.start();
    this.consumers.add(consumer);
    return consumer;
  }

  async close(): Promise<void> {
    await Promise.all([...this.consumers].map((consumer) => consumer.close()));
    await this.producer?.disconnect();
    await this.admin?.disconnect();
    this.producer = undefined;
    this.admin = undefined;
  }
}

class KafkaBusConsumer implements Consumer {
  private closing = false;

  constructor(
    private readonly consumer: KafkaConsumer,
    private readonly options: ConsumeOptions,
    private readonly handler: MessageHandler,
    private readonly publish: (topic: string, messages: readonly OutgoingMessage[]) => Promise<void>,
    private readonly onClose: (consumer: KafkaBusConsumer) => void,
    /** The bus's topic prefix: subscribed with it, delivered without it. */
    private readonly prefix: string,
  ) {}

  async start(): Promise<void> {
    await this.consumer.connect();
    await retryingTopicMetadata(() =>
      this.consumer.subscribe({
        topics: this.options.topics.map((topic) => `${this.prefix}${topic}`),
        fromBeginning: true,
      }),
    );
    await this.consumer.run({
      autoCommit: true,
      autoCommitInterval: 500,
      autoCommitThreshold: 500,
      eachBatchAutoResolve: false,
      partitionsConsumedConcurrently: 4,
      eachBatch: async ({
        batch,
        resolveOffset,
        heartbeat,
        commitOffsetsIfNecessary,
        isRunning,
        isStale,
      }) => {
        let sinceHeartbeat = 0;
        for (const message of batch.messages) {
          if (!isRunning() || isStale() || this.closing) break;
          const delivered = await this.deliver(
            batch.topic.slice(this.prefix.length),
            batch.partition,
            message,
          );
          if (!delivered) break;
          resolveOffset(message.offset);
          if (++sinceHeartbeat === 100) {
            sinceHeartbeat = 0;
            await commitOffsetsIfNecessary();
            await heartbeat();
          }
        }
        await commitOffsetsIfNecessary();
      },
    });
  }

  private deliver(topic: string, partition: number, message: KafkaMessage): Promise<boolean> {
    return deliverWithRetries(
      { options: this.options, handler: this.handler, closing: () => this.closing, publish: this.publish },
      {
        topic,
        key: message.key?.toString('utf8') ?? '',
        value: message.value ? JSON.parse(message.value.toString('utf8')) : null,
        headers: decodeHeaders(message.headers),
        offset: message.offset,
        partition,
      },
    );
  }

  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    await this.consumer.disconnect();
    this.onClose(this);
  }
}

function decodeHeaders(headers: IHeaders | undefined): Record<string, string> {
  const decoded: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (value === undefined) continue;
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined) decoded[name] = Buffer.isBuffer(first) ? first.toString('utf8') : String(first);
  }
  return decoded;
}
