import { tradewiseApi } from '../../shared/api';
import { TRADE_LEDGER_TAG } from '../../shared/ui/editable-list';

/** Transactions reads carry the ledger's tag; raising a counter invalidates every ledger read. */
export const transactionsApi = tradewiseApi.enhanceEndpoints({
  addTagTypes: [TRADE_LEDGER_TAG],
  endpoints: {
    walletTransactions: { providesTags: [TRADE_LEDGER_TAG] },
    editWalletTransactions: { invalidatesTags: [TRADE_LEDGER_TAG] },
  },
});

export const { useWalletTransactionsQuery, useEditWalletTransactionsMutation } = transactionsApi;
