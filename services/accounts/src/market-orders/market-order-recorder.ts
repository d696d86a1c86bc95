import type { CommandBus } from '@nestjs/cqrs';
import {
  CHARACTER_MARKET_ORDERS_READ_MODEL,
  type CharacterMarketOrdersDocument,
  type EsiCharacterOrderHistory,
  type MarketOrdersRead,
} from '@tradewise/contracts';
import type { Logger, ReadModels } from '@tradewise/platform';
import type { Actor } from '../account/change-account.handler';
import type { DiscordWebhooks } from './discord-webhooks';
import type { RecordMarketOrdersCommand } from './market-orders.decider';
import { fillAlerts } from './order-alerts';
import { RecordMarketOrders } from './record-market-orders.handler';

export interface MarketOrderRecorderOptions {
  readonly commands: CommandBus;
  readonly readModels: ReadModels;
  readonly webhooks: DiscordWebhooks;
  readonly typeName: (typeId: number) => string;
  readonly logger: Logger;
}

/** Who read the orders and how to ask ESI what became of those that left the list. */
export interface OrdersReader {
  readonly accountId: string;
  readonly characterName: string;
  readonly actor: Actor;
  orderHistory(): Promise<readonly EsiCharacterOrderHistory[]>;
}

/**
 * Records one read of a character's orders (the owner's Refresh Orders or a sync), waits until the read model
 * has it, and tells the account's Discord webhook what filled. The same answer recorded twice alerts once: only
 * the read that appended the event alerts.
 */
export class MarketOrderRecorder {
  constructor(private readonly options: MarketOrderRecorderOptions) {}

  async record(
    reader: OrdersReader,
    command: RecordMarketOrdersCommand,
  ): Promise<CharacterMarketOrdersDocument | null> {
    const { commands, readModels } = this.options;
    const { position, read, orders } = await commands.execute(new RecordMarketOrders(command, reader.actor));
    if (position !== null) await readModels.waitFor(CHARACTER_MARKET_ORDERS_READ_MODEL, position);
    if (read) void this.alert(reader, read, orders);
    const documents = await readModels.serving<CharacterMarketOrdersDocument>(
      CHARACTER_MARKET_ORDERS_READ_MODEL,
    );
    return documents ? documents.findOne({ _id: String(command.characterId) }) : null;
  }

  private async alert(
    reader: OrdersReader,
    read: MarketOrdersRead,
    orders: Parameters<typeof fillAlerts>[1],
  ): Promise<void> {
    try {
      if (!(await this.options.webhooks.setting(reader.accountId)).configured) return;
      const completed = new Set<number>();
      if (read.closed.length > 0) {
        const closed = new Set(read.closed.map((order) => order.orderId));
        for (const order of await reader.orderHistory()) {
          if (closed.has(order.order_id) && order.state === 'expired' && order.volume_remain === 0) {
            completed.add(order.order_id);
          }
        }
      }
      const lines = fillAlerts(reader.characterName, orders, read, completed, this.options.typeName);
      await this.options.webhooks.post(reader.accountId, lines);
    } catch (error) {
      this.options.logger.warn({ err: error, accountId: reader.accountId }, 'Could not send order alerts');
    }
  }
}
