import { searchOptions, searchText } from './item-search';

describe('item search', () => {
  it('trims the input; empty input searches nothing', () => {
    expect(searchText('  Tritanium ')).toBe('Tritanium');
    expect(searchText('   ')).toBeNull();
    expect(searchText('')).toBeNull();
  });

  it('offers each item once, saying which other-language name matched', () => {
    expect(
      searchOptions([
        { typeID: 34, typeName: 'Tritanium', matchedName: 'Tritanium' },
        { typeID: 34, typeName: 'Tritanium', matchedName: 'Tritan' },
        { typeID: 35, typeName: 'Pyerite', matchedName: 'Pyérite' },
        { typeID: 36, typeName: 'Mexallon', matchedName: '' },
      ]),
    ).toEqual([
      { value: '34', typeId: 34, label: 'Tritanium' },
      { value: '35', typeId: 35, label: 'Pyerite (Pyérite)' },
      { value: '36', typeId: 36, label: 'Mexallon' },
    ]);
  });
});
