import { Controller, Get, Inject, Query, Req, Res } from '@nestjs/common';
import {
  ApiBadGatewayResponse,
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiExcludeEndpoint,
  ApiForbiddenResponse,
  ApiFoundResponse,
  ApiOperation,
  ApiOkResponse,
  ApiQuery,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CORPORATION_WALLET_SCOPE } from '@tradewise/contracts';
import {
  SESSION_COOKIE,
  clearLoginStateCookie,
  readCookies,
  setLoginStateCookie,
  setSessionCookies,
  LOGIN_STATE_COOKIE,
} from '../session/session-cookies';
import type { LoginRateLimiter } from './login-rate-limiter';
import type { LoginPurpose } from './login-attempts';
import { LoginService } from './login.service';
import { ServiceCharacterLogin } from './service-character-login';

/**
 * Where the browser reached us, e.g. `http://localhost:3000` (proxies are trusted as configured): from the Host
 * header, so only to compare with configured origins, never to build a URL from.
 */
export function requestOrigin(request: Request): string {
  return `${request.protocol}://${request.get('host') ?? 'localhost'}`;
}

export const LOGIN_RATE_LIMITER = Symbol('LOGIN_RATE_LIMITER');

/** Starts a login or an add-character round trip: counts the attempt, binds its state to the browser, redirects. */
export async function redirectToSso(
  login: LoginService,
  limiter: LoginRateLimiter,
  request: Request,
  response: Response,
  purpose: LoginPurpose,
  scopes?: readonly string[],
  /** Checked once the browser is at the login's origin, before the attempt is stored. */
  allowed?: () => Promise<void>,
): Promise<void> {
  limiter.take(request.ip ?? 'unknown');
  response.setHeader('Cache-Control', 'no-store');
  const asked = requestOrigin(request);
  const origin = login.loginOrigin(asked);
  if (origin !== asked) {
    // The login cookie must be set on the host the SSO returns to: the browser moves there first.
    response.redirect(302, `${origin}${request.originalUrl}`);
    return;
  }
  await allowed?.();
  const { url, state } = await login.begin(purpose, origin, scopes);
  setLoginStateCookie(request, response, state);
  response.redirect(302, url);
}

/** The game's single sign-on: start a login, and the callback the SSO sends the browser back to. */
@ApiTags('Login')
@Controller('login')
export class LoginController {
  constructor(
    @Inject(LoginService) private readonly login: LoginService,
    @Inject(LOGIN_RATE_LIMITER) private readonly limiter: LoginRateLimiter,
    @Inject(ServiceCharacterLogin) private readonly serviceCharacter: ServiceCharacterLogin,
  ) {}

  @Get('redirect')
  @ApiOperation({ summary: "Starts a login: redirects the browser to the game's single sign-on" })
  @ApiFoundResponse({ description: 'To the SSO authorize page' })
  @ApiTooManyRequestsResponse({ description: 'Too many login attempts from this address' })
  async startLogin(@Req() request: Request, @Res() response: Response): Promise<void> {
    await redirectToSso(this.login, this.limiter, request, response, { kind: 'login' });
  }

  /**
   * The operator's service-character login (the one-time URL `POST /admin/service-character/login` answers):
   * the SSO asks for the corporation wallet scope only. Operator-only, so not in the public API document.
   */
  @Get('service-character')
  @ApiExcludeEndpoint()
  async startServiceCharacterLogin(
    @Req() request: Request,
    @Res() response: Response,
    @Query('ticket') ticket?: string,
  ): Promise<void> {
    await redirectToSso(
      this.login,
      this.limiter,
      request,
      response,
      { kind: 'service-character' },
      [CORPORATION_WALLET_SCOPE],
      () => this.serviceCharacter.redeem(typeof ticket === 'string' ? ticket : undefined),
    );
  }

  @Get('callback')
  @ApiOperation({
    summary: 'Where the SSO returns: verifies the login, opens the session, redirects to the app',
  })
  @ApiQuery({ name: 'code', required: false })
  @ApiQuery({ name: 'state', required: false })
  @ApiQuery({ name: 'error', required: false, description: 'Set by the SSO when the player cancelled' })
  @ApiFoundResponse({
    description: 'To /index after a login, to /addCharacterComplete after adding a character',
  })
  @ApiOkResponse({
    description: "A page of text for the operator's service-character login",
    content: { 'text/plain': { schema: { type: 'string' } } },
  })
  @ApiBadRequestResponse({
    description: 'The code or state is missing, expired, used or refused by the SSO, or a scope is missing',
  })
  @ApiUnauthorizedResponse({ description: 'The session ended before the character could be added' })
  @ApiForbiddenResponse({ description: 'A service character of another corporation' })
  @ApiConflictResponse({
    description: 'A service-character login where no product corporation is configured',
  })
  @ApiTooManyRequestsResponse({ description: 'Too many login attempts from this address' })
  @ApiBadGatewayResponse({ description: "The game's login refused our request" })
  @ApiServiceUnavailableResponse({ description: "The game's login did not answer" })
  async completeLogin(
    @Req() request: Request,
    @Res() response: Response,
    @Query('code') code?: string,
    @Query('state') state?: string,
    @Query('error') error?: string,
  ): Promise<void> {
    this.limiter.take(request.ip ?? 'unknown');
    const cookies = readCookies(request);
    clearLoginStateCookie(request, response);
    response.setHeader('Cache-Control', 'no-store');
    if (error && !code) {
      // The player cancelled at the SSO: back where they came from, nothing changed.
      response.redirect(302, await this.login.cancel(typeof state === 'string' ? state : undefined));
      return;
    }
    const outcome = await this.login.complete({
      code: typeof code === 'string' ? code : undefined,
      state: typeof state === 'string' ? state : undefined,
      stateCookie: cookies.get(LOGIN_STATE_COOKIE),
      origin: requestOrigin(request),
      sessionToken: cookies.get(SESSION_COOKIE),
    });
    if (outcome.session) {
      setSessionCookies(request, response, outcome.session.token, outcome.session.session.csrfToken);
    }
    if (outcome.message !== undefined) {
      response.type('text/plain').send(outcome.message);
      return;
    }
    response.redirect(302, outcome.redirectTo ?? '/');
  }
}
