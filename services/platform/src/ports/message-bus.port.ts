/** DI token of the {@link MessageBus}. */
export const MESSAGE_BUS = Symbol('MESSAGE_BUS');

export interface OutgoingMessage {
  /** Messages with one key keep their order (the owning character or account). */
  readonly key: string;
  /** JSON-serialisable payload, validated by the message's zod schema in `contracts` on both ends. */
  readonly value: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

export interface DeliveredMessage {
  readonly topic: string;
  readonly key: string;
  readonly value: unknown;
  readonly headers: Readonly<Record<string, string>>;
  /** Partition-local offset, as a decimal string. */
  readonly offset: string;
  readonly partition: number;
  /** 1 on first delivery, then 2, 3… while the handler keeps failing. */
  readonly attempt: number;
}

export interface ConsumeOptions {
  readonly groupId: string;
  readonly topics: readonly string[];
  /** After this many failed attempts the message goes to `<topic>.dlq` with the error, and consumption moves on. */
  readonly maxAttempts?: number;
  /** Pause between attempts, in milliseconds. */
  readonly retryDelayMs?: number;
}

export interface Consumer {
  /** Stops after the in-flight message; its offset is committed only if its handler succeeded. */
  close(): Promise<void>;
}

export type MessageHandler = (message: DeliveredMessage) => Promise<void>;

/** Headers a dead-lettered message carries besides its own. */
export const DEAD_LETTER_HEADERS = {
  error: 'x-dead-letter-error',
  attempts: 'x-dead-letter-attempts',
  originalTopic: 'x-dead-letter-topic',
  originalPartition: 'x-dead-letter-partition',
  originalOffset: 'x-dead-letter-offset',
} as const;

export function deadLetterTopic(topic: string): string {
  return `${topic}.dlq`;
}

export const DEFAULT_MAX_ATTEMPTS = 5;

/**
 * Carries integration messages between roles. At-least-once: a consumer group's offset is committed after the
 * handler succeeds, so a crash redelivers; order holds per key.
 */
export interface MessageBus {
  publish(topic: string, messages: readonly OutgoingMessage[]): Promise<void>;
  consume(options: ConsumeOptions, handler: MessageHandler): Promise<Consumer>;
  close(): Promise<void>;
}
