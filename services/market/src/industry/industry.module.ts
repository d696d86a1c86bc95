import { Module, type DynamicModule } from '@nestjs/common';
import { BlueprintSearch } from './blueprints/blueprint-search';
import { IndustryCalculationService } from './calculation/industry-calculation.service';
import { IndustryController } from './http/industry.controller';
import { ChangeStructureSettingsHandler } from './structures/change-structure-settings.handler';
import { JobStructures } from './structures/job-structures';
import { StructureSettingsController } from './structures/structure-settings.controller';
import { StructureSettingsStreams } from './structures/structure-settings.streams';

/**
 * The industry calculator (public) and the account's Structure Settings. Needs STATIC_DATA, the market data ports
 * (MARKET_ORDER_BOOKS, MARKET_PRICES, INDUSTRY_COST_INDICES, STRUCTURE_NAMES), the event store, READ_MODELS (the
 * structures jobs ran in, from the ledger's read model), the CommandBus and the session guard's authenticator, all
 * provided globally by the server's other modules.
 */
@Module({})
export class IndustryModule {
  static forRoot(): DynamicModule {
    return {
      module: IndustryModule,
      controllers: [IndustryController, StructureSettingsController],
      providers: [
        IndustryCalculationService,
        BlueprintSearch,
        ChangeStructureSettingsHandler,
        StructureSettingsStreams,
        JobStructures,
      ],
    };
  }
}
