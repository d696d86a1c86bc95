/**
 * Paging of the account's lists (account-area §4 Editable lists, §5): pages are zero-based and never below 0,
 * shown from 1; the page size is clamped to 10..100 and defaults to 40.
 */
export const PAGE_SIZE_LIMITS = { min: 10, max: 100, default: 40 } as const;

/** The choices the page size menu offers (a stored size in between still works). */
export const PAGE_SIZE_OPTIONS = [10, 20, 40, 60, 80, 100] as const;

/** A page size from any input: floored and clamped to 10..100; anything that is not a number is the default. */
export function clampPageSize(value: number | string | null | undefined): number {
  const number = typeof value === 'string' ? (value.trim() === '' ? NaN : Number(value)) : (value ?? NaN);
  if (!Number.isFinite(number)) return PAGE_SIZE_LIMITS.default;
  return Math.min(PAGE_SIZE_LIMITS.max, Math.max(PAGE_SIZE_LIMITS.min, Math.floor(number)));
}

/** A zero-based page index, never below 0. */
export function clampPage(page: number): number {
  return Number.isFinite(page) ? Math.max(0, Math.floor(page)) : 0;
}

/** The last zero-based page that holds rows (0 for an empty list). */
export function lastPage(total: number, pageSize: number): number {
  return Math.max(0, Math.ceil(total / clampPageSize(pageSize)) - 1);
}

/** The row offset of a page, as the list calls take it in `start`. */
export function pageStart(page: number, pageSize: number): number {
  return clampPage(page) * clampPageSize(pageSize);
}

/** The page number users see (from 1) for a zero-based page, and back. */
export function displayedPage(page: number): number {
  return clampPage(page) + 1;
}

export function pageFromDisplayed(pageNumber: number): number {
  return clampPage(pageNumber - 1);
}
