import {
  PAGE_SIZE,
  firstRowOf,
  lastPageIndex,
  pageIndexFromShown,
  pageIndexOf,
  pageOf,
  pageParams,
  pageSizeOf,
  shownPageNumber,
} from './list-paging';

describe('editable list paging (account-area §4, §5, §9)', () => {
  it.each<[number | string | null | undefined, number]>([
    [40, 40],
    [10, 10],
    [100, 100],
    [9, 10],
    [-5, 10],
    [101, 100],
    [55.9, 55],
    ['20', 20],
    ['250', 100],
    ['', 40],
    ['abc', 40],
    [null, 40],
    [undefined, 40],
    [Number.NaN, 40],
    [Number.POSITIVE_INFINITY, 40],
  ])('page size %p is %p', (input, size) => {
    expect(pageSizeOf(input)).toBe(size);
  });

  it('defaults to 40 rows and allows 10 to 100', () => {
    expect(PAGE_SIZE).toEqual({ min: 10, max: 100, default: 40 });
  });

  it('counts pages from 0, never below 0, and shows them from 1', () => {
    expect(pageIndexOf(-3)).toBe(0);
    expect(pageIndexOf(2.7)).toBe(2);
    expect(pageIndexOf(Number.NaN)).toBe(0);
    expect(shownPageNumber(0)).toBe(1);
    expect(shownPageNumber(-1)).toBe(1);
    expect(pageIndexFromShown(1)).toBe(0);
    expect(pageIndexFromShown(4)).toBe(3);
    expect(pageIndexFromShown(0)).toBe(0);
  });

  it('asks the server for the page’s first row and the clamped size', () => {
    expect(firstRowOf(3, 20)).toBe(60);
    expect(pageParams(0, 40)).toEqual({ start: 0, count: 40 });
    expect(pageParams(2, 5)).toEqual({ start: 20, count: 10 });
    expect(pageParams(-1, 1000)).toEqual({ start: 0, count: 100 });
  });

  it('knows the last page that holds rows', () => {
    expect(lastPageIndex(0, 40)).toBe(0);
    expect(lastPageIndex(40, 40)).toBe(0);
    expect(lastPageIndex(41, 40)).toBe(1);
    expect(lastPageIndex(95, 10)).toBe(9);
  });

  it('cuts one page out of a list the client holds', () => {
    const rows = Array.from({ length: 25 }, (_, index) => index);
    expect(pageOf(rows, 0, 10)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(pageOf(rows, 2, 10)).toEqual([20, 21, 22, 23, 24]);
    expect(pageOf(rows, 3, 10)).toEqual([]);
  });
});
