import { tradewiseApi } from '../../shared/api';

/**
 * A character's settings live on the account: a change re-reads the account (the 'Account' tag of the session's
 * GET /account), also when it fails, so the rows show what the server stored.
 */
const characterSettingsApi = tradewiseApi.enhanceEndpoints({
  endpoints: {
    changeCharacterSettings: { invalidatesTags: ['Account'] },
  },
});

export const { useChangeCharacterSettingsMutation, useRegionsQuery } = characterSettingsApi;
