import {
  Inject,
  Injectable,
  Module,
  type DynamicModule,
  type FactoryProvider,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { CLOCK, LOGGER, SystemClock, type Clock, type Logger } from '@tradewise/platform';
import type { StaticData } from '../static-data/static-data';
import { STATIC_DATA } from '../static-data/static-data.token';
import { RegionalOrderBooks } from './books/regional-order-books';
import { EsiIndustryCostIndices, EsiMarketPrices } from './esi/esi-reference-data';
import { EsiStructureNames } from './esi/esi-structure-names';
import { MarketDataController } from './http/market-data.controller';
import { EsiStructureMarkets } from './structures/structure-markets';
import { MarketQueries } from './http/market-queries';
import { hubRegionIds, marketRegionIds } from './market-hubs';
import {
  INDUSTRY_COST_INDICES,
  MARKET_ORDER_BOOKS,
  MARKET_PRICES,
  PUBLIC_ESI,
  NO_STRUCTURE_NAME_READERS,
  STRUCTURE_MARKETS,
  STRUCTURE_NAMES,
  type PublicEsi,
  type StructureNameReaders,
  type StructureNames,
} from './market-data.ports';
import {
  MARKET_DATA_CLOCK,
  MARKET_QUERIES,
  REGIONAL_ORDER_BOOKS,
  STRUCTURE_NAME_READERS,
} from './market-data.tokens';

export interface MarketDataModuleOptions {
  /** ESI for public routes; one client, so its cache and error budget are shared by every reader. */
  readonly publicEsi: PublicEsi;
  /**
   * Builds the chooser of characters who name public structures, from providers of other modules (accounts knows
   * the characters). Without it `structureNames` stays empty: ESI names structures only to a character's token.
   */
  readonly structureNameReaders?: Omit<FactoryProvider<StructureNameReaders>, 'provide'>;
  /** How often expired, recently read hub books are fetched again ahead of their readers; `false`: never. */
  readonly warmHubBooksEveryMs?: number | false;
  /** Defaults to the platform's CLOCK, else the system clock. */
  readonly clock?: Clock;
}

const DEFAULT_WARM_EVERY_MS = 15_000;
const WARM_OPTIONS = Symbol('WARM_OPTIONS');

/** Runs the refresh-ahead sweep of hub books while the application runs. */
@Injectable()
class HubBookWarmer implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | undefined;
  private sweeping = false;

  constructor(
    @Inject(REGIONAL_ORDER_BOOKS) private readonly books: RegionalOrderBooks,
    @Inject(WARM_OPTIONS) private readonly everyMs: number | false,
  ) {}

  onApplicationBootstrap(): void {
    if (this.everyMs === false) return;
    this.timer = setInterval(() => void this.sweep(), this.everyMs);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  private async sweep(): Promise<void> {
    if (this.sweeping) return;
    this.sweeping = true;
    try {
      await this.books.refreshWarmHubBooks();
    } finally {
      this.sweeping = false;
    }
  }
}

/**
 * The public market API (/market/orders, /market/history, /market/stats) and the market data ports other modules
 * inject (global): {@link MARKET_ORDER_BOOKS}, {@link MARKET_PRICES}, {@link INDUSTRY_COST_INDICES},
 * {@link STRUCTURE_NAMES}, {@link STRUCTURE_MARKETS} and {@link PUBLIC_ESI}. Needs {@link STATIC_DATA} (StaticDataModule).
 */
@Module({})
export class MarketDataModule {
  static forRoot(options: MarketDataModuleOptions): DynamicModule {
    const { publicEsi } = options;
    return {
      module: MarketDataModule,
      global: true,
      controllers: [MarketDataController],
      providers: [
        { provide: PUBLIC_ESI, useValue: publicEsi },
        {
          provide: MARKET_DATA_CLOCK,
          useFactory: (platformClock?: Clock) => options.clock ?? platformClock ?? new SystemClock(),
          inject: [{ token: CLOCK, optional: true }],
        },
        {
          provide: REGIONAL_ORDER_BOOKS,
          useFactory: (staticData: StaticData, clock: Clock) => {
            return new RegionalOrderBooks({
              fetchTypeOrders: (regionId, typeId) =>
                publicEsi.client().getRegionOrders(regionId, { typeId, orderType: 'all' }),
              // Read on first use: codegen composes the module without loading the static data.
              regions: () => {
                const hubs = hubRegionIds(staticData);
                const others = marketRegionIds(staticData).filter((regionId) => !hubs.includes(regionId));
                return { market: [...hubs, ...others], hubs };
              },
              clock,
            });
          },
          inject: [STATIC_DATA, MARKET_DATA_CLOCK],
        },
        { provide: MARKET_ORDER_BOOKS, useExisting: REGIONAL_ORDER_BOOKS },
        {
          provide: MARKET_PRICES,
          useFactory: (clock: Clock) => new EsiMarketPrices(publicEsi, clock),
          inject: [MARKET_DATA_CLOCK],
        },
        {
          provide: INDUSTRY_COST_INDICES,
          useFactory: (clock: Clock) => new EsiIndustryCostIndices(publicEsi, clock),
          inject: [MARKET_DATA_CLOCK],
        },
        options.structureNameReaders
          ? { provide: STRUCTURE_NAME_READERS, ...options.structureNameReaders }
          : { provide: STRUCTURE_NAME_READERS, useValue: NO_STRUCTURE_NAME_READERS },
        {
          provide: STRUCTURE_NAMES,
          useFactory: (clock: Clock, readers: StructureNameReaders, logger?: Logger) =>
            new EsiStructureNames(publicEsi, clock, readers, logger),
          inject: [MARKET_DATA_CLOCK, STRUCTURE_NAME_READERS, { token: LOGGER, optional: true }],
        },
        {
          provide: MARKET_QUERIES,
          useFactory: (
            staticData: StaticData,
            books: RegionalOrderBooks,
            structureNames: StructureNames,
            clock: Clock,
          ) => new MarketQueries(staticData, books, structureNames, publicEsi, clock),
          inject: [STATIC_DATA, REGIONAL_ORDER_BOOKS, STRUCTURE_NAMES, MARKET_DATA_CLOCK],
        },
        {
          provide: STRUCTURE_MARKETS,
          useFactory: (clock: Clock, logger?: Logger) => new EsiStructureMarkets({ clock, logger }),
          inject: [MARKET_DATA_CLOCK, { token: LOGGER, optional: true }],
        },
        { provide: WARM_OPTIONS, useValue: options.warmHubBooksEveryMs ?? DEFAULT_WARM_EVERY_MS },
        HubBookWarmer,
      ],
      exports: [
        PUBLIC_ESI,
        MARKET_ORDER_BOOKS,
        MARKET_PRICES,
        INDUSTRY_COST_INDICES,
        STRUCTURE_NAMES,
        STRUCTURE_MARKETS,
      ],
    };
  }
}
