import { tradewiseApi } from '../../shared/api';

/**
 * The Account page's writes. Each one re-reads the account (the 'Account' tag of the session's GET /account),
 * also when it fails, so the table always shows what the server holds.
 */
const accountWrites = tradewiseApi.enhanceEndpoints({
  endpoints: {
    changeAccountSettings: { invalidatesTags: ['Account'] },
    changeCharacterSettings: { invalidatesTags: ['Account'] },
    removeCharacter: { invalidatesTags: ['Account'] },
  },
});

export const {
  useChangeAccountSettingsMutation,
  useChangeCharacterSettingsMutation,
  useRemoveCharacterMutation,
} = accountWrites;
