import { Module, type DynamicModule, type Provider } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  AccountQueries,
  AccountWriteModule,
  AccountsModule,
  CHARACTER_ESI,
  type AccountsModuleOptions,
  type CharacterEsi,
} from '@tradewise/accounts';
import type { EventCatalogue } from '@tradewise/contracts';
import { LedgerModule } from '@tradewise/ledger';
import {
  AppraisalModule,
  IndustryModule,
  MARKET_ORDER_BOOKS,
  MarketDataModule,
  STRUCTURE_MARKETS,
  StaticDataModule,
  type MarketOrderBooks,
  type PublicEsi,
  type StaticData,
  type StructureMarkets,
} from '@tradewise/market';
import {
  CLOCK,
  LOGGER,
  PlatformModule,
  type Clock,
  type Logger,
  type PlatformAdapters,
  type PlatformConfig,
} from '@tradewise/platform';
import { ProjectionsModule, ReadModelsModule, type AnyProjection } from '@tradewise/projections';
import { accountGameNames } from './composition/character-esi';
import { accountExportMarks } from './composition/export-marks';
import { ledgerMarketPrices } from './composition/ledger-market-prices';
import { ledgerTypeNames } from './composition/ledger-type-names';
import { accountPrivateMarkets } from './composition/private-markets';
import { LinkedCharacterStructureNameReaders } from './composition/structure-name-readers';
import { AdminController } from './operations/admin.controller';
import { ADMIN_TOKEN } from './operations/admin-token';
import { HealthController } from './operations/health.controller';

export interface AppModuleOptions {
  readonly config: PlatformConfig;
  readonly catalogue: EventCatalogue;
  readonly adapters: PlatformAdapters;
  readonly logger: Logger;
  readonly projections: readonly AnyProjection[];
  readonly adminToken: string;
  /** Loaded for processes that serve the API. */
  readonly staticData: StaticData | undefined;
  /** Login and accounts, for processes that serve the API. */
  readonly accounts: AccountsModuleOptions | undefined;
  /** ESI's public routes (market data, prices, cost indices), for processes that serve the API. */
  readonly publicEsi: PublicEsi | undefined;
}

/** The composition root: which modules run depends on the process's roles. */
@Module({})
export class AppModule {
  static forRoot(options: AppModuleOptions): DynamicModule {
    const { config } = options;
    const runsProjections = config.roles.includes('projections');
    const servesApi = config.roles.includes('api');
    const syncs = config.roles.includes('sync');
    const providers: Provider[] = [{ provide: ADMIN_TOKEN, useValue: options.adminToken }];
    return {
      module: AppModule,
      imports: [
        PlatformModule.forRoot({
          config,
          catalogue: options.catalogue,
          logger: options.logger,
          clock: options.adapters.clock,
          adapters: options.adapters,
        }),
        ...(runsProjections ? [ProjectionsModule.forRoot(options.projections)] : []),
        // The sync role changes accounts through the CommandBus too, with or without the api role.
        ...(servesApi || syncs ? [AccountWriteModule] : []),
        ...(servesApi ? [ReadModelsModule.forRoot()] : []),
        ...(servesApi && options.staticData
          ? [StaticDataModule.forRoot({ staticData: options.staticData })]
          : []),
        ...(servesApi && options.staticData && options.publicEsi
          ? [
              MarketDataModule.forRoot({
                publicEsi: options.publicEsi,
                ...(options.accounts
                  ? {
                      structureNameReaders: {
                        inject: [AccountQueries, CHARACTER_ESI, CLOCK],
                        useFactory: (accounts: AccountQueries, characterEsi: CharacterEsi, clock: Clock) =>
                          new LinkedCharacterStructureNameReaders(accounts, characterEsi, clock),
                      },
                    }
                  : {}),
              }),
            ]
          : []),
        ...(servesApi && options.accounts && options.staticData
          ? [
              AccountsModule.forRoot({
                ...options.accounts,
                gameNames: accountGameNames(options.staticData),
                ...(options.publicEsi
                  ? {
                      privateMarkets: {
                        inject: [STRUCTURE_MARKETS],
                        useFactory: (markets: StructureMarkets) => accountPrivateMarkets(markets),
                      },
                    }
                  : {}),
              }),
              LedgerModule.forRoot({
                typeNames: ledgerTypeNames(options.staticData),
                exportMarks: {
                  inject: [CommandBus, CLOCK],
                  useFactory: (commands: CommandBus, clock: Clock) => accountExportMarks(commands, clock),
                },
                marketPrices: {
                  inject: [
                    { token: MARKET_ORDER_BOOKS, optional: true },
                    { token: LOGGER, optional: true },
                  ],
                  useFactory: (books?: MarketOrderBooks, logger?: Logger) =>
                    ledgerMarketPrices(books, logger),
                },
              }),
            ]
          : []),
        ...(servesApi && options.staticData && options.publicEsi && options.accounts
          ? [IndustryModule.forRoot()]
          : []),
        ...(servesApi && options.staticData && options.publicEsi && options.accounts
          ? [AppraisalModule.forRoot()]
          : []),
      ],
      controllers: [HealthController, ...(servesApi && runsProjections ? [AdminController] : [])],
      providers,
    };
  }
}
