import type { Command, CommandBus } from '@nestjs/cqrs';
import type { Consumer, DeliveredMessage, Logger, MessageBus } from '@tradewise/platform';

/** One topic of the sync's messages and the command that records a message of it. */
export interface ImportTopic {
  readonly topic: string;
  command(value: unknown): Command<{ readonly recorded: number }>;
}

/**
 * Consumes the sync's messages of some topics and records each through the CommandBus; the bus commits a message
 * only after its append (at least once), and the command handlers make a repeat harmless. The bus runs the handler
 * under the message's correlation id, which the recorded events carry. A message that fails its schema (the
 * command's parse throws) goes to the dead-letter topic after the bus's retries.
 */
export function consumeImports(
  bus: MessageBus,
  commands: Pick<CommandBus, 'execute'>,
  logger: Logger,
  options: { readonly groupId: string; readonly what: string; readonly topics: readonly ImportTopic[] },
): Promise<Consumer> {
  const byTopic = new Map(options.topics.map((entry) => [entry.topic, entry]));
  return bus.consume(
    { groupId: options.groupId, topics: [...byTopic.keys()] },
    async (message: DeliveredMessage) => {
      const route = byTopic.get(message.topic);
      if (!route) throw new Error(`No import recorder for topic ${message.topic}`);
      const outcome = await commands.execute(route.command(message.value));
      if (outcome.recorded > 0) {
        logger.debug(
          { topic: message.topic, key: message.key, recorded: outcome.recorded },
          `${options.what} imported`,
        );
      }
    },
  );
}
