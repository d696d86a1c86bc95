import {
  applyDecorators,
  BadRequestException,
  Body,
  Controller,
  Delete,
  Get,
  Inject,
  Param,
  Patch,
  Query,
  UseGuards,
} from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiCookieAuth,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiQuery,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import {
  contractProfitPatchesSchema,
  contractProfitRowIdsSchema,
  manufacturingProfitPatchesSchema,
  manufacturingProfitRowIdsSchema,
  tradeProfitPatchesSchema,
  tradeProfitRowIdsSchema,
  type BrokerFeeEstimateRow,
  type ContractProfitsPage,
  type ItemProfitRow,
  type LedgerStatus,
  type LedgerWriteResult,
  type ManufacturingProfitsPage,
  type ProfitAggregateRow,
  type TradeProfitsPage,
} from '@tradewise/contracts';
import { AccountSessionGuard, parseBody, wholeNumberParam } from '@tradewise/platform';
import { NOT_CAUGHT_UP, QUERY, iskParam, pageParam } from '../http/query-params';
import { ledgerRequest } from './ledger-request';
import type { LedgerSnapshot } from './ledger-snapshots';
import { TradeLedgerService } from './trade-ledger.service';
import {
  brokerFeeEstimates,
  contractProfitsPage,
  itemProfits,
  manufacturingProfitsPage,
  profitAggregates,
  tradeProfitsPage,
  type LedgerFilter,
  type ViewNames,
} from './trade-ledger.views';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const BAD_QUERY = { description: 'A query parameter is out of its bounds' };
const HOURLY_WINDOW_MS = 48 * 3_600_000;
/** Spec §9: the Overview's time ranges in hours. */
const TIME_RANGES_HOURS = [720, 168, 24];
const TIME_RANGE_QUERY = {
  name: 'timeRangeHours',
  required: false,
  schema: {
    anyOf: [
      { type: 'integer', enum: TIME_RANGES_HOURS },
      { type: 'string', maxLength: 0 },
    ],
  },
  description: '720, 168 or 24; omitted for all time',
} as const;

/** The paging and filters Trade and Manufacturing Profits take (account-area §7). */
const ProfitListQueries = () =>
  applyDecorators(
    ApiQuery(QUERY.start),
    ApiQuery(QUERY.count),
    ApiQuery(QUERY.filter),
    ApiQuery(QUERY.characterId),
    ApiQuery(QUERY.minProfit),
    ApiQuery(QUERY.position),
    ApiServiceUnavailableResponse(NOT_CAUGHT_UP),
  );

/** Whose wallets a list keeps (the contract list has no owner: a contract names no wallet division). */
const OwnerQueries = () => applyDecorators(ApiQuery(QUERY.ownerFilter), ApiQuery(QUERY.division));

/** The filters of the Overview's per-item tables (account-area §7). */
const ItemProfitQueries = () =>
  applyDecorators(
    ApiQuery(QUERY.filter),
    ApiQuery(TIME_RANGE_QUERY),
    ApiQuery(QUERY.characterId),
    OwnerQueries(),
  );

/** Trade Profits and the Overview's profit figures (account-area §2, §7). */
@ApiTags('Profit')
@ApiCookieAuth('tw_session')
@ApiUnauthorizedResponse({ description: 'Not logged in' })
@ApiForbiddenResponse({ description: 'Not your account' })
@UseGuards(AccountSessionGuard)
@Controller('profit/:account')
export class ProfitController {
  constructor(@Inject(TradeLedgerService) private readonly ledger: TradeLedgerService) {}

  @Get('status')
  @ApiOperation({ summary: "Whether the account's trade ledger is current, or the record it stopped at" })
  @ApiOkResponse({ schema: ref('LedgerStatus') })
  ledgerStatus(@Param('account') accountId: string): Promise<LedgerStatus> {
    return this.ledger.status(accountId);
  }

  @Get('tradeProfits')
  @ApiOperation({ summary: 'Trade profit rows, newest first' })
  @ProfitListQueries()
  @OwnerQueries()
  @ApiOkResponse({ schema: ref('TradeProfitsPage') })
  @ApiBadRequestResponse(BAD_QUERY)
  async tradeProfits(
    @Param('account') accountId: string,
    @Query('start') start?: string,
    @Query('count') count?: string,
    @Query('filter') filter?: string,
    @Query('characterId') characterId?: string,
    @Query('minProfit') minProfit?: string,
    @Query('position') position?: string,
    @Query('ownerFilter') ownerFilter?: string,
    @Query('division') division?: string,
  ): Promise<TradeProfitsPage> {
    return this.profitList(tradeProfitsPage, accountId, {
      start,
      count,
      filter,
      characterId,
      ownerFilter,
      division,
      minProfit,
      position,
    });
  }

  @Patch('tradeProfits')
  @ApiOperation({ summary: 'Replace the figures of trade profit rows (profit and margin follow)' })
  @ApiBody({ schema: ref('TradeProfitPatches') })
  @ApiOkResponse({ schema: ref('LedgerWriteResult') })
  @ApiBadRequestResponse({
    description: 'The body does not match its schema, or breaks a bound on ISK or quantities',
  })
  @ApiNotFoundResponse({ description: 'A row is not on this account' })
  editTradeProfits(@Param('account') accountId: string, @Body() body: unknown): Promise<LedgerWriteResult> {
    return this.ledger.editTradeProfits(accountId, parseBody(tradeProfitPatchesSchema, body));
  }

  @Delete('tradeProfits')
  @ApiOperation({ summary: 'Delete trade profit rows for good' })
  @ApiBody({ schema: ref('TradeProfitRowIds') })
  @ApiOkResponse({ schema: ref('LedgerWriteResult') })
  @ApiBadRequestResponse({ description: 'The body is not a list of row ids' })
  @ApiNotFoundResponse({ description: 'A row is not on this account' })
  deleteTradeProfits(@Param('account') accountId: string, @Body() body: unknown): Promise<LedgerWriteResult> {
    return this.ledger.deleteTradeProfits(accountId, parseBody(tradeProfitRowIdsSchema, body));
  }

  @Get('manufacturingProfits')
  @ApiOperation({ summary: 'Manufacturing profit rows (sales of what jobs made), newest first' })
  @ProfitListQueries()
  @OwnerQueries()
  @ApiOkResponse({ schema: ref('ManufacturingProfitsPage') })
  @ApiBadRequestResponse(BAD_QUERY)
  async manufacturingProfits(
    @Param('account') accountId: string,
    @Query('start') start?: string,
    @Query('count') count?: string,
    @Query('filter') filter?: string,
    @Query('characterId') characterId?: string,
    @Query('minProfit') minProfit?: string,
    @Query('position') position?: string,
    @Query('ownerFilter') ownerFilter?: string,
    @Query('division') division?: string,
  ): Promise<ManufacturingProfitsPage> {
    return this.profitList(manufacturingProfitsPage, accountId, {
      start,
      count,
      filter,
      characterId,
      ownerFilter,
      division,
      minProfit,
      position,
    });
  }

  /** Trade and Manufacturing Profits read alike: a page of the newest rows the filters keep. */
  private async profitList<Page>(
    view: (
      snapshot: LedgerSnapshot,
      filter: LedgerFilter & { readonly minProfitCents?: number },
      page: { start: number; count: number },
      names: ViewNames,
    ) => Page,
    accountId: string,
    query: Record<
      'start' | 'count' | 'filter' | 'characterId' | 'ownerFilter' | 'division' | 'minProfit' | 'position',
      string | undefined
    >,
  ): Promise<Page> {
    const page = pageParam(query.start, query.count);
    const minProfitCents = iskParam(query.minProfit, 'minProfit');
    const context = await this.ledger.context(ledgerRequest(accountId, query));
    return view(
      context.snapshot,
      { ...context.filter, ...(minProfitCents !== undefined ? { minProfitCents } : {}) },
      page,
      context.names,
    );
  }

  @Patch('manufacturingProfits')
  @ApiOperation({ summary: 'Replace the figures of manufacturing profit rows (profit and margin follow)' })
  @ApiBody({ schema: ref('ManufacturingProfitPatches') })
  @ApiOkResponse({ schema: ref('LedgerWriteResult') })
  @ApiBadRequestResponse({
    description: 'The body does not match its schema, or breaks a bound on ISK or quantities',
  })
  @ApiNotFoundResponse({ description: 'A row is not on this account' })
  editManufacturingProfits(
    @Param('account') accountId: string,
    @Body() body: unknown,
  ): Promise<LedgerWriteResult> {
    return this.ledger.editManufacturingProfits(accountId, parseBody(manufacturingProfitPatchesSchema, body));
  }

  @Delete('manufacturingProfits')
  @ApiOperation({ summary: 'Delete manufacturing profit rows for good' })
  @ApiBody({ schema: ref('ManufacturingProfitRowIds') })
  @ApiOkResponse({ schema: ref('LedgerWriteResult') })
  @ApiBadRequestResponse({ description: 'The body is not a list of row ids' })
  @ApiNotFoundResponse({ description: 'A row is not on this account' })
  deleteManufacturingProfits(
    @Param('account') accountId: string,
    @Body() body: unknown,
  ): Promise<LedgerWriteResult> {
    return this.ledger.deleteManufacturingProfits(
      accountId,
      parseBody(manufacturingProfitRowIdsSchema, body),
    );
  }

  @Get('contractProfits')
  @ApiOperation({
    summary:
      'Item exchange contracts the account sold, newest first; rows with materialsIncomplete count in profit once edited',
  })
  @ProfitListQueries()
  @ApiOkResponse({ schema: ref('ContractProfitsPage') })
  @ApiBadRequestResponse(BAD_QUERY)
  async contractProfits(
    @Param('account') accountId: string,
    @Query('start') start?: string,
    @Query('count') count?: string,
    @Query('filter') filter?: string,
    @Query('characterId') characterId?: string,
    @Query('minProfit') minProfit?: string,
    @Query('position') position?: string,
  ): Promise<ContractProfitsPage> {
    return this.profitList(contractProfitsPage, accountId, {
      start,
      count,
      filter,
      characterId,
      ownerFilter: undefined,
      division: undefined,
      minProfit,
      position,
    });
  }

  @Patch('contractProfits')
  @ApiOperation({ summary: 'Replace the figures of contract profit rows (profit and margin follow)' })
  @ApiBody({ schema: ref('ContractProfitPatches') })
  @ApiOkResponse({ schema: ref('LedgerWriteResult') })
  @ApiBadRequestResponse({
    description: 'The body does not match its schema, or breaks a bound on ISK',
  })
  @ApiNotFoundResponse({ description: 'A row is not on this account' })
  editContractProfits(
    @Param('account') accountId: string,
    @Body() body: unknown,
  ): Promise<LedgerWriteResult> {
    return this.ledger.editContractProfits(accountId, parseBody(contractProfitPatchesSchema, body));
  }

  @Delete('contractProfits')
  @ApiOperation({ summary: 'Delete contract profit rows for good' })
  @ApiBody({ schema: ref('ContractProfitRowIds') })
  @ApiOkResponse({ schema: ref('LedgerWriteResult') })
  @ApiBadRequestResponse({ description: 'The body is not a list of row ids' })
  @ApiNotFoundResponse({ description: 'A row is not on this account' })
  deleteContractProfits(
    @Param('account') accountId: string,
    @Body() body: unknown,
  ): Promise<LedgerWriteResult> {
    return this.ledger.deleteContractProfits(accountId, parseBody(contractProfitRowIdsSchema, body));
  }

  @Get('aggregates/daily')
  @ApiOperation({ summary: 'Profit per UTC day, oldest first' })
  @ApiQuery(QUERY.startTime)
  @ApiQuery(QUERY.filter)
  @ApiQuery(QUERY.characterId)
  @OwnerQueries()
  @ApiOkResponse({ schema: { type: 'array', items: ref('ProfitAggregateRow') } })
  @ApiBadRequestResponse(BAD_QUERY)
  async profitDaily(
    @Param('account') accountId: string,
    @Query('startTime') startTime?: string,
    @Query('filter') filter?: string,
    @Query('characterId') characterId?: string,
    @Query('ownerFilter') ownerFilter?: string,
    @Query('division') division?: string,
  ): Promise<ProfitAggregateRow[]> {
    const context = await this.ledger.context(
      ledgerRequest(accountId, { filter, characterId, ownerFilter, division, startTime }),
    );
    return profitAggregates(context.snapshot, context.filter, 'day');
  }

  @Get('aggregates/hourly')
  @ApiOperation({ summary: 'Profit per UTC hour (the last 48 hours unless startTime says otherwise)' })
  @ApiQuery(QUERY.startTime)
  @ApiQuery(QUERY.filter)
  @ApiQuery(QUERY.characterId)
  @OwnerQueries()
  @ApiOkResponse({ schema: { type: 'array', items: ref('ProfitAggregateRow') } })
  @ApiBadRequestResponse(BAD_QUERY)
  async profitHourly(
    @Param('account') accountId: string,
    @Query('startTime') startTime?: string,
    @Query('filter') filter?: string,
    @Query('characterId') characterId?: string,
    @Query('ownerFilter') ownerFilter?: string,
    @Query('division') division?: string,
  ): Promise<ProfitAggregateRow[]> {
    const request = ledgerRequest(accountId, { filter, characterId, ownerFilter, division, startTime });
    const context = await this.ledger.context({
      ...request,
      sinceMs: request.sinceMs ?? this.ledger.now().getTime() - HOURLY_WINDOW_MS,
    });
    return profitAggregates(context.snapshot, context.filter, 'hour');
  }

  @Get('aggregates/items')
  @ApiOperation({ summary: 'Trade profit per item over a time range, most profitable first' })
  @ItemProfitQueries()
  @ApiOkResponse({ schema: { type: 'array', items: ref('ItemProfitRow') } })
  @ApiBadRequestResponse(BAD_QUERY)
  profitItems(
    @Param('account') accountId: string,
    @Query('filter') filter?: string,
    @Query('timeRangeHours') timeRangeHours?: string,
    @Query('characterId') characterId?: string,
    @Query('ownerFilter') ownerFilter?: string,
    @Query('division') division?: string,
  ): Promise<ItemProfitRow[]> {
    return this.itemProfits('trade', accountId, timeRangeHours, {
      filter,
      characterId,
      ownerFilter,
      division,
    });
  }

  @Get('aggregates/manufacturing')
  @ApiOperation({ summary: 'Manufacturing profit per item over a time range, most profitable first' })
  @ItemProfitQueries()
  @ApiOkResponse({ schema: { type: 'array', items: ref('ItemProfitRow') } })
  @ApiBadRequestResponse(BAD_QUERY)
  manufacturingItems(
    @Param('account') accountId: string,
    @Query('filter') filter?: string,
    @Query('timeRangeHours') timeRangeHours?: string,
    @Query('characterId') characterId?: string,
    @Query('ownerFilter') ownerFilter?: string,
    @Query('division') division?: string,
  ): Promise<ItemProfitRow[]> {
    return this.itemProfits('manufacturing', accountId, timeRangeHours, {
      filter,
      characterId,
      ownerFilter,
      division,
    });
  }

  private async itemProfits(
    stream: 'trade' | 'manufacturing',
    accountId: string,
    timeRangeHours: string | undefined,
    query: Record<'filter' | 'characterId' | 'ownerFilter' | 'division', string | undefined>,
  ): Promise<ItemProfitRow[]> {
    const hours = timeRangeHours ? wholeNumberParam(timeRangeHours, 'timeRangeHours', 0, 1, 720) : undefined;
    if (hours !== undefined && !TIME_RANGES_HOURS.includes(hours)) {
      throw new BadRequestException('timeRangeHours must be 720, 168 or 24.');
    }
    const context = await this.ledger.context({
      ...ledgerRequest(accountId, query),
      ...(hours !== undefined ? { sinceMs: this.ledger.now().getTime() - hours * 3_600_000 } : {}),
    });
    return itemProfits(context.snapshot, context.filter, context.names, stream);
  }

  @Get('brokerFeeEstimates')
  @ApiOperation({
    summary: "The wallet journal's broker fees per UTC day, by side",
    description:
      "The account's brokers_fee journal rows (order placements and price changes, filled or not) summed per UTC " +
      'day. totalBuy and totalSell count each row by the side of the market order it was matched to; total counts ' +
      'every row, those matched to no order included. The route keeps its name from when the chart showed estimates.',
  })
  @ApiQuery(QUERY.startTime)
  @ApiQuery(QUERY.characterId)
  @OwnerQueries()
  @ApiOkResponse({ schema: { type: 'array', items: ref('BrokerFeeEstimateRow') } })
  @ApiBadRequestResponse(BAD_QUERY)
  async brokerFeeEstimates(
    @Param('account') accountId: string,
    @Query('startTime') startTime?: string,
    @Query('characterId') characterId?: string,
    @Query('ownerFilter') ownerFilter?: string,
    @Query('division') division?: string,
  ): Promise<BrokerFeeEstimateRow[]> {
    const context = await this.ledger.context(
      ledgerRequest(accountId, { characterId, ownerFilter, division, startTime }),
    );
    return brokerFeeEstimates(context.snapshot, context.filter);
  }
}
