import type { DynamicModule } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  AccountQueries,
  AccountsModule,
  CharacterActions,
  CHARACTER_ESI,
  type AccountsModuleOptions,
  type CharacterEsi,
} from '@tradewise/accounts';
import { LedgerModule } from '@tradewise/ledger';
import {
  MARKET_ORDER_BOOKS,
  MarketModule,
  STRUCTURE_MARKETS,
  STRUCTURE_NAMES,
  type AccountStructureMarkets,
  type MarketOrderBooks,
  type PublicEsi,
  type StaticData,
  type StructureMarkets,
  type StructureNames,
} from '@tradewise/market';
import { CLOCK, LOGGER, type Clock, type Logger } from '@tradewise/platform';
import { accountGameNames } from './character-esi';
import { accountExportMarks } from './export-marks';
import { ledgerLocationNames } from './ledger-location-names';
import { ledgerMarketPrices } from './ledger-market-prices';
import { ledgerTypeNames } from './ledger-type-names';
import { accountPrivateMarkets } from './private-markets';
import { LinkedCharacterStructureNameReaders } from './structure-name-readers';

export interface ApiContextOptions {
  readonly staticData: StaticData | undefined;
  readonly accounts: AccountsModuleOptions | undefined;
  readonly publicEsi: PublicEsi | undefined;
}

/**
 * The bounded contexts the api role serves, each one Nest module, with the ports one context answers for another
 * built here (contexts never import each other): structure names and private prices between market and accounts,
 * export marks, item names, market prices and location names for the ledger.
 */
export function apiContexts({ staticData, accounts, publicEsi }: ApiContextOptions): DynamicModule[] {
  if (!staticData) return [];
  const market = MarketModule.forRoot({
    staticData,
    publicEsi,
    accountTools: accounts !== undefined,
    ...(accounts
      ? {
          structureNameReaders: {
            inject: [AccountQueries, CHARACTER_ESI, CLOCK],
            useFactory: (queries: AccountQueries, characterEsi: CharacterEsi, clock: Clock) =>
              new LinkedCharacterStructureNameReaders(queries, characterEsi, clock),
          },
          // The Market Orders feature's path: the account's character, its ESI access and the structure markets.
          accountStructureMarkets: {
            inject: [CharacterActions],
            useFactory: (actions: CharacterActions): AccountStructureMarkets => ({
              read: (session, structureId) => actions.structureMarket(session, structureId),
            }),
          },
        }
      : {}),
  });
  if (!accounts) return [market];
  return [
    market,
    AccountsModule.forRoot({
      ...accounts,
      gameNames: accountGameNames(staticData),
      ...(publicEsi
        ? {
            privateMarkets: {
              inject: [STRUCTURE_MARKETS],
              useFactory: (markets: StructureMarkets) => accountPrivateMarkets(markets),
            },
            publicMarketBooks: {
              inject: [MARKET_ORDER_BOOKS],
              useFactory: (books: MarketOrderBooks) => books,
            },
          }
        : {}),
    }),
    LedgerModule.forRoot({
      typeNames: ledgerTypeNames(staticData),
      exportMarks: {
        inject: [CommandBus, CLOCK],
        useFactory: (commands: CommandBus, clock: Clock) => accountExportMarks(commands, clock),
      },
      marketPrices: {
        inject: [
          { token: MARKET_ORDER_BOOKS, optional: true },
          { token: LOGGER, optional: true },
        ],
        useFactory: (books?: MarketOrderBooks, logger?: Logger) => ledgerMarketPrices(books, logger),
      },
      locationNames: {
        inject: [{ token: STRUCTURE_NAMES, optional: true }],
        useFactory: (structureNames?: StructureNames) => ledgerLocationNames(staticData, structureNames),
      },
    }),
  ];
}
