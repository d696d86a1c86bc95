import { debounce, searchOptions, searchText } from './item-search';
import { SEARCH_DEBOUNCE_MS } from './market-constants';

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

  describe('debounce', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    it('waits 200 ms after the last keystroke and sends only the latest text', () => {
      expect(SEARCH_DEBOUNCE_MS).toBe(200);
      const sent: string[] = [];
      const search = debounce((text: string) => sent.push(text), SEARCH_DEBOUNCE_MS);
      search.call('t');
      jest.advanceTimersByTime(150);
      search.call('tr');
      jest.advanceTimersByTime(150);
      search.call('tri');
      jest.advanceTimersByTime(199);
      expect(sent).toEqual([]);
      jest.advanceTimersByTime(1);
      expect(sent).toEqual(['tri']);
      search.call('trit');
      search.cancel();
      jest.advanceTimersByTime(1000);
      expect(sent).toEqual(['tri']);
    });
  });
});
