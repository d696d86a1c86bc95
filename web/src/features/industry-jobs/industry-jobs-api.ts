import { tradewiseApi } from '../../shared/api';
import { TRADE_LEDGER_TAG } from '../../shared/ui/editable-list';

/** Industry Jobs reads carry the ledger's tag; a consumed edit or a re-process invalidates every ledger read. */
export const industryJobsApi = tradewiseApi.enhanceEndpoints({
  addTagTypes: [TRADE_LEDGER_TAG],
  endpoints: {
    manufacturingResults: { providesTags: [TRADE_LEDGER_TAG] },
    editManufacturingResult: { invalidatesTags: [TRADE_LEDGER_TAG] },
  },
});

export const { useManufacturingResultsQuery, useEditManufacturingResultMutation } = industryJobsApi;
