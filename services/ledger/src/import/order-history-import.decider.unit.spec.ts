import {
  marketOrderClosed,
  type EsiCharacterOrderHistory,
  type OrderHistoryImported,
} from '@tradewise/contracts';
import {
  NO_ORDER_HISTORY,
  decideOrderHistory,
  evolveOrderHistory,
  type OrderHistoryState,
  type RecordedOrderHistoryEvent,
} from './order-history-import.decider';

const ACCOUNT = '4b0d4a8e-6f3e-4c1a-9d4f-2f6a8f1b0c11';
const ARIA = 2119000011;
const DAX = 2119000012;
const T1 = '2026-11-20T10:00:00.000Z';
const T2 = '2026-11-20T11:01:00.000Z';

/** A sell order as ESI lists it closed: no `is_buy_order`, no `min_volume`, no `escrow`. */
const sell = (orderId: number, extra: Partial<EsiCharacterOrderHistory> = {}): EsiCharacterOrderHistory => ({
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

const buy = (orderId: number, extra: Partial<EsiCharacterOrderHistory> = {}): EsiCharacterOrderHistory =>
  sell(orderId, {
    is_buy_order: true,
    range: 'station',
    price: 4.56,
    volume_total: 100_000,
    volume_remain: 25_000,
    min_volume: 1,
    escrow: 114_000.01,
    state: 'cancelled',
    ...extra,
  });

const read = (
  fetchedAt: string,
  orders: EsiCharacterOrderHistory[],
  characterId = ARIA,
): OrderHistoryImported => ({
  accountId: ACCOUNT,
  characterId,
  fetchedAt,
  orders,
});

/** Given these batches were recorded: the stream's state, folded as the runner folds it. */
function given(...batches: OrderHistoryImported[]): OrderHistoryState {
  let state = NO_ORDER_HISTORY;
  for (const batch of batches) {
    for (const event of decideOrderHistory(state, batch)) state = evolveOrderHistory(state, event);
  }
  return state;
}

const summary = (events: RecordedOrderHistoryEvent[]) =>
  events.map((e) => ({ type: e.type, orderId: e.data.orderId, state: e.data.state, source: e.source }));

describe('order history decider', () => {
  it('given an empty stream, when the history is read, then each order is recorded once, by id, in cents', () => {
    const events = decideOrderHistory(NO_ORDER_HISTORY, read(T1, [buy(2), sell(1), buy(2)]));
    expect(summary(events)).toEqual([
      { type: 'MarketOrderClosed', orderId: 1, state: 'expired', source: `esi:order-history:${ARIA}:1` },
      { type: 'MarketOrderClosed', orderId: 2, state: 'cancelled', source: `esi:order-history:${ARIA}:2` },
    ]);
    expect(events[0]!.data).toEqual({
      accountId: ACCOUNT,
      characterId: ARIA,
      orderId: 1,
      typeId: 587,
      regionId: 10000002,
      locationId: 60003760,
      isBuyOrder: false,
      isCorporation: false,
      priceCents: 123_456_789,
      volumeTotal: 10,
      volumeRemain: 0,
      minVolume: null,
      range: 'region',
      duration: 90,
      escrowCents: null,
      issued: '2026-11-18T08:00:00Z',
      state: 'expired',
      readAt: T1,
      esi: sell(1),
    });
    expect(events[1]!.data).toMatchObject({
      isBuyOrder: true,
      priceCents: 456,
      volumeTotal: 100_000,
      volumeRemain: 25_000,
      minVolume: 1,
      range: 'station',
      escrowCents: 11_400_001,
      esi: buy(2),
    });
    for (const event of events) expect(marketOrderClosed.schema.parse(event.data)).toEqual(event.data);
  });

  it("records a corporation order the character placed, and a price's fraction of a cent rounded to the cent", () => {
    const [event] = decideOrderHistory(
      NO_ORDER_HISTORY,
      read(T1, [sell(3, { is_corporation: true, price: 0.015 })]),
    );
    expect(event!.data).toMatchObject({ isCorporation: true, priceCents: 2 });
  });

  it('given orders recorded, when the history is redelivered or read again with one more, then only the new one is recorded', () => {
    const first = read(T1, [sell(1), buy(2)]);
    const state = given(first);
    expect(decideOrderHistory(state, first)).toEqual([]);
    expect(summary(decideOrderHistory(state, read(T2, [sell(1), buy(2), sell(3)])))).toEqual([
      { type: 'MarketOrderClosed', orderId: 3, state: 'expired', source: `esi:order-history:${ARIA}:3` },
    ]);
  });

  it('given an order recorded, when it is read again with other figures, then nothing is recorded: a closed order is final', () => {
    const state = given(read(T1, [buy(4)]));
    expect(decideOrderHistory(state, read(T2, [buy(4, { state: 'expired', volume_remain: 0 })]))).toEqual([]);
  });

  it("keys each event by the character whose history listed the order, so two characters' streams never share an id", () => {
    const [mine] = decideOrderHistory(NO_ORDER_HISTORY, read(T1, [sell(5)]));
    const [theirs] = decideOrderHistory(NO_ORDER_HISTORY, read(T1, [sell(5)], DAX));
    expect(mine!.source).not.toBe(theirs!.source);
    expect(theirs!.data.characterId).toBe(DAX);
  });

  it('given an empty batch, then nothing is recorded', () => {
    expect(decideOrderHistory(NO_ORDER_HISTORY, read(T1, []))).toEqual([]);
  });

  it('leaves the state it is given as it was (the fold owns only the set it built)', () => {
    const state = given(read(T1, [sell(1)]));
    decideOrderHistory(state, read(T2, [sell(1), sell(2)]));
    expect([...state.orderIds]).toEqual([1]);
    expect(NO_ORDER_HISTORY.orderIds.size).toBe(0);
  });
});
