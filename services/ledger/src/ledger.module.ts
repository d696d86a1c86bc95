import { Module, type DynamicModule, type FactoryProvider } from '@nestjs/common';
import { ManufacturingResultsController } from './industry/manufacturing-results.controller';
import { JournalController } from './journal/journal.controller';
import { JournalQueries } from './journal/journal-queries';
import { AccountLedgerController } from './trade/account-ledger.controller';
import { EditTradeLedgerHandler } from './trade/edit-trade-ledger.handler';
import { EXPORT_MARKS, type ExportMarks } from './trade/export-marks.port';
import { LedgerJournalController } from './trade/ledger-journal.controller';
import { LEDGER_MARKET_PRICES, type LedgerMarketPrices } from './trade/market-sell-prices.port';
import { LedgerSnapshots } from './trade/ledger-snapshots';
import {
  LEDGER_LOCATION_NAMES,
  NO_LOCATION_NAMES,
  type LedgerLocationNames,
} from './trade/location-names.port';
import { ProfitController } from './trade/profit.controller';
import { ChangeTradeRulesHandler, TradeRulesQueries } from './rules/change-trade-rules.handler';
import { TradeLedgerService } from './trade/trade-ledger.service';
import { LEDGER_TYPE_NAMES, type LedgerTypeNames } from './trade/type-names.port';

export interface LedgerModuleOptions {
  readonly typeNames: LedgerTypeNames;
  /** Built from other modules' providers (accounts keeps the marks on the character). */
  readonly exportMarks: Omit<FactoryProvider<ExportMarks>, 'provide'>;
  /** Built from the market context's order books. */
  readonly marketPrices: Omit<FactoryProvider<LedgerMarketPrices>, 'provide'>;
  /** Station and structure names (static data and the market context's structure names); none: ids only. */
  readonly locationNames?: Omit<FactoryProvider<LedgerLocationNames>, 'provide'>;
}

/** The ledger's API: reads over its read models and the account's edits, behind the account guard. */
@Module({})
export class LedgerModule {
  static forRoot(options: LedgerModuleOptions): DynamicModule {
    return {
      module: LedgerModule,
      controllers: [
        JournalController,
        LedgerJournalController,
        ProfitController,
        AccountLedgerController,
        ManufacturingResultsController,
      ],
      providers: [
        JournalQueries,
        LedgerSnapshots,
        EditTradeLedgerHandler,
        ChangeTradeRulesHandler,
        TradeRulesQueries,
        TradeLedgerService,
        { provide: LEDGER_TYPE_NAMES, useValue: options.typeNames },
        { provide: EXPORT_MARKS, ...options.exportMarks },
        { provide: LEDGER_MARKET_PRICES, ...options.marketPrices },
        options.locationNames
          ? { provide: LEDGER_LOCATION_NAMES, ...options.locationNames }
          : { provide: LEDGER_LOCATION_NAMES, useValue: NO_LOCATION_NAMES },
      ],
      exports: [TradeRulesQueries],
    };
  }
}
