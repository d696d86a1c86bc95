import { takeLedgerChanges } from './fifo-ledger';
import { fillBrokerFee } from './order-fees';
import {
  pendingSales,
  quantityEditBounds,
  remainingStacks,
  tradeProfitRows,
  transactionQuantities,
} from './trade-ledger.queries';
import {
  ALT,
  bought,
  day,
  FEELESS,
  given,
  MAIN,
  PYERITE,
  sold,
  TRITANIUM,
  when,
} from './trade-ledger.test-kit';

describe('FIFO trade ledger', () => {
  describe('a sale consumes the oldest stacks of its item type first', () => {
    it('given three buys, when a sale needs all of the first two and part of the third, then it costs 193.00', () => {
      const state = given(
        FEELESS,
        bought({ id: 1, date: day(1), quantity: 10, unitPrice: 10_00 }),
        bought({ id: 2, date: day(2), quantity: 5, unitPrice: 12_00 }),
        bought({ id: 3, date: day(3), quantity: 20, unitPrice: 11_00 }),
      );

      when(state, sold({ id: 4, date: day(4), quantity: 18, unitPrice: 15_00 }));

      // 10 × 10.00 + 5 × 12.00 + 3 × 11.00 = 193.00 against 18 × 15.00 = 270.00
      expect(tradeProfitRows(state)).toEqual([
        expect.objectContaining({
          id: '4-0',
          sellTransactionId: 4,
          date: day(4),
          quantitySold: 18,
          buyCost: 193_00,
          buyBrokerFee: 0,
          sellGross: 270_00,
          sellTax: 0,
          sellBrokerFee: 0,
          profit: 77_00,
          margin: 77 / 270,
          sources: [
            { kind: 'bought', transactionId: 1, quantity: 10, unitPrice: 10_00, brokerFee: 0 },
            { kind: 'bought', transactionId: 2, quantity: 5, unitPrice: 12_00, brokerFee: 0 },
            { kind: 'bought', transactionId: 3, quantity: 3, unitPrice: 11_00, brokerFee: 0 },
          ],
        }),
      ]);
      expect(remainingStacks(state, TRITANIUM).bought).toEqual([
        { transactionId: 3, date: day(3), unitPrice: 11_00, quantityRemaining: 17 },
      ]);
      expect(transactionQuantities(state, 1)).toMatchObject({ quantitySold: 10, quantityRemaining: 0 });
      expect(transactionQuantities(state, 2)).toMatchObject({ quantitySold: 5, quantityRemaining: 0 });
      expect(transactionQuantities(state, 3)).toMatchObject({ quantitySold: 3, quantityRemaining: 17 });
      expect(transactionQuantities(state, 4)).toMatchObject({
        quantitySold: 18,
        quantityConsumed: 0,
        quantityRemaining: 0,
      });
    });

    it('given a partly sold stack, when the next sale comes, then it continues in the same stack', () => {
      const state = given(
        FEELESS,
        bought({ id: 1, date: day(1), quantity: 10, unitPrice: 10_00 }),
        bought({ id: 2, date: day(2), quantity: 20, unitPrice: 11_00 }),
        sold({ id: 3, date: day(3), quantity: 13, unitPrice: 15_00 }),
      );

      when(state, sold({ id: 4, date: day(4), quantity: 7, unitPrice: 14_00 }));

      // 7 × 11.00 = 77.00 against 7 × 14.00 = 98.00
      expect(tradeProfitRows(state)[1]).toMatchObject({
        id: '4-0',
        buyCost: 77_00,
        sellGross: 98_00,
        profit: 21_00,
      });
      expect(remainingStacks(state, TRITANIUM).bought).toEqual([
        { transactionId: 2, date: day(2), unitPrice: 11_00, quantityRemaining: 10 },
      ]);
    });

    it('given stacks of two item types, when one type is sold, then the other type is untouched', () => {
      const state = given(
        FEELESS,
        bought({ id: 1, date: day(1), quantity: 5, unitPrice: 1_00 }, { typeId: PYERITE }),
        bought({ id: 2, date: day(2), quantity: 5, unitPrice: 2_00 }),
      );

      when(state, sold({ id: 3, date: day(3), quantity: 5, unitPrice: 3_00 }));

      expect(tradeProfitRows(state)[0]).toMatchObject({ typeId: TRITANIUM, buyCost: 10_00 });
      expect(remainingStacks(state, PYERITE).bought).toEqual([
        expect.objectContaining({ transactionId: 1, quantityRemaining: 5 }),
      ]);
    });

    it('given several characters of one account, when one sells what another bought, then the stacks are shared', () => {
      const state = given(
        FEELESS,
        bought({ id: 1, date: day(1), quantity: 5, unitPrice: 4_00 }, { characterId: ALT }),
      );

      when(state, sold({ id: 2, date: day(2), quantity: 5, unitPrice: 5_00 }));

      expect(tradeProfitRows(state)[0]).toMatchObject({ buyCost: 20_00, sellGross: 25_00, profit: 5_00 });
    });

    it('given a buy dated after a sale, when the sale is matched, then the later buy is not used', () => {
      const state = given(
        FEELESS,
        bought({ id: 1, date: day(1), quantity: 5, unitPrice: 10_00 }),
        bought({ id: 3, date: day(3), quantity: 10, unitPrice: 9_00 }),
      );

      when(state, sold({ id: 2, date: day(2), quantity: 8, unitPrice: 15_00 }));

      expect(tradeProfitRows(state)).toEqual([expect.objectContaining({ quantitySold: 5, buyCost: 50_00 })]);
      expect(pendingSales(state)).toEqual([expect.objectContaining({ transactionId: 2, quantity: 3 })]);
      expect(remainingStacks(state, TRITANIUM).bought).toEqual([
        expect.objectContaining({ transactionId: 3, quantityRemaining: 10 }),
      ]);
    });

    it('given a buy that arrives after a newer one, when a sale comes, then the older buy is still taken first', () => {
      const state = given(
        FEELESS,
        bought({ id: 3, date: day(3), quantity: 5, unitPrice: 30_00 }),
        bought({ id: 1, date: day(1), quantity: 5, unitPrice: 10_00 }),
      );

      when(state, sold({ id: 4, date: day(4), quantity: 6, unitPrice: 40_00 }));

      // 5 × 10.00 + 1 × 30.00
      expect(tradeProfitRows(state)[0]).toMatchObject({ buyCost: 80_00 });
      expect(remainingStacks(state, TRITANIUM).bought).toEqual([
        expect.objectContaining({ transactionId: 3, quantityRemaining: 4 }),
      ]);
    });

    it('given a recorded transaction, when it is recorded again, then nothing changes', () => {
      const buy = bought({ id: 1, date: day(1), quantity: 5, unitPrice: 10_00 });
      const sale = sold({ id: 2, date: day(2), quantity: 5, unitPrice: 12_00 });
      const state = given(FEELESS, buy, sale);

      when(state, buy, sale);

      expect(tradeProfitRows(state)).toHaveLength(1);
      expect(transactionQuantities(state, 1)).toMatchObject({ quantitySold: 5, quantityRemaining: 0 });
    });
  });

  describe('a sale with nothing to consume waits in Pending Transactions', () => {
    const withSaleLargerThanStacks = () =>
      given(
        FEELESS,
        bought({ id: 1, date: day(1), quantity: 4, unitPrice: 10_00 }),
        sold({ id: 2, date: day(2), quantity: 10, unitPrice: 20_00 }),
      );

    it('given 4 units in stock, when 10 are sold, then 4 are matched and 6 wait', () => {
      const state = withSaleLargerThanStacks();

      expect(tradeProfitRows(state)).toEqual([
        expect.objectContaining({
          id: '2-0',
          quantitySold: 4,
          buyCost: 40_00,
          sellGross: 80_00,
          profit: 40_00,
        }),
      ]);
      expect(pendingSales(state)).toEqual([
        {
          transactionId: 2,
          date: day(2),
          characterId: expect.any(Number),
          typeId: TRITANIUM,
          isPersonal: true,
          unitPrice: 20_00,
          quantity: 6,
          total: 120_00,
        },
      ]);
      expect(transactionQuantities(state, 2)).toMatchObject({ quantitySold: 4, quantityRemaining: 6 });
    });

    it('given 6 units pending, when the user sets a custom buy price of 12.50, then they are matched at that cost', () => {
      const state = withSaleLargerThanStacks();

      when(state, { type: 'PendingSaleCostSet', transactionId: 2, unitBuyPrice: 12_50 });

      // 6 × 12.50 = 75.00 against 6 × 20.00 = 120.00
      expect(tradeProfitRows(state)[1]).toEqual(
        expect.objectContaining({
          id: '2-1',
          quantitySold: 6,
          buyCost: 75_00,
          buyBrokerFee: 0,
          sellGross: 120_00,
          profit: 45_00,
          sources: [{ kind: 'custom', quantity: 6, unitPrice: 12_50 }],
        }),
      );
      expect(pendingSales(state)).toEqual([]);
      expect(transactionQuantities(state, 2)).toMatchObject({ quantitySold: 10, quantityRemaining: 0 });
    });

    it('given 6 units pending, when the user ignores them, then they leave without a profit row', () => {
      const state = withSaleLargerThanStacks();

      when(state, { type: 'PendingSaleIgnored', transactionId: 2 });

      expect(tradeProfitRows(state)).toHaveLength(1);
      expect(pendingSales(state)).toEqual([]);
      expect(transactionQuantities(state, 2)).toMatchObject({ quantitySold: 10, quantityRemaining: 0 });
    });

    it('given a sale already matched, when a custom price or an ignore arrives for it, then nothing changes', () => {
      const state = given(
        FEELESS,
        bought({ id: 1, date: day(1), quantity: 4, unitPrice: 10_00 }),
        sold({ id: 2, date: day(2), quantity: 4, unitPrice: 20_00 }),
      );

      when(
        state,
        { type: 'PendingSaleCostSet', transactionId: 2, unitBuyPrice: 1_00 },
        { type: 'PendingSaleIgnored', transactionId: 2 },
        { type: 'PendingSaleIgnored', transactionId: 99 },
      );

      expect(tradeProfitRows(state)).toHaveLength(1);
    });

    it('given a pending sale, when a buy dated before it arrives late, then the buy fills it', () => {
      const state = given(FEELESS, sold({ id: 5, date: day(5), quantity: 10, unitPrice: 20_00 }));

      when(state, bought({ id: 3, date: day(3), quantity: 6, unitPrice: 10_00 }, { characterId: ALT }));

      expect(tradeProfitRows(state)).toEqual([
        expect.objectContaining({ id: '5-0', quantitySold: 6, buyCost: 60_00, sellGross: 120_00 }),
      ]);
      expect(pendingSales(state)).toEqual([expect.objectContaining({ transactionId: 5, quantity: 4 })]);
      expect(transactionQuantities(state, 3)).toMatchObject({ quantitySold: 6, quantityRemaining: 0 });
    });

    it('given two pending sales, when a late buy covers the first and part of the second, then both take from it in date order', () => {
      const state = given(
        FEELESS,
        sold({ id: 4, date: day(4), quantity: 3, unitPrice: 20_00 }),
        sold({ id: 5, date: day(5), quantity: 3, unitPrice: 21_00 }),
      );

      when(state, bought({ id: 2, date: day(2), quantity: 4, unitPrice: 10_00 }));

      expect(tradeProfitRows(state).map((row) => [row.id, row.quantitySold, row.buyCost])).toEqual([
        ['4-0', 3, 30_00],
        ['5-0', 1, 10_00],
      ]);
      expect(pendingSales(state)).toEqual([expect.objectContaining({ transactionId: 5, quantity: 2 })]);
    });

    it('given a pending sale, when a buy dated after it arrives, then the sale keeps waiting', () => {
      const state = given(FEELESS, sold({ id: 5, date: day(5), quantity: 10, unitPrice: 20_00 }));

      when(state, bought({ id: 6, date: day(6), quantity: 6, unitPrice: 10_00 }));

      expect(tradeProfitRows(state)).toEqual([]);
      expect(pendingSales(state)).toEqual([expect.objectContaining({ transactionId: 5, quantity: 10 })]);
      expect(remainingStacks(state, TRITANIUM).bought).toEqual([
        expect.objectContaining({ transactionId: 6, quantityRemaining: 6 }),
      ]);
    });

    it('given pending sales of two types on different days, when listed, then the oldest comes first', () => {
      const state = given(
        FEELESS,
        sold({ id: 9, date: day(9), quantity: 1, unitPrice: 1_00 }),
        sold({ id: 7, date: day(7), quantity: 1, unitPrice: 1_00 }, { typeId: PYERITE }),
      );

      expect(pendingSales(state).map((sale) => sale.transactionId)).toEqual([7, 9]);
    });
  });

  describe('corporation transactions (isPersonal false)', () => {
    const corporationBuy = bought(
      { id: 1, date: day(1), quantity: 5, unitPrice: 10_00 },
      { isPersonal: false },
    );

    it('given corporation trade is not tracked, when a corporation buy is recorded, then it forms no stack', () => {
      const state = given(FEELESS, corporationBuy);

      when(state, sold({ id: 2, date: day(2), quantity: 5, unitPrice: 12_00 }));

      expect(tradeProfitRows(state)).toEqual([]);
      expect(pendingSales(state)).toEqual([expect.objectContaining({ transactionId: 2, quantity: 5 })]);
      expect(transactionQuantities(state, 1)).toMatchObject({
        tracked: false,
        quantitySold: 0,
        quantityRemaining: 5,
      });
      expect(quantityEditBounds(state, 1)).toBeUndefined();
    });

    it('given corporation trade is tracked (PRO), when a personal sale follows a corporation buy, then they match', () => {
      const state = given(FEELESS, { type: 'CorporationTradeTrackingSet', enabled: true }, corporationBuy);

      when(state, sold({ id: 2, date: day(2), quantity: 5, unitPrice: 12_00 }));

      expect(tradeProfitRows(state)).toEqual([
        expect.objectContaining({ isPersonal: true, buyCost: 50_00, sellGross: 60_00, profit: 10_00 }),
      ]);
      expect(transactionQuantities(state, 1)).toMatchObject({ tracked: true, quantitySold: 5 });
    });

    it('given corporation trade is tracked, when a corporation sale is matched, then its row says so', () => {
      const state = given(
        FEELESS,
        { type: 'CorporationTradeTrackingSet', enabled: true },
        bought({ id: 1, date: day(1), quantity: 5, unitPrice: 10_00 }),
      );

      when(state, sold({ id: 2, date: day(2), quantity: 5, unitPrice: 12_00 }, { isPersonal: false }));

      expect(tradeProfitRows(state)[0]).toMatchObject({ isPersonal: false, profit: 10_00 });
    });

    it("given the character's orders read, when its fill for the corporation is recorded, then its fee is estimated: its own orders say nothing of it", () => {
      const state = given(
        FEELESS,
        { type: 'CorporationTradeTrackingSet', enabled: true },
        { type: 'OrdersRead', read: { characterId: MAIN, readAt: day(1), closed: true } },
        { type: 'OrdersRead', read: { characterId: MAIN, readAt: day(9), closed: false } },
      );

      when(
        state,
        sold({ id: 2, date: day(2), quantity: 5, unitPrice: 12_00 }),
        sold({ id: 3, date: day(2), quantity: 5, unitPrice: 12_00 }, { isPersonal: false }),
      );

      expect(fillBrokerFee(state.orderFees, 2)).toEqual({ source: 'noOrder' });
      expect(fillBrokerFee(state.orderFees, 3)).toEqual({ source: 'estimated', reason: 'corporationFill' });
    });
  });

  describe('changes for a projection', () => {
    it('given a ledger, when a sale consumes a stack, then the sale, the buy, the row and the type are reported once', () => {
      const state = given(FEELESS, bought({ id: 1, date: day(1), quantity: 5, unitPrice: 10_00 }));
      takeLedgerChanges(state);

      when(state, sold({ id: 2, date: day(2), quantity: 5, unitPrice: 12_00 }));

      const changes = takeLedgerChanges(state);
      expect([...changes.rowIds]).toEqual(['2-0']);
      expect([...changes.transactionIds].sort()).toEqual([1, 2]);
      expect([...changes.typeIds]).toEqual([TRITANIUM]);
      expect(takeLedgerChanges(state).rowIds.size).toBe(0);
    });
  });

  describe('inputs that cannot be right stop the fold', () => {
    it('given a transaction with a fractional quantity or price, when recorded, then it is refused', () => {
      expect(() => given(FEELESS, bought({ id: 1, date: day(1), quantity: 1.5, unitPrice: 1_00 }))).toThrow(
        'positive whole quantity',
      );
      expect(() => given(FEELESS, bought({ id: 1, date: day(1), quantity: 1, unitPrice: 10.5 }))).toThrow(
        'whole number of cents',
      );
      expect(() =>
        given(FEELESS, bought({ id: 1, date: 'yesterday', quantity: 1, unitPrice: 1_00 })),
      ).toThrow('valid date');
    });
  });
});
