import type { EsiCharacterOrder, EsiCharacterOrderHistory } from '@tradewise/contracts';
import type { AccountQueries } from '../account/account-queries';
import { storedMarketOrder } from '../in-game/character-orders';
import type { MarketOrderRecorder } from './market-order-recorder';

/** The sync's answer of a character's open orders (the sync context's `CharacterOrdersAnswer`). */
interface SyncOrdersAnswer {
  readonly orders: readonly EsiCharacterOrder[];
  readonly freshUntil: Date;
  orderHistory(): Promise<readonly EsiCharacterOrderHistory[]>;
}

/**
 * The sync worker's record of each read of open orders (its `MarketOrdersRecorder` port). The sync names no
 * structures (that takes a call per structure); the names the owner's reads found are kept.
 */
export class MarketOrderSyncRecords {
  constructor(
    private readonly recorder: MarketOrderRecorder,
    private readonly queries: AccountQueries,
    private readonly now: () => Date,
  ) {}

  async ordersRead(accountId: string, characterId: number, answer: SyncOrdersAnswer): Promise<void> {
    const character = await this.queries.character(accountId, characterId);
    if (!character) return;
    await this.recorder.record(
      {
        accountId,
        characterName: character.name,
        actor: 'system:sync',
        orderHistory: answer.orderHistory,
      },
      {
        type: 'RecordMarketOrders',
        characterId,
        readAt: this.now().toISOString(),
        expires: answer.freshUntil.toISOString(),
        orders: answer.orders.map((order) => storedMarketOrder(order, new Map())),
      },
    );
  }
}
