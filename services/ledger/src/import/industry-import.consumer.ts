import type { CommandBus } from '@nestjs/cqrs';
import {
  CHARACTER_BLUEPRINTS_TOPIC,
  INDUSTRY_JOBS_TOPIC,
  characterBlueprintsImportedSchema,
  industryJobsImportedSchema,
} from '@tradewise/contracts';
import type { Consumer, DeliveredMessage, Logger, MessageBus } from '@tradewise/platform';
import { RecordBlueprints, RecordIndustryJobs } from './record-industry-records.handler';

export const INDUSTRY_IMPORT_GROUP = 'ledger-industry-import';

/**
 * Consumes the sync's industry messages (jobs and blueprints) and records them through the CommandBus, as the
 * wallet's are: the bus commits a message after its append, the deciders make a repeat harmless, and a message
 * that fails its schema goes to the dead-letter topic after the bus's retries.
 */
export async function consumeIndustryImports(
  bus: MessageBus,
  commands: Pick<CommandBus, 'execute'>,
  logger: Logger,
): Promise<Consumer> {
  return bus.consume(
    { groupId: INDUSTRY_IMPORT_GROUP, topics: [INDUSTRY_JOBS_TOPIC, CHARACTER_BLUEPRINTS_TOPIC] },
    async (message: DeliveredMessage) => {
      const outcome =
        message.topic === INDUSTRY_JOBS_TOPIC
          ? await commands.execute(new RecordIndustryJobs(industryJobsImportedSchema.parse(message.value)))
          : await commands.execute(
              new RecordBlueprints(characterBlueprintsImportedSchema.parse(message.value)),
            );
      if (outcome.recorded > 0) {
        logger.debug(
          { topic: message.topic, key: message.key, recorded: outcome.recorded },
          'Industry records imported',
        );
      }
    },
  );
}
