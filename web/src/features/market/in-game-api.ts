import { tradewiseApi } from '../../shared/api';

/**
 * The account calls of the market browser's logged-in extras (public-tools §2, account-area §7), from the
 * generated client. They act through the character's own ESI token:
 * - POST /account/characters/{id}/ui/openwindow/marketdetails/{typeId}: opens the item's market window in game
 * - POST /account/characters/{id}/updateLocation: reads the character's location; answers systemId, systemName
 * - POST /account/characters/{id}/updateRoute: body addToBeginning, clearOtherWaypoints, destinationId
 * - GET /market/characters/{id}/orders: the character's open orders (for the 'my orders' filter)
 */
export const inGameApi = tradewiseApi;

export const {
  useCharacterOpenMarketDetailsMutation,
  useCharacterUpdateLocationMutation,
  useCharacterUpdateRouteMutation,
} = inGameApi;
