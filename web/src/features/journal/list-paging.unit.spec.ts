import {
  PAGE_SIZE_LIMITS,
  PAGE_SIZE_OPTIONS,
  clampPage,
  clampPageSize,
  displayedPage,
  lastPage,
  pageFromDisplayed,
  pageStart,
} from './list-paging';

describe('list paging (account-area §4, §5)', () => {
  it.each<[number | string | null | undefined, number]>([
    [40, 40],
    [10, 10],
    [100, 100],
    [9, 10],
    [0, 10],
    [-5, 10],
    [101, 100],
    [5000, 100],
    [55.9, 55],
    ['20', 20],
    ['250', 100],
    ['', 40],
    ['abc', 40],
    [null, 40],
    [undefined, 40],
    [Number.NaN, 40],
    [Number.POSITIVE_INFINITY, 40],
  ])('clamps the page size %p to %p', (input, size) => {
    expect(clampPageSize(input)).toBe(size);
  });

  it('defaults to 40 rows and offers only sizes inside the limits', () => {
    expect(PAGE_SIZE_LIMITS.default).toBe(40);
    expect(PAGE_SIZE_OPTIONS).toContain(PAGE_SIZE_LIMITS.default);
    for (const size of PAGE_SIZE_OPTIONS) expect(clampPageSize(size)).toBe(size);
  });

  it('never goes below page 0', () => {
    expect(clampPage(-1)).toBe(0);
    expect(clampPage(0)).toBe(0);
    expect(clampPage(3)).toBe(3);
    expect(clampPage(2.7)).toBe(2);
    expect(clampPage(Number.NaN)).toBe(0);
  });

  it('shows pages from 1 and maps them back to zero-based pages', () => {
    expect(displayedPage(0)).toBe(1);
    expect(displayedPage(4)).toBe(5);
    expect(displayedPage(-2)).toBe(1);
    expect(pageFromDisplayed(1)).toBe(0);
    expect(pageFromDisplayed(5)).toBe(4);
    expect(pageFromDisplayed(0)).toBe(0);
  });

  it('computes the row offset of a page', () => {
    expect(pageStart(0, 40)).toBe(0);
    expect(pageStart(2, 40)).toBe(80);
    expect(pageStart(1, 10)).toBe(10);
    expect(pageStart(-1, 40)).toBe(0);
    expect(pageStart(1, 500)).toBe(100);
  });

  it('knows the last page that holds rows', () => {
    expect(lastPage(0, 40)).toBe(0);
    expect(lastPage(1, 40)).toBe(0);
    expect(lastPage(40, 40)).toBe(0);
    expect(lastPage(41, 40)).toBe(1);
    expect(lastPage(95, 10)).toBe(9);
  });
});
