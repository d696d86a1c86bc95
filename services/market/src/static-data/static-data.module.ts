import { Module, type DynamicModule } from '@nestjs/common';
import { MarketStaticDataController } from './market-static-data.controller';
import type { StaticData } from './static-data';
import { STATIC_DATA } from './static-data.token';
import { UniverseStaticDataController } from './universe-static-data.controller';

export interface StaticDataModuleOptions {
  /** The loaded dataset: from `ensureStaticDataset` (or `loadStaticData`) before Nest starts. */
  readonly staticData: StaticData;
}

/**
 * Serves the game's static data under /market (groups, regions, types) and /static (systems, jumps, rigs,
 * version), and provides {@link STATIC_DATA} to every module (global), e.g. for appraisals and the industry
 * calculator.
 */
@Module({})
export class StaticDataModule {
  static forRoot(options: StaticDataModuleOptions): DynamicModule {
    return {
      module: StaticDataModule,
      global: true,
      controllers: [MarketStaticDataController, UniverseStaticDataController],
      providers: [{ provide: STATIC_DATA, useValue: options.staticData }],
      exports: [STATIC_DATA],
    };
  }
}
