import { tradewiseApi } from '../../shared/api';
import { TRADE_LEDGER_TAG } from '../../shared/ui/editable-list';

/**
 * Contract Profits reads carry the ledger's tag (an edited purchase changes what a contract's items cost); its
 * edits invalidate every ledger read.
 */
export const contractProfitsApi = tradewiseApi.enhanceEndpoints({
  addTagTypes: [TRADE_LEDGER_TAG],
  endpoints: {
    contractProfits: { providesTags: [TRADE_LEDGER_TAG] },
    editContractProfits: { invalidatesTags: [TRADE_LEDGER_TAG] },
    deleteContractProfits: { invalidatesTags: [TRADE_LEDGER_TAG] },
  },
});

export const { useContractProfitsQuery, useEditContractProfitsMutation, useDeleteContractProfitsMutation } =
  contractProfitsApi;
