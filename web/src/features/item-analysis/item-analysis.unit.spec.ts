import type { ItemHistorySummary } from '../../shared/api';
import {
  NO_BOUGHT_ITEMS,
  NO_MATCHING_BOUGHT_ITEMS,
  boughtItemsEmptyText,
  manufacturedItemsEmptyText,
  NO_MANUFACTURED_ITEMS,
  NO_MATCHING_MANUFACTURED_ITEMS,
  chosenItemName,
  filteredListPath,
  itemHistoryArgs,
  itemPath,
  priceText,
  typeIdOfParam,
} from './item-analysis';

describe('Item Analysis addresses', () => {
  it('reads the type id of /items/{typeId}', () => {
    expect(typeIdOfParam('34')).toBe(34);
    expect(typeIdOfParam(undefined)).toBeNull();
    expect(typeIdOfParam('0')).toBeNull();
    expect(typeIdOfParam('abc')).toBeNull();
    expect(typeIdOfParam('-5')).toBeNull();
    expect(typeIdOfParam('99999999999')).toBeNull();
  });

  it('selects an item by its address and deselects to /items', () => {
    expect(itemPath(34)).toBe('/items/34');
    expect(itemPath(null)).toBe('/items');
  });

  it('opens the transactions or industry jobs filtered on the item with shift-click', () => {
    expect(filteredListPath('transactions', 'Tritanium')).toBe('/transactions?filter=Tritanium');
    expect(filteredListPath('industry', "Caldari Navy 'Mjolnir' Torpedo")).toBe(
      '/industry?filter=Caldari+Navy+%27Mjolnir%27+Torpedo',
    );
  });
});

describe('Item Analysis data', () => {
  it('sends the trimmed item filter, none when empty', () => {
    expect(itemHistoryArgs('acc-1', '  trit ', 'all')).toEqual({ account: 'acc-1', filter: 'trit' });
    expect(itemHistoryArgs('acc-1', '   ', 'all')).toEqual({ account: 'acc-1' });
    expect(itemHistoryArgs('acc-1', 'rifter', 'all', 'manufactured')).toEqual({
      account: 'acc-1',
      filter: 'rifter',
      source: 'manufactured',
    });
  });

  it('sends the chosen owner to both tables', () => {
    expect(itemHistoryArgs('acc-1', '', 'personal')).toEqual({ account: 'acc-1', ownerFilter: 'personal' });
    expect(itemHistoryArgs('acc-1', '', 'division:1', 'manufactured')).toEqual({
      account: 'acc-1',
      ownerFilter: 'corporation',
      division: 1,
      source: 'manufactured',
    });
  });

  it("shows unknown prices as '--'", () => {
    expect(priceText(null)).toBe('--');
    expect(priceText(1234.5)).toBe('1,234.50');
  });

  it('names the chosen item from its history, the table, or its id', () => {
    const summaries = [{ typeId: 34, typeName: 'Tritanium' } as ItemHistorySummary];
    expect(chosenItemName(34, 'Tritanium (history)', summaries)).toBe('Tritanium (history)');
    expect(chosenItemName(34, undefined, summaries)).toBe('Tritanium');
    expect(chosenItemName(35, undefined, summaries)).toBe('Item 35');
  });

  it('says whether nothing was bought or nothing matches the filter', () => {
    expect(boughtItemsEmptyText('', 'all')).toBe(NO_BOUGHT_ITEMS);
    expect(boughtItemsEmptyText(' x ', 'all')).toBe(NO_MATCHING_BOUGHT_ITEMS);
    expect(manufacturedItemsEmptyText('', 'all')).toBe(NO_MANUFACTURED_ITEMS);
    expect(manufacturedItemsEmptyText(' x ', 'all')).toBe(NO_MATCHING_MANUFACTURED_ITEMS);
  });

  it('given an owner chosen, when its tables are empty, then they say nothing matches the filter', () => {
    expect(boughtItemsEmptyText('', 'corporation')).toBe(NO_MATCHING_BOUGHT_ITEMS);
    expect(manufacturedItemsEmptyText('', 'personal')).toBe(NO_MATCHING_MANUFACTURED_ITEMS);
  });
});
