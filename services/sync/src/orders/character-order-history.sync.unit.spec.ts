import {
  ORDER_HISTORY_RECORDS_PER_MESSAGE,
  orderHistoryImportedSchema,
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
  orderHistoryMessages,
  orderHistoryToPublish,
  type OrderHistoryEsi,
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

const ids = (orders: readonly EsiCharacterOrderHistory[]) => orders.map((o) => o.order_id);

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
    unchanged = false;
    failure: Error | null = null;
    calls = 0;
    getCharacterOrderHistory() {
      this.calls++;
      if (this.failure) return Promise.reject(this.failure);
      return Promise.resolve({ data: this.listed, unchanged: this.unchanged, freshUntil: new Date() });
    }
  }

  /** The read store as the sync uses it: documents by id. */
  function memoryStore() {
    const documents = new Map<string, { published: number[] }>();
    const collections: string[] = [];
    const store = {
      collection: (name: string) => {
        collections.push(name);
        return {
          findOne: (filter: { _id: string }) => Promise.resolve(documents.get(filter._id) ?? null),
          replaceOne: (filter: { _id: string }, document: { published: number[] }) => {
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
});
