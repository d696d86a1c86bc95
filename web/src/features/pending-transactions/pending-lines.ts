import type {
  ProcessUnprocessed,
  UnprocessedTransaction,
  UnprocessedTransactionsApiArg,
} from '../../shared/api';
import { ALL_OWNERS, fromCents, ownerArgs, type OwnerChoice } from '../../shared/ui/editable-list';

export const PENDING_PAGE_SIZE_KEY = 'pending-transactions-page-size';

/** Spec §2 Pending Transactions: the two empty texts. */
export const NO_PENDING_TEXT = 'You have no unprocessed transactions.';
export const NO_PENDING_MATCH_TEXT = 'No unprocessed transactions match the filter.';

/** A line of Pending Transactions: the sale as read and the custom unit buy price typed for it (cents). */
export interface PendingLine {
  readonly row: UnprocessedTransaction;
  readonly customBuyPriceCents: number | null;
}

export const pendingLineOf = (row: UnprocessedTransaction): PendingLine => ({
  row,
  customBuyPriceCents: null,
});
export const pendingLineId = (line: PendingLine): number => line.row.id;

/** The item filter: the name contains the text, in any case; an empty filter keeps every row. */
export function matchingPending(
  rows: readonly UnprocessedTransaction[],
  filter: string,
): UnprocessedTransaction[] {
  const needle = filter.trim().toLowerCase();
  return needle === '' ? [...rows] : rows.filter((row) => row.typeName.toLowerCase().includes(needle));
}

/** The read of the chosen owner's pending sales (the item filter applies to what it answers). */
export function unprocessedArgs(
  accountId: string,
  owner: OwnerChoice,
  position: number | null,
): UnprocessedTransactionsApiArg {
  return { account: accountId, ...ownerArgs(owner), ...(position !== null ? { position } : {}) };
}

/**
 * `allRows`: the pending sales read. With an owner chosen they are that owner's only, so an empty list says none
 * match rather than none are pending.
 */
export function pendingEmptyText(allRows: number, filter: string, owner: OwnerChoice): string {
  return owner !== ALL_OWNERS || (allRows > 0 && filter.trim() !== '')
    ? NO_PENDING_MATCH_TEXT
    : NO_PENDING_TEXT;
}

/** Save Custom Prices: the edited lines with their price, to process at that cost. */
export function customPricesRequest(lines: readonly PendingLine[]): ProcessUnprocessed {
  return {
    transactionsToProcess: lines.flatMap((line) =>
      line.customBuyPriceCents === null
        ? []
        : [{ id: line.row.id, customBuyPrice: fromCents(line.customBuyPriceCents) }],
    ),
    transactionsToIgnore: [],
  };
}

/** 'Mark as Sold / Consumed': the selected sales leave the pending list without a profit row. */
export function ignoreRequest(ids: readonly number[]): ProcessUnprocessed {
  return { transactionsToProcess: [], transactionsToIgnore: [...ids] };
}

/** Every transaction a request processes or ignores (ignored ones may be bare ids or objects). */
export function requestedIds(request: ProcessUnprocessed): number[] {
  return [
    ...(request.transactionsToProcess ?? []).map((row) => row.id),
    ...(request.transactionsToIgnore ?? []).map((row) => (typeof row === 'number' ? row : row.id)),
  ];
}
