import { pendingSales, remainingStacks, tradeProfitRows, warehouseEntries } from './trade-ledger.queries';
import { type TradeLedgerInput, type WarehouseEntry } from './trade-ledger.types';
import { bought, day, FEELESS, given, PYERITE, sold, TRITANIUM, when } from './trade-ledger.test-kit';

const saved = (entry: Omit<WarehouseEntry, 'typeId'> & { typeId?: number }): TradeLedgerInput => ({
  type: 'WarehouseEntrySaved',
  entry: { typeId: TRITANIUM, ...entry },
});

describe('warehouse stacks', () => {
  it('given bought, finite and infinite stacks, when a sale needs them all, then it takes bought, then finite cheapest first, then infinite', () => {
    const state = given(
      FEELESS,
      saved({ entryId: 'five-at-8', unitPrice: 8_00, quantity: 5 }),
      saved({ entryId: 'default-at-7', unitPrice: 7_00, quantity: null }),
      saved({ entryId: 'three-at-6', unitPrice: 6_00, quantity: 3 }),
      saved({ entryId: 'default-at-9', unitPrice: 9_00, quantity: null }),
      bought({ id: 1, date: day(1), quantity: 2, unitPrice: 10_00 }),
    );

    when(state, sold({ id: 2, date: day(2), quantity: 15, unitPrice: 20_00 }));

    // 2 × 10.00 + 3 × 6.00 + 5 × 8.00 + 5 × 7.00 = 113.00 against 15 × 20.00 = 300.00
    expect(tradeProfitRows(state)).toEqual([
      expect.objectContaining({
        quantitySold: 15,
        buyCost: 113_00,
        buyBrokerFee: 0,
        sellGross: 300_00,
        profit: 187_00,
        sources: [
          { kind: 'bought', transactionId: 1, quantity: 2, unitPrice: 10_00, brokerFee: 0 },
          { kind: 'warehouse', entryId: 'three-at-6', quantity: 3, unitPrice: 6_00 },
          { kind: 'warehouse', entryId: 'five-at-8', quantity: 5, unitPrice: 8_00 },
          { kind: 'warehouse', entryId: 'default-at-7', quantity: 5, unitPrice: 7_00 },
        ],
      }),
    ]);
    expect(
      remainingStacks(state, TRITANIUM).warehouse.map((entry) => [entry.entryId, entry.quantity]),
    ).toEqual([
      ['three-at-6', 0],
      ['five-at-8', 0],
      ['default-at-7', null],
      ['default-at-9', null],
    ]);
    expect(pendingSales(state)).toEqual([]);
  });

  it('given a finite warehouse stack and a bought stack, when a small sale comes, then the bought stack goes first', () => {
    const state = given(
      FEELESS,
      saved({ entryId: 'cheap', unitPrice: 1_00, quantity: 10 }),
      bought({ id: 1, date: day(1), quantity: 10, unitPrice: 5_00 }),
    );

    when(state, sold({ id: 2, date: day(2), quantity: 4, unitPrice: 6_00 }));

    expect(tradeProfitRows(state)[0]).toMatchObject({ buyCost: 20_00 });
    expect(remainingStacks(state, TRITANIUM).warehouse).toEqual([
      { entryId: 'cheap', typeId: TRITANIUM, unitPrice: 1_00, quantity: 10 },
    ]);
  });

  it('given a pending sale, when warehouse stacks are added, then the sale takes them: finite first, then the default price', () => {
    const state = given(FEELESS, sold({ id: 1, date: day(1), quantity: 10, unitPrice: 5_00 }));

    when(state, saved({ entryId: 'four', unitPrice: 2_00, quantity: 4 }));

    expect(tradeProfitRows(state)).toEqual([
      expect.objectContaining({ id: '1-0', quantitySold: 4, buyCost: 8_00 }),
    ]);
    expect(pendingSales(state)).toEqual([expect.objectContaining({ transactionId: 1, quantity: 6 })]);

    when(state, saved({ entryId: 'default', unitPrice: 1_50, quantity: null }));

    // 6 × 1.50 = 9.00 against 6 × 5.00 = 30.00
    expect(tradeProfitRows(state)[1]).toMatchObject({
      id: '1-1',
      quantitySold: 6,
      buyCost: 9_00,
      profit: 21_00,
    });
    expect(pendingSales(state)).toEqual([]);
  });

  it('given an entry, when it is saved with a new quantity, then that is what is left', () => {
    const state = given(
      FEELESS,
      saved({ entryId: 'stock', unitPrice: 3_00, quantity: 10 }),
      sold({ id: 1, date: day(1), quantity: 4, unitPrice: 5_00 }),
    );
    expect(warehouseEntries(state)).toEqual([
      { entryId: 'stock', typeId: TRITANIUM, unitPrice: 3_00, quantity: 6 },
    ]);

    when(
      state,
      saved({ entryId: 'stock', unitPrice: 3_50, quantity: 2 }),
      sold({ id: 2, date: day(2), quantity: 5, unitPrice: 5_00 }),
    );

    expect(tradeProfitRows(state)[1]).toMatchObject({ quantitySold: 2, buyCost: 7_00 });
    expect(pendingSales(state)).toEqual([expect.objectContaining({ transactionId: 2, quantity: 3 })]);
  });

  it('given an entry, when it is removed, then sales no longer take from it', () => {
    const state = given(FEELESS, saved({ entryId: 'stock', unitPrice: 3_00, quantity: null }));

    when(
      state,
      { type: 'WarehouseEntryRemoved', entryId: 'stock' },
      sold({ id: 1, date: day(1), quantity: 4, unitPrice: 5_00 }),
    );

    expect(tradeProfitRows(state)).toEqual([]);
    expect(warehouseEntries(state)).toEqual([]);
  });

  it('given an entry, when it is saved for another item type, then it moves to that type', () => {
    const state = given(FEELESS, saved({ entryId: 'stock', unitPrice: 3_00, quantity: 5 }));

    when(state, saved({ entryId: 'stock', typeId: PYERITE, unitPrice: 3_00, quantity: 5 }));

    expect(remainingStacks(state, TRITANIUM).warehouse).toEqual([]);
    expect(remainingStacks(state, PYERITE).warehouse).toHaveLength(1);
  });

  it('given two infinite stacks, when sales come, then only the cheaper one is ever used', () => {
    const state = given(
      FEELESS,
      saved({ entryId: 'dear', unitPrice: 9_00, quantity: null }),
      saved({ entryId: 'cheap', unitPrice: 4_00, quantity: null }),
    );

    when(state, sold({ id: 1, date: day(1), quantity: 1_000, unitPrice: 5_00 }));

    expect(tradeProfitRows(state)[0]!.sources).toEqual([
      { kind: 'warehouse', entryId: 'cheap', quantity: 1_000, unitPrice: 4_00 },
    ]);
  });
});
