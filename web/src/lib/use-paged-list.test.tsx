/**
 * usePagedList: pages load after the first in order, one request at a time; a new first page
 * starts the list over, and the answer to a Load more sent for the old one is dropped.
 */
import { act, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { render, type Rendered } from '../testing/render';
import { type PagedList, usePagedList } from './use-paged-list';

interface Page {
  names: string[];
  nextCursor: string | null;
}

let rendered: Rendered | undefined;
afterEach(() => {
  rendered?.unmount();
  rendered = undefined;
});

/** A deferred answer per requested cursor, answered by the test. */
function pages() {
  const waiting = new Map<string, (page: Page) => void>();
  const asked: string[] = [];
  const fetchAfter = (cursor: string) => new Promise<Page>((resolve) => {
    asked.push(cursor);
    waiting.set(cursor, resolve);
  });
  const answer = async (cursor: string, page: Page) => act(async () => waiting.get(cursor)!(page));
  return { fetchAfter, asked, answer };
}

async function mount(first: Page, fetchAfter: (cursor: string) => Promise<Page>) {
  const seen: { list?: PagedList<string>; setFirst?: (page: Page) => void } = {};
  function Harness() {
    const [page, setPage] = useState(first);
    seen.setFirst = setPage;
    seen.list = usePagedList(page, (p) => p.names, fetchAfter);
    return null;
  }
  rendered = await render(<Harness />);
  const rerender = (page: Page) => seen.setFirst!(page);
  return { seen, rerender };
}

describe('usePagedList', () => {
  it('adds each next page after the ones shown, one request at a time, until no cursor follows', async () => {
    const { fetchAfter, asked, answer } = pages();
    const { seen } = await mount({ names: ['a', 'b'], nextCursor: 'c1' }, fetchAfter);
    expect(seen.list).toMatchObject({ items: ['a', 'b'], hasMore: true, loadingMore: false, pagesLoaded: 0 });
    act(() => seen.list!.loadMore());
    act(() => seen.list!.loadMore());
    expect(asked).toEqual(['c1']);
    expect(seen.list!.loadingMore).toBe(true);
    await answer('c1', { names: ['c'], nextCursor: 'c2' });
    expect(seen.list).toMatchObject({ items: ['a', 'b', 'c'], hasMore: true, loadingMore: false, pagesLoaded: 1 });
    act(() => seen.list!.loadMore());
    await answer('c2', { names: ['d'], nextCursor: null });
    expect(seen.list).toMatchObject({ items: ['a', 'b', 'c', 'd'], hasMore: false, pagesLoaded: 2 });
    act(() => seen.list!.loadMore());
    expect(asked).toEqual(['c1', 'c2']);
  });

  it('starts over from a new first page, dropping the answer of a Load more sent for the old one', async () => {
    const { fetchAfter, asked, answer } = pages();
    const { seen, rerender } = await mount({ names: ['a'], nextCursor: 'old' }, fetchAfter);
    act(() => seen.list!.loadMore());
    // The first page is fetched again (a write changed the list) before the old next page answers.
    await act(async () => rerender({ names: ['new', 'a'], nextCursor: 'fresh' }));
    expect(seen.list).toMatchObject({ items: ['new', 'a'], hasMore: true, loadingMore: false, pagesLoaded: 0 });
    // Load more on the new list is sent; the old request answers while it is on its way.
    act(() => seen.list!.loadMore());
    await answer('old', { names: ['stale'], nextCursor: null });
    expect(seen.list).toMatchObject({ items: ['new', 'a'], loadingMore: true });
    await answer('fresh', { names: ['b'], nextCursor: null });
    expect(seen.list).toMatchObject({ items: ['new', 'a', 'b'], hasMore: false });
    expect(asked).toEqual(['old', 'fresh']);
  });

  it('keeps what is shown when a page fails, says why, and tries the same page again', async () => {
    let fail = true;
    const asked: string[] = [];
    const fetchAfter = async (cursor: string): Promise<Page> => {
      asked.push(cursor);
      if (fail) throw new Error('offline');
      return { names: ['b'], nextCursor: null };
    };
    const { seen } = await mount({ names: ['a'], nextCursor: 'c1' }, fetchAfter);
    await act(async () => seen.list!.loadMore());
    expect(seen.list).toMatchObject({ items: ['a'], hasMore: true, loadingMore: false });
    expect((seen.list!.loadMoreError as Error).message).toBe('offline');
    fail = false;
    await act(async () => seen.list!.loadMore());
    expect(seen.list).toMatchObject({ items: ['a', 'b'], hasMore: false, loadMoreError: undefined });
    expect(asked).toEqual(['c1', 'c1']);
  });
});
