import {
  BadGatewayException,
  BadRequestException,
  Inject,
  Injectable,
  ServiceUnavailableException,
  UnauthorizedException,
} from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ESI_LOGIN_SCOPES, type CharacterUnlinkReason } from '@tradewise/contracts';
import {
  InvalidAccessTokenError,
  InvalidGrantError,
  LOGGER,
  SsoRequestError,
  SsoUnavailableError,
  uuidV5,
  type Logger,
  type SsoTokens,
} from '@tradewise/platform';
import { AccountQueries } from '../account/account-queries';
import { AccountRuleViolation, type AuthorizedCharacter } from '../account/account.decider';
import { ChangeAccount, type Actor } from '../account/change-account.handler';
import { CharacterGrants } from '../grants/character-grants';
import { SessionStore, type NewSession } from '../session/session.store';
import { CHARACTER_ROLES_READER, type CharacterRolesReader } from './character-roles.port';
import { LoginAttempts, type LoginPurpose } from './login-attempts';
import { LOGIN_SSO, type LoginSso } from './login-sso';
import { ServiceCharacterLogin } from './service-character-login';

/** Where the browser goes after a login (Overview) and after adding a character (the popup closes there). */
export const AFTER_LOGIN_PATH = '/index';
export const AFTER_ADD_CHARACTER_PATH = '/addCharacterComplete';
const ROLES_SCOPE = 'esi-characters.read_corporation_roles.v1';

export interface CallbackInput {
  readonly code: string | undefined;
  readonly state: string | undefined;
  /** The state the browser's login cookie holds. */
  readonly stateCookie: string | undefined;
  readonly origin: string;
  /** The session the browser has now, if any: ended at login (a fresh id), required to add a character. */
  readonly sessionToken: string | undefined;
}

export interface CallbackOutcome {
  /** Where the browser goes next; absent when the answer is `message` itself. */
  readonly redirectTo?: string;
  /** A page of plain text to answer with (the operator's service-character login ends there). */
  readonly message?: string;
  /** A new session, for a login. */
  readonly session?: NewSession;
}

const START_AGAIN = 'Please log in again.';

/** The login and add-character flows: SSO round trip, account resolution, grant storage and session. */
@Injectable()
export class LoginService {
  constructor(
    @Inject(LoginAttempts) private readonly attempts: LoginAttempts,
    @Inject(LOGIN_SSO) private readonly sso: LoginSso,
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(AccountQueries) private readonly queries: AccountQueries,
    @Inject(CharacterGrants) private readonly grants: CharacterGrants,
    @Inject(SessionStore) private readonly sessions: SessionStore,
    @Inject(CHARACTER_ROLES_READER) private readonly rolesReader: CharacterRolesReader,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(ServiceCharacterLogin) private readonly serviceCharacter: ServiceCharacterLogin,
  ) {}

  /** Where a login asked for at `requestOrigin` runs (see {@link LoginSso.loginOrigin}). */
  loginOrigin(requestOrigin: string): string {
    return this.sso.loginOrigin(requestOrigin);
  }

  /** Starts a login; returns the SSO URL to send the browser to and the state to bind to it. */
  async begin(
    purpose: LoginPurpose,
    origin: string,
    scopes: readonly string[] = ESI_LOGIN_SCOPES,
  ): Promise<{ url: string; state: string }> {
    const request = this.sso.authorizationRequest(scopes, origin);
    await this.attempts.begin({ state: request.state, codeVerifier: request.codeVerifier, purpose });
    return { url: request.url, state: request.state };
  }

  /** The player cancelled at the SSO: forget the attempt; the add-character popup still closes itself. */
  async cancel(state: string | undefined): Promise<string> {
    const attempt = state ? await this.attempts.complete(state) : null;
    return attempt?.purpose.kind === 'add-character' ? AFTER_ADD_CHARACTER_PATH : '/';
  }

  async complete(input: CallbackInput): Promise<CallbackOutcome> {
    if (!input.code || !input.state) {
      throw new BadRequestException(`The login came back without its code or state. ${START_AGAIN}`);
    }
    if (input.stateCookie !== input.state) {
      throw new BadRequestException(
        `This login was started in another browser tab or has expired. ${START_AGAIN}`,
      );
    }
    const attempt = await this.attempts.complete(input.state);
    if (!attempt) throw new BadRequestException(`This login has expired or was already used. ${START_AGAIN}`);
    const tokens = await this.exchange(input.code, attempt.codeVerifier, input.origin);
    const character: AuthorizedCharacter = {
      characterId: tokens.character.characterId,
      characterName: tokens.character.characterName,
      ownerHash: tokens.character.ownerHash,
      scopes: [...tokens.character.scopes],
    };

    if (attempt.purpose.kind === 'service-character') {
      const linked = await this.serviceCharacter
        .link({ ...character, refreshToken: tokens.refreshToken })
        .catch(async (error: unknown) => {
          // A refused character's grant is kept nowhere: hand it back to the SSO.
          if (tokens.refreshToken) await this.sso.revoke(tokens.refreshToken).catch(() => undefined);
          throw error;
        });
      return {
        message:
          `${linked.characterName} (${linked.characterId}) now reads the wallet journal of corporation ` +
          `${linked.corporationId} for deposits, from the next deposit sync (within 5 minutes). ` +
          'You can close this page.',
      };
    }

    if (attempt.purpose.kind === 'add-character') {
      const session = input.sessionToken ? await this.sessions.find(input.sessionToken) : null;
      if (!session || session.accountId !== attempt.purpose.accountId) {
        throw new UnauthorizedException(
          'Your session ended before the character could be added. Log in and add it again.',
        );
      }
      await this.link(attempt.purpose.accountId, character, tokens, `account:${session.accountId}`);
      return { redirectTo: AFTER_ADD_CHARACTER_PATH };
    }

    const accountId = await this.accountForLogin(character);
    await this.link(accountId, character, tokens, `character:${character.characterId}`);
    const session = await this.sessions.create(
      { accountId, characterId: character.characterId, characterName: character.characterName },
      input.sessionToken,
    );
    return { redirectTo: AFTER_LOGIN_PATH, session };
  }

  private async exchange(code: string, codeVerifier: string, origin: string): Promise<SsoTokens> {
    try {
      return await this.sso.exchangeCode(code, codeVerifier, origin);
    } catch (error) {
      if (error instanceof InvalidGrantError) {
        throw new BadRequestException(`The game's login did not accept this login code. ${START_AGAIN}`);
      }
      if (error instanceof InvalidAccessTokenError) {
        this.logger.warn({ reason: error.reason }, 'An SSO access token failed verification');
        throw new BadRequestException(
          `The game's login sent a token that failed verification. ${START_AGAIN}`,
        );
      }
      if (error instanceof SsoUnavailableError) {
        throw new ServiceUnavailableException(
          "The game's login is not answering right now. Please try again in a minute.",
        );
      }
      if (error instanceof SsoRequestError) {
        this.logger.error({ err: error }, 'The SSO refused the code exchange');
        throw new BadGatewayException("The game's login refused our request; it has been logged.");
      }
      throw error;
    }
  }

  /**
   * The account a login enters: the one holding the character, unless the character changed owner; else the
   * character's own account, whose id follows from the character and owner, so two logins racing to open it
   * open one.
   */
  private async accountForLogin(character: AuthorizedCharacter): Promise<string> {
    const holder = await this.queries.holderOf(character.characterId);
    if (holder && holder.ownerHash === character.ownerHash) return holder.accountId;
    if (holder) await this.release(holder.accountId, character.characterId, 'owner-changed');
    const accountId = uuidV5(`account:${character.characterId}:${character.ownerHash}`);
    try {
      await this.commands.execute(
        new ChangeAccount(
          accountId,
          { type: 'OpenAccount', accountId, character },
          `character:${character.characterId}`,
        ),
      );
    } catch (error) {
      if (!(error instanceof AccountRuleViolation && error.code === 'ACCOUNT_EXISTS')) throw error;
    }
    return accountId;
  }

  /** Links (or re-authorises) the character on the account, keeps its grant, and reads its roles. */
  private async link(
    accountId: string,
    character: AuthorizedCharacter,
    tokens: SsoTokens,
    actor: Actor,
  ): Promise<void> {
    const holder = await this.queries.holderOf(character.characterId);
    if (holder && (holder.accountId !== accountId || holder.ownerHash !== character.ownerHash)) {
      const reason = holder.ownerHash !== character.ownerHash ? 'owner-changed' : 'moved-to-another-account';
      await this.release(holder.accountId, character.characterId, reason);
    }
    const authorized = await this.commands.execute(
      new ChangeAccount(accountId, { type: 'AuthorizeCharacter', character }, actor),
    );
    if (tokens.refreshToken) {
      await this.grants.save(character.characterId, accountId, tokens.refreshToken, character.scopes);
    }
    let position = authorized.position;
    const roles = await this.readRoles(character, tokens.accessToken);
    if (roles) {
      const updated = await this.commands.execute(
        new ChangeAccount(
          accountId,
          { type: 'UpdateCharacterRoles', characterId: character.characterId, roles },
          'system:login',
        ),
      );
      position = updated.position ?? position;
    }
    await this.queries.settle(position);
  }

  private async release(
    accountId: string,
    characterId: number,
    reason: Exclude<CharacterUnlinkReason, 'removed-by-owner'>,
  ): Promise<void> {
    const { position } = await this.commands.execute(
      new ChangeAccount(accountId, { type: 'ReleaseCharacter', characterId, reason }, 'system:login'),
    );
    await this.queries.settle(position);
  }

  /** Roles are a nicety at login (the sync reads them again): an ESI hiccup must not fail the login. */
  private async readRoles(
    character: AuthorizedCharacter,
    accessToken: string,
  ): Promise<readonly string[] | null> {
    if (!character.scopes.includes(ROLES_SCOPE)) return null;
    try {
      return await this.rolesReader.rolesOf(character.characterId, accessToken, character.scopes);
    } catch (error) {
      this.logger.warn(
        { err: error, characterId: character.characterId },
        'Could not read corporation roles at login',
      );
      return null;
    }
  }
}
