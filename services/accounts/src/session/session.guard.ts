import { timingSafeEqual } from 'node:crypto';
import {
  ForbiddenException,
  Inject,
  Injectable,
  UnauthorizedException,
  createParamDecorator,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import type { Request } from 'express';
import { CSRF_HEADER, SESSION_COOKIE, readCookies } from './session-cookies';
import { SessionStore, type Session } from './session.store';

export interface AuthenticatedSession extends Session {
  readonly token: string;
}

type RequestWithSession = Request & { tradewiseSession?: AuthenticatedSession };

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A browser names the page a request comes from; a write from another site is refused whatever it carries. */
function crossSite(request: Request): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite === 'cross-site' || fetchSite === 'same-site') return true;
  const origin = request.headers.origin;
  if (!origin || origin === 'null') return origin === 'null';
  try {
    return new URL(origin).host !== request.headers.host;
  } catch {
    return true;
  }
}

/**
 * Account-bound routes: a live server-side session, and for writes a CSRF token (double submit: the
 * X-CSRF-Token header must equal the session's token, which only pages of our origin can read from its cookie).
 */
@Injectable()
export class SessionGuard implements CanActivate {
  constructor(@Inject(SessionStore) private readonly sessions: SessionStore) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<RequestWithSession>();
    const token = readCookies(request).get(SESSION_COOKIE);
    const session = token ? await this.sessions.find(token) : null;
    if (!token || !session) throw new UnauthorizedException('You are not logged in.');
    if (!SAFE_METHODS.has(request.method)) {
      const sent = request.headers[CSRF_HEADER];
      if (crossSite(request) || typeof sent !== 'string' || !sameSecret(sent, session.csrfToken)) {
        throw new ForbiddenException(
          'This change was refused because it did not come from a Tradewise page. Reload the page and try again.',
        );
      }
    }
    request.tradewiseSession = { ...session, token };
    return true;
  }
}

/** The session the {@link SessionGuard} admitted. */
export const CurrentSession = createParamDecorator(
  (_data: unknown, context: ExecutionContext): AuthenticatedSession => {
    const session = context.switchToHttp().getRequest<RequestWithSession>().tradewiseSession;
    if (!session) throw new UnauthorizedException('You are not logged in.');
    return session;
  },
);
