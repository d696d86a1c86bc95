import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ORDER_HISTORY_RECORDS_PER_MESSAGE,
  ORDER_HISTORY_TOPIC,
  orderHistoryImportedSchema,
  type EsiCharacterOrder,
  type EsiCharacterOrderHistory,
  type OrderHistoryImported,
} from '@tradewise/contracts';
import {
  EmbeddedReadStore,
  EsiMissingScopeError,
  EsiThrottledError,
  InProcessBus,
  ManualClock,
  createLogger,
  type Consumer,
} from '@tradewise/platform';
import {
  CharacterOrderHistorySync,
  ORDER_HISTORY_SYNC_STATE_COLLECTION,
  type OrderHistoryEsi,
} from './character-order-history.sync';

const ACCOUNT = '4b0d4a8e-6f3e-4c1a-9d4f-2f6a8f1b0c11';
const ARIA = 2119000011;
const MARKER = 'marker';

const order = (orderId: number, extra: Partial<EsiCharacterOrderHistory> = {}): EsiCharacterOrderHistory => ({
  order_id: orderId,
  type_id: 34,
  region_id: 10000002,
  location_id: 60003760,
  range: 'region',
  price: 5.01,
  volume_total: 1_000_000,
  volume_remain: 0,
  issued: '2026-11-01T08:00:00Z',
  duration: 90,
  is_corporation: false,
  state: 'expired',
  ...extra,
});

/** An open sell order as ESI lists it. */
const openOrder = (orderId: number, extra: Partial<EsiCharacterOrder> = {}): EsiCharacterOrder => ({
  order_id: orderId,
  type_id: 34,
  region_id: 10000002,
  location_id: 60003760,
  range: 'region',
  price: 5.01,
  volume_total: 1_000_000,
  volume_remain: 750_000,
  issued: '2026-11-19T08:00:00Z',
  duration: 90,
  is_corporation: false,
  ...extra,
});

/**
 * ESI as the sync sees it: the history it is given (all pages, as the client reads them), the open orders, and the
 * calls made.
 */
class FakeEsi implements OrderHistoryEsi {
  listed: EsiCharacterOrderHistory[] = [];
  open: EsiCharacterOrder[] = [];
  failure: Error | null = null;
  /** ESI answered 304 or the client's cache answered: the history is the same as the last answer. */
  unchanged = false;
  calls = 0;

  getCharacterOrderHistory() {
    this.calls++;
    if (this.failure) return Promise.reject(this.failure);
    return Promise.resolve({ data: this.listed, unchanged: this.unchanged, freshUntil: new Date() });
  }

  getCharacterOrders() {
    if (this.failure) return Promise.reject(this.failure);
    return Promise.resolve({ data: this.open, unchanged: this.unchanged, freshUntil: new Date() });
  }
}

describe('CharacterOrderHistorySync over the embedded read store and bus', () => {
  let dir: string;
  let readStore: EmbeddedReadStore;
  let bus: InProcessBus;
  let consumer: Consumer;
  let esi: FakeEsi;
  let sync: CharacterOrderHistorySync;
  const clock = new ManualClock('2026-11-20T10:00:00.000Z');
  const received: OrderHistoryImported[] = [];
  let drained: (() => void) | null = null;

  /** Runs the sync, then waits for what it published: a marker published after it arrives after it (one partition). */
  async function refresh(): Promise<OrderHistoryImported[]> {
    const before = received.length;
    await sync.refresh(ACCOUNT, ARIA);
    const arrived = new Promise<void>((resolve) => (drained = resolve));
    await bus.publish(ORDER_HISTORY_TOPIC, [{ key: MARKER, value: {}, headers: {} }]);
    await arrived;
    return received.slice(before);
  }

  const summary = (messages: OrderHistoryImported[]) =>
    messages.flatMap((m) => m.orders.map((o) => [o.order_id, o.state]));

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tw-order-history-sync-'));
    readStore = new EmbeddedReadStore(join(dir, 'read.sqlite'));
    bus = new InProcessBus(join(dir, 'bus.sqlite'));
    received.length = 0;
    esi = new FakeEsi();
    sync = new CharacterOrderHistorySync(esi, bus, readStore, clock, createLogger('silent'));
    consumer = await bus.consume({ groupId: 'test', topics: [ORDER_HISTORY_TOPIC] }, (message) => {
      if (message.key === MARKER) drained?.();
      else {
        expect(message.key).toBe(String(ARIA));
        received.push(orderHistoryImportedSchema.parse(message.value));
      }
      return Promise.resolve();
    });
  });

  afterEach(async () => {
    await consumer.close();
    await bus.close();
    await readStore.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('publishes every closed order once, as ESI sent it, and later only those closed since', async () => {
    const sold = order(2);
    const cancelled = order(1, {
      is_buy_order: true,
      min_volume: 1,
      escrow: 2_505_000,
      volume_remain: 500_000,
      range: 'station',
      state: 'cancelled',
    });
    esi.listed = [sold, cancelled];
    const first = await refresh();
    expect(summary(first)).toEqual([
      [1, 'cancelled'],
      [2, 'expired'],
    ]);
    expect(first[0]).toEqual({
      accountId: ACCOUNT,
      characterId: ARIA,
      fetchedAt: '2026-11-20T10:00:00.000Z',
      orders: [cancelled, sold],
    });

    expect(await refresh()).toEqual([]);

    clock.advance(3_600_000);
    esi.listed = [order(3, { is_corporation: true }), sold, cancelled];
    const second = await refresh();
    expect(summary(second)).toEqual([[3, 'expired']]);
    expect(second[0]!.fetchedAt).toBe('2026-11-20T11:00:00.000Z');
  });

  it('splits a heavy history into messages of at most N orders, in order, and remembers only the ids ESI lists', async () => {
    const count = 2 * ORDER_HISTORY_RECORDS_PER_MESSAGE + 500;
    esi.listed = Array.from({ length: count }, (_, i) => order(count - i));
    const messages = await refresh();
    expect(messages.map((m) => m.orders.length)).toEqual([
      ORDER_HISTORY_RECORDS_PER_MESSAGE,
      ORDER_HISTORY_RECORDS_PER_MESSAGE,
      500,
    ]);
    expect(messages.flatMap((m) => m.orders.map((o) => o.order_id))).toEqual(
      Array.from({ length: count }, (_, i) => i + 1),
    );

    // The oldest orders pass ESI's 90 days: the state forgets them, and what ESI lists stays published.
    esi.listed = esi.listed.filter((o) => o.order_id > 1000);
    expect(await refresh()).toEqual([]);
    const state = await readStore
      .collection<{ _id: string; published: number[] }>(ORDER_HISTORY_SYNC_STATE_COLLECTION)
      .findOne({ _id: `orderhistory:${ARIA}` });
    expect(state!.published).toHaveLength(count - 1000);
    expect(state!.published[0]).toBe(1001);
  });

  it('skips an unchanged answer it has published, and publishes one from the cache it has not', async () => {
    esi.unchanged = true;
    esi.listed = [order(1)];
    expect(summary(await refresh())).toEqual([[1, 'expired']]);
    expect(await refresh()).toEqual([]);
    expect(esi.calls).toBe(2);
  });

  it('publishes the open orders with the closed ones, and on a later read only the one whose price changed', async () => {
    const repriced = openOrder(11);
    const unchanged = openOrder(12, {
      is_buy_order: true,
      min_volume: 1,
      escrow: 1_000_000,
      range: 'station',
    });
    esi.listed = [order(1)];
    esi.open = [unchanged, repriced];
    const readAt = clock.now().toISOString();
    const first = await refresh();
    expect(first).toEqual([
      {
        accountId: ACCOUNT,
        characterId: ARIA,
        fetchedAt: readAt,
        orders: [order(1)],
        openOrders: [repriced, unchanged],
      },
    ]);

    expect(await refresh()).toEqual([]);

    clock.advance(3_600_000);
    const changed = openOrder(11, { price: 4.99, issued: '2026-11-20T10:30:00Z' });
    esi.open = [unchanged, changed];
    const second = await refresh();
    expect(second).toEqual([
      {
        accountId: ACCOUNT,
        characterId: ARIA,
        fetchedAt: new Date(Date.parse(readAt) + 3_600_000).toISOString(),
        orders: [],
        openOrders: [changed],
      },
    ]);

    expect(await refresh()).toEqual([]);
    const state = await readStore
      .collection<{ _id: string; open: unknown[] }>(ORDER_HISTORY_SYNC_STATE_COLLECTION)
      .findOne({ _id: `orderhistory:${ARIA}` });
    expect(state!.open).toEqual([
      { order_id: 11, issued: '2026-11-20T10:30:00Z', price: 4.99, volume_remain: 750_000 },
      { order_id: 12, issued: '2026-11-19T08:00:00Z', price: 5.01, volume_remain: 750_000 },
    ]);
  });

  it('skips a character without the orders scope, and lets throttling end the sync', async () => {
    esi.failure = new EsiMissingScopeError(ARIA, 'esi-markets.read_character_orders.v1', 'orders history');
    await expect(sync.refresh(ACCOUNT, ARIA)).resolves.toBeUndefined();
    esi.failure = new EsiThrottledError('throttled', 'orders history', 420, new Date());
    await expect(sync.refresh(ACCOUNT, ARIA)).rejects.toBeInstanceOf(EsiThrottledError);
    esi.failure = null;
    esi.listed = [order(1)];
    expect(summary(await refresh())).toEqual([[1, 'expired']]);
  });
});
