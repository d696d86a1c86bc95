import { Module, type DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { CommandBus, CqrsModule } from '@nestjs/cqrs';
import { EVENT_STORE, type EventStore } from '@tradewise/platform';
import { RecordContractsHandler } from './record-contracts.handler';
import { RecordBlueprintsHandler, RecordIndustryJobsHandler } from './record-industry-records.handler';
import {
  RecordCorporationOrderHistoryHandler,
  RecordOrderHistoryHandler,
} from './record-order-history.handler';
import {
  RecordCorporationWalletJournalHandler,
  RecordCorporationWalletTransactionsHandler,
  RecordWalletJournalHandler,
  RecordWalletTransactionsHandler,
} from './record-wallet-records.handler';

/**
 * The import's command handlers (wallet, industry, contracts and order history) over one event store: all the import
 * thread needs of Nest.
 */
@Module({})
export class WalletImportModule {
  static forRoot(eventStore: EventStore): DynamicModule {
    return {
      module: WalletImportModule,
      imports: [CqrsModule.forRoot()],
      providers: [
        { provide: EVENT_STORE, useValue: eventStore },
        RecordWalletTransactionsHandler,
        RecordWalletJournalHandler,
        RecordCorporationWalletTransactionsHandler,
        RecordCorporationWalletJournalHandler,
        RecordIndustryJobsHandler,
        RecordBlueprintsHandler,
        RecordContractsHandler,
        RecordOrderHistoryHandler,
        RecordCorporationOrderHistoryHandler,
      ],
    };
  }
}

export interface WalletImportCommands {
  readonly commands: CommandBus;
  close(): Promise<void>;
}

/**
 * A CommandBus that records wallet, industry, contract and order-history batches on `eventStore`, for a process or
 * thread that runs no other Nest app.
 */
export async function walletImportCommands(eventStore: EventStore): Promise<WalletImportCommands> {
  const app = await NestFactory.createApplicationContext(WalletImportModule.forRoot(eventStore), {
    logger: false,
  });
  return { commands: app.get(CommandBus), close: () => app.close() };
}
