import {
  tradewiseApi,
  type AppraisalCreateApiArg,
  type AppraisalCreateApiResponse,
  type AppraisalGetApiResponse,
  type AppraisalHistoryApiResponse,
  type AppraisalParseApiResponse,
} from '../../shared/api';

export const APPRAISAL_HISTORY_TAG = 'AppraisalHistory';

/** A new saved appraisal shows in the history at once. */
export const appraisalApi = tradewiseApi.enhanceEndpoints({
  addTagTypes: [APPRAISAL_HISTORY_TAG],
  endpoints: {
    appraisalHistory: { providesTags: [APPRAISAL_HISTORY_TAG] },
    appraisalCreate: { invalidatesTags: [APPRAISAL_HISTORY_TAG] },
  },
});

export const {
  useAppraisalCreateMutation,
  useAppraisalGetQuery,
  useAppraisalHubsMutation,
  useAppraisalHistoryQuery,
  useAppraisalParseMutation,
  useMarketStatsQuery,
  usePublicStructuresQuery,
  useRegionsQuery,
} = appraisalApi;

export type Appraisal = AppraisalGetApiResponse;
export type AppraisalItem = Appraisal['items'][number];
export type AppraisalSummary = AppraisalHistoryApiResponse[number];
export type PasteReading = AppraisalParseApiResponse;
export type AppraisalCreated = AppraisalCreateApiResponse;
export type AppraisalCreateBody = AppraisalCreateApiArg['body'];
