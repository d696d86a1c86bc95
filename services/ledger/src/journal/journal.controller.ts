import { BadRequestException, Controller, Get, Inject, Param, Query, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCookieAuth,
  ApiForbiddenResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiQuery,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { MAX_WHOLE_NUMBER, type JournalEntriesPage } from '@tradewise/contracts';
import { AccountSessionGuard, wholeNumberParam } from '@tradewise/platform';
import { QUERY, pageParam } from '../http/query-params';
import { JournalQueries } from './journal-queries';

/** The wallet journal of the account's characters (account-area §2 Journal). */
@ApiTags('Journal')
@ApiCookieAuth('tw_session')
@ApiUnauthorizedResponse({ description: 'Not logged in' })
@ApiForbiddenResponse({ description: 'Not your account' })
@UseGuards(AccountSessionGuard)
@Controller('journal/:account')
export class JournalController {
  constructor(@Inject(JournalQueries) private readonly journal: JournalQueries) {}

  @Get('entries')
  @ApiOperation({ summary: "Journal rows of the account's characters, newest first" })
  @ApiParam({ name: 'account', description: 'The id of the logged-in account' })
  @ApiQuery(QUERY.start)
  @ApiQuery(QUERY.count)
  @ApiQuery({
    name: 'refType',
    required: false,
    schema: { type: 'string', pattern: '^([A-Za-z_]{1,64})?$' },
    description: 'A journal ref type, e.g. MARKET_TRANSACTION',
  })
  @ApiQuery(QUERY.characterId)
  @ApiOkResponse({ schema: { $ref: '#/components/schemas/JournalEntriesPage' } })
  @ApiBadRequestResponse({ description: 'A query parameter is out of its bounds' })
  journalEntries(
    @Param('account') accountId: string,
    @Query('start') start?: string,
    @Query('count') count?: string,
    @Query('refType') refType?: string,
    @Query('characterId') characterId?: string,
  ): Promise<JournalEntriesPage> {
    if (refType !== undefined && refType !== '' && !/^[A-Za-z_]{1,64}$/.test(refType)) {
      throw new BadRequestException('refType must be a journal reference type such as MARKET_TRANSACTION.');
    }
    return this.journal.entries({
      accountId,
      ...pageParam(start, count),
      ...(refType ? { refType: refType.toLowerCase() } : {}),
      ...(characterId
        ? { characterId: wholeNumberParam(characterId, 'characterId', 0, 1, MAX_WHOLE_NUMBER) }
        : {}),
    });
  }
}
