import { baseApi } from '../api/base-api';
import type { Account } from './account.types';

/**
 * GET /account (also the logged-in check) and POST /account/logout. Hand-written until the accounts service
 * publishes them in contracts/openapi.json; a 401 is an answer here (logged out), not an error, and so is the
 * 404 the server gives while the route does not exist.
 */
export const accountApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getAccount: build.query<Account | null, void>({
      async queryFn(_arg, _api, _extra, fetchWithBaseQuery) {
        const result = await fetchWithBaseQuery('/api/v1/account');
        if (result.error) {
          const { status } = result.error;
          return status === 401 || status === 404 ? { data: null } : { error: result.error };
        }
        return { data: result.data as Account };
      },
      providesTags: ['Account'],
    }),
    logout: build.mutation<null, void>({
      query: () => ({ url: '/api/v1/account/logout', method: 'POST' }),
    }),
  }),
});

export const { useGetAccountQuery, useLogoutMutation } = accountApi;

/** Browser navigation that starts the game's single sign-on. */
export const LOGIN_URL = '/api/v1/login/redirect';

export function startLogin(): void {
  window.location.assign(LOGIN_URL);
}
