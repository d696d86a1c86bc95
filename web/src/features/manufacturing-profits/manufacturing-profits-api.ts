import { tradewiseApi } from '../../shared/api';
import { TRADE_LEDGER_TAG } from '../../shared/ui/editable-list';

/**
 * Manufacturing Profits reads carry the ledger's tag (an edited purchase or job changes what a build cost); its
 * edits invalidate every ledger read.
 */
export const manufacturingProfitsApi = tradewiseApi.enhanceEndpoints({
  addTagTypes: [TRADE_LEDGER_TAG],
  endpoints: {
    manufacturingProfits: { providesTags: [TRADE_LEDGER_TAG] },
    editManufacturingProfits: { invalidatesTags: [TRADE_LEDGER_TAG] },
    deleteManufacturingProfits: { invalidatesTags: [TRADE_LEDGER_TAG] },
  },
});

export const {
  useManufacturingProfitsQuery,
  useEditManufacturingProfitsMutation,
  useDeleteManufacturingProfitsMutation,
} = manufacturingProfitsApi;
