import type { WarehouseEntry, WarehouseEntryInput } from '../../shared/api';
import { fromCents, iskInputCents, toCents, type ItemChoice } from '../../shared/ui/editable-list';

/** Quantity null is 'Use as Default Price': an infinite stack (account-area §3). */
export function quantityText(quantity: number | null): string {
  return quantity === null ? 'Infinite' : quantity.toLocaleString('en-US');
}

/** Unit price × quantity in cents; null for an infinite stack. */
export function stackValueCents(entry: Pick<WarehouseEntry, 'unitPrice' | 'quantity'>): number | null {
  return entry.quantity === null ? null : toCents(entry.unitPrice) * entry.quantity;
}

export interface ItemNameFilter {
  readonly matches: (name: string) => boolean;
  /** False when the text is not a regular expression (it then matches as plain text). */
  readonly valid: boolean;
}

/** The list's item filter: a case-insensitive regular expression; text that is not one matches literally. */
export function itemNameFilter(text: string): ItemNameFilter {
  const pattern = text.trim();
  if (pattern === '') return { matches: () => true, valid: true };
  try {
    const expression = new RegExp(pattern, 'i');
    return { matches: (name) => expression.test(name), valid: true };
  } catch {
    const needle = pattern.toLowerCase();
    return { matches: (name) => name.toLowerCase().includes(needle), valid: false };
  }
}

/** The Add or Edit Entry form. */
export interface WarehouseForm {
  readonly itemText: string;
  readonly item: ItemChoice | null;
  /** As typed (ISK). */
  readonly unitPrice: string;
  /** null: Use as Default Price (Infinite). */
  readonly quantity: number | null;
}

export const EMPTY_WAREHOUSE_FORM: WarehouseForm = { itemText: '', item: null, unitPrice: '', quantity: 1 };

/** The form for an entry (Edit), or the empty one (Add). */
export function warehouseFormOf(entry: WarehouseEntry | null): WarehouseForm {
  if (!entry) return EMPTY_WAREHOUSE_FORM;
  return {
    itemText: entry.typeName,
    item: { typeId: entry.typeId, typeName: entry.typeName },
    unitPrice: String(entry.unitPrice),
    quantity: entry.quantity,
  };
}

/** The 'Use as Default Price' toggle: quantity null (Infinite), or back to 1. */
export function withDefaultPrice(form: WarehouseForm, useAsDefault: boolean): WarehouseForm {
  return { ...form, quantity: useAsDefault ? null : 1 };
}

function sameForm(a: WarehouseForm, b: WarehouseForm): boolean {
  return (
    a.item?.typeId === b.item?.typeId &&
    iskInputCents(a.unitPrice) === iskInputCents(b.unitPrice) &&
    a.quantity === b.quantity
  );
}

/**
 * Spec §5: an item chosen from the autocomplete, a unit price of at least 0 (to the cent), a whole quantity of
 * at least 1 or Infinite.
 */
export function warehouseFormValid(form: WarehouseForm): boolean {
  return (
    form.item !== null &&
    iskInputCents(form.unitPrice) !== null &&
    (form.quantity === null || (Number.isInteger(form.quantity) && form.quantity >= 1))
  );
}

/** Save is enabled only after a change, and only for a valid form. */
export function canSaveWarehouseForm(form: WarehouseForm, initial: WarehouseForm): boolean {
  return warehouseFormValid(form) && !sameForm(form, initial);
}

/** The body of POST or PATCH /account/itemWarehouse (a valid form). */
export function warehouseEntryInput(form: WarehouseForm): WarehouseEntryInput {
  if (!form.item) throw new Error('Choose an item first.');
  return {
    typeId: form.item.typeId,
    typeName: form.item.typeName,
    unitPrice: fromCents(iskInputCents(form.unitPrice) ?? 0),
    quantity: form.quantity,
  };
}
