import { Body, Controller, Get, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
} from '@nestjs/swagger';
import {
  staffRuleChangeSchema,
  type StaffRuleChange,
  type StaffTradeRules,
  type TradeRulesChangeOutcome,
} from '@tradewise/contracts';
import { ChangeTradeRules, TradeRulesQueries } from '@tradewise/ledger';
import { parseBody } from '@tradewise/platform';
import { CurrentStaff, type StaffIdentity } from './staff-access.guard';
import { StaffConsole } from './staff-console.decorator';
import { staffOne } from './staff-openapi';

/**
 * The trade rules (sales tax history, built-in broker fees, public contract fees) with every change: who, when,
 * why. Staff record a change; it applies to the read models when they are rebuilt.
 */
@StaffConsole()
@Controller('staff/rules')
export class StaffRulesController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(TradeRulesQueries) private readonly queries: TradeRulesQueries,
  ) {}

  @Get()
  @ApiOperation({ summary: 'The trade rules in force and their history (staff and auditors)' })
  @ApiOkResponse({ schema: staffOne('StaffTradeRules') })
  staffRules(): Promise<StaffTradeRules> {
    return this.queries.view();
  }

  @Post()
  @HttpCode(201)
  @ApiOperation({
    summary: 'Record a change of the trade rules with a reason (staff); a rebuild applies it',
  })
  @ApiBody({ schema: staffOne('StaffRuleChange') })
  @ApiCreatedResponse({ schema: staffOne('TradeRulesChangeOutcome') })
  @ApiBadRequestResponse({
    description: 'Not a calendar date, a rate outside 0 to 1,000,000 ppm, no reason, or nothing would change',
  })
  changeStaffRules(
    @Body() body: unknown,
    @CurrentStaff() staff: StaffIdentity,
  ): Promise<TradeRulesChangeOutcome> {
    const change: StaffRuleChange = parseBody(staffRuleChangeSchema, body);
    // The guard lets only the staff role write, so the actor is `staff:<characterId>`.
    return this.commands.execute(new ChangeTradeRules(change, staff.actor as `staff:${number}`));
  }
}
