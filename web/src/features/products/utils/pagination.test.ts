import { describe, expect, it } from 'vitest';
import { clampPage, pageButtons, showingText, showPager, totalPages } from './pagination';

describe('pagination', () => {
  it('shows the pager only when there is more than one page', () => {
    expect(showPager(0, 20)).toBe(false);
    expect(showPager(20, 20)).toBe(false);
    expect(showPager(21, 20)).toBe(true);
    expect(showPager(200, 200)).toBe(false);
  });

  it('offers at most 5 page buttons, a window around the current page', () => {
    expect(pageButtons(1, 3)).toEqual([1, 2, 3]);
    expect(pageButtons(1, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageButtons(5, 10)).toEqual([3, 4, 5, 6, 7]);
    expect(pageButtons(10, 10)).toEqual([6, 7, 8, 9, 10]);
    expect(pageButtons(9, 10)).toEqual([6, 7, 8, 9, 10]);
    for (let page = 1; page <= 50; page++) expect(pageButtons(page, 50).length).toBeLessThanOrEqual(5);
  });

  it("says 'Showing X to Y of Z products'", () => {
    expect(showingText(1, 20, 95)).toBe('Showing 1 to 20 of 95 products');
    expect(showingText(5, 20, 95)).toBe('Showing 81 to 95 of 95 products');
    expect(showingText(1, 20, 0)).toBe('Showing 0 of 0 products');
  });

  it('counts pages and keeps the page within them', () => {
    expect(totalPages(0, 20)).toBe(1);
    expect(totalPages(41, 20)).toBe(3);
    expect(clampPage(7, 41, 20)).toBe(3);
    expect(clampPage(0, 41, 20)).toBe(1);
  });
});
