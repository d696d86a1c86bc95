import { tradewiseApi } from '../../shared/api';
import { TRADE_LEDGER_TAG } from '../../shared/ui/editable-list';

/**
 * Contracts reads carry the ledger's tag (an edited sale or job changes what a bought item has left); raising a
 * quantity consumed invalidates every ledger read.
 */
export const contractsApi = tradewiseApi.enhanceEndpoints({
  addTagTypes: [TRADE_LEDGER_TAG],
  endpoints: {
    boughtContractItems: { providesTags: [TRADE_LEDGER_TAG] },
    editBoughtContractItems: { invalidatesTags: [TRADE_LEDGER_TAG] },
    contract: { providesTags: [TRADE_LEDGER_TAG] },
  },
});

export const { useBoughtContractItemsQuery, useEditBoughtContractItemsMutation, useContractQuery } =
  contractsApi;
