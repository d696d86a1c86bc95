import { Module, type DynamicModule } from '@nestjs/common';
import { BlueprintSearch } from './blueprints/blueprint-search';
import { IndustryCalculationService } from './calculation/industry-calculation.service';
import { IndustryController } from './http/industry.controller';
import { StructureSettingsCommands } from './structures/structure-settings.commands';
import { StructureSettingsController } from './structures/structure-settings.controller';

/**
 * The industry calculator (public) and the account's Structure Settings. Needs STATIC_DATA, the market data ports
 * (MARKET_ORDER_BOOKS, MARKET_PRICES, INDUSTRY_COST_INDICES), the event store and the session guard's
 * authenticator, all provided globally by the server's other modules.
 */
@Module({})
export class IndustryModule {
  static forRoot(): DynamicModule {
    return {
      module: IndustryModule,
      controllers: [IndustryController, StructureSettingsController],
      providers: [IndustryCalculationService, BlueprintSearch, StructureSettingsCommands],
    };
  }
}
