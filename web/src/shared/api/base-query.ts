import {
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import { REQUEST_TIMEOUT_MS, UI_RATE_LIMIT_LOCK_MS } from '../config/constants';
import {
  requestFinished,
  requestStarted,
  requestTimedOut,
  uiRateLimitReleased,
  uiRateLimited,
} from './request-status.slice';
import { accountUnauthorized } from './session-events';

/**
 * Calls bound to the logged-in account (account-area §7) and the staff console; a 401 on them ends the session. The industry
 * calculator (POST /industry/calculate) is public.
 */
const ACCOUNT_BOUND =
  /^\/api\/v1\/(account(\/|$)|profit\/|journal\/|industry\/(?!calculate)|market\/characters\/|staff\/)/;
/** GET /account is the logged-in check itself: its 401 means "logged out", not "session ended". */
const ACCOUNT_CHECK = '/api/v1/account';

/** Double submit: every cookie-authenticated write echoes the readable `tw_csrf` cookie in this header. */
export const CSRF_COOKIE = 'tw_csrf';
export const CSRF_HEADER = 'X-CSRF-Token';
const SAFE_METHODS = new Set(['GET', 'HEAD']);

/** A cookie's value from a `document.cookie` string (the first of repeated names wins), or null. */
export function readCookie(
  name: string,
  cookies = typeof document === 'undefined' ? '' : document.cookie,
): string | null {
  for (const pair of cookies.split(';')) {
    const equals = pair.indexOf('=');
    if (equals <= 0 || pair.slice(0, equals).trim() !== name) continue;
    try {
      return decodeURIComponent(pair.slice(equals + 1).trim());
    } catch {
      return null;
    }
  }
  return null;
}

const methodOf = (args: string | FetchArgs): string =>
  (typeof args === 'string' ? 'GET' : (args.method ?? 'GET')).toUpperCase();

export function isAccountBound(url: string, method = 'GET'): boolean {
  const path = (url.split('?')[0] ?? url).replace(/^https?:\/\/[^/]+/, '');
  if (path.replace(/\/$/, '') === ACCOUNT_CHECK && method.toUpperCase() === 'GET') return false;
  return ACCOUNT_BOUND.test(path);
}

/**
 * The request without its unset query parameters, and without `params` when none is set: RTK Query appends `?`
 * whenever `params` is given, even empty, so `/market/stats/1/2` would be asked as `/market/stats/1/2?`.
 */
export function withoutUnsetParams(args: string | FetchArgs): string | FetchArgs {
  if (typeof args === 'string' || args.params === undefined) return args;
  const set = Object.entries(args.params as Record<string, unknown>).filter(
    ([, value]) => value !== undefined,
  );
  const { params: _unset, ...rest } = args;
  return set.length === 0 ? rest : { ...rest, params: Object.fromEntries(set) };
}

const fetchJsonOrText = fetchBaseQuery({
  baseUrl: '',
  timeout: REQUEST_TIMEOUT_MS,
  credentials: 'same-origin',
  // Requests send JSON and accept JSON or text; writes carry the CSRF token.
  prepareHeaders: (headers, { arg }) => {
    headers.set('Accept', 'application/json, text/plain;q=0.9');
    const csrfToken = SAFE_METHODS.has(methodOf(arg)) ? null : readCookie(CSRF_COOKIE);
    if (csrfToken) headers.set(CSRF_HEADER, csrfToken);
    return headers;
  },
  responseHandler: 'content-type',
});

/**
 * The one HTTP layer: sends the CSRF token with writes, counts running requests (the header spinner), reports
 * timeouts ('Request timed out'), the 420 UI rate limit ('Too fast!', locked for a second) and a 401 on
 * account-bound calls.
 */
export const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (
  args,
  api,
  extraOptions,
) => {
  api.dispatch(requestStarted());
  try {
    const result = await fetchJsonOrText(withoutUnsetParams(args), api, extraOptions);
    const status = result.error?.status;
    const url = typeof args === 'string' ? args : args.url;
    const method = methodOf(args);
    if (status === 'TIMEOUT_ERROR') api.dispatch(requestTimedOut());
    if (status === 420) {
      api.dispatch(uiRateLimited());
      setTimeout(() => api.dispatch(uiRateLimitReleased()), UI_RATE_LIMIT_LOCK_MS);
    }
    if (status === 401 && isAccountBound(url, method)) api.dispatch(accountUnauthorized());
    return result;
  } finally {
    api.dispatch(requestFinished());
  }
};
