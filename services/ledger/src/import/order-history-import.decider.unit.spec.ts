import {
  corporationMarketOrderClosed,
  corporationMarketOrderObserved,
  marketOrderClosed,
  marketOrderObserved,
  type CorporationOrderHistoryImported,
  type EsiCorporationOrder,
  type EsiCorporationOrderHistory,
  type EsiCharacterOrder,
  type EsiCharacterOrderHistory,
  type MarketOrderClosed,
  type OrderHistoryImported,
} from '@tradewise/contracts';
import {
  NO_ORDER_HISTORY,
  decideCorporationOrderHistory,
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

/** A sell order as ESI lists it open: no `is_buy_order`, no `min_volume`, no `escrow`, no `state`. */
const open = (orderId: number, extra: Partial<EsiCharacterOrder> = {}): EsiCharacterOrder => ({
  order_id: orderId,
  type_id: 587,
  region_id: 10000002,
  location_id: 60003760,
  range: 'region',
  price: 1_234_567.89,
  volume_total: 10,
  volume_remain: 10,
  issued: '2026-11-18T08:00:00Z',
  duration: 90,
  is_corporation: false,
  ...extra,
});

/** A read of the open orders (and the closed ones of the same read). */
const openRead = (
  fetchedAt: string,
  openOrders: EsiCharacterOrder[],
  orders: EsiCharacterOrderHistory[] = [],
): OrderHistoryImported => ({ ...read(fetchedAt, orders), openOrders });

/** Given these batches were recorded: the stream's state, folded as the runner folds it. */
function given(...batches: OrderHistoryImported[]): OrderHistoryState {
  let state = NO_ORDER_HISTORY;
  for (const batch of batches) {
    for (const event of decideOrderHistory(state, batch)) state = evolveOrderHistory(state, event);
  }
  return state;
}

const summary = (events: RecordedOrderHistoryEvent[]) =>
  events.map((e) => ({
    type: e.type,
    orderId: e.data.orderId,
    state: (e.data as Partial<MarketOrderClosed>).state,
    source: e.source,
  }));

const observed = (events: RecordedOrderHistoryEvent[]) =>
  events.map((e) => ({ type: e.type, orderId: e.data.orderId, source: e.source }));

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
  describe('open orders', () => {
    const repriced = open(1, { price: 1_200_000, issued: '2026-11-19T09:30:00Z' });

    it('given an empty stream, when the open orders are read, then each is observed once, by id, in cents', () => {
      const bought = open(2, { is_buy_order: true, min_volume: 1, escrow: 1_000.5, price: 4.56 });
      const events = decideOrderHistory(NO_ORDER_HISTORY, openRead(T1, [bought, open(1), bought]));
      expect(observed(events)).toEqual([
        {
          type: 'MarketOrderObserved',
          orderId: 1,
          source: `esi:order-open:${ARIA}:1:2026-11-18T08:00:00Z:123456789:10`,
        },
        {
          type: 'MarketOrderObserved',
          orderId: 2,
          source: `esi:order-open:${ARIA}:2:2026-11-18T08:00:00Z:456:10`,
        },
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
        volumeRemain: 10,
        issued: '2026-11-18T08:00:00Z',
        readAt: T1,
        esi: open(1),
      });
      expect(events[1]!.data).toMatchObject({ isBuyOrder: true, priceCents: 456, esi: bought });
      for (const event of events) expect(marketOrderObserved.schema.parse(event.data)).toEqual(event.data);
    });

    it('given open orders observed, when the batch is redelivered, then nothing is recorded', () => {
      const batch = openRead(T1, [open(1), open(2)], [sell(3)]);
      expect(decideOrderHistory(given(batch), batch)).toEqual([]);
    });

    it('given open orders observed, when a later read shows them unchanged, then nothing is recorded', () => {
      const state = given(openRead(T1, [open(1), open(2)]));
      expect(decideOrderHistory(state, openRead(T2, [open(1), open(2)]))).toEqual([]);
    });

    it('given open orders observed, when a later read shows a change of price, issued or fill, then only those are observed again', () => {
      const state = given(openRead(T1, [open(1), open(2), open(3), open(4)]));
      const events = decideOrderHistory(
        state,
        openRead(T2, [
          repriced,
          open(2, { volume_remain: 4 }),
          open(3, { issued: '2026-11-19T10:00:00Z' }),
          open(4, { duration: 30 }),
        ]),
      );
      expect(observed(events)).toEqual([
        {
          type: 'MarketOrderObserved',
          orderId: 1,
          source: `esi:order-open:${ARIA}:1:2026-11-19T09:30:00Z:120000000:10`,
        },
        {
          type: 'MarketOrderObserved',
          orderId: 2,
          source: `esi:order-open:${ARIA}:2:2026-11-18T08:00:00Z:123456789:4`,
        },
        {
          type: 'MarketOrderObserved',
          orderId: 3,
          source: `esi:order-open:${ARIA}:3:2026-11-19T10:00:00Z:123456789:10`,
        },
      ]);
      expect(events[0]!.data).toMatchObject({ priceCents: 120_000_000, readAt: T2, esi: repriced });
      // The change is now the last observation: reading it again records nothing.
      expect(
        decideOrderHistory(
          given(openRead(T1, [open(1)]), openRead(T2, [repriced])),
          openRead(T2, [repriced]),
        ),
      ).toEqual([]);
    });

    it('given an open order observed, when the history lists it closed, then it is recorded closed once', () => {
      const state = given(openRead(T1, [repriced]));
      const closed = sell(1, { price: 1_200_000, issued: '2026-11-19T09:30:00Z', state: 'cancelled' });
      const events = decideOrderHistory(state, read(T2, [closed]));
      expect(summary(events)).toEqual([
        { type: 'MarketOrderClosed', orderId: 1, state: 'cancelled', source: `esi:order-history:${ARIA}:1` },
      ]);
      expect(
        decideOrderHistory(given(openRead(T1, [repriced]), read(T2, [closed])), read(T2, [closed])),
      ).toEqual([]);
    });

    it('observes the open orders and records the closed ones of the same batch, the open ones first', () => {
      const events = decideOrderHistory(NO_ORDER_HISTORY, openRead(T1, [open(2)], [sell(1)]));
      expect(events.map((e) => [e.type, e.data.orderId])).toEqual([
        ['MarketOrderObserved', 2],
        ['MarketOrderClosed', 1],
      ]);
    });

    it('reads a batch of an older sync, without open orders, as before', () => {
      const state = given(openRead(T1, [open(1)]));
      expect(decideOrderHistory(state, read(T2, []))).toEqual([]);
    });

    it("keys each observation by the character whose read listed the order, so two characters' streams never share an id", () => {
      const [mine] = decideOrderHistory(NO_ORDER_HISTORY, openRead(T1, [open(5)]));
      const [theirs] = decideOrderHistory(NO_ORDER_HISTORY, {
        ...openRead(T1, [open(5)]),
        characterId: DAX,
      });
      expect(mine!.source).not.toBe(theirs!.source);
    });

    it('leaves the observations of the state it is given as they were', () => {
      const state = given(openRead(T1, [open(1)]));
      decideOrderHistory(state, openRead(T2, [repriced, open(2)]));
      expect([...state.observed.keys()]).toEqual([1]);
      expect(NO_ORDER_HISTORY.observed.size).toBe(0);
    });
  });
});

describe('corporation order history decider', () => {
  const FORGE = 98770001;
  const OTHER_ACCOUNT = '5c1e5b9f-7a4f-4d2b-8e5a-3a7b9a2c1d22';

  const corporationOpen = (
    orderId: number,
    extra: Partial<EsiCorporationOrder> = {},
  ): EsiCorporationOrder => {
    const { is_corporation: _isCorporation, ...order } = open(orderId);
    return { ...order, issued_by: DAX, wallet_division: 3, ...extra };
  };
  const corporationClosed = (
    orderId: number,
    extra: Partial<EsiCorporationOrderHistory> = {},
  ): EsiCorporationOrderHistory => ({
    ...corporationOpen(orderId),
    volume_remain: 0,
    state: 'expired',
    ...extra,
  });
  const corporationRead = (
    fetchedAt: string,
    orders: EsiCorporationOrderHistory[],
    openOrders: EsiCorporationOrder[] = [],
    accountId = ACCOUNT,
  ): CorporationOrderHistoryImported => ({
    accountId,
    corporationId: FORGE,
    readByCharacterId: ARIA,
    fetchedAt,
    orders,
    openOrders,
  });

  function givenCorporation(...batches: CorporationOrderHistoryImported[]): OrderHistoryState {
    let state = NO_ORDER_HISTORY;
    for (const batch of batches)
      for (const event of decideCorporationOrderHistory(state, batch))
        state = evolveOrderHistory(state, event);
    return state;
  }

  it("given an empty stream, when the corporation's orders are read, then each is recorded with its division and issuer, in cents", () => {
    const events = decideCorporationOrderHistory(
      NO_ORDER_HISTORY,
      corporationRead(T1, [corporationClosed(1)], [corporationOpen(2, { wallet_division: 1 })]),
    );
    expect(events.map((e) => [e.type, e.source])).toEqual([
      [
        'CorporationMarketOrderObserved',
        `esi:corporation-order-open:${ACCOUNT}:${FORGE}:2:2026-11-18T08:00:00Z:123456789:10`,
      ],
      ['CorporationMarketOrderClosed', `esi:corporation-order-history:${ACCOUNT}:${FORGE}:1`],
    ]);
    expect(events[1]!.data).toEqual({
      accountId: ACCOUNT,
      corporationId: FORGE,
      walletDivision: 3,
      issuedBy: DAX,
      orderId: 1,
      typeId: 587,
      regionId: 10000002,
      locationId: 60003760,
      isBuyOrder: false,
      priceCents: 123_456_789,
      volumeTotal: 10,
      volumeRemain: 0,
      minVolume: null,
      range: 'region',
      duration: 90,
      escrowCents: null,
      issued: '2026-11-18T08:00:00Z',
      readAt: T1,
      state: 'expired',
      esi: corporationClosed(1),
    });
    expect(corporationMarketOrderClosed.schema.parse(events[1]!.data)).toEqual(events[1]!.data);
    expect(corporationMarketOrderObserved.schema.parse(events[0]!.data)).toEqual(events[0]!.data);
    expect(events[0]!.data).toMatchObject({ walletDivision: 1, volumeRemain: 10 });
  });

  it('given orders recorded, when the read is redelivered or an open order read unchanged, then nothing is recorded', () => {
    const first = corporationRead(T1, [corporationClosed(1)], [corporationOpen(2)]);
    const state = givenCorporation(first);
    expect(decideCorporationOrderHistory(state, first)).toEqual([]);
    expect(
      decideCorporationOrderHistory(state, corporationRead(T2, [corporationClosed(1)], [corporationOpen(2)])),
    ).toEqual([]);
    const changed = decideCorporationOrderHistory(
      state,
      corporationRead(T2, [], [corporationOpen(2, { price: 1_234_000, issued: '2026-11-19T08:00:00Z' })]),
    );
    expect(changed.map((e) => [e.type, e.data.orderId, e.data.priceCents])).toEqual([
      ['CorporationMarketOrderObserved', 2, 123_400_000],
    ]);
  });

  it("keys each event by the account, so two accounts' copies of one corporation never share an id", () => {
    const [ours] = decideCorporationOrderHistory(
      NO_ORDER_HISTORY,
      corporationRead(T1, [corporationClosed(1)]),
    );
    const [theirs] = decideCorporationOrderHistory(
      NO_ORDER_HISTORY,
      corporationRead(T1, [corporationClosed(1)], [], OTHER_ACCOUNT),
    );
    expect(ours!.source).not.toBe(theirs!.source);
  });
});
