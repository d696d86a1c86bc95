import {
  corporationOrderHistoryImportedSchema,
  type AccountDocument,
  type CorporationOrderHistoryImported,
  type EsiCorporationOrder,
  type EsiCorporationOrderHistory,
} from '@tradewise/contracts';
import {
  EsiMissingScopeError,
  EsiThrottledError,
  ManualClock,
  type Logger,
  type MessageBus,
  type ReadModels,
  type ReadStore,
} from '@tradewise/platform';
import { ORDER_HISTORY_SYNC_STATE_COLLECTION, type PublishedOpenOrder } from './character-order-history.sync';
import {
  CorporationOrderHistorySync,
  type CorporationOrderHistoryEsi,
} from './corporation-order-history.sync';

const ACCOUNT = '4b0d4a8e-6f3e-4c1a-9d4f-2f6a8f1b0c11';
const ARIA = 2119000011;
const DAX = 2119000012;
const FORGE = 98770001;

/** A sell order of the corporation as ESI lists it open: no `is_buy_order`, no `min_volume`, no `escrow`. */
const openOrder = (orderId: number, extra: Partial<EsiCorporationOrder> = {}): EsiCorporationOrder => ({
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
  issued_by: ARIA,
  wallet_division: 2,
  ...extra,
});

const closedOrder = (orderId: number, extra: Partial<EsiCorporationOrderHistory> = {}) =>
  ({ ...openOrder(orderId), volume_remain: 0, state: 'expired', ...extra }) as EsiCorporationOrderHistory;

type Character = AccountDocument['characters'][number];

const character = (characterId: number, extra: Partial<Character> = {}) =>
  ({ characterId, enableCorpTradeSync: true, roles: ['Trader'], ...extra }) as Character;

describe('CorporationOrderHistorySync', () => {
  class FakeEsi implements CorporationOrderHistoryEsi {
    listed: EsiCorporationOrderHistory[] = [];
    open: EsiCorporationOrder[] = [];
    failure: Error | null = null;
    readers: number[] = [];
    getCharacter() {
      return Promise.resolve({
        data: { corporation_id: FORGE },
        unchanged: false,
        freshUntil: new Date(),
      } as never);
    }
    getCorporationOrderHistory(characterId: number, corporationId: number) {
      expect(corporationId).toBe(FORGE);
      this.readers.push(characterId);
      if (this.failure) return Promise.reject(this.failure);
      return Promise.resolve({ data: this.listed, unchanged: false, freshUntil: new Date() });
    }
    getCorporationOrders() {
      return Promise.resolve({ data: this.open, unchanged: false, freshUntil: new Date() });
    }
  }

  function memoryStore() {
    const documents = new Map<string, { published: number[]; open?: PublishedOpenOrder[] }>();
    const store = {
      collection: (name: string) => {
        expect(name).toBe(ORDER_HISTORY_SYNC_STATE_COLLECTION);
        return {
          findOne: (filter: { _id: string }) => Promise.resolve(documents.get(filter._id) ?? null),
          replaceOne: (filter: { _id: string }, document: { published: number[] }) => {
            documents.set(filter._id, document);
            return Promise.resolve({});
          },
        };
      },
    } as unknown as ReadStore;
    return { store, documents };
  }

  let esi: FakeEsi;
  let published: CorporationOrderHistoryImported[];
  let memory: ReturnType<typeof memoryStore>;
  let account: { -readonly [K in '_id' | 'tier' | 'characters']: AccountDocument[K] };
  let logged: jest.Mock;
  let sync: CorporationOrderHistorySync;

  beforeEach(() => {
    esi = new FakeEsi();
    published = [];
    memory = memoryStore();
    account = { _id: ACCOUNT, tier: 'PRO', characters: [character(ARIA), character(DAX)] };
    logged = jest.fn();
    const bus = {
      publish: (topic: string, messages: readonly { key: string; value: unknown }[]) => {
        expect(topic).toBe('esi.corporation-order-history.v1');
        for (const { key, value } of messages) {
          expect(key).toBe(String(FORGE));
          published.push(corporationOrderHistoryImportedSchema.parse(value));
        }
        return Promise.resolve();
      },
    } as unknown as MessageBus;
    const readModels = {
      serving: () => Promise.resolve({ findOne: () => Promise.resolve(account) }),
    } as unknown as ReadModels;
    sync = new CorporationOrderHistorySync(
      esi,
      bus,
      memory.store,
      readModels,
      new ManualClock('2026-11-20T10:00:00.000Z'),
      { warn: logged, info: logged } as unknown as Logger,
    );
  });

  const stateId = `corporationorderhistory:${ACCOUNT}:${FORGE}`;

  it("publishes the corporation's closed and changed open orders as ESI sent them, once, through its first reader", async () => {
    esi.listed = [closedOrder(2), closedOrder(1, { state: 'cancelled', volume_remain: 4 })];
    esi.open = [openOrder(3)];
    await sync.refresh(ACCOUNT, [ARIA, DAX]);
    expect(esi.readers).toEqual([ARIA]);
    expect(published).toEqual([
      {
        accountId: ACCOUNT,
        corporationId: FORGE,
        readByCharacterId: ARIA,
        fetchedAt: '2026-11-20T10:00:00.000Z',
        orders: [closedOrder(1, { state: 'cancelled', volume_remain: 4 }), closedOrder(2)],
        openOrders: [openOrder(3)],
      },
    ]);
    expect(memory.documents.get(stateId)).toMatchObject({ published: [1, 2], open: [{ order_id: 3 }] });

    published.length = 0;
    esi.open = [openOrder(3, { price: 1_234_000, issued: '2026-11-19T09:00:00Z' })];
    await sync.refresh(ACCOUNT, [ARIA, DAX]);
    expect(published.map((message) => [message.orders.length, message.openOrders?.length])).toEqual([[0, 1]]);
    published.length = 0;
    await sync.refresh(ACCOUNT, [ARIA, DAX]);
    expect(published).toEqual([]);
  });

  it('reads through a character that holds an order role, with corporation trade sync on, on a PRO account', async () => {
    account.characters = [
      character(ARIA, { roles: ['Junior_Accountant'] }),
      character(DAX, { roles: ['Accountant'] }),
    ];
    await sync.refresh(ACCOUNT, [ARIA, DAX]);
    expect(esi.readers).toEqual([DAX]);

    esi.readers = [];
    account.characters = [character(ARIA, { enableCorpTradeSync: false }), character(DAX, { roles: [] })];
    await sync.refresh(ACCOUNT, [ARIA, DAX]);
    account.characters = [character(ARIA)];
    account.tier = 'SUPPORTER';
    await sync.refresh(ACCOUNT, [ARIA]);
    expect(esi.readers).toEqual([]);
  });

  it('skips a corporation it may not read and keeps what it published; throttling ends the sync', async () => {
    esi.failure = new EsiMissingScopeError(
      ARIA,
      'esi-markets.read_corporation_orders.v1',
      'corporation orders',
    );
    await expect(sync.refresh(ACCOUNT, [ARIA])).resolves.toBeUndefined();
    expect(logged).toHaveBeenCalledTimes(1);
    expect(published).toEqual([]);
    expect(memory.documents.size).toBe(0);

    esi.failure = new EsiThrottledError('throttled', 'corporation orders', 420, new Date());
    await expect(sync.refresh(ACCOUNT, [ARIA])).rejects.toBeInstanceOf(EsiThrottledError);
  });
});
