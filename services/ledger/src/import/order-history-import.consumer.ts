import type { CommandBus } from '@nestjs/cqrs';
import {
  CORPORATION_ORDER_HISTORY_TOPIC,
  ORDER_HISTORY_TOPIC,
  corporationOrderHistoryImportedSchema,
  orderHistoryImportedSchema,
} from '@tradewise/contracts';
import type { Consumer, Logger, MessageBus } from '@tradewise/platform';
import { consumeImports } from './import-consumer';
import { RecordCorporationOrderHistory, RecordOrderHistory } from './record-order-history.handler';

export const ORDER_HISTORY_IMPORT_GROUP = 'ledger-order-history-import';

/**
 * The sync's closed market orders and reads of its open ones, recorded as `MarketOrderClosed` and
 * `MarketOrderObserved` events, and a corporation's as `CorporationMarketOrderClosed` and
 * `CorporationMarketOrderObserved` (see {@link consumeImports}).
 */
export function consumeOrderHistoryImports(
  bus: MessageBus,
  commands: Pick<CommandBus, 'execute'>,
  logger: Logger,
): Promise<Consumer> {
  return consumeImports(bus, commands, logger, {
    groupId: ORDER_HISTORY_IMPORT_GROUP,
    what: 'Order history',
    topics: [
      {
        topic: ORDER_HISTORY_TOPIC,
        command: (value) => new RecordOrderHistory(orderHistoryImportedSchema.parse(value)),
      },
      {
        topic: CORPORATION_ORDER_HISTORY_TOPIC,
        command: (value) =>
          new RecordCorporationOrderHistory(corporationOrderHistoryImportedSchema.parse(value)),
      },
    ],
  });
}
