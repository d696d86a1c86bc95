import type { CommandBus } from '@nestjs/cqrs';
import {
  CORPORATION_WALLET_JOURNAL_TOPIC,
  CORPORATION_WALLET_TRANSACTIONS_TOPIC,
  corporationWalletJournalImportedSchema,
  corporationWalletTransactionsImportedSchema,
  WALLET_JOURNAL_TOPIC,
  WALLET_TRANSACTIONS_TOPIC,
  walletJournalImportedSchema,
  walletTransactionsImportedSchema,
} from '@tradewise/contracts';
import type { Consumer, Logger, MessageBus } from '@tradewise/platform';
import { consumeImports } from './import-consumer';
import {
  RecordCorporationWalletJournal,
  RecordCorporationWalletTransactions,
  RecordWalletJournal,
  RecordWalletTransactions,
} from './record-wallet-records.handler';

export const WALLET_IMPORT_GROUP = 'ledger-wallet-import';

/**
 * The sync's wallet transactions and journal, the characters' and the corporations' divisions', recorded as wallet
 * events (see {@link consumeImports}).
 */
export function consumeWalletImports(
  bus: MessageBus,
  commands: Pick<CommandBus, 'execute'>,
  logger: Logger,
): Promise<Consumer> {
  return consumeImports(bus, commands, logger, {
    groupId: WALLET_IMPORT_GROUP,
    what: 'Wallet records',
    topics: [
      {
        topic: WALLET_TRANSACTIONS_TOPIC,
        command: (value) => new RecordWalletTransactions(walletTransactionsImportedSchema.parse(value)),
      },
      {
        topic: WALLET_JOURNAL_TOPIC,
        command: (value) => new RecordWalletJournal(walletJournalImportedSchema.parse(value)),
      },
      {
        topic: CORPORATION_WALLET_TRANSACTIONS_TOPIC,
        command: (value) =>
          new RecordCorporationWalletTransactions(corporationWalletTransactionsImportedSchema.parse(value)),
      },
      {
        topic: CORPORATION_WALLET_JOURNAL_TOPIC,
        command: (value) =>
          new RecordCorporationWalletJournal(corporationWalletJournalImportedSchema.parse(value)),
      },
    ],
  });
}
