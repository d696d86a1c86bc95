import {
  Body,
  Controller,
  Get,
  HttpCode,
  Inject,
  Optional,
  Param,
  Post,
  Req,
  UseGuards,
} from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiCookieAuth,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiPayloadTooLargeResponse,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import {
  AccountSessionGuard,
  CurrentSession,
  SESSION_AUTHENTICATOR,
  type AccountSession,
  type SessionAuthenticator,
  type SessionRequest,
} from '@tradewise/platform';
import {
  appraisalCreateBodyJsonSchema,
  appraisalCreatedJsonSchema,
  appraisalHubComparisonJsonSchema,
  appraisalJsonSchema,
  appraisalParseBodyJsonSchema,
  appraisalSummaryJsonSchema,
  hubComparisonBodyJsonSchema,
  pasteReadingJsonSchema,
  type AppraisalCreatedDto,
  type AppraisalDto,
  type AppraisalHubComparisonDto,
  type AppraisalSummaryDto,
  type PasteReadingDto,
} from './appraisal.dto';
import { readAppraisalCreateBody, readAppraisalParseBody, readHubComparisonBody } from './appraisal-request';
import { AppraisalService } from './appraisal.service';

/**
 * The appraisal tool's calls (public-tools §7): creating and reading appraisals is public; the history is the
 * logged-in account's.
 */
@ApiTags('Appraisal')
@Controller('market/appraisals')
export class AppraisalController {
  constructor(
    @Inject(AppraisalService) private readonly appraisals: AppraisalService,
    @Optional()
    @Inject(SESSION_AUTHENTICATOR)
    private readonly sessions: SessionAuthenticator | undefined,
  ) {}

  @Post()
  @ApiOperation({
    summary:
      "Price items in a region, at a trade hub's station or at a public structure; with a link (the default) the appraisal is saved and shareable",
    description:
      'Send items (typeId or typeName, and quantity) or a raw paste as text. Unknown items are counted in ' +
      'numUnknown. With text, the answer also says which parser read each item and lists the lines none could. ' +
      "Pricing at a structure (structureId) needs a login: the structure's market is read with the token of one " +
      "of the account's characters that granted esi-markets.structure_markets.v1 and may dock there.",
  })
  @ApiBody({ schema: appraisalCreateBodyJsonSchema })
  @ApiCreatedResponse({ schema: appraisalCreatedJsonSchema })
  @ApiBadRequestResponse({
    description: 'Bad input, a paste of more than 10,000 lines, or nothing to appraise',
  })
  @ApiPayloadTooLargeResponse({ description: 'A paste over 1 MB, or more than 10,000 items' })
  @ApiUnauthorizedResponse({
    description: 'structureId without a login: ESI shows structure markets to characters',
  })
  @ApiForbiddenResponse({
    description:
      "structureId, but no character of the account granted esi-markets.structure_markets.v1, or none may use the structure's market",
  })
  async appraisalCreate(@Body() body: unknown, @Req() request: SessionRequest): Promise<AppraisalCreatedDto> {
    const input = readAppraisalCreateBody(body);
    return this.appraisals.create(input, await this.loggedInSession(request));
  }

  @Post('parse')
  @HttpCode(200)
  @ApiOperation({
    summary: 'How the paste parser reads a text (the live preview); nothing is priced or saved',
  })
  @ApiBody({ schema: appraisalParseBodyJsonSchema })
  @ApiOkResponse({ schema: pasteReadingJsonSchema })
  @ApiBadRequestResponse({ description: 'More than 10,000 lines' })
  @ApiPayloadTooLargeResponse({ description: 'Over 1 MB' })
  appraisalParse(@Body() body: unknown): PasteReadingDto {
    return this.appraisals.readPaste(readAppraisalParseBody(body));
  }

  @Post('hubs')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Price items at each of the five trade hubs side by side; nothing is saved',
    description:
      "Each hub prices the items as an appraisal with that hub's stationId would: its sell orders and the buy " +
      'orders reaching it, in the price mode and percentage given. Unknown items are counted in numUnknown.',
  })
  @ApiBody({ schema: hubComparisonBodyJsonSchema })
  @ApiOkResponse({ schema: appraisalHubComparisonJsonSchema })
  @ApiBadRequestResponse({ description: 'Bad input, or no item known' })
  @ApiPayloadTooLargeResponse({ description: 'More than 10,000 items' })
  appraisalHubs(@Body() body: unknown): Promise<AppraisalHubComparisonDto> {
    return this.appraisals.compareHubs(readHubComparisonBody(body));
  }

  @Get()
  @UseGuards(AccountSessionGuard)
  @ApiCookieAuth('tw_session')
  @ApiOperation({ summary: "The logged-in account's live appraisals, newest first" })
  @ApiOkResponse({ schema: { type: 'array', items: appraisalSummaryJsonSchema } })
  @ApiUnauthorizedResponse({ description: 'Not logged in' })
  appraisalHistory(@CurrentSession() session: AccountSession): Promise<AppraisalSummaryDto[]> {
    return this.appraisals.history(session.accountId);
  }

  @Get(':id')
  @ApiOperation({ summary: 'A saved appraisal' })
  @ApiParam({ name: 'id', schema: { type: 'string' } })
  @ApiOkResponse({ schema: appraisalJsonSchema })
  @ApiNotFoundResponse({ description: 'No such appraisal, or it has expired' })
  appraisalGet(@Param('id') id: string): Promise<AppraisalDto> {
    return this.appraisals.get(id);
  }

  /**
   * A visitor creates appraisals too; a logged-in user's go into their history, and may be priced at a player
   * structure with their characters' tokens (a write needs its CSRF token).
   */
  private async loggedInSession(request: SessionRequest): Promise<AccountSession | null> {
    if (!this.sessions) return null;
    try {
      return await this.sessions.authenticate(request);
    } catch {
      return null;
    }
  }
}
