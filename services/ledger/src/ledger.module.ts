import { Module, type DynamicModule } from '@nestjs/common';
import { JournalController } from './journal/journal.controller';
import { JournalQueries } from './journal/journal-queries';

/** The ledger's API: reads over its read models, behind the account guard. Needs READ_MODELS and sessions. */
@Module({})
export class LedgerModule {
  static forRoot(): DynamicModule {
    return { module: LedgerModule, controllers: [JournalController], providers: [JournalQueries] };
  }
}
