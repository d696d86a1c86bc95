import { tradewiseApi } from '../../shared/api';

/**
 * The Market Orders page's calls (account-area §7), from the generated client:
 * - GET /market/characters/{id}/orders: the orders of the last read; POST /account/characters/{id}/updateMarketOrders
 *   reads them anew (Refresh Orders) and its answer replaces the cached orders;
 * - GET /market/characters/{id}/similar and /similarPrivate: the public and private books (Refresh Prices and
 *   Refresh Private Prices read them again);
 * - POST /account/characters/{id}/ui/openwindow/marketdetails/{typeId}: opens the item's market window in game.
 */
export const marketOrdersApi = tradewiseApi.enhanceEndpoints({
  endpoints: {
    characterUpdateMarketOrders: {
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(tradewiseApi.util.upsertQueryData('characterMarketOrders', { id }, data));
        } catch {
          // The page reports the failure; the cached orders stay as they were.
        }
      },
    },
  },
});

export const {
  useCharacterMarketOrdersQuery,
  useCharacterSimilarOrdersQuery,
  useCharacterSimilarPrivateOrdersQuery,
  useCharacterUpdateMarketOrdersMutation,
  useCharacterOpenMarketDetailsMutation,
} = marketOrdersApi;
