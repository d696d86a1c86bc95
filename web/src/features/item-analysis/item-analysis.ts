import type { ItemHistoryApiArg, ItemHistorySummary } from '../../shared/api';
import { formatIskFull } from '../../shared/format';
import { ALL_OWNERS, ownerArgs, type OwnerChoice } from '../../shared/ui/editable-list';

/** Where the page keeps its item filter, so it holds while items are chosen and deselected (§3). */
export const ITEM_ANALYSIS_FILTER_KEY = 'items-filter';

/** The type id in /items/{typeId}, or null for /items or a segment that is not a type id. */
export function typeIdOfParam(param: string | undefined): number | null {
  if (param === undefined || !/^\d{1,10}$/.test(param)) return null;
  const id = Number(param);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

export function itemPath(typeId: number | null): string {
  return typeId === null ? '/items' : `/items/${typeId}`;
}

/**
 * Shift-click on a row opens the list it came from, filtered on the item: /transactions for bought items,
 * /industry for manufactured ones (account-area §2).
 */
export function filteredListPath(list: 'transactions' | 'industry', typeName: string): string {
  return `/${list}?${new URLSearchParams({ filter: typeName }).toString()}`;
}

/** Bought Items read the default source; Manufactured Items the delivered jobs' products (`source=manufactured`). */
export function itemHistoryArgs(
  accountId: string,
  filterInput: string,
  owner: OwnerChoice,
  source: 'bought' | 'manufactured' = 'bought',
): ItemHistoryApiArg {
  const filter = filterInput.trim();
  return {
    account: accountId,
    ...(filter === '' ? {} : { filter }),
    ...ownerArgs(owner),
    ...(source === 'manufactured' ? { source } : {}),
  };
}

/** A price that may be unknown (nothing remaining, no market price yet). */
export function priceText(value: number | null): string {
  return value === null ? '--' : formatIskFull(value);
}

/** The name of the chosen item: from its history, else from the table, else its id. */
export function chosenItemName(
  typeId: number,
  detailsName: string | undefined,
  summaries: readonly ItemHistorySummary[] | undefined,
): string {
  return detailsName ?? summaries?.find((row) => row.typeId === typeId)?.typeName ?? `Item ${typeId}`;
}

export const NO_BOUGHT_ITEMS = 'You have not bought any items yet.';
export const NO_MATCHING_BOUGHT_ITEMS = 'No bought items match the filter.';
export const NO_MANUFACTURED_ITEMS = 'No manufactured items.';
export const NO_MATCHING_MANUFACTURED_ITEMS = 'No manufactured items match the filter.';

const filtered = (filterInput: string, owner: OwnerChoice): boolean =>
  filterInput.trim() !== '' || owner !== ALL_OWNERS;

export function boughtItemsEmptyText(filterInput: string, owner: OwnerChoice): string {
  return filtered(filterInput, owner) ? NO_MATCHING_BOUGHT_ITEMS : NO_BOUGHT_ITEMS;
}

export function manufacturedItemsEmptyText(filterInput: string, owner: OwnerChoice): string {
  return filtered(filterInput, owner) ? NO_MATCHING_MANUFACTURED_ITEMS : NO_MANUFACTURED_ITEMS;
}
