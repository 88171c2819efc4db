/**
 * The products screen's pager rules (spec sections 2 and 9): 'Showing X to Y of Z products',
 * at most 5 page buttons around the current page, and no pager for a single page.
 */

/** Page buttons shown at most. */
export const MAX_PAGE_BUTTONS = 5;

export function totalPages(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
}

/** The pager appears only when there is more than one page. */
export function showPager(total: number, pageSize: number): boolean {
  return totalPages(total, pageSize) > 1;
}

/** The page numbers to offer as buttons: a window of at most 5 around `current`. */
export function pageButtons(current: number, pages: number, max = MAX_PAGE_BUTTONS): number[] {
  const count = Math.min(max, pages);
  let start = Math.max(1, current - Math.floor(count / 2));
  start = Math.min(start, pages - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}

/** 'Showing 21 to 40 of 95 products'. */
export function showingText(page: number, pageSize: number, total: number): string {
  if (total === 0) return 'Showing 0 of 0 products';
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(page * pageSize, total);
  return `Showing ${from} to ${to} of ${total} products`;
}

/** A page that exists for this many results (after a filter shrank them). */
export function clampPage(page: number, total: number, pageSize: number): number {
  return Math.min(Math.max(1, page), totalPages(total, pageSize));
}
