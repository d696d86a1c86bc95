import {
  NO_PROFIT_LIST_FILTERS,
  hasProfitListFilter,
  minProfitParam,
  profitListArgs,
} from './profit-list-query';

describe('the profit list calls', () => {
  it('ask for one page with the filters and the last edit’s position', () => {
    expect(profitListArgs('acc', NO_PROFIT_LIST_FILTERS, 0, 40, null)).toEqual({
      account: 'acc',
      start: 0,
      count: 40,
    });
    expect(
      profitListArgs(
        'acc',
        { item: ' ecm ', characterId: 7, minProfit: '1000000', owner: 'division:2' },
        2,
        20,
        1234,
      ),
    ).toEqual({
      account: 'acc',
      start: 40,
      count: 20,
      filter: 'ecm',
      characterId: 7,
      ownerFilter: 'corporation',
      division: 2,
      minProfit: '1000000',
      position: 1234,
    });
  });

  it('send a minimum profit only when it is a number (empty means none)', () => {
    expect(minProfitParam('')).toBeUndefined();
    expect(minProfitParam('abc')).toBeUndefined();
    expect(minProfitParam('-250000.5')).toBe('-250000.5');
    expect(hasProfitListFilter({ ...NO_PROFIT_LIST_FILTERS, minProfit: 'x' })).toBe(false);
    expect(hasProfitListFilter({ ...NO_PROFIT_LIST_FILTERS, minProfit: '0' })).toBe(true);
    expect(hasProfitListFilter({ ...NO_PROFIT_LIST_FILTERS, owner: 'personal' })).toBe(true);
  });
});
