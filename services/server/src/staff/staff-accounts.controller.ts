import {
  BadRequestException,
  Body,
  Controller,
  Get,
  HttpCode,
  Inject,
  NotFoundException,
  Param,
  ParseUUIDPipe,
  Post,
  Query,
} from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiQuery,
} from '@nestjs/swagger';
import { AccountQueries } from '@tradewise/accounts';
import {
  accountStream,
  staffBalanceChangeSchema,
  type StaffAccountSummaryDto,
  type StaffAccountTimelineDto,
  type StaffBalanceChangeOutcomeDto,
} from '@tradewise/contracts';
import { EVENT_STORE, parseBody, wholeNumberParam, type EventStore } from '@tradewise/platform';
import { CurrentStaff, type StaffIdentity } from './staff-access.guard';
import { StaffConsole } from './staff-console.decorator';
import { StaffBalanceEntries } from './staff-balance-entries';
import { staffListOf, staffOne } from './staff-openapi';

const SEARCH_LIMIT = 25;
const ACCOUNT_ID = { name: 'accountId', schema: { type: 'string' as const, format: 'uuid' } };
const TIMELINE_PAGE = { default: 50, max: 200 };

/**
 * Support staff find an account by a character's name, read its timeline (the events of its own stream: logins,
 * characters, settings, subscriptions, credits) and credit or debit its balance.
 */
@StaffConsole()
@Controller('staff/accounts')
export class StaffAccountsController {
  constructor(
    @Inject(AccountQueries) private readonly queries: AccountQueries,
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(StaffBalanceEntries) private readonly entries: StaffBalanceEntries,
  ) {}

  @Get()
  @ApiOperation({
    summary: 'Accounts holding a character whose name contains the text, in any case (at most 25)',
  })
  @ApiQuery({
    name: 'characterName',
    required: true,
    schema: { type: 'string', minLength: 2, maxLength: 37 },
  })
  @ApiOkResponse({ schema: staffListOf('StaffAccountSummary') })
  @ApiBadRequestResponse({ description: 'The name is shorter than 2 or longer than 37 characters' })
  async staffFindAccounts(@Query('characterName') characterName?: string): Promise<StaffAccountSummaryDto[]> {
    const text = characterName?.trim() ?? '';
    if (text.length < 2 || text.length > 37) {
      throw new BadRequestException('Type 2 to 37 characters of a character name.');
    }
    return this.queries.staffSearchByCharacterName(text, SEARCH_LIMIT);
  }

  @Get(':accountId')
  @ApiOperation({ summary: 'One account as the staff console shows it' })
  @ApiParam(ACCOUNT_ID)
  @ApiBadRequestResponse({ description: 'The account id is not a UUID' })
  @ApiOkResponse({ schema: staffOne('StaffAccountSummary') })
  @ApiNotFoundResponse({ description: 'No such account' })
  async staffAccount(
    @Param('accountId', new ParseUUIDPipe()) accountId: string,
  ): Promise<StaffAccountSummaryDto> {
    const account = await this.queries.staffSummary(accountId);
    if (!account) throw new NotFoundException('There is no account with this id.');
    return account;
  }

  @Get(':accountId/timeline')
  @ApiOperation({ summary: "The events of the account's own stream, newest first, a page at a time" })
  @ApiParam(ACCOUNT_ID)
  @ApiQuery({
    name: 'before',
    required: false,
    description: 'Events before this stream revision (the previous page’s nextBefore)',
    schema: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
  })
  @ApiQuery({
    name: 'limit',
    required: false,
    schema: { type: 'integer', minimum: 1, maximum: TIMELINE_PAGE.max },
  })
  @ApiOkResponse({ schema: staffOne('StaffAccountTimeline') })
  @ApiBadRequestResponse({ description: 'before or limit is not a whole number in range' })
  @ApiNotFoundResponse({ description: 'No such account' })
  async staffAccountTimeline(
    @Param('accountId', new ParseUUIDPipe()) accountId: string,
    @Query('before') beforeText?: string,
    @Query('limit') limitText?: string,
  ): Promise<StaffAccountTimelineDto> {
    const before = wholeNumberParam(
      beforeText,
      'before',
      Number.MAX_SAFE_INTEGER,
      1,
      Number.MAX_SAFE_INTEGER,
    );
    const limit = wholeNumberParam(limitText, 'limit', TIMELINE_PAGE.default, 1, TIMELINE_PAGE.max);
    if (!(await this.queries.staffSummary(accountId))) {
      throw new NotFoundException('There is no account with this id.');
    }
    const recorded = await this.events.readStream(accountStream(accountId), {
      direction: 'backwards',
      ...(before === Number.MAX_SAFE_INTEGER ? {} : { fromRevision: before - 1 }),
      maxCount: limit,
    });
    const last = recorded[recorded.length - 1];
    return {
      events: recorded.map((event) => ({
        eventId: event.id,
        position: event.position,
        revision: event.revision,
        type: event.type,
        recordedAt: event.metadata.recordedAt,
        actor: event.metadata.actor,
        correlationId: event.metadata.$correlationId,
        causationId: event.metadata.$causationId,
        schemaVersion: event.metadata.schemaVersion,
        data: event.data as Record<string, unknown>,
      })),
      nextBefore: last && last.revision > 0 && recorded.length === limit ? last.revision : null,
    };
  }

  @Post(':accountId/credits')
  @HttpCode(200)
  @ApiOperation({ summary: "Credits the account's balance with a reason, as the staff member logged in" })
  @ApiParam(ACCOUNT_ID)
  @ApiBody({ schema: staffOne('StaffBalanceChange') })
  @ApiOkResponse({ schema: staffOne('StaffBalanceChangeOutcome') })
  @ApiBadRequestResponse({ description: 'The amount or the reason is not valid' })
  @ApiNotFoundResponse({ description: 'No such account' })
  staffCreditAccount(
    @CurrentStaff() staff: StaffIdentity,
    @Param('accountId', new ParseUUIDPipe()) accountId: string,
    @Body() body: unknown,
  ): Promise<StaffBalanceChangeOutcomeDto> {
    return this.entries.enter(
      'CreditAccount',
      accountId,
      parseBody(staffBalanceChangeSchema, body),
      staffActor(staff),
    );
  }

  @Post(':accountId/debits')
  @HttpCode(200)
  @ApiOperation({ summary: "Debits the account's balance with a reason, as the staff member logged in" })
  @ApiParam(ACCOUNT_ID)
  @ApiBody({ schema: staffOne('StaffBalanceChange') })
  @ApiOkResponse({ schema: staffOne('StaffBalanceChangeOutcome') })
  @ApiBadRequestResponse({ description: 'The amount or the reason is not valid, or the balance is too low' })
  @ApiNotFoundResponse({ description: 'No such account' })
  staffDebitAccount(
    @CurrentStaff() staff: StaffIdentity,
    @Param('accountId', new ParseUUIDPipe()) accountId: string,
    @Body() body: unknown,
  ): Promise<StaffBalanceChangeOutcomeDto> {
    return this.entries.enter(
      'DebitAccount',
      accountId,
      parseBody(staffBalanceChangeSchema, body),
      staffActor(staff),
    );
  }
}

/** Only staff reach a write (the guard refuses auditors), and their actions carry `staff:<characterId>`. */
function staffActor(staff: StaffIdentity): `staff:${number}` {
  return `staff:${staff.characterId}`;
}
