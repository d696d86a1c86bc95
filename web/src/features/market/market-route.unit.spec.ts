import { isHistoryPath, marketPath, typeIdOfParam } from './market-route';

describe('market browser addresses', () => {
  it.each([
    [undefined, null],
    ['34', 34],
    ['0', null],
    ['-1', null],
    ['34abc', null],
    ['3.5', null],
    ['12345678901', null],
    ['2147483647', 2147483647],
  ])('type id of %p is %p', (param, id) => {
    expect(typeIdOfParam(param)).toBe(id);
  });

  it('tells the history address', () => {
    expect(isHistoryPath('/market/34/history')).toBe(true);
    expect(isHistoryPath('/market/34/history/')).toBe(true);
    expect(isHistoryPath('/market/34')).toBe(false);
    expect(isHistoryPath('/market')).toBe(false);
    expect(marketPath(34)).toBe('/market/34');
    expect(marketPath(34, true)).toBe('/market/34/history');
  });
});
