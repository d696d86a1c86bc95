import type { CommandBus } from '@nestjs/cqrs';
import { ORDER_HISTORY_TOPIC, orderHistoryImportedSchema } from '@tradewise/contracts';
import type { Consumer, Logger, MessageBus } from '@tradewise/platform';
import { consumeImports } from './import-consumer';
import { RecordOrderHistory } from './record-order-history.handler';

export const ORDER_HISTORY_IMPORT_GROUP = 'ledger-order-history-import';

/**
 * The sync's closed market orders and reads of its open ones, recorded as `MarketOrderClosed` and
 * `MarketOrderObserved` events (see {@link consumeImports}).
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
    ],
  });
}
