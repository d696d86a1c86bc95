import {
  CHARACTER_MARKET_ORDERS_READ_MODEL,
  ordersAfterRead,
  type CharacterMarketOrdersDocument,
  type MarketOrderEvent,
} from '@tradewise/contracts';
import type { Projection } from '../runner/projection';

/** Each character's open market orders as the last read found them (GET /market/characters/{id}/orders). */
export const characterMarketOrdersProjection: Projection<CharacterMarketOrdersDocument> = {
  name: CHARACTER_MARKET_ORDERS_READ_MODEL,
  version: 1,
  eventTypes: ['MarketOrdersRead'],
  streamCategories: ['marketOrders'],
  documentIds: (event) => [String((event as unknown as MarketOrderEvent).data.characterId)],
  evolve: (document, recorded) => {
    const { data } = recorded as unknown as MarketOrderEvent;
    return {
      _id: String(data.characterId),
      characterId: data.characterId,
      readAt: data.readAt,
      expires: data.expires,
      orders: ordersAfterRead(document?.orders ?? [], data),
    };
  },
};
