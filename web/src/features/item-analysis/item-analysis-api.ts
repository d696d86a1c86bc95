import { tradewiseApi } from '../../shared/api';

export const ITEM_HISTORY_TAG = 'ItemHistory';

/** Item Analysis reads carry the 'ItemHistory' tag, invalidated when a sync has imported more rows. */
export const itemAnalysisApi = tradewiseApi.enhanceEndpoints({
  addTagTypes: [ITEM_HISTORY_TAG],
  endpoints: {
    itemHistory: { providesTags: [ITEM_HISTORY_TAG] },
    itemHistoryOfType: { providesTags: [ITEM_HISTORY_TAG] },
  },
});

export const { useItemHistoryQuery, useItemHistoryOfTypeQuery } = itemAnalysisApi;
