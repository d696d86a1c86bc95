import { tradewiseApi } from '../../shared/api';
import { TRADE_LEDGER_TAG } from '../../shared/ui/editable-list';

/** Pending sales carry the ledger's tag; processing them invalidates every ledger read. */
export const pendingApi = tradewiseApi.enhanceEndpoints({
  addTagTypes: [TRADE_LEDGER_TAG],
  endpoints: {
    unprocessedTransactions: { providesTags: [TRADE_LEDGER_TAG] },
    processUnprocessed: { invalidatesTags: [TRADE_LEDGER_TAG] },
  },
});

export const { useUnprocessedTransactionsQuery, useProcessUnprocessedMutation } = pendingApi;
