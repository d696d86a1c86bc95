import { tradewiseApi } from '../../shared/api';
import { TRADE_LEDGER_TAG } from '../../shared/ui/editable-list';

/** Broker fee overrides change the fees of every matching trade: a change invalidates every ledger read. */
export const brokerFeesApi = tradewiseApi.enhanceEndpoints({
  addTagTypes: [TRADE_LEDGER_TAG],
  endpoints: {
    brokerFeeOverrides: { providesTags: [TRADE_LEDGER_TAG] },
    brokerFeeSuggestions: { providesTags: [TRADE_LEDGER_TAG] },
    addBrokerFeeOverride: { invalidatesTags: [TRADE_LEDGER_TAG] },
    removeBrokerFeeOverride: { invalidatesTags: [TRADE_LEDGER_TAG] },
  },
});

export const {
  useBrokerFeeOverridesQuery,
  useBrokerFeeSuggestionsQuery,
  useAddBrokerFeeOverrideMutation,
  useRemoveBrokerFeeOverrideMutation,
} = brokerFeesApi;
