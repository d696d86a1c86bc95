import { Body, Controller, Get, HttpCode, Inject, Post, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { CommandBus } from '@nestjs/cqrs';
import {
  adminChangeBuiltInBrokerFeesSchema,
  adminChangePublicContractFeesSchema,
  adminScheduleSalesTaxRateSchema,
  type StaffTradeRules,
  type TradeRulesChangeOutcome,
} from '@tradewise/contracts';
import { ChangeTradeRules, TradeRulesQueries } from '@tradewise/ledger';
import { parseBody } from '@tradewise/platform';
import { AdminTokenGuard } from './admin-token';

/**
 * Support staff read and change the trade rules (the rules stream `rules-trade`), recorded with the actor
 * `staff:<name>` and a reason. A change applies to a read model when it is rebuilt (`npm run projections -- rebuild
 * trade-ledger --diff`). Operator-only: behind the admin token, and not in the public API document.
 */
@ApiExcludeController()
@Controller('admin/rules')
@UseGuards(AdminTokenGuard)
export class AdminRulesController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(TradeRulesQueries) private readonly queries: TradeRulesQueries,
  ) {}

  @Get()
  rules(): Promise<StaffTradeRules> {
    return this.queries.view();
  }

  @Post('sales-tax')
  @HttpCode(201)
  scheduleSalesTax(@Body() body: unknown): Promise<TradeRulesChangeOutcome> {
    const { staff, ...change } = parseBody(adminScheduleSalesTaxRateSchema, body);
    return this.commands.execute(
      new ChangeTradeRules({ type: 'ScheduleSalesTaxRate', ...change }, `staff:${staff}`),
    );
  }

  @Post('broker-fees')
  @HttpCode(201)
  changeBrokerFees(@Body() body: unknown): Promise<TradeRulesChangeOutcome> {
    const { staff, ...change } = parseBody(adminChangeBuiltInBrokerFeesSchema, body);
    return this.commands.execute(
      new ChangeTradeRules({ type: 'ChangeBuiltInBrokerFees', ...change }, `staff:${staff}`),
    );
  }

  @Post('contract-fees')
  @HttpCode(201)
  changeContractFees(@Body() body: unknown): Promise<TradeRulesChangeOutcome> {
    const { staff, ...change } = parseBody(adminChangePublicContractFeesSchema, body);
    return this.commands.execute(
      new ChangeTradeRules({ type: 'ChangePublicContractFees', ...change }, `staff:${staff}`),
    );
  }
}
