import type { WarehouseEntry } from '../../shared/api';
import {
  EMPTY_WAREHOUSE_FORM,
  canSaveWarehouseForm,
  itemNameFilter,
  quantityText,
  stackValueCents,
  warehouseEntryInput,
  warehouseFormOf,
  warehouseFormValid,
  withDefaultPrice,
} from './warehouse-entries';

const entry: WarehouseEntry = {
  id: '6f1c3c52-8a4e-4d55-9d0b-0d3f8f7f2a11',
  typeId: 34,
  typeName: 'Tritanium',
  unitPrice: 4.17,
  quantity: 1000,
};

describe('Item Warehouse entries (account-area §2, §3)', () => {
  it("shows a default-price entry's quantity as Infinite and has no stack value for it", () => {
    expect(quantityText(null)).toBe('Infinite');
    expect(quantityText(12500)).toBe('12,500');
    expect(stackValueCents(entry)).toBe(417000);
    expect(stackValueCents({ unitPrice: 4.17, quantity: null })).toBeNull();
  });

  it('filters by a case-insensitive regular expression, and by plain text when it is not one', () => {
    expect(itemNameFilter('^trit').matches('Tritanium')).toBe(true);
    expect(itemNameFilter('^trit').matches('Pyerite')).toBe(false);
    expect(itemNameFilter('skin|plex').matches('Small PLEX Pack')).toBe(true);
    expect(itemNameFilter('').matches('anything')).toBe(true);
    const broken = itemNameFilter('Tritanium (');
    expect(broken.valid).toBe(false);
    expect(broken.matches('tritanium (unrefined)')).toBe(true);
    expect(broken.matches('Tritanium')).toBe(false);
  });
});

describe('the Add or Edit Entry form (account-area §2, §5)', () => {
  it('is empty to add, and holds the selected entry to edit', () => {
    expect(warehouseFormOf(null)).toBe(EMPTY_WAREHOUSE_FORM);
    expect(warehouseFormOf(entry)).toEqual({
      itemText: 'Tritanium',
      item: { typeId: 34, typeName: 'Tritanium' },
      unitPrice: '4.17',
      quantity: 1000,
    });
  });

  it("toggles 'Use as Default Price' between Infinite (null) and 1", () => {
    const infinite = withDefaultPrice(warehouseFormOf(entry), true);
    expect(infinite.quantity).toBeNull();
    expect(withDefaultPrice(infinite, false).quantity).toBe(1);
  });

  it('needs an item from the autocomplete, a price of at least 0 and a quantity of at least 1', () => {
    const chosen = { ...EMPTY_WAREHOUSE_FORM, item: { typeId: 34, typeName: 'Tritanium' }, unitPrice: '0' };
    expect(warehouseFormValid(chosen)).toBe(true);
    expect(warehouseFormValid({ ...chosen, item: null, itemText: 'Tritanium' })).toBe(false);
    expect(warehouseFormValid({ ...chosen, unitPrice: '' })).toBe(false);
    expect(warehouseFormValid({ ...chosen, unitPrice: '-1' })).toBe(false);
    expect(warehouseFormValid({ ...chosen, quantity: 0 })).toBe(false);
    expect(warehouseFormValid({ ...chosen, quantity: null })).toBe(true);
  });

  it('enables Save only after a change', () => {
    const initial = warehouseFormOf(entry);
    expect(canSaveWarehouseForm(initial, initial)).toBe(false);
    expect(canSaveWarehouseForm({ ...initial, unitPrice: '4.170' }, initial)).toBe(false);
    expect(canSaveWarehouseForm({ ...initial, unitPrice: '4.2' }, initial)).toBe(true);
    expect(canSaveWarehouseForm(withDefaultPrice(initial, true), initial)).toBe(true);
    expect(canSaveWarehouseForm(EMPTY_WAREHOUSE_FORM, EMPTY_WAREHOUSE_FORM)).toBe(false);
  });

  it('sends the item, the price to the cent and the quantity (null for Infinite)', () => {
    expect(warehouseEntryInput({ ...warehouseFormOf(entry), unitPrice: '5.555' })).toEqual({
      typeId: 34,
      typeName: 'Tritanium',
      unitPrice: 5.56,
      quantity: 1000,
    });
    expect(warehouseEntryInput(withDefaultPrice(warehouseFormOf(entry), true)).quantity).toBeNull();
    expect(() => warehouseEntryInput(EMPTY_WAREHOUSE_FORM)).toThrow();
  });
});
