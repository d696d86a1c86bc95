import type { CommandBus } from '@nestjs/cqrs';
import {
  CHARACTER_MARKET_ORDERS_READ_MODEL,
  type CharacterMarketOrdersDocument,
  type EsiCharacterOrderHistory,
  type MarketOrdersRead,
  type PriceBook,
  type PricedOrder,
  type StoredMarketOrder,
} from '@tradewise/contracts';
import type { Clock, Logger, ReadModels, ReadStore } from '@tradewise/platform';
import type { Actor } from '../account/change-account.handler';
import { marketBookOrder, typesByRegion } from '../in-game/character-orders';
import type { PublicMarketBooks } from '../in-game/in-game.ports';
import type { DiscordWebhooks } from './discord-webhooks';
import type { RecordMarketOrdersCommand } from './market-orders.decider';
import { fillAlerts, pricedOrder, undercutAlerts } from './order-alerts';
import { RecordMarketOrders } from './record-market-orders.handler';

/** Per character: the orders last reported undercut, so each is reported once until it is best again. */
export const ORDER_ALERT_MARKS_COLLECTION = 'order_alert_marks';

interface OrderAlertMarks {
  /** The character id. */
  readonly _id: string;
  readonly undercut: readonly number[];
}

export interface MarketOrderRecorderOptions {
  readonly commands: CommandBus;
  readonly readModels: ReadModels;
  readonly readStore: ReadStore;
  readonly webhooks: DiscordWebhooks;
  readonly books: PublicMarketBooks;
  readonly typeName: (typeId: number) => string;
  readonly clock: Clock;
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
 * has it, and tells the account's Discord webhook what filled and which orders the public books show undercut.
 * A fill is told by the read that recorded it (the same answer recorded twice tells it once); an undercut once
 * until the order is best again.
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
    void this.alert(reader, command.characterId, read, orders);
    const documents = await readModels.serving<CharacterMarketOrdersDocument>(
      CHARACTER_MARKET_ORDERS_READ_MODEL,
    );
    return documents ? documents.findOne({ _id: String(command.characterId) }) : null;
  }

  private async alert(
    reader: OrdersReader,
    characterId: number,
    read: MarketOrdersRead | null,
    orders: readonly StoredMarketOrder[],
  ): Promise<void> {
    const { webhooks, typeName, logger } = this.options;
    try {
      if (!(await webhooks.setting(reader.accountId)).configured) return;
      const lines = read
        ? fillAlerts(reader.characterName, orders, read, await this.completed(reader, read), typeName)
        : [];
      const marks = this.options.readStore.collection<OrderAlertMarks>(ORDER_ALERT_MARKS_COLLECTION);
      const reported = new Set((await marks.findOne({ _id: String(characterId) }))?.undercut ?? []);
      const check = undercutAlerts(
        reader.characterName,
        orders,
        await this.book(orders),
        reported,
        typeName,
        this.options.clock.now().getTime(),
      );
      await webhooks.post(reader.accountId, [...lines, ...check.lines]);
      await marks.replaceOne(
        { _id: String(characterId) },
        { _id: String(characterId), undercut: check.undercut },
        { upsert: true },
      );
    } catch (error) {
      logger.warn({ err: error, accountId: reader.accountId }, 'Could not send order alerts');
    }
  }

  /** The orders that left the list because they ran out (ESI's history: expired with nothing left). */
  private async completed(reader: OrdersReader, read: MarketOrdersRead): Promise<Set<number>> {
    const completed = new Set<number>();
    if (read.closed.length === 0) return completed;
    const closed = new Set(read.closed.map((order) => order.orderId));
    for (const order of await reader.orderHistory()) {
      if (closed.has(order.order_id) && order.state === 'expired' && order.volume_remain === 0) {
        completed.add(order.order_id);
      }
    }
    return completed;
  }

  /** The public books of the orders' types in their regions, from the shared cache. */
  private async book(orders: readonly StoredMarketOrder[]): Promise<PriceBook> {
    const bookOrders: PricedOrder[] = [];
    const regions: PriceBook['regions'][number][] = [];
    for (const [regionId, typeIds] of typesByRegion(orders)) {
      const books = [...(await this.options.books.typeBooks(regionId, typeIds)).values()];
      for (const book of books) {
        for (const order of book.orders) bookOrders.push(marketBookOrder(order, regionId));
      }
      const expiresMs = Math.min(...books.map((book) => book.freshUntil.getTime()));
      regions.push({ regionId, expires: new Date(expiresMs).toISOString() });
    }
    // The character's own orders as it read them just now: the books may be minutes older.
    const own = orders.map(pricedOrder);
    const ownIds = new Set(own.map((order) => order.orderId));
    return {
      orders: [...bookOrders.filter((order) => !ownIds.has(order.orderId)), ...own],
      regions,
      ownOrderIds: ownIds,
    };
  }
}
