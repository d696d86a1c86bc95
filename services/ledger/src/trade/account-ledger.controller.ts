import { Body, Controller, Delete, Get, Inject, Param, Patch, Post, Query, UseGuards } from '@nestjs/common';
import {
  ApiBody,
  ApiCookieAuth,
  ApiOkResponse,
  ApiOperation,
  ApiQuery,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import {
  brokerFeeOverrideInputSchema,
  warehouseEntryInputSchema,
  type BrokerFeeOverrideDto,
  type LedgerWriteResult,
  type WarehouseEntryDto,
} from '@tradewise/contracts';
import { AccountSessionGuard, CurrentSession, parseBody, type AccountSession } from '@tradewise/platform';
import { positionParam, entryIdParam } from '../http/query-params';
import { TradeLedgerService } from './trade-ledger.service';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** Item Warehouse and Settings → Broker Fee Overrides of the logged-in account (account-area §2, §7). */
@ApiTags('Account')
@ApiCookieAuth('tw_session')
@ApiUnauthorizedResponse({ description: 'Not logged in' })
@UseGuards(AccountSessionGuard)
@Controller('account')
export class AccountLedgerController {
  constructor(@Inject(TradeLedgerService) private readonly ledger: TradeLedgerService) {}

  @Get('itemWarehouse')
  @ApiOperation({ summary: 'Item Warehouse entries, in the order they were added' })
  @ApiQuery({ name: 'position', required: false })
  @ApiOkResponse({ schema: { type: 'array', items: ref('WarehouseEntry') } })
  warehouseEntries(
    @CurrentSession() session: AccountSession,
    @Query('position') position?: string,
  ): Promise<WarehouseEntryDto[]> {
    return this.ledger.warehouseEntries(session.accountId, positionParam(position));
  }

  @Post('itemWarehouse')
  @ApiOperation({ summary: 'Add a warehouse entry (quantity null: Use as Default Price)' })
  @ApiBody({ schema: ref('WarehouseEntryInput') })
  @ApiOkResponse({ schema: ref('LedgerWriteResult') })
  addWarehouseEntry(
    @CurrentSession() session: AccountSession,
    @Body() body: unknown,
  ): Promise<LedgerWriteResult> {
    return this.ledger.saveWarehouseEntry(session.accountId, parseBody(warehouseEntryInputSchema, body));
  }

  @Patch('itemWarehouse/:id')
  @ApiOperation({ summary: "Change a warehouse entry's price or quantity" })
  @ApiBody({ schema: ref('WarehouseEntryInput') })
  @ApiOkResponse({ schema: ref('LedgerWriteResult') })
  editWarehouseEntry(
    @CurrentSession() session: AccountSession,
    @Param('id') id: string,
    @Body() body: unknown,
  ): Promise<LedgerWriteResult> {
    const entryId = entryIdParam(id, 'warehouse entry');
    return this.ledger.saveWarehouseEntry(
      session.accountId,
      parseBody(warehouseEntryInputSchema, body),
      entryId,
    );
  }

  @Delete('itemWarehouse/:id')
  @ApiOperation({ summary: 'Remove a warehouse entry' })
  @ApiOkResponse({ schema: ref('LedgerWriteResult') })
  removeWarehouseEntry(
    @CurrentSession() session: AccountSession,
    @Param('id') id: string,
  ): Promise<LedgerWriteResult> {
    return this.ledger.removeWarehouseEntry(session.accountId, entryIdParam(id, 'warehouse entry'));
  }

  @Get('brokerFeeOverrides')
  @ApiOperation({
    summary: "Built-in broker fee rows (start date null: 'Default'), then the account's overrides",
  })
  @ApiQuery({ name: 'position', required: false })
  @ApiOkResponse({ schema: { type: 'array', items: ref('BrokerFeeOverride') } })
  brokerFeeOverrides(
    @CurrentSession() session: AccountSession,
    @Query('position') position?: string,
  ): Promise<BrokerFeeOverrideDto[]> {
    return this.ledger.brokerFeeOverrides(session.accountId, positionParam(position));
  }

  @Post('brokerfees')
  @ApiOperation({ summary: 'Add a broker fee override (fees in per cent)' })
  @ApiBody({ schema: ref('BrokerFeeOverrideInput') })
  @ApiOkResponse({ schema: ref('LedgerWriteResult') })
  addBrokerFeeOverride(
    @CurrentSession() session: AccountSession,
    @Body() body: unknown,
  ): Promise<LedgerWriteResult> {
    return this.ledger.addBrokerFeeOverride(session.accountId, parseBody(brokerFeeOverrideInputSchema, body));
  }

  @Delete('brokerfees/:id')
  @ApiOperation({ summary: 'Remove a broker fee override' })
  @ApiOkResponse({ schema: ref('LedgerWriteResult') })
  removeBrokerFeeOverride(
    @CurrentSession() session: AccountSession,
    @Param('id') id: string,
  ): Promise<LedgerWriteResult> {
    return this.ledger.removeBrokerFeeOverride(session.accountId, entryIdParam(id, 'broker fee override'));
  }
}
