import { brokerFeeBook, brokerFeeRateFor, DEFAULT_BUILT_IN_BROKER_FEES } from './broker-fees';

describe('broker fee rates', () => {
  it('given only built-in rows, when a trade in an item with its own built-in row comes, then that row beats the all-items row', () => {
    const book = brokerFeeBook([
      ...DEFAULT_BUILT_IN_BROKER_FEES,
      { typeId: 44_992, buyFeePpm: 0, sellFeePpm: 1_000, npcSellFeePpm: 2_000 },
    ]);
    const trade = { characterId: 1, timeMs: 0, isBuy: false, locationId: 60_003_760 };
    expect(brokerFeeRateFor(book, { ...trade, typeId: 44_992 })).toBe(2_000);
    expect(brokerFeeRateFor(book, { ...trade, typeId: 34 })).toBe(35_000);
    expect(brokerFeeRateFor(book, { ...trade, typeId: 34, isBuy: true })).toBe(5_000);
  });

  it('given built-in rows without an all-items row, when nothing else applies, then the lookup is refused', () => {
    const book = brokerFeeBook([{ typeId: 44_992, buyFeePpm: 0, sellFeePpm: 0, npcSellFeePpm: 0 }]);
    expect(() =>
      brokerFeeRateFor(book, { characterId: 1, typeId: 34, timeMs: 0, isBuy: true, locationId: 0 }),
    ).toThrow('typeId null');
  });
});

describe('broker fee rows that cannot be right', () => {
  it('given a negative or fractional rate or a bad start date, when booked, then it is refused', () => {
    const row = { typeId: null, buyFeePpm: 5_000, sellFeePpm: 5_000, npcSellFeePpm: 35_000 };
    expect(() => brokerFeeBook([{ ...row, buyFeePpm: -1 }])).toThrow('whole ppm ≥ 0');
    expect(() => brokerFeeBook([{ ...row, sellFeePpm: 0.5 }])).toThrow('whole ppm ≥ 0');
    const override = { ...row, overrideId: 'x', characterId: 1, startDate: 'soon' };
    expect(() => brokerFeeBook([row], new Map([['x', override]]))).toThrow('no valid start date');
  });
});
