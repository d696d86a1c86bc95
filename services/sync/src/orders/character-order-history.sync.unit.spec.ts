import {
  ORDER_HISTORY_RECORDS_PER_MESSAGE,
  orderHistoryImportedSchema,
  type EsiCharacterOrder,
  type EsiCharacterOrderHistory,
  type OrderHistoryImported,
} from '@tradewise/contracts';
import {
  EsiMissingScopeError,
  EsiThrottledError,
  ManualClock,
  type Logger,
  type MessageBus,
  type ReadStore,
} from '@tradewise/platform';
import {
  CharacterOrderHistorySync,
  ORDER_HISTORY_SYNC_STATE_COLLECTION,
  openOrdersToPublish,
  orderHistoryMessages,
  orderHistoryReadMessages,
  orderHistoryToPublish,
  type OrderHistoryEsi,
  type PublishedOpenOrder,
} from './character-order-history.sync';

const ACCOUNT = '4b0d4a8e-6f3e-4c1a-9d4f-2f6a8f1b0c11';
const ARIA = 2119000011;

const order = (orderId: number, extra: Partial<EsiCharacterOrderHistory> = {}): EsiCharacterOrderHistory => ({
  order_id: orderId,
  type_id: 587,
  region_id: 10000002,
  location_id: 60003760,
  range: 'region',
  price: 1_234_567.89,
  volume_total: 10,
  volume_remain: 0,
  issued: '2026-11-18T08:00:00Z',
  duration: 90,
  is_corporation: false,
  state: 'expired',
  ...extra,
});

/** A sell order as ESI lists it open: no `is_buy_order`, no `min_volume`, no `escrow`. */
const openOrder = (orderId: number, extra: Partial<EsiCharacterOrder> = {}): EsiCharacterOrder => ({
  order_id: orderId,
  type_id: 587,
  region_id: 10000002,
  location_id: 60003760,
  range: 'region',
  price: 1_234_567.89,
  volume_total: 10,
  volume_remain: 10,
  issued: '2026-11-19T08:00:00Z',
  duration: 90,
  is_corporation: false,
  ...extra,
});

const ids = (orders: readonly EsiCharacterOrder[]) => orders.map((o) => o.order_id);

const publishedAs = (...orders: EsiCharacterOrder[]): Map<number, PublishedOpenOrder> =>
  new Map(
    orders.map((o) => [
      o.order_id,
      { order_id: o.order_id, issued: o.issued, price: o.price, volume_remain: o.volume_remain },
    ]),
  );

describe('orderHistoryToPublish', () => {
  it('publishes the orders not published before, each once, by order id', () => {
    const listed = [order(3), order(1), order(2, { state: 'cancelled' }), order(3)];
    expect(ids(orderHistoryToPublish(listed, new Set()))).toEqual([1, 2, 3]);
    expect(ids(orderHistoryToPublish(listed, new Set([1, 3])))).toEqual([2]);
  });

  it('publishes nothing again, whatever a later answer says of an order published before', () => {
    expect(orderHistoryToPublish([order(1, { state: 'cancelled', volume_remain: 4 })], new Set([1]))).toEqual(
      [],
    );
    expect(orderHistoryToPublish([], new Set([1]))).toEqual([]);
  });
});

describe('openOrdersToPublish', () => {
  it('publishes the open orders not published before, each once, by order id', () => {
    const listed = [openOrder(3), openOrder(1), openOrder(2), openOrder(3, { price: 1 })];
    expect(openOrdersToPublish(listed, new Map())).toEqual([openOrder(1), openOrder(2), openOrder(3)]);
  });

  it('publishes again an order whose issued, price or volume remaining changed, and not one unchanged', () => {
    const published = publishedAs(openOrder(1), openOrder(2), openOrder(3), openOrder(4));
    const listed = [
      openOrder(1),
      openOrder(2, { price: 1_234_000, issued: '2026-11-20T09:00:00Z' }),
      openOrder(3, { volume_remain: 4 }),
      openOrder(4, { issued: '2026-11-20T09:30:00Z' }),
      openOrder(5),
    ];
    expect(ids(openOrdersToPublish(listed, published))).toEqual([2, 3, 4, 5]);
  });

  it('ignores what does not change a broker fee or a fill: the other fields, and orders ESI no longer lists', () => {
    const published = publishedAs(openOrder(1), openOrder(2));
    expect(openOrdersToPublish([openOrder(1, { duration: 30, volume_total: 99 })], published)).toEqual([]);
    expect(openOrdersToPublish([], published)).toEqual([]);
  });
});

describe('orderHistoryReadMessages', () => {
  const read = { accountId: ACCOUNT, characterId: ARIA, fetchedAt: '2026-11-20T10:00:00.000Z' };

  it('puts the open orders beside the closed ones, and in further messages when there are more', () => {
    const closed = [order(1), order(2)];
    const open = Array.from({ length: ORDER_HISTORY_RECORDS_PER_MESSAGE + 3 }, (_, i) => openOrder(i + 10));
    const messages = orderHistoryReadMessages(read, closed, open);
    expect(messages.map((m) => [m.orders.length, m.openOrders?.length])).toEqual([
      [2, ORDER_HISTORY_RECORDS_PER_MESSAGE],
      [0, 3],
    ]);
    expect(messages.flatMap((m) => m.openOrders ?? [])).toEqual(open);
    for (const message of messages) {
      expect(message).toMatchObject(read);
      expect(orderHistoryImportedSchema.parse(message)).toEqual(message);
    }
  });

  it('keeps a message full of both closed and open orders under 1 MB', () => {
    const heavy = {
      is_buy_order: true,
      min_volume: 1_000_000,
      escrow: 123_456_789_012.34,
      price: 123_456_789.01,
      volume_total: 2_000_000_000,
      volume_remain: 1_999_999_999,
      location_id: 1_045_000_000_000,
      range: 'solarsystem',
      issued: '2026-11-18T08:00:00.123Z',
    } as const;
    const closed = Array.from({ length: ORDER_HISTORY_RECORDS_PER_MESSAGE }, (_, i) =>
      order(7_000_000_000 + i, { ...heavy, state: 'cancelled' }),
    );
    const open = Array.from({ length: ORDER_HISTORY_RECORDS_PER_MESSAGE }, (_, i) =>
      openOrder(7_100_000_000 + i, heavy),
    );
    const [message] = orderHistoryReadMessages(read, closed, open);
    expect(Buffer.byteLength(JSON.stringify(message))).toBeLessThan(900_000);
  });

  it('leaves openOrders out of a message without any, and sends nothing when there is nothing', () => {
    const closed = Array.from({ length: ORDER_HISTORY_RECORDS_PER_MESSAGE + 1 }, (_, i) => order(i + 1));
    const messages = orderHistoryReadMessages(read, closed, [openOrder(7)]);
    expect(messages.map((m) => [m.orders.length, m.openOrders])).toEqual([
      [ORDER_HISTORY_RECORDS_PER_MESSAGE, [openOrder(7)]],
      [1, undefined],
    ]);
    expect('openOrders' in messages[1]!).toBe(false);
    expect(orderHistoryReadMessages(read, [], [])).toEqual([]);
  });
});

describe('orderHistoryMessages', () => {
  const message = (orders: EsiCharacterOrderHistory[]) => ({
    accountId: ACCOUNT,
    characterId: ARIA,
    fetchedAt: '2026-11-20T10:00:00.000Z',
    orders,
  });

  it('splits in order at most N orders a message, each one the message schema accepts', () => {
    const many = Array.from({ length: 2 * ORDER_HISTORY_RECORDS_PER_MESSAGE + 1 }, (_, i) => order(i + 1));
    const parts = orderHistoryMessages(many);
    expect(parts.map((part) => part.length)).toEqual([
      ORDER_HISTORY_RECORDS_PER_MESSAGE,
      ORDER_HISTORY_RECORDS_PER_MESSAGE,
      1,
    ]);
    expect(parts.flat()).toEqual(many);
    for (const part of parts) expect(orderHistoryImportedSchema.safeParse(message(part)).success).toBe(true);
    expect(orderHistoryMessages([])).toEqual([]);
  });

  it('keeps a full message well under 1 MB', () => {
    const full = Array.from({ length: ORDER_HISTORY_RECORDS_PER_MESSAGE }, (_, i) =>
      order(7_000_000_000 + i, {
        is_buy_order: true,
        min_volume: 1_000_000,
        escrow: 123_456_789_012.34,
        price: 123_456_789.01,
        volume_total: 2_000_000_000,
        volume_remain: 1_999_999_999,
        location_id: 1_045_000_000_000,
        range: 'solarsystem',
        state: 'cancelled',
        issued: '2026-11-18T08:00:00.123Z',
      }),
    );
    expect(Buffer.byteLength(JSON.stringify(message(full)))).toBeLessThan(500_000);
  });

  it('is what the message schema accepts: one order more is refused', () => {
    const tooMany = Array.from({ length: ORDER_HISTORY_RECORDS_PER_MESSAGE + 1 }, (_, i) => order(i + 1));
    expect(orderHistoryImportedSchema.safeParse(message(tooMany)).success).toBe(false);
  });
});

describe('CharacterOrderHistorySync', () => {
  class FakeEsi implements OrderHistoryEsi {
    listed: EsiCharacterOrderHistory[] = [];
    open: EsiCharacterOrder[] = [];
    unchanged = false;
    openUnchanged = false;
    failure: Error | null = null;
    openFailure: Error | null = null;
    calls = 0;
    getCharacterOrderHistory() {
      this.calls++;
      if (this.failure) return Promise.reject(this.failure);
      return Promise.resolve({ data: this.listed, unchanged: this.unchanged, freshUntil: new Date() });
    }
    getCharacterOrders() {
      if (this.openFailure) return Promise.reject(this.openFailure);
      return Promise.resolve({ data: this.open, unchanged: this.openUnchanged, freshUntil: new Date() });
    }
  }

  /** The read store as the sync uses it: documents by id. */
  function memoryStore() {
    const documents = new Map<string, { published: number[]; open?: PublishedOpenOrder[] }>();
    const collections: string[] = [];
    const store = {
      collection: (name: string) => {
        collections.push(name);
        return {
          findOne: (filter: { _id: string }) => Promise.resolve(documents.get(filter._id) ?? null),
          replaceOne: (
            filter: { _id: string },
            document: { published: number[]; open?: PublishedOpenOrder[] },
          ) => {
            documents.set(filter._id, document);
            return Promise.resolve({});
          },
        };
      },
    } as unknown as ReadStore;
    return { store, documents, collections };
  }

  let esi: FakeEsi;
  let published: OrderHistoryImported[];
  let publishFailure: Error | null;
  let memory: ReturnType<typeof memoryStore>;
  let warn: jest.Mock;
  let sync: CharacterOrderHistorySync;

  beforeEach(() => {
    esi = new FakeEsi();
    published = [];
    publishFailure = null;
    memory = memoryStore();
    warn = jest.fn();
    const bus = {
      publish: (topic: string, messages: readonly { key: string; value: unknown }[]) => {
        if (publishFailure) return Promise.reject(publishFailure);
        expect(topic).toBe('esi.order-history.v1');
        for (const { key, value } of messages) {
          expect(key).toBe(String(ARIA));
          published.push(orderHistoryImportedSchema.parse(value));
        }
        return Promise.resolve();
      },
    } as unknown as MessageBus;
    sync = new CharacterOrderHistorySync(
      esi,
      bus,
      memory.store,
      new ManualClock('2026-11-20T10:00:00.000Z'),
      { warn } as unknown as Logger,
    );
  });

  const publishedIds = () => published.flatMap((message) => ids(message.orders));
  const publishedOpen = () => published.flatMap((message) => message.openOrders ?? []);

  it('publishes what it has not published, then remembers only the ids ESI still lists', async () => {
    esi.listed = [order(2), order(1)];
    await sync.refresh(ACCOUNT, ARIA);
    expect(publishedIds()).toEqual([1, 2]);
    expect(published[0]).toMatchObject({
      accountId: ACCOUNT,
      characterId: ARIA,
      fetchedAt: '2026-11-20T10:00:00.000Z',
    });
    expect(memory.collections).toContain(ORDER_HISTORY_SYNC_STATE_COLLECTION);
    expect(memory.documents.get(`orderhistory:${ARIA}`)!.published).toEqual([1, 2]);

    published.length = 0;
    esi.listed = [order(3), order(2)];
    await sync.refresh(ACCOUNT, ARIA);
    expect(publishedIds()).toEqual([3]);
    expect(memory.documents.get(`orderhistory:${ARIA}`)!.published).toEqual([2, 3]);
  });

  it('publishes an answer from the cache that holds orders it has not published (the open-orders step read it first)', async () => {
    esi.unchanged = true;
    esi.listed = [order(1)];
    await sync.refresh(ACCOUNT, ARIA);
    expect(publishedIds()).toEqual([1]);
    published.length = 0;
    await sync.refresh(ACCOUNT, ARIA);
    expect(published).toEqual([]);
  });

  it('remembers nothing when publishing fails, so the next sync publishes the orders again, and does not fail the sync', async () => {
    esi.listed = [order(1)];
    publishFailure = new Error('broker down');
    await expect(sync.refresh(ACCOUNT, ARIA)).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(memory.documents.size).toBe(0);
    publishFailure = null;
    await sync.refresh(ACCOUNT, ARIA);
    expect(publishedIds()).toEqual([1]);
  });

  it('leaves out a character without the orders scope, lets throttling end the sync, and logs any other failure', async () => {
    esi.failure = new EsiMissingScopeError(ARIA, 'esi-markets.read_character_orders.v1', 'orders history');
    await expect(sync.refresh(ACCOUNT, ARIA)).resolves.toBeUndefined();
    expect(warn).not.toHaveBeenCalled();
    esi.failure = new EsiThrottledError('throttled', 'orders history', 420, new Date());
    await expect(sync.refresh(ACCOUNT, ARIA)).rejects.toBeInstanceOf(EsiThrottledError);
    esi.failure = new Error('ESI answered 503');
    await expect(sync.refresh(ACCOUNT, ARIA)).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(1);
  });
  it('publishes the open orders beside the closed ones, then only those that changed, and remembers those ESI lists', async () => {
    esi.listed = [order(1)];
    esi.open = [openOrder(11), openOrder(10)];
    await sync.refresh(ACCOUNT, ARIA);
    expect(published).toEqual([
      {
        accountId: ACCOUNT,
        characterId: ARIA,
        fetchedAt: '2026-11-20T10:00:00.000Z',
        orders: [order(1)],
        openOrders: [openOrder(10), openOrder(11)],
      },
    ]);
    expect(memory.documents.get(`orderhistory:${ARIA}`)!.open).toEqual([
      ...publishedAs(openOrder(10), openOrder(11)).values(),
    ]);

    published.length = 0;
    const repriced = openOrder(10, { price: 1_200_000, issued: '2026-11-20T09:00:00Z' });
    esi.open = [repriced, openOrder(11)];
    await sync.refresh(ACCOUNT, ARIA);
    expect(publishedIds()).toEqual([]);
    expect(publishedOpen()).toEqual([repriced]);

    published.length = 0;
    await sync.refresh(ACCOUNT, ARIA);
    expect(published).toEqual([]);

    // Order 11 closed: ESI no longer lists it open, and the state forgets it.
    esi.open = [repriced];
    await sync.refresh(ACCOUNT, ARIA);
    expect(published).toEqual([]);
    expect(memory.documents.get(`orderhistory:${ARIA}`)!.open).toEqual([...publishedAs(repriced).values()]);
  });

  it('publishes open orders the cache answered when it has not published them (the orders step read them first)', async () => {
    esi.unchanged = true;
    esi.openUnchanged = true;
    esi.listed = [order(1)];
    await sync.refresh(ACCOUNT, ARIA);
    published.length = 0;
    esi.open = [openOrder(10)];
    await sync.refresh(ACCOUNT, ARIA);
    expect(publishedOpen()).toEqual([openOrder(10)]);
    expect(publishedIds()).toEqual([]);
    published.length = 0;
    await sync.refresh(ACCOUNT, ARIA);
    expect(published).toEqual([]);
  });

  it('publishes every open order once after a state of an older sync, which remembered none', async () => {
    memory.documents.set(`orderhistory:${ARIA}`, { published: [1] });
    esi.listed = [order(1)];
    esi.open = [openOrder(10)];
    await sync.refresh(ACCOUNT, ARIA);
    expect(published.map((m) => [ids(m.orders), ids(m.openOrders ?? [])])).toEqual([[[], [10]]]);
  });

  it('remembers no open order when publishing fails, so the next sync publishes it again', async () => {
    esi.open = [openOrder(10)];
    publishFailure = new Error('broker down');
    await sync.refresh(ACCOUNT, ARIA);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(memory.documents.size).toBe(0);
    publishFailure = null;
    await sync.refresh(ACCOUNT, ARIA);
    expect(publishedOpen()).toEqual([openOrder(10)]);
  });

  it('treats a failed read of the open orders as the step failing: nothing published, nothing remembered', async () => {
    esi.listed = [order(1)];
    esi.openFailure = new EsiMissingScopeError(ARIA, 'esi-markets.read_character_orders.v1', 'orders');
    await expect(sync.refresh(ACCOUNT, ARIA)).resolves.toBeUndefined();
    esi.openFailure = new EsiThrottledError('throttled', 'orders', 420, new Date());
    await expect(sync.refresh(ACCOUNT, ARIA)).rejects.toBeInstanceOf(EsiThrottledError);
    expect(warn).not.toHaveBeenCalled();
    esi.openFailure = new Error('ESI answered 503');
    await expect(sync.refresh(ACCOUNT, ARIA)).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(published).toEqual([]);
    expect(memory.documents.size).toBe(0);
  });
});
