import {
  Inject,
  Injectable,
  Module,
  ServiceUnavailableException,
  type DynamicModule,
  type FactoryProvider,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { ACCOUNT_STRUCTURE_MARKETS, type AccountStructureMarkets } from '../../market-data/market-data.ports';
import { AppraisalCatalog } from '../pricing/appraisal-catalog';
import { AppraisalPricer } from '../pricing/appraisal-pricer';
import { AppraisalPurge } from '../saved/appraisal-purge';
import { AppraisalStore } from '../saved/appraisal.store';
import { AppraisalController } from './appraisal.controller';
import { AppraisalService } from './appraisal.service';
import { MarketStructuresController } from './market-structures.controller';

/** Builds the catalog's name index just after start-up rather than in the first visitor's request. */
@Injectable()
class AppraisalCatalogWarmup implements OnApplicationBootstrap {
  constructor(@Inject(AppraisalCatalog) private readonly catalog: AppraisalCatalog) {}

  onApplicationBootstrap(): void {
    setTimeout(() => this.catalog.warm(), 0).unref();
  }
}

/** Where no accounts context reads structure markets: an appraisal at a structure is not served. */
const NO_ACCOUNT_STRUCTURE_MARKETS: AccountStructureMarkets = {
  read: () =>
    Promise.reject(new ServiceUnavailableException('Pricing at a player structure is not available here.')),
};

export interface AppraisalModuleOptions {
  /** From the accounts context: structure markets read with a logged-in account's characters' tokens. */
  readonly accountStructureMarkets?: Omit<FactoryProvider<AccountStructureMarkets>, 'provide'>;
}

/**
 * The appraisal tool's API under /market/appraisals and the public structures it prices at (/market/structures).
 * Needs STATIC_DATA, the market data ports (MARKET_ORDER_BOOKS, MARKET_PRICES, STRUCTURE_NAMES), READ_STORE, CLOCK,
 * LOGGER and SESSION_AUTHENTICATOR (the history is behind the account guard).
 */
@Module({})
export class AppraisalModule {
  static forRoot(options: AppraisalModuleOptions = {}): DynamicModule {
    return {
      module: AppraisalModule,
      controllers: [AppraisalController, MarketStructuresController],
      providers: [
        options.accountStructureMarkets
          ? { provide: ACCOUNT_STRUCTURE_MARKETS, ...options.accountStructureMarkets }
          : { provide: ACCOUNT_STRUCTURE_MARKETS, useValue: NO_ACCOUNT_STRUCTURE_MARKETS },
        AppraisalCatalog,
        AppraisalCatalogWarmup,
        AppraisalPricer,
        AppraisalStore,
        AppraisalPurge,
        AppraisalService,
      ],
    };
  }
}
