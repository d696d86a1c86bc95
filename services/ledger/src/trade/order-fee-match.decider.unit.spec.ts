import type { OrderFeesMatched } from '@tradewise/contracts';
import {
  NO_ORDER_FEE_MATCH,
  OrderFeeMatchRejectedError,
  decideOrderFeeMatch,
  evolveOrderFeeMatch,
} from './order-fee-match.decider';

const ACCOUNT = '4b0d4a8e-6f3e-4c1a-9d4f-2f6a8f1b0c11';
/** Sell 100, placed for 150.00 and changed for 22.48 with 60 on it; 40 and 60 filled. */
const match: OrderFeesMatched = {
  accountId: ACCOUNT,
  orderId: 11,
  ownerId: 90_000_001,
  fees: [
    {
      journalEntryId: 1,
      date: '2026-11-02T01:00:00.000Z',
      amountCents: 15_000,
      kind: 'placement',
      unitsOnOrder: 100,
    },
    {
      journalEntryId: 2,
      date: '2026-11-02T03:00:00.000Z',
      amountCents: 2_248,
      kind: 'change',
      unitsOnOrder: 60,
    },
  ],
  fills: [
    { transactionId: 7, quantity: 40, brokerFeeCents: 6_000 },
    { transactionId: 8, quantity: 60, brokerFeeCents: 11_248 },
  ],
  unfilledFeeCents: 0,
};

describe('recording an order fee match', () => {
  it('given no record, when a final match is recorded, then it is one OrderFeesMatched event', () => {
    expect(decideOrderFeeMatch(NO_ORDER_FEE_MATCH, match)).toEqual([
      { type: 'OrderFeesMatched', data: match },
    ]);
  });

  it('given the order recorded, when it is recorded again, then nothing is', () => {
    const state = evolveOrderFeeMatch(NO_ORDER_FEE_MATCH, { type: 'OrderFeesMatched' });
    expect(decideOrderFeeMatch(state, match)).toEqual([]);
  });

  it('refuses a match whose fills and unfilled units do not carry exactly the fees charged', () => {
    expect(() => decideOrderFeeMatch(NO_ORDER_FEE_MATCH, { ...match, unfilledFeeCents: 1 })).toThrow(
      new OrderFeeMatchRejectedError(
        'Order 11: its fills and unfilled units carry 17249 cents of the 17248 cents of fees it was charged.',
      ),
    );
  });

  it('refuses fills of more units than the order held, a row charged twice and a fill listed twice', () => {
    const [first, second] = match.fills;
    expect(() =>
      decideOrderFeeMatch(NO_ORDER_FEE_MATCH, { ...match, fills: [first!, { ...second!, quantity: 61 }] }),
    ).toThrow('Order 11: its fills take 101 units of an order of 100.');
    expect(() =>
      decideOrderFeeMatch(NO_ORDER_FEE_MATCH, {
        ...match,
        fees: [match.fees[0]!, { ...match.fees[1]!, journalEntryId: 1 }],
      }),
    ).toThrow('Order 11: a journal row is charged twice.');
    expect(() =>
      decideOrderFeeMatch(NO_ORDER_FEE_MATCH, {
        ...match,
        fills: [
          { ...first!, brokerFeeCents: 0 },
          { ...second!, transactionId: 7, brokerFeeCents: 17_248 },
        ],
      }),
    ).toThrow('Order 11: a fill is listed twice.');
  });
});
