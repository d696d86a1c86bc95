import type { PrivateMarkets } from '@tradewise/accounts';
import type { StructureMarkets } from '@tradewise/market';

/** Accounts' private prices, read by the market context's structure markets with the character's own client. */
export function accountPrivateMarkets(markets: StructureMarkets): PrivateMarkets {
  return {
    read: (characterId, esi, structureIds) =>
      markets.read(
        { characterId, orders: (structureId) => esi.getStructureOrders(characterId, structureId) },
        structureIds,
      ),
  };
}
