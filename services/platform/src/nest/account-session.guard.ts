import {
  ForbiddenException,
  Inject,
  Injectable,
  UnauthorizedException,
  createParamDecorator,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';

/** DI token of the {@link SessionAuthenticator} (accounts provides it). */
export const SESSION_AUTHENTICATOR = Symbol('SESSION_AUTHENTICATOR');

/** The logged-in session behind a request. */
export interface AccountSession {
  readonly accountId: string;
  readonly characterId: number;
  readonly characterName: string;
  readonly csrfToken: string;
  /** The cookie's token (to end the session). */
  readonly token: string;
}

/** The HTTP request as the authenticator needs it (Express's request satisfies it). */
export interface SessionRequest {
  readonly method: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly params?: Readonly<Record<string, string>>;
}

/**
 * Checks a request's session (401 when there is none) and, for writes, its CSRF protection (403). Owned by the
 * accounts context; every context's account-bound routes use it through {@link AccountSessionGuard}.
 */
export interface SessionAuthenticator {
  authenticate(request: SessionRequest): Promise<AccountSession>;
}

type RequestWithSession = SessionRequest & { tradewiseSession?: AccountSession };

/**
 * Guards account-bound routes: a live session, CSRF-checked writes, and a route's `{account}` parameter must be
 * the session's own account (403 otherwise), so no handler can forget that check.
 */
@Injectable()
export class AccountSessionGuard implements CanActivate {
  constructor(@Inject(SESSION_AUTHENTICATOR) private readonly authenticator: SessionAuthenticator) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<RequestWithSession>();
    const session = await this.authenticator.authenticate(request);
    const account = request.params?.['account'];
    if (account !== undefined && account !== session.accountId) {
      throw new ForbiddenException('This is not your account.');
    }
    request.tradewiseSession = session;
    return true;
  }
}

/** The session the {@link AccountSessionGuard} admitted. */
export const CurrentSession = createParamDecorator(
  (_data: unknown, context: ExecutionContext): AccountSession => {
    const session = context.switchToHttp().getRequest<RequestWithSession>().tradewiseSession;
    if (!session) throw new UnauthorizedException('You are not logged in.');
    return session;
  },
);
