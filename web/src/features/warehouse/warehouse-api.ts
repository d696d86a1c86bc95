import { tradewiseApi } from '../../shared/api';
import { TRADE_LEDGER_TAG } from '../../shared/ui/editable-list';

/** Warehouse entries are manual stacks sales draw from: a change invalidates every ledger read. */
export const warehouseApi = tradewiseApi.enhanceEndpoints({
  addTagTypes: [TRADE_LEDGER_TAG],
  endpoints: {
    warehouseEntries: { providesTags: [TRADE_LEDGER_TAG] },
    addWarehouseEntry: { invalidatesTags: [TRADE_LEDGER_TAG] },
    editWarehouseEntry: { invalidatesTags: [TRADE_LEDGER_TAG] },
    removeWarehouseEntry: { invalidatesTags: [TRADE_LEDGER_TAG] },
  },
});

export const {
  useWarehouseEntriesQuery,
  useAddWarehouseEntryMutation,
  useEditWarehouseEntryMutation,
  useRemoveWarehouseEntryMutation,
} = warehouseApi;
