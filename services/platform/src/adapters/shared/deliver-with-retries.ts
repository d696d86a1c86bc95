import {
  DEAD_LETTER_HEADERS,
  DEFAULT_MAX_ATTEMPTS,
  deadLetterTopic,
  type ConsumeOptions,
  type DeliveredMessage,
  type MessageHandler,
  type OutgoingMessage,
} from '../../ports/message-bus.port';
import { CORRELATION_HEADER, runWithCorrelation } from '../../logging/logger';

export interface DeliveryContext {
  readonly options: ConsumeOptions;
  readonly handler: MessageHandler;
  /** True once the consumer is closing: a failure then leaves the message uncommitted, for redelivery. */
  readonly closing: () => boolean;
  readonly publish: (topic: string, messages: readonly OutgoingMessage[]) => Promise<void>;
}

/**
 * Runs the handler until it succeeds, or dead-letters the message with the error after the last attempt. Returns
 * whether the message is done (its offset may be committed); false when closing interrupted it.
 */
export async function deliverWithRetries(
  context: DeliveryContext,
  message: Omit<DeliveredMessage, 'attempt'>,
): Promise<boolean> {
  const maxAttempts = context.options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const correlationId =
    message.headers[CORRELATION_HEADER] ?? `${message.topic}/${message.partition}/${message.offset}`;
  for (let attempt = 1; ; attempt += 1) {
    try {
      await runWithCorrelation(correlationId, () => context.handler({ ...message, attempt }));
      return true;
    } catch (error) {
      if (context.closing()) return false;
      if (attempt >= maxAttempts) {
        await context.publish(deadLetterTopic(message.topic), [
          {
            key: message.key,
            value: message.value,
            headers: {
              ...message.headers,
              [DEAD_LETTER_HEADERS.error]:
                error instanceof Error ? (error.stack ?? error.message) : String(error),
              [DEAD_LETTER_HEADERS.attempts]: String(attempt),
              [DEAD_LETTER_HEADERS.originalTopic]: message.topic,
              [DEAD_LETTER_HEADERS.originalPartition]: String(message.partition),
              [DEAD_LETTER_HEADERS.originalOffset]: message.offset,
            },
          },
        ]);
        return true;
      }
      await new Promise((resolve) => setTimeout(resolve, context.options.retryDelayMs ?? 100));
    }
  }
}
