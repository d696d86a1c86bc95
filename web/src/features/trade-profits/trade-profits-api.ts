import { tradewiseApi } from '../../shared/api';
import { TRADE_LEDGER_TAG } from '../../shared/ui/editable-list';

/** Trade Profits reads carry the ledger's tag; its edits invalidate every ledger read. */
export const tradeProfitsApi = tradewiseApi.enhanceEndpoints({
  addTagTypes: [TRADE_LEDGER_TAG],
  endpoints: {
    tradeProfits: { providesTags: [TRADE_LEDGER_TAG] },
    editTradeProfits: { invalidatesTags: [TRADE_LEDGER_TAG] },
    deleteTradeProfits: { invalidatesTags: [TRADE_LEDGER_TAG] },
  },
});

export const { useTradeProfitsQuery, useEditTradeProfitsMutation, useDeleteTradeProfitsMutation } =
  tradeProfitsApi;
