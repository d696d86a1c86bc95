/**
 * Paging of the account's editable lists (account-area §4 Editable lists, §5, §9): pages are zero-based and never
 * below 0 (shown from 1); the page size is clamped to 10..100 and defaults to 40.
 */
export const PAGE_SIZE = { min: 10, max: 100, default: 40 } as const;

/** The choices of the page size menu (a stored size in between still works). */
export const PAGE_SIZE_CHOICES = [10, 20, 40, 60, 80, 100] as const;

/** A page size from any input (a stored string too): floored and clamped; not a number is the default. */
export function pageSizeOf(value: number | string | null | undefined): number {
  const number = typeof value === 'string' ? (value.trim() === '' ? NaN : Number(value)) : (value ?? NaN);
  if (!Number.isFinite(number)) return PAGE_SIZE.default;
  return Math.min(PAGE_SIZE.max, Math.max(PAGE_SIZE.min, Math.floor(number)));
}

/** A zero-based page index, never below 0. */
export function pageIndexOf(page: number): number {
  return Number.isFinite(page) ? Math.max(0, Math.floor(page)) : 0;
}

/** The last zero-based page holding rows (0 for an empty list). */
export function lastPageIndex(total: number, pageSize: number): number {
  return Math.max(0, Math.ceil(total / pageSizeOf(pageSize)) - 1);
}

/** The row offset of a page: the list calls' `start`. */
export function firstRowOf(page: number, pageSize: number): number {
  return pageIndexOf(page) * pageSizeOf(pageSize);
}

/** `start` and `count` of a server-paged list call, as the generated client takes them (strings). */
export function pageParams(page: number, pageSize: number): { start: number; count: number } {
  return { start: firstRowOf(page, pageSize), count: pageSizeOf(pageSize) };
}

/** One page of a list the client holds whole. */
export function pageOf<Row>(rows: readonly Row[], page: number, pageSize: number): Row[] {
  const start = firstRowOf(page, pageSize);
  return rows.slice(start, start + pageSizeOf(pageSize));
}

/** The page number users see (from 1) for a zero-based page, and back. */
export const shownPageNumber = (page: number): number => pageIndexOf(page) + 1;
export const pageIndexFromShown = (pageNumber: number): number => pageIndexOf(pageNumber - 1);
