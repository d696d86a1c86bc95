import { baseApi } from '../api/base-api';
import { tradewiseApi, type Account } from '../api/generated/tradewise-api';

/**
 * GET /account is also the logged-in check: its 401 is an answer (logged out, data null), not an error. This
 * replaces the generated `getAccount` (imported above, so injected before this override), and every reader of
 * the account shares its one cache entry; read it through this module, not through `tradewiseApi`.
 */
export const accountApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getAccount: build.query<Account | null, void>({
      async queryFn(_arg, _api, _extra, fetchWithBaseQuery) {
        const result = await fetchWithBaseQuery('/api/v1/account');
        if (result.error) return result.error.status === 401 ? { data: null } : { error: result.error };
        return { data: result.data as Account };
      },
      providesTags: ['Account'],
    }),
  }),
  overrideExisting: true,
});

export const { useGetAccountQuery } = accountApi;
export const { useLogoutMutation } = tradewiseApi;

/** Browser navigation that starts the game's single sign-on. */
export const LOGIN_URL = '/api/v1/login/redirect';

export function startLogin(): void {
  window.location.assign(LOGIN_URL);
}
