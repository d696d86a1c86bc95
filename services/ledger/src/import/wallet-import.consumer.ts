import {
  WALLET_JOURNAL_TOPIC,
  WALLET_TRANSACTIONS_TOPIC,
  walletJournalImportedSchema,
  walletTransactionsImportedSchema,
} from '@tradewise/contracts';
import type { Consumer, DeliveredMessage, Logger, MessageBus } from '@tradewise/platform';
import type { WalletImporter } from './wallet-importer';

export const WALLET_IMPORT_GROUP = 'ledger-wallet-import';

/**
 * Consumes the sync's wallet messages and records them; the bus commits a message only after its append (at least
 * once), and the importer makes a repeat harmless. A message that fails its schema goes to the dead-letter topic
 * after the bus's retries.
 */
export async function consumeWalletImports(
  bus: MessageBus,
  importer: WalletImporter,
  logger: Logger,
): Promise<Consumer> {
  return bus.consume(
    { groupId: WALLET_IMPORT_GROUP, topics: [WALLET_TRANSACTIONS_TOPIC, WALLET_JOURNAL_TOPIC] },
    async (message: DeliveredMessage) => {
      const correlationId = message.headers['x-correlation-id'];
      const outcome =
        message.topic === WALLET_TRANSACTIONS_TOPIC
          ? await importer.importTransactions(
              walletTransactionsImportedSchema.parse(message.value),
              correlationId,
            )
          : await importer.importJournal(walletJournalImportedSchema.parse(message.value), correlationId);
      if (outcome.recorded > 0) {
        logger.debug(
          { topic: message.topic, key: message.key, recorded: outcome.recorded },
          'Wallet records imported',
        );
      }
    },
  );
}
