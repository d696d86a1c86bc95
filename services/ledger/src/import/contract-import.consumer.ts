import type { CommandBus } from '@nestjs/cqrs';
import { CONTRACTS_TOPIC, contractsImportedSchema } from '@tradewise/contracts';
import type { Consumer, Logger, MessageBus } from '@tradewise/platform';
import { consumeImports } from './import-consumer';
import { RecordContracts } from './record-contracts.handler';

export const CONTRACT_IMPORT_GROUP = 'ledger-contract-import';

/** The sync's contracts, recorded as contract events (see {@link consumeImports}). */
export function consumeContractImports(
  bus: MessageBus,
  commands: Pick<CommandBus, 'execute'>,
  logger: Logger,
): Promise<Consumer> {
  return consumeImports(bus, commands, logger, {
    groupId: CONTRACT_IMPORT_GROUP,
    what: 'Contracts',
    topics: [
      {
        topic: CONTRACTS_TOPIC,
        command: (value) => new RecordContracts(contractsImportedSchema.parse(value)),
      },
    ],
  });
}
