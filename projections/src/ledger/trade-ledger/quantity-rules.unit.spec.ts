import {
  pendingSales,
  quantityEditBounds,
  tradeProfitRows,
  transactionQuantities,
} from './trade-ledger.queries';
import { bought, day, FEELESS, given, sold, when } from './trade-ledger.test-kit';

describe('quantity rules (spec §4): consumed and sold only rise, within quantity minus the other counter', () => {
  it('given a buy of 10 with 4 sold, when consumed is edited, then it may rise from 0 up to 6', () => {
    const state = given(
      FEELESS,
      bought({ id: 1, date: day(1), quantity: 10, unitPrice: 10_00 }),
      sold({ id: 2, date: day(2), quantity: 4, unitPrice: 12_00 }),
    );
    expect(quantityEditBounds(state, 1)).toEqual({ field: 'quantityConsumed', minimum: 0, maximum: 6 });

    when(state, { type: 'BuyQuantityConsumedSet', transactionId: 1, quantityConsumed: 3 });
    expect(transactionQuantities(state, 1)).toMatchObject({
      quantitySold: 4,
      quantityConsumed: 3,
      quantityRemaining: 3,
    });

    when(state, { type: 'BuyQuantityConsumedSet', transactionId: 1, quantityConsumed: 2 });
    expect(transactionQuantities(state, 1)).toMatchObject({ quantityConsumed: 3 });

    when(state, { type: 'BuyQuantityConsumedSet', transactionId: 1, quantityConsumed: 100 });
    expect(transactionQuantities(state, 1)).toMatchObject({ quantityConsumed: 6, quantityRemaining: 0 });
  });

  it('given a consumed buy, when a sale comes, then the consumed units are not sold', () => {
    const state = given(FEELESS, bought({ id: 1, date: day(1), quantity: 5, unitPrice: 10_00 }), {
      type: 'BuyQuantityConsumedSet',
      transactionId: 1,
      quantityConsumed: 5,
    });

    when(state, sold({ id: 2, date: day(2), quantity: 2, unitPrice: 12_00 }));

    expect(tradeProfitRows(state)).toEqual([]);
    expect(pendingSales(state)).toEqual([expect.objectContaining({ transactionId: 2, quantity: 2 })]);
  });

  it('given a sale of 10 with 4 matched, when sold is edited, then it may rise from 4 up to 10, leaving fewer pending', () => {
    const state = given(
      FEELESS,
      bought({ id: 1, date: day(1), quantity: 4, unitPrice: 10_00 }),
      sold({ id: 2, date: day(2), quantity: 10, unitPrice: 12_00 }),
    );
    expect(quantityEditBounds(state, 2)).toEqual({ field: 'quantitySold', minimum: 4, maximum: 10 });

    when(state, { type: 'SellQuantitySoldSet', transactionId: 2, quantitySold: 7 });
    expect(transactionQuantities(state, 2)).toMatchObject({
      quantitySold: 7,
      quantityConsumed: 0,
      quantityRemaining: 3,
    });
    expect(pendingSales(state)).toEqual([expect.objectContaining({ transactionId: 2, quantity: 3 })]);

    when(state, { type: 'SellQuantitySoldSet', transactionId: 2, quantitySold: 5 });
    expect(transactionQuantities(state, 2)).toMatchObject({ quantitySold: 7 });

    when(state, { type: 'SellQuantitySoldSet', transactionId: 2, quantitySold: 11 });
    expect(transactionQuantities(state, 2)).toMatchObject({ quantitySold: 10, quantityRemaining: 0 });
    expect(pendingSales(state)).toEqual([]);
    expect(tradeProfitRows(state)).toHaveLength(1);
  });

  it('given edits naming the wrong side or an unknown transaction, when applied, then nothing changes', () => {
    const state = given(
      FEELESS,
      bought({ id: 1, date: day(1), quantity: 4, unitPrice: 10_00 }),
      sold({ id: 2, date: day(2), quantity: 10, unitPrice: 12_00 }),
    );

    when(
      state,
      { type: 'SellQuantitySoldSet', transactionId: 1, quantitySold: 4 },
      { type: 'BuyQuantityConsumedSet', transactionId: 2, quantityConsumed: 4 },
      { type: 'BuyQuantityConsumedSet', transactionId: 3, quantityConsumed: 4 },
    );

    expect(transactionQuantities(state, 1)).toMatchObject({ quantitySold: 4, quantityConsumed: 0 });
    expect(transactionQuantities(state, 2)).toMatchObject({ quantitySold: 4, quantityRemaining: 6 });
    expect(quantityEditBounds(state, 3)).toBeUndefined();
  });
});
