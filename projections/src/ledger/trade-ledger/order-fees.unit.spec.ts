import {
  MATCH_FINAL_AFTER_MS,
  brokerFeeRowView,
  fillBrokerFee,
  initialOrderFeeState,
  learnedBrokerRates,
  orderMatch,
  orderMatchState,
  orderView,
  recordBrokerFeeRow,
  recordFill,
  recordMatchedOrder,
  recordOrderRead,
  settleOrderFees,
  takeOrderFeeChanges,
  unmatchedBrokerFeeRows,
  type LedgerBrokerFeeRow,
  type LedgerOrderRead,
  type OrderFeeState,
  type OrderFill,
  type RecordedOrderMatch,
} from './order-fees';

const CHARACTER = 90_000_001;
const JITA = 60_003_760;
const TYPE = 34;
const isk = (value: number): number => Math.round(value * 100);
const at = (hour: number, minute = 0): string => new Date(Date.UTC(2026, 10, 2, hour, minute)).toISOString();

type Input =
  | { kind: 'read'; read: LedgerOrderRead }
  | { kind: 'fee'; row: LedgerBrokerFeeRow }
  | { kind: 'fill'; fill: OrderFill };

function order(
  orderId: number,
  overrides: Partial<LedgerOrderRead> & Pick<LedgerOrderRead, 'issued' | 'readAt' | 'price'>,
): LedgerOrderRead {
  return {
    orderId,
    characterId: CHARACTER,
    typeId: TYPE,
    locationId: JITA,
    isBuy: false,
    volumeTotal: 100,
    volumeRemain: 100,
    closed: false,
    ...overrides,
  };
}
const read = (value: LedgerOrderRead): Input => ({ kind: 'read', read: value });
/** The history's read of an order that filled whole. */
const filledUp = (
  orderId: number,
  overrides: Partial<LedgerOrderRead> & Pick<LedgerOrderRead, 'issued' | 'readAt' | 'price'>,
): Input => read(order(orderId, { volumeRemain: 0, closed: true, ...overrides }));
let journalId = 1;
const fee = (date: string, amount: number): Input => ({
  kind: 'fee',
  row: { journalEntryId: journalId++, characterId: CHARACTER, date, amount },
});
let transactionId = 1;
const fill = (date: string, quantity: number, unitPrice: number, extra: Partial<OrderFill> = {}): Input => ({
  kind: 'fill',
  fill: {
    transactionId: transactionId++,
    characterId: CHARACTER,
    typeId: TYPE,
    locationId: JITA,
    isBuy: false,
    timeMs: Date.parse(date),
    quantity,
    unitPrice,
    ...extra,
  },
});

function record(state: OrderFeeState, input: Input): void {
  if (input.kind === 'read') recordOrderRead(state, input.read);
  else if (input.kind === 'fee') recordBrokerFeeRow(state, input.row);
  else recordFill(state, input.fill);
}

/** Settled after each input. */
function given(inputs: readonly Input[]): OrderFeeState {
  const state = initialOrderFeeState();
  for (const input of inputs) {
    record(state, input);
    settleOrderFees(state);
  }
  return state;
}

/** Every input recorded first, then settled once: what a projection that settles per batch finds. */
function givenAtOnce(inputs: readonly Input[]): OrderFeeState {
  const state = initialOrderFeeState();
  for (const input of inputs) record(state, input);
  settleOrderFees(state);
  return state;
}

const fillIds = (inputs: readonly Input[]): number[] =>
  inputs.flatMap((input) => (input.kind === 'fill' ? [input.fill.transactionId] : []));
const feesOf = (state: OrderFeeState, inputs: readonly Input[]) =>
  fillIds(inputs).map((id) => fillBrokerFee(state, id));
const history = (readAt: string): Input =>
  // An old closed order elsewhere: the character's order history was read then, reaching 90 days back.
  read(
    order(1, {
      issued: at(0),
      readAt,
      price: isk(1),
      volumeTotal: 1,
      volumeRemain: 1,
      closed: true,
      typeId: 1,
    }),
  );

/** Sell 100 at 10,000.00, placed for 15,000.00, filled in three fills and read closed at 5:00. */
const threeFills = (): Input[] => [
  history(at(0)),
  read(order(10, { issued: at(1), readAt: at(1, 10), price: isk(10_000) })),
  fee(at(1), isk(15_000)),
  fill(at(2), 30, isk(10_000)),
  fill(at(3), 30, isk(10_000)),
  fill(at(4), 40, isk(10_000)),
  filledUp(10, { issued: at(1), readAt: at(5), price: isk(10_000) }),
];

describe('order fee matching (docs/profit-rules.md §6)', () => {
  it('an order filled in three fills: the placement fee goes to each fill by its units', () => {
    const inputs = threeFills();
    const state = given(inputs);
    expect(feesOf(state, inputs)).toEqual([
      { source: 'order', orderId: 10, fee: isk(4_500) },
      { source: 'order', orderId: 10, fee: isk(4_500) },
      { source: 'order', orderId: 10, fee: isk(6_000) },
    ]);
    expect(orderMatch(state, 10)).toMatchObject({ complete: true, unfilledFee: 0 });
  });

  it('an order repriced twice then filled: each change is charged to the units still on the order', () => {
    const inputs = [
      history(at(0)),
      read(order(11, { issued: at(1), readAt: at(1, 10), price: isk(10_000) })),
      fee(at(1), isk(15_000)),
      fill(at(2), 40, isk(10_000)),
      fee(at(3), isk(2_247.75)),
      read(order(11, { issued: at(3), readAt: at(3, 10), price: isk(9_990), volumeRemain: 60 })),
      fee(at(4), isk(2_245.5)),
      fill(at(5), 60, isk(9_980)),
      filledUp(11, { issued: at(4), readAt: at(6), price: isk(9_980) }),
    ];
    const state = given(inputs);
    expect(feesOf(state, inputs)).toEqual([
      { source: 'order', orderId: 11, fee: isk(6_000) },
      { source: 'order', orderId: 11, fee: isk(9_000 + 2_247.75 + 2_245.5) },
    ]);
    expect(orderMatch(state, 11)!.fees.map((matched) => [matched.kind, matched.unitsOnOrder])).toEqual([
      ['placement', 100],
      ['change', 60],
      ['change', 60],
    ]);
  });

  it('a cancelled order: the fees of units that never filled are a cost of their own', () => {
    const inputs = [
      history(at(0)),
      read(order(12, { issued: at(1), readAt: at(1, 10), price: isk(100), isBuy: true })),
      fee(at(1), isk(150)),
      fill(at(2), 25, isk(100), { isBuy: true }),
      read(
        order(12, {
          issued: at(1),
          readAt: at(3),
          price: isk(100),
          isBuy: true,
          volumeRemain: 75,
          closed: true,
        }),
      ),
    ];
    const state = given(inputs);
    expect(feesOf(state, inputs)).toEqual([{ source: 'order', orderId: 12, fee: isk(37.5) }]);
    expect(orderMatch(state, 12)).toMatchObject({ complete: true, unfilledFee: isk(112.5) });
  });

  it('two identical orders at one price: the market fills the older first', () => {
    const inputs = [
      history(at(0)),
      read(
        order(20, { issued: at(1), readAt: at(1, 30), price: isk(1_000), volumeTotal: 10, volumeRemain: 10 }),
      ),
      read(
        order(21, {
          issued: at(1, 20),
          readAt: at(1, 30),
          price: isk(1_000),
          volumeTotal: 10,
          volumeRemain: 10,
        }),
      ),
      fee(at(1), isk(150)),
      fee(at(1, 20), isk(150)),
      fill(at(2), 10, isk(1_000)),
      fill(at(3), 10, isk(1_000)),
      filledUp(20, { issued: at(1), readAt: at(4), price: isk(1_000), volumeTotal: 10 }),
      filledUp(21, { issued: at(1, 20), readAt: at(4), price: isk(1_000), volumeTotal: 10 }),
    ];
    const state = given(inputs);
    expect(feesOf(state, inputs)).toEqual([
      { source: 'order', orderId: 20, fee: isk(150) },
      { source: 'order', orderId: 21, fee: isk(150) },
    ]);
  });

  it('two orders placed in the same second are told apart by what they cost', () => {
    // Earlier placements teach the character's rate at the station (1.5%): each row is then near one order's cost.
    const earlier = [50, 51].flatMap((orderId, index) => [
      read(
        order(orderId, {
          issued: at(0, 10 + index),
          readAt: at(0, 30),
          price: isk(100),
          typeId: 100 + index,
        }),
      ),
      fee(at(0, 10 + index), isk(150)),
    ]);
    const inputs = [
      history(at(0)),
      ...earlier,
      read(
        order(30, { issued: at(1), readAt: at(1, 10), price: isk(1_000), volumeTotal: 10, volumeRemain: 10 }),
      ),
      read(
        order(31, {
          issued: at(1),
          readAt: at(1, 10),
          price: isk(1_000),
          volumeTotal: 30,
          volumeRemain: 30,
          typeId: 35,
        }),
      ),
      fee(at(1), isk(450)),
      fee(at(1), isk(150)),
    ];
    const state = given(inputs);
    expect(orderMatch(state, 30)!.fees[0]!.amount).toBe(isk(150));
    expect(orderMatch(state, 31)!.fees[0]!.amount).toBe(isk(450));
  });

  it('a fill no order of the character made pays no broker fee; outside the reads it is estimated', () => {
    const inputs = [
      fill(at(0, 30), 5, isk(10), { isBuy: true }),
      history(at(1)),
      fill(at(0, 35), 5, isk(10), { isBuy: true }),
      fill(at(2), 5, isk(10), { isBuy: true }),
    ];
    const state = given(inputs);
    expect(feesOf(state, inputs)).toEqual([
      { source: 'noOrder' },
      { source: 'noOrder' },
      { source: 'estimated', reason: 'ordersNotReadYet' },
    ]);
    expect(fillBrokerFee(state, 999)).toEqual({ source: 'estimated', reason: 'noOrderHistory' });
  });

  it('a change no read showed is found by its fee, when no other order could have paid it', () => {
    const inputs = [
      history(at(0)),
      read(order(41, { issued: at(1), readAt: at(1, 10), price: isk(10_000) })),
      fee(at(1), isk(15_000)),
      // Changed to 9,950 at 2:00 and to 9,900 at 2:15: only the second change's issued is ever read.
      fee(at(2), isk(3_731.25)),
      fill(at(2, 10), 50, isk(9_950)),
      fee(at(2, 15), isk(1_856.25)),
      fill(at(3), 50, isk(9_900)),
      filledUp(41, { issued: at(2, 15), readAt: at(4), price: isk(9_900) }),
    ];
    const state = given(inputs);
    expect(feesOf(state, inputs)).toEqual([
      // The change's 3,731.25 over 100 units: 1,865.63 and 1,865.62 (the running rounded split).
      { source: 'order', orderId: 41, fee: isk(7_500 + 1_865.63) },
      { source: 'order', orderId: 41, fee: isk(7_500 + 1_865.62 + 1_856.25) },
    ]);
    expect(orderMatch(state, 41)!.fees.map((matched) => [matched.kind, matched.unitsOnOrder])).toEqual([
      ['placement', 100],
      ['change', 100],
      ['change', 50],
    ]);
  });

  it('a fee no read explains that two orders could have paid leaves both estimated', () => {
    const twin = (orderId: number, typeId: number, minute: number) => [
      read(order(orderId, { issued: at(1, minute), readAt: at(1, 10), price: isk(10_000), typeId })),
      fee(at(1, minute), isk(15_000)),
      fill(at(3), 100, isk(9_900), { typeId }),
      read(
        order(orderId, {
          issued: at(2, 15 + minute),
          readAt: at(4),
          price: isk(9_900),
          typeId,
          volumeRemain: 0,
          closed: true,
        }),
      ),
      fee(at(2, 15 + minute), isk(3_712.5)),
    ];
    const inputs = [history(at(0)), ...twin(42, 34, 0), ...twin(43, 35, 1), fee(at(2), isk(3_731.25))];
    const state = given(inputs);
    expect(feesOf(state, inputs)).toEqual([
      { source: 'estimated', reason: 'unseenChange' },
      { source: 'estimated', reason: 'unseenChange' },
    ]);
    expect(unmatchedBrokerFeeRows(state).map((row) => row.amount)).toEqual([isk(3_731.25)]);
  });

  // Order 60 was changed at 2:00 unseen, then at 2:15: its fills pay placement 15,000 + 3,731.25 + 3,712.50.
  const changedTwice = (typeId: number): Input[] => [
    read(order(60, { issued: at(1), readAt: at(1, 10), price: isk(10_000), typeId })),
    fee(at(1), isk(15_000)),
    fee(at(2), isk(3_731.25)),
    fee(at(2, 15), isk(3_712.5)),
    fill(at(3), 100, isk(9_900), { typeId }),
    filledUp(60, { issued: at(2, 15), readAt: at(4), price: isk(9_900), typeId }),
  ];

  it('a change no read showed happened after the last read before the next change: a read after it rules it out', () => {
    // Order 61 also changed later (3:15), but a read at 2:40 still showed it as placed: its change was after that.
    const inputs = [
      history(at(0)),
      ...changedTwice(34),
      read(order(61, { issued: at(1, 1), readAt: at(1, 10), price: isk(10_000), typeId: 35 })),
      fee(at(1, 1), isk(15_000)),
      fill(at(2, 30), 10, isk(10_000), { typeId: 35 }),
      read(
        order(61, { issued: at(1, 1), readAt: at(2, 40), price: isk(10_000), typeId: 35, volumeRemain: 90 }),
      ),
      fee(at(3, 15), isk(3_341.25)),
      fill(at(3, 30), 90, isk(9_900), { typeId: 35 }),
      filledUp(61, { issued: at(3, 15), readAt: at(4), price: isk(9_900), typeId: 35 }),
    ];
    expect(feesOf(given(inputs), inputs)).toEqual([
      { source: 'order', orderId: 60, fee: isk(22_443.75) },
      { source: 'order', orderId: 61, fee: isk(1_500) },
      { source: 'order', orderId: 61, fee: isk(13_500 + 3_341.25) },
    ]);
  });

  it('an order whose first fee the reads showed was its placement paid nothing before it', () => {
    // Order 62 was placed at 2:05 (a fee of the learned rate then): the 2:00 row cannot be a change of it.
    const inputs = [
      history(at(0)),
      ...changedTwice(34),
      read(order(62, { issued: at(2, 5), readAt: at(2, 30), price: isk(10_000), typeId: 35 })),
      fee(at(2, 5), isk(15_000)),
      fill(at(3), 100, isk(10_000), { typeId: 35 }),
      filledUp(62, { issued: at(2, 5), readAt: at(4), price: isk(10_000), typeId: 35 }),
    ];
    expect(feesOf(given(inputs), inputs)).toEqual([
      { source: 'order', orderId: 60, fee: isk(22_443.75) },
      { source: 'order', orderId: 62, fee: isk(15_000) },
    ]);
  });

  it('a first fee far below the learned placement rate is a change: the placement was not seen', () => {
    const placements = [50, 51, 52].flatMap((orderId, index) => [
      read(
        order(orderId, { issued: at(1, index), readAt: at(1, 10), price: isk(10_000), typeId: 100 + index }),
      ),
      fee(at(1, index), isk(15_000)),
    ]);
    const inputs = [
      history(at(0)),
      ...placements,
      read(order(53, { issued: at(2), readAt: at(2, 10), price: isk(9_990) })),
      fee(at(2), isk(3_746.25)),
      fill(at(3), 100, isk(9_990)),
      filledUp(53, { issued: at(2), readAt: at(4), price: isk(9_990) }),
    ];
    const state = given(inputs);
    expect(feesOf(state, inputs)).toEqual([{ source: 'estimated', reason: 'unseenPlacement' }]);
    expect(learnedBrokerRates(state)).toEqual([
      {
        characterId: CHARACTER,
        locationId: JITA,
        ratePpm: 15_000,
        relistRatePpm: null,
        agreeing: 3,
        samples: 4,
      },
    ]);
  });

  it('learns the most common placement rate, the larger of a tie, whatever order the placements come in', () => {
    const placements = (rates: readonly [orderId: number, feeIsk: number][]): Input[] =>
      rates.flatMap(([orderId, feeIsk], index) => [
        read(
          order(orderId, {
            issued: at(1, index),
            readAt: at(1, 30),
            price: isk(10_000),
            typeId: 100 + index,
          }),
        ),
        fee(at(1, index), isk(feeIsk)),
      ]);
    const learned = (inputs: Input[]) => learnedBrokerRates(given([history(at(0)), ...inputs]))[0];
    const lower: [number, number][] = [
      [50, 10_000],
      [51, 10_000],
    ];
    const higher: [number, number][] = [
      [52, 15_000],
      [53, 15_000],
    ];
    for (const inputs of [placements([...lower, ...higher]), placements([...higher, ...lower])])
      expect(learned(inputs)).toMatchObject({ ratePpm: 15_000, agreeing: 2, samples: 4 });
    expect(learned(placements([...higher, ...lower, [54, 10_000]]))).toMatchObject({
      ratePpm: 10_000,
      agreeing: 3,
      samples: 5,
    });
  });

  const walletBoundsTheUnits = (extra: Partial<LedgerOrderRead> = {}): Input[] => {
    // Order 90 changed unseen at 2:00 with 40 units left (2,997.00), then at 2:15 (read). Order 91 (another item),
    // changed at 2:20, could have paid the 2:00 row as far as its reads tell (they leave 10 to 100 units on it then),
    // but none of its fills came before 2:00: 100 units were on it, and a change would have cost about 7,500.00.
    const type35 = { typeId: 35 };
    return [
      history(at(0)),
      read(order(90, { issued: at(1), readAt: at(1, 10), price: isk(10_000), ...extra })),
      read(order(91, { issued: at(1, 1), readAt: at(1, 10), price: isk(10_000), ...type35, ...extra })),
      fee(at(1), isk(15_000)),
      fee(at(1, 1), isk(15_000)),
      fill(at(1, 30), 60, isk(10_000)),
      fee(at(2), isk(2_997)),
      fee(at(2, 15), isk(2_994)),
      fee(at(2, 20), isk(7_477.5)),
      fill(at(2, 25), 90, isk(9_970), type35),
      read(
        order(90, { issued: at(2, 15), readAt: at(2, 40), price: isk(9_980), volumeRemain: 40, ...extra }),
      ),
      read(
        order(91, {
          issued: at(2, 20),
          readAt: at(2, 40),
          price: isk(9_970),
          volumeRemain: 10,
          ...type35,
          ...extra,
        }),
      ),
      fill(at(3), 40, isk(9_980)),
      fill(at(3), 10, isk(9_970), type35),
      filledUp(90, { issued: at(2, 15), readAt: at(4), price: isk(9_980), ...extra }),
      filledUp(91, { issued: at(2, 20), readAt: at(4), price: isk(9_970), ...type35, ...extra }),
    ];
  };

  it("the wallet bounds the units on an order: a change too small for them is another order's", () => {
    const inputs = walletBoundsTheUnits();
    const expected = [
      { source: 'order', orderId: 90, fee: isk(9_000) },
      { source: 'order', orderId: 91, fee: isk(13_500 + 6_729.75) },
      { source: 'order', orderId: 90, fee: isk(6_000 + 2_997 + 2_994) },
      { source: 'order', orderId: 91, fee: isk(1_500 + 747.75) },
    ];
    expect(feesOf(given(inputs), inputs)).toEqual(expected);
    expect(feesOf(given([...inputs].reverse()), inputs)).toEqual(expected);
    expect(feesOf(givenAtOnce(inputs), inputs)).toEqual(expected);
  });

  it('a corporation’s orders are not bound by its wallet: its members change them at rates of their own', () => {
    const inputs = walletBoundsTheUnits({ corporationOrder: true });
    expect(feesOf(given(inputs), inputs)).toEqual([
      { source: 'estimated', reason: 'unseenChange' },
      { source: 'estimated', reason: 'unseenChange' },
      { source: 'estimated', reason: 'unseenChange' },
      { source: 'estimated', reason: 'unseenChange' },
    ]);
  });

  describe('an order the first read showed: nothing read before says when it was placed', () => {
    // Sell 100 placed at 5:06 at 10,000.00 (15,000.00 at 1.5%), repriced at 12:17 to 9,990.00 (7,492.50: half the
    // rate on the new value), first read at 12:30: the first fee read is a change, and the placement row no event
    // explains could be its.
    const repricedBeforeTheFirstRead = (placementRow: number): Input[] => [
      fee(at(5, 6), isk(placementRow)),
      read(order(80, { issued: at(12, 17), readAt: at(12, 30), price: isk(9_990) })),
      fee(at(12, 17), isk(7_492.5)),
      fill(at(13), 100, isk(9_990)),
      filledUp(80, { issued: at(12, 17), readAt: at(14), price: isk(9_990) }),
    ];

    it('a larger fee row before its first event that no event explains may be its placement: estimated', () => {
      const inputs = repricedBeforeTheFirstRead(15_000);
      const state = given(inputs);
      expect(feesOf(state, inputs)).toEqual([{ source: 'estimated', reason: 'placementUnbounded' }]);
      // Nor does the change teach a placement rate of 0.75%.
      expect(learnedBrokerRates(state)).toMatchObject([{ ratePpm: null, samples: 0 }]);
      expect(feesOf(givenAtOnce([...inputs].reverse()), inputs)).toEqual(feesOf(state, inputs));
    });

    it('with no such row before it, its first fee was its placement', () => {
      // The row before is too small to be the placement of an order whose change cost 7,492.50.
      const inputs = repricedBeforeTheFirstRead(11_000);
      expect(feesOf(given(inputs), inputs)).toEqual([{ source: 'order', orderId: 80, fee: isk(7_492.5) }]);
    });

    it('a row an event of another order explains is not its placement', () => {
      // Order 81 was placed at 5:06 for 15,000.00: 0.75% of 100 × 20,000.00, the rate order 80's first fee shows.
      const inputs = [
        ...repricedBeforeTheFirstRead(15_000),
        read(order(81, { issued: at(5, 6), readAt: at(12, 30), price: isk(20_000), typeId: 35 })),
      ];
      const state = given(inputs);
      expect(feesOf(state, inputs)).toEqual([{ source: 'order', orderId: 80, fee: isk(7_492.5) }]);
      // The other order's event, read after the row, explains it whatever order they came in.
      expect(feesOf(given([...inputs].reverse()), inputs)).toEqual(feesOf(state, inputs));
    });
  });

  it('a fee the journal does not list leaves the order estimated', () => {
    const inputs = [
      history(at(0)),
      read(order(60, { issued: at(1), readAt: at(1, 10), price: isk(10_000) })),
      fill(at(2), 100, isk(10_000)),
      filledUp(60, { issued: at(1), readAt: at(3), price: isk(10_000) }),
    ];
    expect(feesOf(given(inputs), inputs)).toEqual([{ source: 'estimated', reason: 'feeNotInJournal' }]);
  });

  it('a read that shows another order could not have paid a fee row gives the row to the one order left', () => {
    // Order 90 was changed once unseen (13:09:33) before the change the reads showed (13:10:12). Order 91, first
    // seen at 13:20, could have paid that row too, until its next read made it unlikely; order 92 teaches the
    // structure's placement rate. Settling after each input finds what settling once at the end finds.
    const STRUCTURE = 1_035_000_000_017;
    const on = (time: string): string => `2026-11-21T${time}Z`;
    const sell = { typeId: 25_337, volumeTotal: 421_949, volumeRemain: 421_949 };
    const sale = (time: string, quantity: number, unitPrice: number): Input =>
      fill(on(time), quantity, unitPrice, { typeId: 25_337 });
    const inputs = [
      sale('08:28:26', 71_813, 49_080),
      sale('08:40:53', 90_303, 49_080),
      sale('09:02:36', 15_996, 49_080),
      sale('09:38:14', 144_822, 49_080),
      sale('09:40:49', 37_286, 49_080),
      sale('14:04:46', 61_729, 48_980),
      fee(on('08:10:42'), 223_038_697),
      fee(on('13:09:33'), 9_774_868),
      fee(on('13:10:12'), 9_768_885),
      fee(on('14:45:37'), 71_358_400),
      read(order(90, { ...sell, issued: on('08:10:42'), readAt: on('08:20:00'), price: 49_080 })),
      read(
        order(91, {
          typeId: 27_337,
          locationId: STRUCTURE,
          isBuy: true,
          volumeTotal: 2_262,
          volumeRemain: 2_262,
          issued: on('13:17:50'),
          readAt: on('13:20:00'),
          price: 3_242_000,
        }),
      ),
      read(
        order(90, {
          ...sell,
          volumeRemain: 0,
          closed: true,
          issued: on('13:10:12'),
          readAt: on('14:20:00'),
          price: 48_980,
        }),
      ),
      read(
        order(92, {
          typeId: 5_955,
          locationId: STRUCTURE,
          volumeTotal: 412,
          volumeRemain: 412,
          issued: on('14:45:37'),
          readAt: on('15:00:00'),
          price: 17_320_000,
        }),
      ),
      read(
        order(91, {
          typeId: 27_337,
          locationId: STRUCTURE,
          isBuy: true,
          volumeTotal: 2_262,
          volumeRemain: 1_764,
          issued: on('15:51:06'),
          readAt: on('16:00:00'),
          price: 3_244_000,
        }),
      ),
    ];
    const atOnce = feesOf(givenAtOnce(inputs), inputs);
    expect(atOnce.map((found) => found.source)).toEqual(Array(6).fill('order'));
    expect(feesOf(given(inputs), inputs)).toEqual(atOnce);
  });

  it('finds the same matches whatever order the inputs arrive in', () => {
    const inputs = [
      history(at(0)),
      read(order(70, { issued: at(1), readAt: at(1, 10), price: isk(10_000) })),
      fee(at(1), isk(15_000)),
      fill(at(2), 40, isk(10_000)),
      fee(at(3), isk(2_247.75)),
      read(order(70, { issued: at(3), readAt: at(3, 10), price: isk(9_990), volumeRemain: 60 })),
      fill(at(4), 60, isk(9_990)),
      filledUp(70, { issued: at(3), readAt: at(5), price: isk(9_990) }),
      read(order(71, { issued: at(1, 5), readAt: at(1, 10), price: isk(100), isBuy: true })),
      fee(at(1, 5), isk(150)),
      fill(at(2, 30), 25, isk(100), { isBuy: true }),
      fill(at(2, 40), 5, isk(90), { isBuy: true }),
      read(
        order(71, {
          issued: at(1, 5),
          readAt: at(5),
          price: isk(100),
          isBuy: true,
          volumeRemain: 75,
          closed: true,
        }),
      ),
    ];
    const expected = feesOf(given(inputs), inputs);
    expect(expected[0]).toEqual({ source: 'order', orderId: 70, fee: isk(6_000) });
    let seed = 7;
    for (let run = 0; run < 20; run++) {
      const shuffled = [...inputs];
      for (let index = shuffled.length - 1; index > 0; index--) {
        seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
        const other = seed % (index + 1);
        [shuffled[index], shuffled[other]] = [shuffled[other]!, shuffled[index]!];
      }
      expect(feesOf(given(shuffled), inputs)).toEqual(expected);
    }
  });
});

/** The order's match as the recorder records it: what the matching found, and what it taught the learned rates. */
function recordOf(state: OrderFeeState, orderId: number): RecordedOrderMatch {
  return { ...orderMatch(state, orderId)!, taught: orderView(state, orderId)!.taught };
}

describe('recorded matches (docs/profit-rules.md §6.6)', () => {
  const DAY_AFTER = (hour: number): string =>
    new Date(Date.parse(at(hour)) + MATCH_FINAL_AFTER_MS).toISOString();
  /** A second fee row in the order's second: the second then pairs none, and the order's fee is unknown. */
  const doubt = (): Input => fee(at(1), isk(15_010));

  it('is final once the owner’s reads, fills and fee rows reach a day past the read that found it closed', () => {
    const state = given(threeFills());
    expect(orderMatchState(state, 10)).toBe('open');
    takeOrderFeeChanges(state);
    for (const input of [
      read(order(12, { issued: DAY_AFTER(5), readAt: DAY_AFTER(5), price: isk(10_000) })),
      fee(DAY_AFTER(5), isk(15_000)),
    ])
      record(state, input);
    settleOrderFees(state);
    // The wallet does not reach past it yet.
    expect(orderMatchState(state, 10)).toBe('open');
    takeOrderFeeChanges(state);
    record(state, fill(DAY_AFTER(5), 1, isk(7), { typeId: 2 }));
    settleOrderFees(state);
    expect(takeOrderFeeChanges(state).orderIds.has(10)).toBe(true);
    expect(orderMatchState(state, 10)).toBe('final');
  });

  it('stands whatever a later input finds: the fills keep the fees it records', () => {
    const inputs = threeFills();
    const unrecorded = given([...inputs, doubt()]);
    expect(feesOf(unrecorded, inputs)[0]).toMatchObject({ source: 'estimated' });

    const state = given(inputs);
    const recorded = recordOf(state, 10);
    recordMatchedOrder(state, recorded);
    settleOrderFees(state);
    record(state, doubt());
    settleOrderFees(state);
    expect(orderMatchState(state, 10)).toBe('recorded');
    expect(orderMatch(state, 10)).toEqual(recorded);
    expect(feesOf(state, inputs)).toEqual([
      { source: 'order', orderId: 10, fee: isk(4_500) },
      { source: 'order', orderId: 10, fee: isk(4_500) },
      { source: 'order', orderId: 10, fee: isk(6_000) },
    ]);
  });

  it('folded before the inputs it was made from, finds the same', () => {
    const inputs = threeFills();
    const recorded = recordOf(given(inputs), 10);
    const state = initialOrderFeeState();
    recordMatchedOrder(state, recorded);
    for (const input of [...inputs, doubt()]) record(state, input);
    settleOrderFees(state);
    expect(feesOf(state, inputs)).toEqual(feesOf(given(inputs), inputs));
    expect(orderMatch(state, 10)).toEqual(recorded);
    expect(learnedBrokerRates(state)).toEqual(learnedBrokerRates(given(inputs)));
  });

  it('takes its order, fee rows and fills out of the matching: records first, last or between, the same matches', () => {
    const inputs = [
      ...threeFills(),
      read(order(70, { issued: at(6), readAt: at(6, 10), price: isk(10_000) })),
      fee(at(6), isk(15_000)),
      fill(at(7), 40, isk(10_000)),
      fee(at(8), isk(2_247.75)),
      read(order(70, { issued: at(8), readAt: at(8, 10), price: isk(9_990), volumeRemain: 60 })),
      fill(at(9), 60, isk(9_990)),
      filledUp(70, { issued: at(8), readAt: at(10), price: isk(9_990) }),
      read(order(71, { issued: at(6, 5), readAt: at(6, 10), price: isk(100), isBuy: true })),
      fee(at(6, 5), isk(150)),
      fill(at(7, 30), 25, isk(100), { isBuy: true }),
      read(
        order(71, {
          issued: at(6, 5),
          readAt: at(10),
          price: isk(100),
          isBuy: true,
          volumeRemain: 75,
          closed: true,
        }),
      ),
      // Still open: matched once it closes, whatever was recorded around it.
      read(order(72, { issued: at(11), readAt: at(11, 10), price: isk(10_100) })),
      fee(at(11), isk(15_150)),
      fill(at(12), 10, isk(10_100)),
      fee(at(13), isk(99)),
    ];
    const unrecorded = givenAtOnce(inputs);
    const records = [10, 70, 71].map((orderId) => recordOf(unrecorded, orderId));
    expect(records.map((match) => match.complete)).toEqual([true, true, true]);
    const rowIds = inputs.flatMap((input) => (input.kind === 'fee' ? [input.row.journalEntryId] : []));
    const outcome = (state: OrderFeeState) => ({
      fees: feesOf(state, inputs),
      // A recorded order's match is its record, which also says what it taught.
      matches: [10, 70, 71, 72].map((orderId) => {
        const { taught: _taught, ...match } = orderMatch(state, orderId) as RecordedOrderMatch;
        return match;
      }),
      rows: rowIds.map((id) => brokerFeeRowView(state, id)),
      rates: learnedBrokerRates(state),
    });
    const expected = outcome(unrecorded);

    const last = givenAtOnce(inputs);
    for (const match of records) recordMatchedOrder(last, match);
    settleOrderFees(last);
    expect(outcome(last)).toEqual(expected);

    const first = initialOrderFeeState();
    for (const match of records) recordMatchedOrder(first, match);
    for (const input of inputs) record(first, input);
    settleOrderFees(first);
    expect(outcome(first)).toEqual(expected);

    // Each record right after its order's last read, settled after every input.
    const between = initialOrderFeeState();
    for (const input of inputs) {
      record(between, input);
      settleOrderFees(between);
      const closedOrder = input.kind === 'read' && input.read.closed ? input.read.orderId : null;
      const match = records.find((candidate) => candidate.orderId === closedOrder);
      if (match) recordMatchedOrder(between, match);
      settleOrderFees(between);
    }
    expect(outcome(between)).toEqual(expected);
  });

  it('keeps its fee rows: an order a newer rule gives one of them is estimated, not charged it twice', () => {
    const inputs = [
      history(at(0)),
      read(order(20, { issued: at(1), readAt: at(1, 10), price: isk(10_000), volumeTotal: 10 })),
      fee(at(1), isk(1_500)),
      fill(at(2), 10, isk(10_000)),
      filledUp(20, { issued: at(1), readAt: at(2, 30), price: isk(10_000), volumeTotal: 10 }),
      read(order(21, { issued: at(3), readAt: at(3, 10), price: isk(20_000), volumeTotal: 10 })),
      fee(at(3), isk(3_000)),
      fill(at(4), 10, isk(20_000)),
      filledUp(21, { issued: at(3), readAt: at(4, 30), price: isk(20_000), volumeTotal: 10 }),
    ];
    const state = given(inputs);
    const [first, second] = [orderMatch(state, 20)!, orderMatch(state, 21)!];
    // As a rule of old might have found it: order 21's row was order 20's change.
    recordMatchedOrder(state, {
      ...first,
      taught: null,
      fees: [...first.fees, { ...second.fees[0]!, kind: 'change', unitsOnOrder: 10 }],
      fills: [{ ...first.fills[0]!, fee: isk(4_500) }],
    });
    settleOrderFees(state);
    expect(fillBrokerFee(state, fillIds(inputs)[0]!)).toEqual({
      source: 'order',
      orderId: 20,
      fee: isk(4_500),
    });
    expect(fillBrokerFee(state, fillIds(inputs)[1]!)).toEqual({
      source: 'estimated',
      reason: 'recordedForAnother',
    });
    expect(brokerFeeRowView(state, second.fees[0]!.journalEntryId)).toMatchObject({ orderId: 20 });
  });
});
