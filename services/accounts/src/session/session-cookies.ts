import type { CookieOptions, Request, Response } from 'express';
import { SESSION_ABSOLUTE_TIMEOUT_MS } from './session.store';

export const SESSION_COOKIE = 'tw_session';
/** Readable by the page's scripts, which copy it into the X-CSRF-Token header (double submit). */
export const CSRF_COOKIE = 'tw_csrf';
export const CSRF_HEADER = 'x-csrf-token';
/** Ties a login's callback to the browser that started it (the `state`), so nobody can log a victim in. */
export const LOGIN_STATE_COOKIE = 'tw_login';
export const LOGIN_STATE_MAX_AGE_MS = 10 * 60_000;

/** Cookie values by name (RFC 6265 `cookie` header; the first of repeated names wins). */
export function readCookies(request: {
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
}): Map<string, string> {
  const cookies = new Map<string, string>();
  const header = request.headers['cookie'];
  for (const pair of (typeof header === 'string' ? header : '').split(';')) {
    const equals = pair.indexOf('=');
    if (equals <= 0) continue;
    const name = pair.slice(0, equals).trim();
    if (cookies.has(name)) continue;
    try {
      cookies.set(name, decodeURIComponent(pair.slice(equals + 1).trim()));
    } catch {
      // A value that is not valid percent-encoding is not one of ours.
    }
  }
  return cookies;
}

function base(request: Request): CookieOptions {
  // `secure` follows the request: behind https (or a proxy saying so, see trust proxy), the cookie is Secure.
  return { sameSite: 'lax', secure: request.secure, path: '/' };
}

export function setSessionCookies(
  request: Request,
  response: Response,
  token: string,
  csrfToken: string,
): void {
  const maxAge = SESSION_ABSOLUTE_TIMEOUT_MS;
  response.cookie(SESSION_COOKIE, token, { ...base(request), httpOnly: true, maxAge });
  response.cookie(CSRF_COOKIE, csrfToken, { ...base(request), httpOnly: false, maxAge });
}

export function clearSessionCookies(request: Request, response: Response): void {
  response.clearCookie(SESSION_COOKIE, { ...base(request), httpOnly: true });
  response.clearCookie(CSRF_COOKIE, { ...base(request), httpOnly: false });
}

export function setLoginStateCookie(request: Request, response: Response, state: string): void {
  response.cookie(LOGIN_STATE_COOKIE, state, {
    ...base(request),
    path: '/api/v1/login',
    httpOnly: true,
    maxAge: LOGIN_STATE_MAX_AGE_MS,
  });
}

export function clearLoginStateCookie(request: Request, response: Response): void {
  response.clearCookie(LOGIN_STATE_COOKIE, { ...base(request), path: '/api/v1/login', httpOnly: true });
}
