import { Body, Controller, Delete, Get, Inject, Param, Patch, Post, Query, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiCookieAuth,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiParam,
  ApiQuery,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import {
  brokerFeeOverrideInputSchema,
  warehouseEntryInputSchema,
  type BrokerFeeOverrideDto,
  type BrokerFeeSuggestionDto,
  type LedgerWriteResult,
  type WarehouseEntryDto,
} from '@tradewise/contracts';
import { AccountSessionGuard, CurrentSession, parseBody, type AccountSession } from '@tradewise/platform';
import { ENTRY_ID_PARAM, NOT_CAUGHT_UP, QUERY, positionParam, entryIdParam } from '../http/query-params';
import { TradeLedgerService } from './trade-ledger.service';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const BAD_ENTRY = {
  description:
    'The body does not match its schema, breaks a bound, or names an item type that does not exist',
};

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
  @ApiQuery(QUERY.position)
  @ApiServiceUnavailableResponse(NOT_CAUGHT_UP)
  @ApiOkResponse({ schema: { type: 'array', items: ref('WarehouseEntry') } })
  @ApiBadRequestResponse({ description: 'position is out of its bounds' })
  warehouseEntries(
    @CurrentSession() session: AccountSession,
    @Query('position') position?: string,
  ): Promise<WarehouseEntryDto[]> {
    return this.ledger.warehouseEntries(session.accountId, positionParam(position));
  }

  @Post('itemWarehouse')
  @ApiOperation({ summary: 'Add a warehouse entry (quantity null: Use as Default Price)' })
  @ApiBody({ schema: ref('WarehouseEntryInput') })
  @ApiCreatedResponse({ schema: ref('LedgerWriteResult') })
  @ApiBadRequestResponse(BAD_ENTRY)
  addWarehouseEntry(
    @CurrentSession() session: AccountSession,
    @Body() body: unknown,
  ): Promise<LedgerWriteResult> {
    return this.ledger.saveWarehouseEntry(session.accountId, parseBody(warehouseEntryInputSchema, body));
  }

  @Patch('itemWarehouse/:id')
  @ApiOperation({ summary: "Change a warehouse entry's price or quantity" })
  @ApiParam(ENTRY_ID_PARAM)
  @ApiBody({ schema: ref('WarehouseEntryInput') })
  @ApiOkResponse({ schema: ref('LedgerWriteResult') })
  @ApiBadRequestResponse(BAD_ENTRY)
  @ApiNotFoundResponse({ description: 'No such warehouse entry on this account' })
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
  @ApiParam(ENTRY_ID_PARAM)
  @ApiOkResponse({ schema: ref('LedgerWriteResult') })
  @ApiNotFoundResponse({ description: 'No such warehouse entry on this account' })
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
  @ApiQuery(QUERY.position)
  @ApiServiceUnavailableResponse(NOT_CAUGHT_UP)
  @ApiOkResponse({ schema: { type: 'array', items: ref('BrokerFeeOverride') } })
  @ApiBadRequestResponse({ description: 'position is out of its bounds' })
  brokerFeeOverrides(
    @CurrentSession() session: AccountSession,
    @Query('position') position?: string,
  ): Promise<BrokerFeeOverrideDto[]> {
    return this.ledger.brokerFeeOverrides(session.accountId, positionParam(position));
  }

  @Get('brokerFeeSuggestions')
  @ApiOperation({
    summary: 'Broker fee overrides suggested from the rates your orders paid, one per character',
    description:
      "From the broker rates learned from each character's matched order placements (docs/profit-rules.md §6.5). " +
      'Only locations where at least 5 orders agree on the rate count (`basis`, most agreeing first). npcSellFee ' +
      'is the rate at the NPC station (location ids 60,000,000–63,999,999) where the character has the most ' +
      'agreeing orders, else at its structure with the most; sellFee the rate at the structure with the most ' +
      'agreeing orders, else at the NPC station; buyFee the rate at the location with the most agreeing orders ' +
      'overall. Rates in per cent, like the override form. A character with no such location has no suggestion.',
  })
  @ApiQuery(QUERY.position)
  @ApiServiceUnavailableResponse(NOT_CAUGHT_UP)
  @ApiOkResponse({ schema: { type: 'array', items: ref('BrokerFeeSuggestion') } })
  @ApiBadRequestResponse({ description: 'position is out of its bounds' })
  brokerFeeSuggestions(
    @CurrentSession() session: AccountSession,
    @Query('position') position?: string,
  ): Promise<BrokerFeeSuggestionDto[]> {
    return this.ledger.brokerFeeSuggestions(session.accountId, positionParam(position));
  }

  @Post('brokerfees')
  @ApiOperation({ summary: 'Add a broker fee override (fees in per cent)' })
  @ApiBody({ schema: ref('BrokerFeeOverrideInput') })
  @ApiCreatedResponse({ schema: ref('LedgerWriteResult') })
  @ApiBadRequestResponse({
    description: 'The body does not match its schema, or the character is not on this account',
  })
  addBrokerFeeOverride(
    @CurrentSession() session: AccountSession,
    @Body() body: unknown,
  ): Promise<LedgerWriteResult> {
    return this.ledger.addBrokerFeeOverride(session.accountId, parseBody(brokerFeeOverrideInputSchema, body));
  }

  @Delete('brokerfees/:id')
  @ApiOperation({ summary: 'Remove a broker fee override' })
  @ApiParam(ENTRY_ID_PARAM)
  @ApiOkResponse({ schema: ref('LedgerWriteResult') })
  @ApiNotFoundResponse({ description: 'No such broker fee override on this account' })
  removeBrokerFeeOverride(
    @CurrentSession() session: AccountSession,
    @Param('id') id: string,
  ): Promise<LedgerWriteResult> {
    return this.ledger.removeBrokerFeeOverride(session.accountId, entryIdParam(id, 'broker fee override'));
  }
}
