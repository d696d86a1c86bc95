import { randomUUID } from 'node:crypto';
import {
  CORPORATION_ORDER_HISTORY_TOPIC,
  CORPORATION_ORDER_ROLES,
  type CorporationOrderHistoryImported,
} from '@tradewise/contracts';
import {
  type Clock,
  type EsiClient,
  type Logger,
  type MessageBus,
  type ReadModels,
  type ReadStore,
} from '@tradewise/platform';
import { readTrackedCorporations } from '../corporations/tracked-corporations';
import { orderHistoryReadMessages, publishOrderReads } from './character-order-history.sync';

export type CorporationOrderHistoryEsi = Pick<
  EsiClient,
  'getCharacter' | 'getCorporationOrderHistory' | 'getCorporationOrders'
>;

/**
 * The market orders of the corporations whose trade an account tracks ({@link trackedCorporations}, through a
 * character with a role that reads its orders): like a character's (see `CharacterOrderHistorySync`), the closed
 * orders of the corporation's order history not published before, and its open orders whose `issued`, price or
 * volume remaining changed since, go on the bus keyed by corporation, and only then are they remembered, per account
 * (each account imports its own copy, as of the corporation's wallets). The ledger matches the broker fees of the
 * corporation's division journals to them. A corporation that cannot be read (a role or scope gone since, an ESI
 * error) is logged and skipped, and what was imported stays; throttling ends the sync.
 */
export class CorporationOrderHistorySync {
  constructor(
    private readonly esi: CorporationOrderHistoryEsi,
    private readonly bus: MessageBus,
    private readonly readStore: ReadStore,
    private readonly readModels: ReadModels,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

  /** Reads the corporations tracked through `characterIds`, the account's characters this sync read. */
  async refresh(accountId: string, characterIds: readonly number[]): Promise<void> {
    await readTrackedCorporations(
      {
        readModels: this.readModels,
        esi: this.esi,
        logger: this.logger,
        roles: CORPORATION_ORDER_ROLES,
        what: "a corporation's orders",
      },
      accountId,
      characterIds,
      (corporationId, readerId) => this.corporation(accountId, corporationId, readerId),
    );
  }

  private async corporation(accountId: string, corporationId: number, readerId: number): Promise<void> {
    const history = await this.esi.getCorporationOrderHistory(readerId, corporationId);
    const open = await this.esi.getCorporationOrders(readerId, corporationId);
    const fetchedAt = this.clock.now().toISOString();
    const stateId = `corporationorderhistory:${accountId}:${corporationId}`;
    const key = String(corporationId);
    await publishOrderReads(this.readStore, stateId, history, open, fetchedAt, async (closed, opened) => {
      const headers = { 'x-correlation-id': randomUUID() };
      const messages: CorporationOrderHistoryImported[] = orderHistoryReadMessages(
        { accountId, corporationId, readByCharacterId: readerId, fetchedAt },
        closed,
        opened,
      );
      for (const value of messages)
        await this.bus.publish(CORPORATION_ORDER_HISTORY_TOPIC, [{ key, value, headers }]);
    });
  }
}
