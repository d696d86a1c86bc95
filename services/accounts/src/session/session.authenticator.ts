import { timingSafeEqual } from 'node:crypto';
import { ForbiddenException, Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import type { AccountSession, SessionAuthenticator, SessionRequest } from '@tradewise/platform';
import { CSRF_HEADER, SESSION_COOKIE, readCookies } from './session-cookies';
import { SessionStore } from './session.store';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A browser names the page a request comes from; a write from another site is refused whatever it carries. */
function crossSite(request: SessionRequest): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite === 'cross-site' || fetchSite === 'same-site') return true;
  const origin = request.headers['origin'];
  if (typeof origin !== 'string' || origin === 'null') return origin === 'null';
  try {
    return new URL(origin).host !== request.headers['host'];
  } catch {
    return true;
  }
}

/**
 * The platform's session check, backed by the server-side sessions: a live session, and for writes a CSRF token
 * (double submit: the X-CSRF-Token header must equal the session's token, which only pages of our origin can read
 * from its cookie) from a page that is not cross-site.
 */
@Injectable()
export class CookieSessionAuthenticator implements SessionAuthenticator {
  constructor(@Inject(SessionStore) private readonly sessions: SessionStore) {}

  async authenticate(request: SessionRequest): Promise<AccountSession> {
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
    return {
      accountId: session.accountId,
      characterId: session.characterId,
      characterName: session.characterName,
      csrfToken: session.csrfToken,
      token,
    };
  }
}
