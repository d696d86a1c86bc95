import {
  iskToCents,
  orderHistoryStream,
  type AccountDto,
  type EsiCharacterOrder,
  type EsiCharacterOrderHistory,
  type MarketOrderClosed,
  type MarketOrderObserved,
} from '@tradewise/contracts';
import { RecordOrderHistory, walletImportCommands } from '@tradewise/ledger';
import { ManualClock, type EventStore, type RecordedEvent } from '@tradewise/platform';
import type { RunningServer } from '../../services/server/src/bootstrap';
import { adapterSets } from '../support/adapter-sets';
import { SIMULATED_WORLD_AT } from '../support/simulated-world';
import { startFrozenProduct, type FrozenProduct } from './support/frozen-product';
import { ProductClient } from './support/product-client';

const ARIA = 2119000011; // station trades: her buy and sell orders expire, fill and are cancelled
const ORDERS_SCOPE = 'esi-markets.read_character_orders.v1';
const DAY = 86_400_000;
/** The history route's cache time: an answer is the one of the start of its hour. */
const HISTORY_WINDOW = 3_600_000;

type OrderClosedEvent = RecordedEvent & { type: 'MarketOrderClosed'; data: MarketOrderClosed };
type OrderObservedEvent = RecordedEvent & { type: 'MarketOrderObserved'; data: MarketOrderObserved };
type OrderHistoryEvent = OrderClosedEvent | OrderObservedEvent;

const closedOf = (recorded: readonly OrderHistoryEvent[]): OrderClosedEvent[] =>
  recorded.filter((e): e is OrderClosedEvent => e.type === 'MarketOrderClosed');
const observedOf = (recorded: readonly OrderHistoryEvent[]): OrderObservedEvent[] =>
  recorded.filter((e): e is OrderObservedEvent => e.type === 'MarketOrderObserved');

/** What an open order's observation is compared by. */
const signature = (issued: string, priceCents: number, volumeRemain: number): string =>
  `${issued}:${priceCents}:${volumeRemain}`;
const listedSignature = (order: EsiCharacterOrder): string =>
  signature(order.issued, iskToCents(order.price), order.volume_remain);

/** Each order's last observation on the stream, by order id. */
const lastObservations = (recorded: readonly OrderHistoryEvent[]): Map<number, string> =>
  new Map(
    observedOf(recorded).map((e) => [
      e.data.orderId,
      signature(e.data.issued, e.data.priceCents, e.data.volumeRemain),
    ]),
  );

/**
 * Order-history import in the product process over the mounted simulator (on the product's manual clock, so its answers are the
 * ones the sync read): on any tier, every closed order the simulator's `/orders/history` lists for the synced
 * character is recorded once, in cents, with the record as ESI sent it, and every open order its `/orders` lists
 * is observed as listed when it changed since its last observation; a second sync, a redelivery and a later sync
 * record nothing twice.
 */
describe.each(adapterSets('tw_orderhistory'))(
  'Order history import: simulator → sync → bus → ledger events ($name)',
  (set) => {
    jest.setTimeout(set.slow ? 400_000 : 180_000);
    const it = set.enabled ? test : test.skip;
    let product: FrozenProduct;
    let server: RunningServer;
    let eventStore: EventStore;
    /** The product's clock, which the mounted simulator runs on too. */
    const clock = new ManualClock(SIMULATED_WORLD_AT);
    const advance = (ms: number): void => clock.advance(ms);
    let client: ProductClient;
    let accountId: string;

    const events = async (): Promise<OrderHistoryEvent[]> =>
      (await eventStore.readStream(orderHistoryStream(ARIA))) as OrderHistoryEvent[];

    /** The simulator's own answer to the open orders, as the character's token reads it. */
    async function listedOpen(): Promise<EsiCharacterOrder[]> {
      const { access_token } = server.simulator!.issueTokens(ARIA, [ORDERS_SCOPE]);
      const answer = await fetch(`${server.url}/esi-sim/characters/${ARIA}/orders`, {
        headers: { authorization: `Bearer ${access_token}`, 'X-Compatibility-Date': '2026-08-18' },
      });
      expect(answer.status).toBe(200);
      return (await answer.json()) as EsiCharacterOrder[];
    }

    /** The simulator's own answer to the history, every page, as the character's token reads it. */
    async function listedHistory(): Promise<EsiCharacterOrderHistory[]> {
      const { access_token } = server.simulator!.issueTokens(ARIA, [ORDERS_SCOPE]);
      const orders: EsiCharacterOrderHistory[] = [];
      for (let page = 1, pages = 1; page <= pages; page++) {
        const answer = await fetch(`${server.url}/esi-sim/characters/${ARIA}/orders/history?page=${page}`, {
          headers: { authorization: `Bearer ${access_token}`, 'X-Compatibility-Date': '2026-08-18' },
        });
        expect(answer.status).toBe(200);
        pages = Number(answer.headers.get('x-pages') ?? '1');
        orders.push(...((await answer.json()) as EsiCharacterOrderHistory[]));
      }
      return orders;
    }

    async function sync(): Promise<void> {
      const outcome = await server.syncWorker!.scheduler.syncAccount({ accountId, characterIds: [ARIA] });
      expect(outcome?.kind).toBe('completed');
    }

    /** The import thread records asynchronously: wait until `done` holds and the stream stops growing. */
    async function settled(done: (recorded: OrderHistoryEvent[]) => boolean): Promise<OrderHistoryEvent[]> {
      const deadline = Date.now() + (set.slow ? 240_000 : 60_000);
      let recorded = await events();
      while (!done(recorded)) {
        if (Date.now() > deadline)
          throw new Error(
            `${orderHistoryStream(ARIA)} holds ${recorded.length} events, not what was expected`,
          );
        await new Promise((resolve) => setTimeout(resolve, 50));
        recorded = await events();
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
      const after = await events();
      expect(after).toHaveLength(recorded.length);
      return after;
    }

    const orderIds = (recorded: readonly OrderHistoryEvent[]) =>
      recorded.map((e) => e.data.orderId).sort((a, b) => a - b);

    /** Each event is the order ESI lists, in cents, read by this account's sync. */
    function expectRecordedAsListed(recorded: OrderClosedEvent[], listed: EsiCharacterOrderHistory[]): void {
      const byId = new Map(listed.map((order) => [order.order_id, order]));
      for (const event of recorded) {
        const order = byId.get(event.data.orderId);
        if (!order) continue;
        expect(event.type).toBe('MarketOrderClosed');
        expect(event.metadata.actor).toBe('system:sync');
        expect(event.data).toEqual({
          accountId,
          characterId: ARIA,
          orderId: order.order_id,
          typeId: order.type_id,
          regionId: order.region_id,
          locationId: order.location_id,
          isBuyOrder: order.is_buy_order ?? false,
          isCorporation: order.is_corporation,
          priceCents: iskToCents(order.price),
          volumeTotal: order.volume_total,
          volumeRemain: order.volume_remain,
          minVolume: order.min_volume ?? null,
          range: order.range,
          duration: order.duration,
          escrowCents: order.escrow === undefined ? null : iskToCents(order.escrow),
          issued: order.issued,
          state: order.state,
          readAt: event.data.readAt,
          esi: order,
        });
      }
    }

    /** Each observation is the open order ESI lists, in cents, read by this account's sync. */
    function expectObservedAsListed(observed: OrderObservedEvent[], listed: EsiCharacterOrder[]): void {
      const byId = new Map(listed.map((order) => [order.order_id, order]));
      for (const event of observed) {
        const order = byId.get(event.data.orderId)!;
        expect(event.metadata.actor).toBe('system:sync');
        expect(event.data).toEqual({
          accountId,
          characterId: ARIA,
          orderId: order.order_id,
          typeId: order.type_id,
          regionId: order.region_id,
          locationId: order.location_id,
          isBuyOrder: order.is_buy_order ?? false,
          isCorporation: order.is_corporation,
          priceCents: iskToCents(order.price),
          volumeTotal: order.volume_total,
          volumeRemain: order.volume_remain,
          issued: order.issued,
          readAt: event.data.readAt,
          esi: order,
        });
      }
    }

    beforeAll(async () => {
      if (!set.enabled) return;
      product = await startFrozenProduct(set, 'order-history', clock);
      ({ server, eventStore } = product);
      client = new ProductClient(server.url);
      await client.authorize(ARIA);
      const account = (await client.get('/api/v1/account')).body as AccountDto;
      expect(account.characters.map((c) => c.esiScopes.split(',').includes(ORDERS_SCOPE))).toEqual([true]);
      expect(account.subscriptionTier).toBe('FREE');
      accountId = account.id;
    });

    afterAll(async () => {
      await product?.close();
    });

    it('records every order the history lists once on a FREE account, in cents, as ESI sent it, and observes every open order', async () => {
      const listed = await listedHistory();
      const open = await listedOpen();
      expect(listed.length).toBeGreaterThan(0);
      expect(open.length).toBeGreaterThan(0);
      expect(new Set(listed.map((o) => o.state))).toEqual(new Set(['expired', 'cancelled']));
      expect(listed.some((o) => o.is_buy_order)).toBe(true);
      expect(listed.some((o) => !o.is_buy_order)).toBe(true);
      await sync();
      const recorded = await settled((r) => r.length >= listed.length + open.length);
      expect(recorded).toHaveLength(listed.length + open.length);
      const closed = closedOf(recorded);
      expect(orderIds(closed)).toEqual(listed.map((o) => o.order_id).sort((a, b) => a - b));
      expectRecordedAsListed(closed, listed);
      const observed = observedOf(recorded);
      expect(orderIds(observed)).toEqual(open.map((o) => o.order_id).sort((a, b) => a - b));
      expectObservedAsListed(observed, open);
      expect(new Set(recorded.map((e) => e.data.readAt)).size).toBe(1);
      expect(new Set(recorded.map((e) => e.id)).size).toBe(recorded.length);
    });

    it('records nothing new on a second sync, nor for a redelivered read', async () => {
      const before = await events();
      await sync();
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(await events()).toHaveLength(before.length);

      const imports = await walletImportCommands(eventStore);
      try {
        const again = await imports.commands.execute(
          new RecordOrderHistory({
            accountId,
            characterId: ARIA,
            fetchedAt: clock.now().toISOString(),
            orders: closedOf(before)
              .slice(0, 1000)
              .map((e) => e.data.esi),
            openOrders: observedOf(before)
              .slice(0, 1000)
              .map((e) => e.data.esi),
          }),
        );
        expect(again).toEqual({ recorded: 0, position: null });
      } finally {
        await imports.close();
      }
      expect(await events()).toEqual(before);
    });

    it('records the orders closed since, each once, and observes the open orders changed since, as the world moves on', async () => {
      const before = await events();
      const known = new Set(closedOf(before).map((e) => e.data.orderId));
      const lastObserved = lastObservations(before);
      // Two days on, past the history's cache hour: orders have closed since, and the oldest passed the 90 days.
      advance(
        Math.ceil((clock.now().getTime() + 2 * DAY) / HISTORY_WINDOW) * HISTORY_WINDOW +
          1_000 -
          clock.now().getTime(),
      );
      const listed = await listedHistory();
      const open = await listedOpen();
      const closedSince = listed.filter((o) => !known.has(o.order_id));
      const changedSince = open.filter((o) => lastObserved.get(o.order_id) !== listedSignature(o));
      expect(closedSince.length).toBeGreaterThan(0);
      expect(changedSince.length).toBeGreaterThan(0);
      await sync();
      const added = closedSince.length + changedSince.length;
      const recorded = await settled((r) => r.length >= before.length + added);
      expect(recorded).toHaveLength(before.length + added);
      expect(recorded.slice(0, before.length)).toEqual(before);
      const since = recorded.slice(before.length);
      expect(orderIds(closedOf(since))).toEqual(closedSince.map((o) => o.order_id).sort((a, b) => a - b));
      expectRecordedAsListed(closedOf(since), listed);
      expect(new Set(orderIds(closedOf(recorded))).size).toBe(closedOf(recorded).length);
      expect(orderIds(observedOf(since))).toEqual(changedSince.map((o) => o.order_id).sort((a, b) => a - b));
      expectObservedAsListed(observedOf(since), open);
      // Every order ESI lists open is now last observed as it is listed.
      const nowObserved = lastObservations(recorded);
      for (const order of open) expect(nowObserved.get(order.order_id)).toBe(listedSignature(order));

      await sync();
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(await events()).toHaveLength(recorded.length);
    });
  },
);
