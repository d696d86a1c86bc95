import {
  BadRequestException,
  Body,
  Controller,
  Get,
  Header,
  Inject,
  NotFoundException,
  Param,
  Patch,
  Post,
  Query,
  UseGuards,
} from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiCreatedResponse,
  ApiCookieAuth,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiParam,
  ApiProduces,
  ApiQuery,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import {
  MAX_TYPE_ID,
  MAX_WHOLE_NUMBER,
  boughtContractItemPatchesSchema,
  brokerFeeEstimateText,
  processUnprocessedSchema,
  walletTransactionPatchesSchema,
  type BoughtContractItemsPage,
  type ContractDetailDto,
  type ItemHistoryDetails,
  type ItemHistorySummary,
  type JournalStats,
  type LedgerWriteResult,
  type UnprocessedTransactionDto,
  type CharacterExportKind,
  type WalletTransactionsPage,
} from '@tradewise/contracts';
import { AccountSessionGuard, csvOf, parseBody, wholeNumberParam } from '@tradewise/platform';
import { NOT_CAUGHT_UP, QUERY, pageParam } from '../http/query-params';
import { JournalQueries } from '../journal/journal-queries';
import { EXPORT_MARKS, type ExportMarks } from './export-marks.port';
import { LEDGER_MARKET_PRICES, type LedgerMarketPrices } from './market-sell-prices.port';
import { ledgerRequest } from './ledger-request';
import { TradeLedgerService } from './trade-ledger.service';
import {
  boughtContractItemsPage,
  centsToIsk,
  contractDetail,
  itemHistoryDetails,
  itemHistorySummaries,
  type ItemHistorySource,
  journalStats,
  unprocessedTransactions,
  walletTransactionsPage,
  withMarketSellPrices,
} from './trade-ledger.views';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const BAD_QUERY = { description: 'A query parameter is out of its bounds' };
const ITEM_HISTORY_SOURCES: readonly ItemHistorySource[] = ['bought', 'manufactured'];
const BAD_BODY = {
  description: 'The body does not match its schema, or breaks a bound on ISK or quantities',
};
const CHARACTER_ID_PARAM = {
  name: 'characterId',
  schema: { type: 'integer', minimum: 1, maximum: 999_999_999_999_999 },
} as const;

/** Transactions, Pending Transactions, Item Analysis and exports (account-area §2, §7). */
@ApiTags('Journal')
@ApiCookieAuth('tw_session')
@ApiUnauthorizedResponse({ description: 'Not logged in' })
@ApiForbiddenResponse({ description: 'Not your account' })
@UseGuards(AccountSessionGuard)
@Controller('journal/:account')
export class LedgerJournalController {
  constructor(
    @Inject(TradeLedgerService) private readonly ledger: TradeLedgerService,
    @Inject(JournalQueries) private readonly journal: JournalQueries,
    @Inject(EXPORT_MARKS) private readonly exportMarks: ExportMarks,
    @Inject(LEDGER_MARKET_PRICES) private readonly marketPrices: LedgerMarketPrices,
  ) {}

  /**
   * Marks the export once its file is made, so a failed export never holds the button; 404 for a character not
   * on the account.
   */
  private async markExport(accountId: string, characterId: number, kind: CharacterExportKind): Promise<void> {
    if (!(await this.exportMarks.exported(accountId, characterId, kind))) {
      throw new NotFoundException(`Character ${characterId} is not on this account.`);
    }
  }

  private static characterIdOf(characterId: string): number {
    return wholeNumberParam(characterId, 'characterId', 0, 1, MAX_WHOLE_NUMBER);
  }

  @Get('transactions')
  @ApiOperation({ summary: 'Wallet transactions with quantities sold, consumed and remaining, newest first' })
  @ApiQuery(QUERY.start)
  @ApiQuery(QUERY.count)
  @ApiQuery(QUERY.filter)
  @ApiQuery(QUERY.characterId)
  @ApiQuery(QUERY.ownerFilter)
  @ApiQuery(QUERY.division)
  @ApiQuery(QUERY.position)
  @ApiServiceUnavailableResponse(NOT_CAUGHT_UP)
  @ApiOkResponse({ schema: ref('WalletTransactionsPage') })
  @ApiBadRequestResponse(BAD_QUERY)
  async walletTransactions(
    @Param('account') accountId: string,
    @Query('start') start?: string,
    @Query('count') count?: string,
    @Query('filter') filter?: string,
    @Query('characterId') characterId?: string,
    @Query('position') position?: string,
    @Query('ownerFilter') ownerFilter?: string,
    @Query('division') division?: string,
  ): Promise<WalletTransactionsPage> {
    const page = pageParam(start, count);
    const context = await this.ledger.context(
      ledgerRequest(accountId, { position, filter, characterId, ownerFilter, division }),
      'all',
    );
    return walletTransactionsPage(context.snapshot, context.filter, page, context.names);
  }

  @Get('boughtContractItems')
  @ApiOperation({
    summary: 'Item lines bought through contracts, with their appraised share of the price, newest first',
  })
  @ApiQuery(QUERY.start)
  @ApiQuery(QUERY.count)
  @ApiQuery(QUERY.filter)
  @ApiQuery(QUERY.characterId)
  @ApiQuery(QUERY.position)
  @ApiServiceUnavailableResponse(NOT_CAUGHT_UP)
  @ApiOkResponse({ schema: ref('BoughtContractItemsPage') })
  @ApiBadRequestResponse(BAD_QUERY)
  async boughtContractItems(
    @Param('account') accountId: string,
    @Query('start') start?: string,
    @Query('count') count?: string,
    @Query('filter') filter?: string,
    @Query('characterId') characterId?: string,
    @Query('position') position?: string,
  ): Promise<BoughtContractItemsPage> {
    const page = pageParam(start, count);
    const context = await this.ledger.context(ledgerRequest(accountId, { position, filter, characterId }));
    return boughtContractItemsPage(context.snapshot, context.filter, page, context.names);
  }

  @Patch('boughtContractItems')
  @ApiOperation({ summary: 'Raise quantityConsumed of bought contract items (up to quantity − sold)' })
  @ApiBody({ schema: ref('BoughtContractItemPatches') })
  @ApiOkResponse({ schema: ref('LedgerWriteResult') })
  @ApiBadRequestResponse(BAD_BODY)
  @ApiNotFoundResponse({ description: 'An item is not on this account' })
  editBoughtContractItems(
    @Param('account') accountId: string,
    @Body() body: unknown,
  ): Promise<LedgerWriteResult> {
    return this.ledger.editBoughtContractItems(accountId, parseBody(boughtContractItemPatchesSchema, body));
  }

  @Get('contracts/:contractId')
  @ApiOperation({ summary: 'A contract with its items (View Contract)' })
  @ApiParam({ name: 'contractId', schema: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } })
  @ApiQuery(QUERY.position)
  @ApiOkResponse({ schema: ref('ContractDetail') })
  @ApiBadRequestResponse(BAD_QUERY)
  @ApiNotFoundResponse({ description: 'No such contract on this account' })
  async contract(
    @Param('account') accountId: string,
    @Param('contractId') contractId: string,
    @Query('position') position?: string,
  ): Promise<ContractDetailDto> {
    const id = wholeNumberParam(contractId, 'contractId', 0, 1, Number.MAX_SAFE_INTEGER);
    const context = await this.ledger.context(ledgerRequest(accountId, { position }), 'all');
    const contract = context.snapshot.contracts.get(id);
    if (!contract) throw new NotFoundException(`No contract ${id} on this account.`);
    return contractDetail(contract, context.names);
  }

  @Patch('transactions')
  @ApiOperation({ summary: 'Raise quantityConsumed of buys or quantitySold of sells' })
  @ApiBody({ schema: ref('WalletTransactionPatches') })
  @ApiOkResponse({ schema: ref('LedgerWriteResult') })
  @ApiBadRequestResponse(BAD_BODY)
  @ApiNotFoundResponse({ description: 'A transaction is not on this account' })
  editWalletTransactions(
    @Param('account') accountId: string,
    @Body() body: unknown,
  ): Promise<LedgerWriteResult> {
    return this.ledger.editTransactions(accountId, parseBody(walletTransactionPatchesSchema, body));
  }

  @Get('unprocessed')
  @ApiOperation({ summary: 'Sales waiting for a cost, oldest first' })
  @ApiQuery(QUERY.ownerFilter)
  @ApiQuery(QUERY.division)
  @ApiQuery(QUERY.position)
  @ApiServiceUnavailableResponse(NOT_CAUGHT_UP)
  @ApiOkResponse({ schema: { type: 'array', items: ref('UnprocessedTransaction') } })
  @ApiBadRequestResponse(BAD_QUERY)
  async unprocessedTransactions(
    @Param('account') accountId: string,
    @Query('position') position?: string,
    @Query('ownerFilter') ownerFilter?: string,
    @Query('division') division?: string,
  ): Promise<UnprocessedTransactionDto[]> {
    const context = await this.ledger.context(
      ledgerRequest(accountId, { position, ownerFilter, division }),
      'all',
    );
    return unprocessedTransactions(context.snapshot, context.filter, context.names);
  }

  @Post('unprocessed/process')
  @ApiOperation({ summary: 'Give pending sales a custom buy price, or mark them sold' })
  @ApiBody({ schema: ref('ProcessUnprocessed') })
  @ApiCreatedResponse({ schema: ref('LedgerWriteResult') })
  @ApiBadRequestResponse(BAD_BODY)
  @ApiNotFoundResponse({ description: 'A transaction is not a pending sale of this account' })
  processUnprocessed(@Param('account') accountId: string, @Body() body: unknown): Promise<LedgerWriteResult> {
    return this.ledger.processUnprocessed(accountId, parseBody(processUnprocessedSchema, body));
  }

  @Get('stats')
  @ApiOperation({
    summary: 'The rolling trade panel: income, purchases, tax, broker fees and counts',
    description:
      "totalBroker is the wallet journal's brokers_fee rows in the window (placements and price changes, filled or " +
      'not); unfilledBroker the fees of units that never filled, of the orders closed (cancelled, expired) in the ' +
      'window. With an item filter both count only fees matched to an order of a matching item.',
  })
  @ApiQuery(QUERY.startTime)
  @ApiQuery(QUERY.filter)
  @ApiQuery(QUERY.characterId)
  @ApiQuery(QUERY.ownerFilter)
  @ApiQuery(QUERY.division)
  @ApiOkResponse({ schema: ref('JournalStats') })
  @ApiBadRequestResponse(BAD_QUERY)
  async journalStats(
    @Param('account') accountId: string,
    @Query('startTime') startTime?: string,
    @Query('filter') filter?: string,
    @Query('characterId') characterId?: string,
    @Query('ownerFilter') ownerFilter?: string,
    @Query('division') division?: string,
  ): Promise<JournalStats> {
    const context = await this.ledger.context(
      ledgerRequest(accountId, { filter, characterId, ownerFilter, division, startTime }),
    );
    return journalStats(context.snapshot, context.filter);
  }

  @Get('itemHistory')
  @ApiOperation({
    summary: 'Item Analysis: per bought (or manufactured) item, prices paid (or unit costs) and units left',
  })
  @ApiQuery(QUERY.filter)
  @ApiQuery(QUERY.characterId)
  @ApiQuery(QUERY.ownerFilter)
  @ApiQuery(QUERY.division)
  @ApiQuery({
    name: 'source',
    required: false,
    schema: { type: 'string', enum: [...ITEM_HISTORY_SOURCES] },
    description: 'Bought Items (default) or Manufactured Items',
  })
  @ApiOkResponse({ schema: { type: 'array', items: ref('ItemHistorySummary') } })
  @ApiBadRequestResponse(BAD_QUERY)
  async itemHistory(
    @Param('account') accountId: string,
    @Query('filter') filter?: string,
    @Query('characterId') characterId?: string,
    @Query('source') source?: string,
    @Query('ownerFilter') ownerFilter?: string,
    @Query('division') division?: string,
  ): Promise<ItemHistorySummary[]> {
    const from = (source || 'bought') as ItemHistorySource;
    if (!ITEM_HISTORY_SOURCES.includes(from))
      throw new BadRequestException(`source must be one of ${ITEM_HISTORY_SOURCES.join(', ')}.`);
    const context = await this.ledger.context(
      ledgerRequest(accountId, { filter, characterId, ownerFilter, division }),
    );
    const summaries = itemHistorySummaries(context.snapshot, context.filter, context.names, from);
    const sellPrices = await this.marketPrices.sellPrices(summaries.map((summary) => summary.typeId));
    return withMarketSellPrices(summaries, sellPrices);
  }

  @Get('itemHistory/:typeId')
  @ApiOperation({ summary: "Item Analysis: one item's buy prices and manufacturing unit costs per day" })
  @ApiParam({ name: 'typeId', schema: { type: 'integer', minimum: 1, maximum: MAX_TYPE_ID } })
  @ApiQuery(QUERY.ownerFilter)
  @ApiQuery(QUERY.division)
  @ApiOkResponse({ schema: ref('ItemHistoryDetails') })
  @ApiBadRequestResponse({
    description: 'typeId is not a type id, or a query parameter is out of its bounds',
  })
  async itemHistoryOfType(
    @Param('account') accountId: string,
    @Param('typeId') typeId: string,
    @Query('ownerFilter') ownerFilter?: string,
    @Query('division') division?: string,
  ): Promise<ItemHistoryDetails> {
    const id = wholeNumberParam(typeId, 'typeId', 0, 1, MAX_TYPE_ID);
    const context = await this.ledger.context(ledgerRequest(accountId, { ownerFilter, division }));
    return itemHistoryDetails(context.snapshot, id, context.filter, context.names);
  }

  @Get('characters/:characterId/transactions')
  @ApiOperation({ summary: "A character's wallet transactions as a CSV file" })
  @ApiProduces('text/csv')
  @Header('Content-Type', 'text/csv; charset=utf-8')
  @Header('Content-Disposition', 'attachment; filename="transactions.csv"')
  @ApiParam(CHARACTER_ID_PARAM)
  @ApiOkResponse({ schema: { type: 'string' } })
  @ApiBadRequestResponse({ description: 'characterId is not a character id' })
  @ApiNotFoundResponse({ description: 'The character is not on this account' })
  async exportTransactions(
    @Param('account') accountId: string,
    @Param('characterId') characterId: string,
  ): Promise<string> {
    const id = LedgerJournalController.characterIdOf(characterId);
    const context = await this.ledger.context({ accountId, characterId: id }, 'all');
    const rows = context.snapshot.transactions.filter((row) => row.characterId === id);
    const file = csvOf(
      [
        'date',
        'transactionId',
        'item',
        'typeId',
        'isBuy',
        'isPersonal',
        'quantity',
        'unitPrice',
        'total',
        'locationId',
        'brokerFee',
        'brokerFeeEstimated',
      ],
      rows.map((row) => [
        row.date,
        row.transactionId,
        context.names.typeName(row.typeId),
        row.typeId,
        row.isBuy,
        row.isPersonal,
        row.quantity,
        centsToIsk(row.unitPriceCents).toFixed(2),
        centsToIsk(row.unitPriceCents * row.quantity * (row.isBuy ? -1 : 1)).toFixed(2),
        row.locationId,
        centsToIsk(row.brokerFeeCents).toFixed(2),
        // Why the fee is the configured rate's estimate; empty when it is the share of what its order paid.
        row.brokerFeeEstimate === null ? '' : brokerFeeEstimateText([row.brokerFeeEstimate]),
      ]),
    );
    await this.markExport(accountId, id, 'transactions');
    return file;
  }

  @Get('characters/:characterId/journal')
  @ApiOperation({ summary: "A character's wallet journal as a CSV file" })
  @ApiProduces('text/csv')
  @Header('Content-Type', 'text/csv; charset=utf-8')
  @Header('Content-Disposition', 'attachment; filename="journal.csv"')
  @ApiParam(CHARACTER_ID_PARAM)
  @ApiOkResponse({ schema: { type: 'string' } })
  @ApiBadRequestResponse({ description: 'characterId is not a character id' })
  @ApiNotFoundResponse({ description: 'The character is not on this account' })
  async exportJournal(
    @Param('account') accountId: string,
    @Param('characterId') characterId: string,
  ): Promise<string> {
    const id = LedgerJournalController.characterIdOf(characterId);
    const entries = await this.journal.allOfCharacter(accountId, id);
    const file = csvOf(
      ['date', 'entryId', 'refType', 'amount', 'description'],
      entries.map((entry) => [
        entry.date,
        entry.entryId,
        entry.refType,
        entry.amountCents === null ? '' : centsToIsk(entry.amountCents).toFixed(2),
        entry.description,
      ]),
    );
    await this.markExport(accountId, id, 'journal');
    return file;
  }
}
