/**
 * The query interface over the device's catalog, shared by the products screen and the
 * work-order product picker: search (every word in the name or SKU, case-insensitive),
 * category (a path matches its subcategories too), sale-only, paging with totals, in name
 * order. Everything runs on the device: the in-memory index (catalog-index.ts) finds the page's
 * ids and the total; the rows with their variants come from a cache of the rows lately shown
 * (row-cache.ts, filled ahead of the next keystroke) or from IndexedDB by primary key. While the
 * index builds, the first pages without a search or category come from a snapshot of its order
 * (catalog-preview.ts); other queries wait for the index (loading), never answered from a part.
 *
 * The products list draws its page from the index's list rows instead (useListedQuery, decision
 * 072): no read at all.
 *
 * Stable names and shapes: queryCatalog, useCatalogQuery, useListedQuery, useCatalogCategories,
 * getLocalProducts, getWholeCatalog, LocalProduct, ListedProduct, CatalogQueryParams, CatalogQueryResult.
 */
import { hasProductFilters, type ProductFilters } from '@catalog/contracts/product-filters';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useBackgroundStore } from '../lib/use-background-store';
import { prefetch } from './catalog-query-prefetch';
import {
  EMPTY, pageOf, peekCatalog, peekPreview, previewCatalog, queryCatalog, sizeOf, type CatalogQueryParams, type CatalogQueryResult,
} from './catalog-query-read';
import { deviceCatalog } from './device-catalog';
import { listedOf, type ListedProduct } from './listed-product';
import type { CatalogView } from './local-catalog';
import type { LocalProduct, LocalVariant } from './local-product';

/** Declared in local-product.ts (a leaf, which local-catalog.ts imports too); named here for the screens. */
export type { LocalProduct, LocalVariant };
export type { ListedProduct } from './listed-product';
export { getLocalProducts, getWholeCatalog, peekPreview, previewCatalog, queryCatalog } from './catalog-query-read';
export type { CatalogQueryParams, CatalogQueryResult } from './catalog-query-read';

export interface CatalogQueryState extends CatalogQueryResult {
  /** true until the local catalog is loaded and the first answer is ready. */
  isLoading: boolean;
}

/** The product (with variants) of `productId` follows pulls: re-read when this changes. */
export function useCatalogRevision(): number {
  return useCatalogView().version;
}

/**
 * The catalog's status, re-rendering on every change (pulls, progress, index updates), as a
 * transition: a pull's progress never blocks a keystroke.
 */
export function useCatalogStatus() {
  return useBackgroundStore(deviceCatalog.subscribe, deviceCatalog.status);
}

/**
 * What queries depend on: whose catalog, whether it is loaded, and its version, with the catalog
 * as of them (CatalogView). The same object while they stay, so progress updates during a pull
 * do not re-render every list.
 */
function useCatalogView(): CatalogView {
  return useBackgroundStore(deviceCatalog.subscribe, deviceCatalog.view);
}

/**
 * The query's current answer; runs again when the params change or the local catalog does.
 * Answered during the render that asked when it can be (peekCatalog), so a keystroke shows its
 * results in the same frame; otherwise the rows are read and the answer committed at once.
 * The last answer stays while the next is read (no flicker on a keystroke). While the index
 * builds, the default first pages show from its snapshot (previewCatalog) and any other query is
 * loading until the index answers it: a preview never stands in for another query's answer.
 */
export function useCatalogQuery(params: CatalogQueryParams, { enabled = true }: { enabled?: boolean } = {}): CatalogQueryState {
  const view = useCatalogView();
  const { version } = view;
  // Disabled (useListedQuery answers from the index): nothing is read, peeked or read ahead.
  const ready = enabled && view.ready;
  const uid = enabled ? view.uid : null;
  const { search, category, saleOnly, visibleOnly, page, pageSize } = params;
  // A price list's prices (issue 35): its key names them, so the same key is the same query.
  const prices = params.prices ?? null;
  // The product filters by value: a new object with the same filters is the same query.
  const productFilters = hasProductFilters(params.filters) ? JSON.stringify(params.filters) : '';
  const picked = useMemo(() => (productFilters ? (JSON.parse(productFilters) as ProductFilters) : undefined), [productFilters]);
  const filters = JSON.stringify([uid, search, category, saleOnly, visibleOnly, productFilters, prices?.key ?? null, page, pageSize]);
  const key = `${version}\u0000${filters}`;
  const immediate = useMemo(
    () => (ready ? peekCatalog(view.loaded(), { search, category, saleOnly, visibleOnly, filters: picked, prices, page, pageSize }) : null),
    [view, ready, search, category, saleOnly, visibleOnly, picked, prices, page, pageSize],
  );
  // While the index loads: the first page from the snapshot, in this render when its rows are in.
  const previewNow = useMemo(
    () => (enabled && !view.ready && view.uid ? peekPreview(view.previewed(), { search, category, saleOnly, visibleOnly, filters: picked, prices, page, pageSize }) : null),
    [view, enabled, search, category, saleOnly, visibleOnly, picked, prices, page, pageSize],
  );
  const [read, setRead] = useState<{ key: string; result: CatalogQueryResult } | null>(null);
  const [preview, setPreview] = useState<{ key: string; result: CatalogQueryResult } | null>(null);
  const last = useRef<{ result: CatalogQueryResult; filters: string; preview: boolean } | null>(null);

  // The snapshot may have been read while this render was under way (a reopened /products renders
  // its whole shell first): its page shows in this commit, before the first paint, not after the
  // effect below has asked for it in a later task.
  const previewedKey = preview?.key;
  useLayoutEffect(() => {
    if (ready || !uid || previewNow || previewedKey === key) return;
    const result = peekPreview(view.previewed(), { search, category, saleOnly, visibleOnly, filters: picked, prices, page, pageSize });
    if (result) setPreview({ key, result });
  }, [key, view, ready, uid, previewNow, previewedKey, search, category, saleOnly, visibleOnly, picked, prices, page, pageSize]);

  useEffect(() => {
    if (ready || !uid || previewNow || previewedKey === key) return;
    let current = true;
    previewCatalog({ search, category, saleOnly, visibleOnly, filters: picked, prices, page, pageSize }).then(
      (result) => {
        if (current && result) setPreview({ key, result });
      },
      () => {}, // no preview: the index answers when built
    );
    return () => {
      current = false;
    };
  }, [key, ready, uid, previewNow, previewedKey, search, category, saleOnly, visibleOnly, picked, prices, page, pageSize]);

  useEffect(() => {
    if (!ready || immediate) return;
    let current = true;
    queryCatalog({ search, category, saleOnly, visibleOnly, filters: picked, prices, page, pageSize }).then(
      (result) => {
        // Commit now rather than in a later task (which may wait behind a frame).
        if (current) flushSync(() => setRead({ key, result }));
      },
      (err: unknown) => {
        console.error('Local catalog query failed', err);
        if (current) setRead({ key, result: EMPTY });
      },
    );
    return () => {
      current = false;
    };
  }, [key, ready, immediate, search, category, saleOnly, visibleOnly, picked, prices, page, pageSize]);

  // Once an answer is shown, read ahead for the next keystroke.
  const answered = immediate !== null || read?.key === key;
  useEffect(() => {
    if (!ready || !answered) return;
    return prefetch({ search, category, saleOnly, visibleOnly, filters: picked, prices, page: 1, pageSize });
  }, [key, ready, answered, search, category, saleOnly, visibleOnly, picked, prices, pageSize]);

  const previewed = previewNow ?? (!ready && preview?.key === key ? preview.result : null);
  const answer = immediate ?? (ready && read?.key === key ? read.result : null) ?? previewed;
  if (answer) last.current = { result: answer, filters, preview: answer === previewed };
  // The last answer may stand in while the next is read: the same query's (a new version), or a
  // real answer once the index is built; a preview only for its own query.
  const stale = last.current && (last.current.filters === filters || (ready && !last.current.preview)) ? last.current.result : null;
  const result = answer ?? stale;
  return { ...(result ?? EMPTY), isLoading: result === null };
}

export interface ListedQueryState {
  products: ListedProduct[];
  /** The full rows the page was made from, when it was (seen through a price list, or while the index loads); null: from the index. */
  rows: LocalProduct[] | null;
  total: number;
  isLoading: boolean;
}

/**
 * The products list's page (decision 072). In the catalog's prices, once the index is loaded:
 * from the index's list rows, in the render that asked, with nothing read from IndexedDB (the
 * full query is disabled: no read, no read-ahead). Seen through a price list (whose prices need
 * the variants) or while the index loads: from useCatalogQuery's full rows, as list rows too.
 */
export function useListedQuery(params: CatalogQueryParams): ListedQueryState {
  const view = useCatalogView();
  const { search, category, saleOnly, visibleOnly, page, pageSize } = params;
  const prices = params.prices ?? null;
  const productFilters = hasProductFilters(params.filters) ? JSON.stringify(params.filters) : '';
  const picked = useMemo(() => (productFilters ? (JSON.parse(productFilters) as ProductFilters) : undefined), [productFilters]);
  const fromIndex = useMemo(() => {
    const loaded = view.ready && !prices ? view.loaded() : null;
    if (!loaded) return null;
    const query = { search, category, saleOnly, visibleOnly, filters: picked, page, pageSize };
    const { ids, total } = loaded.index.query(query, (pageOf(query) - 1) * sizeOf(query), sizeOf(query));
    const products = loaded.index.listed(ids);
    return products && { products, total };
  }, [view, prices, search, category, saleOnly, visibleOnly, picked, page, pageSize]);
  const full = useCatalogQuery(params, { enabled: fromIndex === null });
  const listed = useMemo(() => full.products.map(listedOf), [full.products]);
  if (fromIndex) return { ...fromIndex, rows: null, isLoading: false };
  return { products: listed, rows: full.products, total: full.total, isLoading: full.isLoading };
}

/** Every brand name in the local catalog, sorted: from the index once loaded (empty before). */
export function useCatalogBrands(): string[] {
  const view = useCatalogView();
  return useMemo(() => (view.ready ? (view.loaded()?.index.brands() ?? []) : []), [view]);
}

/**
 * Every category path in the local catalog, sorted: from the categories table while the index
 * loads (a few hundred rows, at once), then from the index as pulls change it.
 */
export function useCatalogCategories(): string[] {
  const view = useCatalogView();
  const [categories, setCategories] = useState<string[]>([]);
  useEffect(() => {
    let current = true;
    const loaded = view.loaded();
    if (loaded) {
      setCategories(loaded.index.categories());
    } else {
      void view.db?.categories
        .toCollection()
        .primaryKeys()
        .then((paths) => current && !view.loaded() && setCategories(paths.map(String)), () => {});
    }
    return () => {
      current = false;
    };
  }, [view]);
  return categories;
}
