import { Body, Controller, Get, Inject, Param, Patch, Query, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiCookieAuth,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiQuery,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import {
  manufacturingResultPatchSchema,
  type LedgerWriteResult,
  type ManufacturingResultsPage,
} from '@tradewise/contracts';
import { AccountSessionGuard, parseBody } from '@tradewise/platform';
import { NOT_CAUGHT_UP, QUERY, pageParam } from '../http/query-params';
import { ledgerRequest } from '../trade/ledger-request';
import { TradeLedgerService } from '../trade/trade-ledger.service';
import { manufacturingResultsPage } from '../trade/trade-ledger.views';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** Industry Jobs (account-area §2, §7): delivered and cancelled jobs with what they cost and made. */
@ApiTags('Industry')
@ApiCookieAuth('tw_session')
@ApiUnauthorizedResponse({ description: 'Not logged in' })
@ApiForbiddenResponse({ description: 'Not your account' })
@UseGuards(AccountSessionGuard)
@Controller('industry/:account')
export class ManufacturingResultsController {
  constructor(@Inject(TradeLedgerService) private readonly ledger: TradeLedgerService) {}

  @Get('manufacturingResults')
  @ApiOperation({ summary: 'Delivered and cancelled industry jobs, newest first' })
  @ApiQuery(QUERY.start)
  @ApiQuery(QUERY.count)
  @ApiQuery(QUERY.filter)
  @ApiQuery(QUERY.characterId)
  @ApiQuery({ ...QUERY.ownerFilter, description: 'Every job (default), personal jobs, or corporation jobs' })
  @ApiQuery(QUERY.position)
  @ApiServiceUnavailableResponse(NOT_CAUGHT_UP)
  @ApiOkResponse({ schema: ref('ManufacturingResultsPage') })
  @ApiBadRequestResponse({ description: 'A query parameter is out of its bounds' })
  async manufacturingResults(
    @Param('account') accountId: string,
    @Query('start') start?: string,
    @Query('count') count?: string,
    @Query('filter') filter?: string,
    @Query('characterId') characterId?: string,
    @Query('ownerFilter') ownerFilter?: string,
    @Query('position') position?: string,
  ): Promise<ManufacturingResultsPage> {
    const page = pageParam(start, count);
    const context = await this.ledger.context(
      ledgerRequest(accountId, { position, filter, characterId, ownerFilter }),
    );
    return manufacturingResultsPage(context.snapshot, context.filter, page, context.names);
  }

  @Patch('manufacturingResults')
  @ApiOperation({
    summary: "Raise a job's quantity consumed, or re-process it with prices for its missing inputs",
  })
  @ApiBody({ schema: ref('ManufacturingResultPatch') })
  @ApiOkResponse({ schema: ref('LedgerWriteResult') })
  @ApiBadRequestResponse({
    description:
      'The body does not match its schema, lowers a quantity, or breaks a bound on ISK or quantities',
  })
  @ApiNotFoundResponse({ description: 'The job is not on this account' })
  editManufacturingResult(
    @Param('account') accountId: string,
    @Body() body: unknown,
  ): Promise<LedgerWriteResult> {
    return this.ledger.editManufacturingResult(accountId, parseBody(manufacturingResultPatchSchema, body));
  }
}
