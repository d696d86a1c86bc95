import type { EsiCharacterOrder, EsiCharacterOrderHistory } from '@tradewise/contracts';
import { EsiMissingScopeError, EsiThrottledError, type EsiClient, type Logger } from '@tradewise/platform';

/** One answer of ESI's open orders of a character, and how to read what became of those that left it. */
export interface CharacterOrdersAnswer {
  readonly orders: readonly EsiCharacterOrder[];
  readonly freshUntil: Date;
  orderHistory(): Promise<readonly EsiCharacterOrderHistory[]>;
}

/** Records a read of a character's open orders (accounts implements it: RecordMarketOrders and its alerts). */
export interface MarketOrdersRecorder {
  ordersRead(accountId: string, characterId: number, answer: CharacterOrdersAnswer): Promise<void>;
}

/**
 * Reads each synced character's open orders, so the Market Orders page opens on recent ones and the account's
 * Discord webhook hears of fills between visits. A character that did not grant the orders scope is left out; any
 * other failure is logged and does not fail the sync (the wallet is what a sync must read).
 */
export class CharacterOrdersSync {
  constructor(
    private readonly esi: Pick<EsiClient, 'getCharacterOrders' | 'getCharacterOrderHistory'>,
    private readonly recorder: MarketOrdersRecorder,
    private readonly logger: Logger,
  ) {}

  async refresh(accountId: string, characterId: number): Promise<void> {
    try {
      const { data, freshUntil } = await this.esi.getCharacterOrders(characterId);
      await this.recorder.ordersRead(accountId, characterId, {
        orders: data,
        freshUntil,
        orderHistory: async () => (await this.esi.getCharacterOrderHistory(characterId)).data,
      });
    } catch (error) {
      if (error instanceof EsiMissingScopeError) return;
      if (error instanceof EsiThrottledError) throw error;
      this.logger.warn({ err: error, accountId, characterId }, 'Could not read open orders in a sync');
    }
  }
}
