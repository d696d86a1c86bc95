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
 * Calls bound to the logged-in account (account-area §7); a 401 on them ends the session. The industry
 * calculator (POST /industry/calculate) is public.
 */
const ACCOUNT_BOUND =
  /^\/api\/v1\/(account(\/|$)|profit\/|journal\/|industry\/(?!calculate)|market\/characters\/)/;
/** GET /account is the logged-in check itself: its 401 means "logged out", not "session ended". */
const ACCOUNT_CHECK = '/api/v1/account';

export function isAccountBound(url: string, method = 'GET'): boolean {
  const path = (url.split('?')[0] ?? url).replace(/^https?:\/\/[^/]+/, '');
  if (path.replace(/\/$/, '') === ACCOUNT_CHECK && method.toUpperCase() === 'GET') return false;
  return ACCOUNT_BOUND.test(path);
}

const fetchJsonOrText = fetchBaseQuery({
  baseUrl: '',
  timeout: REQUEST_TIMEOUT_MS,
  credentials: 'same-origin',
  // Requests send JSON and accept JSON or text.
  prepareHeaders: (headers) => {
    headers.set('Accept', 'application/json, text/plain;q=0.9');
    return headers;
  },
  responseHandler: 'content-type',
});

/**
 * The one HTTP layer: counts running requests (the header spinner), reports timeouts ('Request timed out'), the
 * 420 UI rate limit ('Too fast!', locked for a second) and a 401 on account-bound calls.
 */
export const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (
  args,
  api,
  extraOptions,
) => {
  api.dispatch(requestStarted());
  try {
    const result = await fetchJsonOrText(args, api, extraOptions);
    const status = result.error?.status;
    const url = typeof args === 'string' ? args : args.url;
    const method = typeof args === 'string' ? 'GET' : (args.method ?? 'GET');
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
