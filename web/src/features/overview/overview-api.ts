import { tradewiseApi } from '../../shared/api';

export const OVERVIEW_TAG = 'Overview';

/**
 * The Overview's reads carry the 'Overview' tag, invalidated when a sync has imported more rows. Edits made on
 * the list pages reach it because every read is repeated when the page opens (`refetchOnMountOrArgChange`).
 */
export const overviewApi = tradewiseApi.enhanceEndpoints({
  addTagTypes: [OVERVIEW_TAG],
  endpoints: {
    profitDaily: { providesTags: [OVERVIEW_TAG] },
    profitHourly: { providesTags: [OVERVIEW_TAG] },
    profitItems: { providesTags: [OVERVIEW_TAG] },
    manufacturingItems: { providesTags: [OVERVIEW_TAG] },
    journalStats: { providesTags: [OVERVIEW_TAG] },
    brokerFeeEstimates: { providesTags: [OVERVIEW_TAG] },
  },
});

export const {
  useProfitDailyQuery,
  useProfitHourlyQuery,
  useProfitItemsQuery,
  useManufacturingItemsQuery,
  useJournalStatsQuery,
  useBrokerFeeEstimatesQuery,
  useSearchTypesQuery,
} = overviewApi;
