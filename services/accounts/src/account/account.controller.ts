import {
  BadRequestException,
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Inject,
  NotFoundException,
  Param,
  Patch,
  Post,
  Query,
  Req,
  Res,
  UseGuards,
} from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiCookieAuth,
  ApiForbiddenResponse,
  ApiFoundResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiQuery,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { CommandBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import {
  ESI_LOGIN_SCOPES,
  ESI_OPTIONAL_SCOPES,
  accountSettingsPatchSchema,
  characterSettingsPatchSchema,
  type AccountCharacterDto,
  type AccountDto,
} from '@tradewise/contracts';
import {
  AccountSessionGuard,
  CurrentSession,
  parseBody,
  LOGGER,
  StaffRoles,
  type AccountSession,
  type Logger,
} from '@tradewise/platform';
import { CharacterGrants } from '../grants/character-grants';
import { LOGIN_RATE_LIMITER, redirectToSso } from '../login/login.controller';
import type { LoginRateLimiter } from '../login/login-rate-limiter';
import { LOGIN_SSO, type LoginSso } from '../login/login-sso';
import { LoginService } from '../login/login.service';
import { clearSessionCookies } from '../session/session-cookies';
import { SessionStore } from '../session/session.store';
import { AccountQueries } from './account-queries';
import { CHARACTER_ID_SCHEMA, characterIdParam } from './request-validation';
import { asHttpError } from './account-errors';
import { ChangeAccount } from './change-account.handler';

const one = (schema: string) => ({ $ref: `#/components/schemas/${schema}` });
const listOf = (schema: string) => ({ type: 'array', items: one(schema) });

/** The logged-in account: settings, characters, logout and adding characters (account-area §7). */
@ApiTags('Account')
@ApiCookieAuth('tw_session')
@ApiUnauthorizedResponse({ description: 'Not logged in' })
@UseGuards(AccountSessionGuard)
@Controller('account')
export class AccountController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(AccountQueries) private readonly queries: AccountQueries,
    @Inject(SessionStore) private readonly sessions: SessionStore,
    @Inject(CharacterGrants) private readonly grants: CharacterGrants,
    @Inject(LoginService) private readonly login: LoginService,
    @Inject(LOGIN_SSO) private readonly sso: LoginSso,
    @Inject(LOGIN_RATE_LIMITER) private readonly limiter: LoginRateLimiter,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(StaffRoles) private readonly staffRoles: StaffRoles,
  ) {}

  @Get()
  @ApiOperation({ summary: 'The logged-in account; also the logged-in check (401 when logged out)' })
  @ApiOkResponse({ schema: one('Account') })
  async getAccount(@CurrentSession() session: AccountSession): Promise<AccountDto> {
    return this.accountOf(session, null);
  }

  @Patch()
  @ApiOperation({ summary: 'Changes syncEnabled or autoRebill' })
  @ApiBody({ schema: one('AccountSettingsPatch') })
  @ApiOkResponse({ schema: one('Account') })
  @ApiBadRequestResponse({ description: 'A field is invalid, or sync cannot start without characters' })
  async changeAccountSettings(
    @CurrentSession() session: AccountSession,
    @Body() body: unknown,
  ): Promise<AccountDto> {
    const changes = parseBody(accountSettingsPatchSchema, body);
    const { position } = await asHttpError(
      this.commands.execute(
        new ChangeAccount(session.accountId, { type: 'ChangeAccountSettings', changes }, actorOf(session)),
      ),
    );
    return this.accountOf(session, position);
  }

  @Post('logout')
  @HttpCode(204)
  @ApiOperation({ summary: 'Ends the session' })
  @ApiNoContentResponse({ description: 'Logged out' })
  async logout(
    @CurrentSession() session: AccountSession,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<void> {
    await this.sessions.end(session.token);
    clearSessionCookies(request, response);
  }

  @Get('characters')
  @ApiOperation({ summary: "The account's characters" })
  @ApiOkResponse({ schema: listOf('AccountCharacter') })
  listCharacters(@CurrentSession() session: AccountSession): Promise<AccountCharacterDto[]> {
    return this.queries.characters(session.accountId);
  }

  @Patch('characters/:id')
  @ApiOperation({ summary: "Changes a character's sync and price settings" })
  @ApiParam({ name: 'id', schema: CHARACTER_ID_SCHEMA, description: 'Character id' })
  @ApiBody({ schema: one('CharacterSettingsPatch') })
  @ApiOkResponse({ schema: one('AccountCharacter') })
  @ApiBadRequestResponse({ description: 'id is not a character id, or the body does not match its schema' })
  @ApiForbiddenResponse({
    description:
      'INSUFFICIENT_SUBSCRIPTION (the tier allows no more syncing characters), NOT_A_FACTORY_MANAGER, ' +
      'NOT_AN_ACCOUNTANT, CORPORATION_SYNC_NEEDS_PRO or CORPORATION_SYNC_NEEDS_SCOPE',
    schema: one('ApiError'),
  })
  @ApiNotFoundResponse({ description: 'The character is not on this account' })
  async changeCharacterSettings(
    @CurrentSession() session: AccountSession,
    @Param('id') id: string,
    @Body() body: unknown,
  ): Promise<AccountCharacterDto> {
    const characterId = characterIdParam(id);
    const changes = parseBody(characterSettingsPatchSchema, body);
    const { position } = await asHttpError(
      this.commands.execute(
        new ChangeAccount(
          session.accountId,
          { type: 'ChangeCharacterSettings', characterId, changes },
          actorOf(session),
        ),
      ),
    );
    const character = await this.queries.character(session.accountId, characterId, position);
    if (!character) throw new NotFoundException(`Character ${characterId} is not on your account.`);
    return character;
  }

  @Delete('characters/:id')
  @HttpCode(204)
  @ApiOperation({ summary: "Removes a character's ESI token: syncing stops, its data stays stored" })
  @ApiParam({ name: 'id', schema: CHARACTER_ID_SCHEMA, description: 'Character id' })
  @ApiNoContentResponse({ description: 'Removed' })
  @ApiBadRequestResponse({ description: 'id is not a character id' })
  @ApiNotFoundResponse({ description: 'The character is not on this account' })
  async removeCharacter(@CurrentSession() session: AccountSession, @Param('id') id: string): Promise<void> {
    const characterId = characterIdParam(id);
    const { position } = await asHttpError(
      this.commands.execute(
        new ChangeAccount(session.accountId, { type: 'RemoveCharacter', characterId }, actorOf(session)),
      ),
    );
    await this.queries.settle(position);
    if ((await this.grants.accountOf(characterId)) !== session.accountId) return;
    const refreshToken = await this.grants.remove(characterId);
    if (refreshToken) {
      await this.sso.revoke(refreshToken).catch((error: unknown) => {
        // The grant is gone from our side; an SSO that cannot be reached keeps a token nobody holds.
        this.logger.warn({ err: error, characterId }, 'Could not revoke a removed refresh token');
      });
    }
  }

  @Get('addCharacter')
  @ApiOperation({
    summary: 'Adds a character: opened in a popup, redirects to the SSO and ends at /addCharacterComplete',
  })
  @ApiQuery({
    name: 'scopes',
    required: false,
    enum: ['extended'],
    description: 'Update Scopes: also ask for corporation industry jobs, location and waypoints',
  })
  @ApiFoundResponse({ description: 'To the SSO authorize page' })
  @ApiBadRequestResponse({ description: "scopes is not 'extended'" })
  @ApiTooManyRequestsResponse({ description: 'Too many login attempts from this address' })
  async addCharacter(
    @CurrentSession() session: AccountSession,
    @Req() request: Request,
    @Res() response: Response,
    @Query('scopes') scopes?: string,
  ): Promise<void> {
    if (scopes !== undefined && scopes !== 'extended') {
      throw new BadRequestException("scopes must be 'extended', or left out for the login's scopes.");
    }
    await redirectToSso(
      this.login,
      this.limiter,
      request,
      response,
      { kind: 'add-character', accountId: session.accountId },
      scopes === 'extended' ? [...ESI_LOGIN_SCOPES, ...ESI_OPTIONAL_SCOPES] : ESI_LOGIN_SCOPES,
    );
  }

  private async accountOf(session: AccountSession, position: number | null): Promise<AccountDto> {
    const account = await this.queries.account(
      session.accountId,
      { characterId: session.characterId, characterName: session.characterName },
      position,
    );
    if (!account) throw new NotFoundException('This account no longer exists.');
    return { ...account, staffRole: this.staffRoles.roleOf(session.characterId) };
  }
}

function actorOf(session: AccountSession): `account:${string}` {
  return `account:${session.accountId}`;
}
