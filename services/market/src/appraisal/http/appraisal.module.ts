import { Inject, Injectable, Module, type DynamicModule, type OnApplicationBootstrap } from '@nestjs/common';
import { AppraisalCatalog } from '../pricing/appraisal-catalog';
import { AppraisalPricer } from '../pricing/appraisal-pricer';
import { AppraisalPurge } from '../saved/appraisal-purge';
import { AppraisalStore } from '../saved/appraisal.store';
import { AppraisalController } from './appraisal.controller';
import { AppraisalService } from './appraisal.service';

/** Builds the catalog's name index just after start-up rather than in the first visitor's request. */
@Injectable()
class AppraisalCatalogWarmup implements OnApplicationBootstrap {
  constructor(@Inject(AppraisalCatalog) private readonly catalog: AppraisalCatalog) {}

  onApplicationBootstrap(): void {
    setTimeout(() => this.catalog.warm(), 0).unref();
  }
}

/**
 * The appraisal tool's API under /market/appraisals. Needs STATIC_DATA, the market data ports (MARKET_ORDER_BOOKS,
 * MARKET_PRICES), READ_STORE, CLOCK, LOGGER and SESSION_AUTHENTICATOR (the history is behind the account guard).
 */
@Module({})
export class AppraisalModule {
  static forRoot(): DynamicModule {
    return {
      module: AppraisalModule,
      controllers: [AppraisalController],
      providers: [
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
