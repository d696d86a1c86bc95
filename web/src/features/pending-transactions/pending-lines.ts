import type { ProcessUnprocessed, UnprocessedTransaction } from '../../shared/api';
import { fromCents } from '../../shared/ui/editable-list';

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

export function pendingEmptyText(allRows: number, filter: string): string {
  return allRows > 0 && filter.trim() !== '' ? NO_PENDING_MATCH_TEXT : NO_PENDING_TEXT;
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
