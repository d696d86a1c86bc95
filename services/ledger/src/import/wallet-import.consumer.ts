import {
  WALLET_JOURNAL_TOPIC,
  WALLET_TRANSACTIONS_TOPIC,
  walletJournalImportedSchema,
  walletTransactionsImportedSchema,
} from '@tradewise/contracts';
import type { CommandBus } from '@nestjs/cqrs';
import type { Consumer, DeliveredMessage, Logger, MessageBus } from '@tradewise/platform';
import { RecordWalletJournal, RecordWalletTransactions } from './record-wallet-records.handler';

export const WALLET_IMPORT_GROUP = 'ledger-wallet-import';

/**
 * Consumes the sync's wallet messages and records them through the CommandBus; the bus commits a message only after
 * its append (at least once), and the command handlers make a repeat harmless. The bus runs the handler under the
 * message's correlation id, which the recorded events carry. A message that fails its schema goes to the dead-letter topic
 * after the bus's retries.
 */
export async function consumeWalletImports(
  bus: MessageBus,
  commands: Pick<CommandBus, 'execute'>,
  logger: Logger,
): Promise<Consumer> {
  return bus.consume(
    { groupId: WALLET_IMPORT_GROUP, topics: [WALLET_TRANSACTIONS_TOPIC, WALLET_JOURNAL_TOPIC] },
    async (message: DeliveredMessage) => {
      const outcome =
        message.topic === WALLET_TRANSACTIONS_TOPIC
          ? await commands.execute(
              new RecordWalletTransactions(walletTransactionsImportedSchema.parse(message.value)),
            )
          : await commands.execute(new RecordWalletJournal(walletJournalImportedSchema.parse(message.value)));
      if (outcome.recorded > 0) {
        logger.debug(
          { topic: message.topic, key: message.key, recorded: outcome.recorded },
          'Wallet records imported',
        );
      }
    },
  );
}
