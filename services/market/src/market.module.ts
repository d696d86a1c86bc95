import { Module, type DynamicModule } from '@nestjs/common';
import { AppraisalModule, type AppraisalModuleOptions } from './appraisal/http/appraisal.module';
import { IndustryModule } from './industry/industry.module';
import { MarketDataModule, type MarketDataModuleOptions } from './market-data/market-data.module';
import type { PublicEsi } from './market-data/market-data.ports';
import type { StaticData } from './static-data/static-data';
import { StaticDataModule } from './static-data/static-data.module';

export interface MarketModuleOptions {
  readonly staticData: StaticData;
  /** ESI's public routes; without them only the static data is served. */
  readonly publicEsi?: PublicEsi;
  /** From the accounts context: the characters whose tokens name public structures. */
  readonly structureNameReaders?: MarketDataModuleOptions['structureNameReaders'];
  /** From the accounts context: structure markets read with a logged-in account's characters (appraisals). */
  readonly accountStructureMarkets?: AppraisalModuleOptions['accountStructureMarkets'];
  /** Saved industry structures and appraisals belong to accounts: served where logins are. */
  readonly accountTools: boolean;
}

/** The market context: static data, market data, and the industry and appraisal tools over them. */
@Module({})
export class MarketModule {
  static forRoot(options: MarketModuleOptions): DynamicModule {
    const { staticData, publicEsi, structureNameReaders, accountStructureMarkets, accountTools } = options;
    return {
      module: MarketModule,
      imports: [
        StaticDataModule.forRoot({ staticData }),
        ...(publicEsi
          ? [
              MarketDataModule.forRoot({
                publicEsi,
                ...(structureNameReaders ? { structureNameReaders } : {}),
              }),
              ...(accountTools
                ? [
                    IndustryModule.forRoot(),
                    AppraisalModule.forRoot(accountStructureMarkets ? { accountStructureMarkets } : {}),
                  ]
                : []),
            ]
          : []),
      ],
    };
  }
}
