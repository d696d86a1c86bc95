import type { CommandBus } from '@nestjs/cqrs';
import {
  CHARACTER_BLUEPRINTS_TOPIC,
  INDUSTRY_JOBS_TOPIC,
  characterBlueprintsImportedSchema,
  industryJobsImportedSchema,
} from '@tradewise/contracts';
import type { Consumer, Logger, MessageBus } from '@tradewise/platform';
import { consumeImports } from './import-consumer';
import { RecordBlueprints, RecordIndustryJobs } from './record-industry-records.handler';

export const INDUSTRY_IMPORT_GROUP = 'ledger-industry-import';

/** The sync's industry jobs and blueprints, recorded as industry events (see {@link consumeImports}). */
export function consumeIndustryImports(
  bus: MessageBus,
  commands: Pick<CommandBus, 'execute'>,
  logger: Logger,
): Promise<Consumer> {
  return consumeImports(bus, commands, logger, {
    groupId: INDUSTRY_IMPORT_GROUP,
    what: 'Industry records',
    topics: [
      {
        topic: INDUSTRY_JOBS_TOPIC,
        command: (value) => new RecordIndustryJobs(industryJobsImportedSchema.parse(value)),
      },
      {
        topic: CHARACTER_BLUEPRINTS_TOPIC,
        command: (value) => new RecordBlueprints(characterBlueprintsImportedSchema.parse(value)),
      },
    ],
  });
}
