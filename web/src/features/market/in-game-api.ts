import { baseApi } from '../../shared/api';

/**
 * The account calls of the market browser's logged-in extras, as public-tools §7 and account-area §7 name them.
 * The server does not offer them yet (they need the character's ESI token, so they belong to the accounts
 * context), so they are not in the generated client: they are declared here, in one place, and are to be
 * replaced by the generated hooks once the routes exist.
 * - POST /account/characters/{id}/ui/openwindow/marketdetails/{typeId}: opens the item's market window in game
 * - POST /account/characters/{id}/updateLocation: reads the character's location; answers systemId, systemName
 * - POST /account/characters/{id}/updateRoute: body addToBeginning, clearOtherWaypoints, destinationId
 * - GET /market/characters/{id}/orders: the character's open orders (for the 'my orders' filter)
 */
export const inGameApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    marketBrowserOpenMarketDetails: build.mutation<unknown, { characterId: number; typeId: number }>({
      query: ({ characterId, typeId }) => ({
        url: `/api/v1/account/characters/${characterId}/ui/openwindow/marketdetails/${typeId}`,
        method: 'POST',
      }),
    }),
    marketBrowserUpdateLocation: build.mutation<
      { systemId: number; systemName: string },
      { characterId: number }
    >({
      query: ({ characterId }) => ({
        url: `/api/v1/account/characters/${characterId}/updateLocation`,
        method: 'POST',
      }),
    }),
    marketBrowserUpdateRoute: build.mutation<
      unknown,
      { characterId: number; addToBeginning: boolean; clearOtherWaypoints: boolean; destinationId: number }
    >({
      query: ({ characterId, ...body }) => ({
        url: `/api/v1/account/characters/${characterId}/updateRoute`,
        method: 'POST',
        body,
      }),
    }),
    marketBrowserCharacterOrders: build.query<unknown, { characterId: number }>({
      query: ({ characterId }) => ({ url: `/api/v1/market/characters/${characterId}/orders` }),
    }),
  }),
});

export const {
  useMarketBrowserOpenMarketDetailsMutation,
  useMarketBrowserUpdateLocationMutation,
  useMarketBrowserUpdateRouteMutation,
  useMarketBrowserCharacterOrdersQuery,
} = inGameApi;
