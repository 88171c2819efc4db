/**
 * A list the API answers in pages (issue 31, contracts paging.ts: `{ <items>, nextCursor }`):
 * the first page is a `useApiQuery` result as before (shared, invalidated after a write,
 * refetched on reconnect), and the pages after it load on demand (`loadMore`, a "Load more"
 * button: components/load-more.tsx) and stay while the first page does. When the first page is
 * fetched again (a write changed the list), the list starts over from it: the pages loaded after
 * the old one may hold what the write removed, and load again on demand.
 */
import { useCallback, useRef, useState } from 'react';

/** What every page of a paged list has. */
export interface Paged {
  nextCursor: string | null;
}

export interface PagedList<T> {
  /** The first page's items and those of every page loaded after it; undefined before the first page. */
  items: T[] | undefined;
  /** Another page follows what is shown. */
  hasMore: boolean;
  /** Loads the next page (nothing while one is on its way, or when none follows). */
  loadMore: () => void;
  loadingMore: boolean;
  /** Why the last loadMore failed; cleared by the next one (and when the list starts over). */
  loadMoreError: unknown;
  /** Pages loaded after the first (0 until Load more was used). */
  pagesLoaded: number;
}

interface More<P> {
  /** The first page these pages follow: when the query's changes, they are dropped. */
  basis: P | undefined;
  pages: P[];
  loading: boolean;
  error: unknown;
}

/**
 * `first`: the query's data (its identity marks a new first page); `itemsOf`: a page's items;
 * `fetchAfter(cursor)`: the page after a cursor.
 */
export function usePagedList<P extends Paged, T>(
  first: P | undefined,
  itemsOf: (page: P) => readonly T[],
  fetchAfter: (cursor: string) => Promise<P>,
): PagedList<T> {
  const [state, setState] = useState<More<P>>({ basis: undefined, pages: [], loading: false, error: undefined });
  const more: More<P> = state.basis === first ? state : { basis: first, pages: [], loading: false, error: undefined };
  const last = more.pages.at(-1) ?? first;
  const cursor = last?.nextCursor ?? null;
  // Read by loadMore, so one callback serves every render and a second press while loading does nothing.
  const now = useRef({ first, cursor, loading: more.loading, fetchAfter });
  now.current = { first, cursor, loading: more.loading, fetchAfter };

  const loadMore = useCallback(() => {
    const { first: basis, cursor: after, loading, fetchAfter: fetchPage } = now.current;
    if (basis === undefined || after === null || loading) return;
    now.current.loading = true;
    const kept = (s: More<P>): More<P> => (s.basis === basis ? s : { basis, pages: [], loading: false, error: undefined });
    setState((s) => ({ ...kept(s), loading: true, error: undefined }));
    fetchPage(after).then(
      // An answer for a first page replaced meanwhile is dropped: the list started over.
      (page) => setState((s) => (s.basis !== undefined && s.basis !== basis ? s : { ...kept(s), pages: [...kept(s).pages, page], loading: false })),
      (error: unknown) => setState((s) => (s.basis !== undefined && s.basis !== basis ? s : { ...kept(s), loading: false, error })),
    );
  }, []);

  return {
    items: first === undefined ? undefined : [first, ...more.pages].flatMap((page) => itemsOf(page)),
    hasMore: cursor !== null,
    loadMore,
    loadingMore: more.loading,
    loadMoreError: more.error,
    pagesLoaded: more.pages.length,
  };
}
