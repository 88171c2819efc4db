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
 * Stable names and shapes: queryCatalog, useCatalogQuery, useCatalogCategories,
 * getLocalProducts, getWholeCatalog, LocalProduct, CatalogQueryParams, CatalogQueryResult.
 */
import { hasProductFilters, type ProductFilters } from '@catalog/contracts/product-filters';
import { useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { afterNextPaint } from '../lib/idle';
import { useBackgroundStore } from '../lib/use-background-store';
import { previewPage } from './catalog-preview';
import { deviceCatalog } from './device-catalog';
import type { CatalogView } from './local-catalog';
import type { LocalProduct, LocalVariant } from './local-product';
import type { LoadedCatalog, PreviewedCatalog } from './open-catalog';
import { readAhead } from './read-ahead';
import { readProducts, toLocal } from './read-products';

/** Declared in local-product.ts (a leaf, which local-catalog.ts imports too); named here for the screens. */
export type { LocalProduct, LocalVariant };

export interface CatalogQueryParams {
  /** Words matched against the name and SKU; every word must occur, in any case. */
  search?: string;
  /** A category path; matches it and its subcategories. */
  category?: string;
  /** Only products on sale (a sale price on the product or on one of its variants). */
  saleOnly?: boolean;
  /** Leave out products the store hides from its storefront. Default false. */
  visibleOnly?: boolean;
  /** Brand, price range, stock, on sale, visibility, SKU: as GET /api/products (contracts product-filters.ts). */
  filters?: ProductFilters;
  /** 1-based. */
  page: number;
  pageSize: number;
}

export interface CatalogQueryResult {
  products: LocalProduct[];
  /** Matching products over all pages. */
  total: number;
}

export interface CatalogQueryState extends CatalogQueryResult {
  /** true until the local catalog is loaded and the first answer is ready. */
  isLoading: boolean;
}

const EMPTY: CatalogQueryResult = { products: [], total: 0 };

/** Full rows (with variants) of the given ids, in the given order; unknown ids are skipped. */
export async function getLocalProducts(ids: number[]): Promise<LocalProduct[]> {
  const catalog = await deviceCatalog.ready();
  if (!catalog || ids.length === 0) return [];
  const { db, rows: cache } = catalog;
  const found = new Map<number, LocalProduct>();
  const missing: number[] = [];
  for (const id of ids) {
    const hit = cache.get(id);
    if (hit) found.set(id, hit);
    else missing.push(id);
  }
  if (missing.length) {
    const epoch = cache.epoch;
    const read = await readProducts(db, missing);
    // A pull changed rows meanwhile: use what was read now, but do not keep it.
    const keep = cache.epoch === epoch;
    for (const product of read) {
      found.set(product.id, product);
      if (keep) cache.set(product.id, product);
    }
  }
  return ids.flatMap((id) => found.get(id) ?? []);
}

/**
 * Every product of the local catalog with its variants, in id order (a price import matches a
 * file against all of them); empty when no catalog is open. Two reads of whole tables.
 */
export async function getWholeCatalog(): Promise<LocalProduct[]> {
  const catalog = await deviceCatalog.ready();
  if (!catalog) return [];
  const { db } = catalog;
  const [rows, sets] = await db.transaction('r', db.products, db.variants, () =>
    Promise.all([db.products.toArray(), db.variants.toArray()]),
  );
  const variantsOf = new Map(sets.map((set) => [set.productId, set.variants]));
  return rows.map((row) => toLocal(row, variantsOf.get(row.id) ?? []));
}

/**
 * Rows read into the row cache after a query is shown, at most: the first pages the next
 * keystroke is likely to show (CatalogIndex.likelyNext: this query's, and each one-character
 * extension's), so it can be answered within the keystroke's own render (peekCatalog). A short
 * search narrows most with its next letter, so those pages lie far apart in this query's matches:
 * reading its first rows only missed them.
 */
export const PREFETCH_ROWS = 600;
/**
 * Rows read per step while reading ahead, likeliest first: 40 rows (with their variants) are
 * decoded in a task under 10 ms here. PREFETCH_AHEAD steps are asked for at once, so IndexedDB
 * reads the next while the last is decoded (one after another, the round trips left the likely
 * next keys' rows unread when a quick typist's key came, tens of milliseconds later), and each
 * step's rows arrive in a task of their own, so a keystroke is handled between two steps. No
 * more than that are in flight: a keystroke cancels the rest, and its own read is not queued
 * behind a whole read-ahead. Each step's reads are issued in a task of their own (read-ahead.ts).
 */
const PREFETCH_STEP = 40;
const PREFETCH_AHEAD = 3;

/** Reads the rows the next keystroke will likely show into the row cache; returns the cancel function. */
function prefetch(params: CatalogQueryParams): () => void {
  let cancelled = false;
  // Not in the task that committed the answer: likelyNext walks the matches (milliseconds on a
  // large catalog), and React runs a keystroke's effects before the browser paints its results.
  const cancelStart = afterNextPaint(() => void (async () => {
    const catalog = deviceCatalog.view().loaded();
    if (!catalog) return;
    const ids = catalog.index.likelyNext(params, sizeOf(params), PREFETCH_ROWS);
    await readAhead(ids, getLocalProducts, { step: PREFETCH_STEP, ahead: PREFETCH_AHEAD, cancelled: () => cancelled });
  })());
  return () => {
    cancelled = true;
    cancelStart();
  };
}

/** Answers a query from the signed-in user's local catalog (empty when none is open). */
const sizeOf = (params: CatalogQueryParams) => Math.max(1, Math.floor(params.pageSize));
const pageOf = (params: CatalogQueryParams) => Math.max(1, Math.floor(params.page));

export async function queryCatalog(params: CatalogQueryParams): Promise<CatalogQueryResult> {
  const catalog = await deviceCatalog.ready();
  if (!catalog) return EMPTY;
  const { ids, total } = catalog.index.query(params, (pageOf(params) - 1) * sizeOf(params), sizeOf(params));
  return { products: await getLocalProducts(ids), total };
}

/**
 * The first pages of the default order (no search, category or sale filter) while the index
 * builds, from its snapshot (catalog-preview.ts); null when the snapshot cannot answer.
 */
export async function previewCatalog(params: CatalogQueryParams): Promise<CatalogQueryResult | null> {
  const db = deviceCatalog.db();
  const snapshot = await deviceCatalog.preview();
  if (!db || !snapshot || !previewable(params)) return null;
  const found = previewPage(snapshot, { visibleOnly: params.visibleOnly, page: pageOf(params), pageSize: sizeOf(params) });
  if (!found) return null;
  return { products: await readProducts(db, found.ids), total: found.total };
}

/** The default order's preview needs no search, category or filter. */
function previewable(params: CatalogQueryParams): boolean {
  return !params.search?.trim() && !params.category?.trim() && !params.saleOnly && !hasProductFilters(params.filters);
}

/**
 * The preview of a first page (previewCatalog) if it can be given without waiting: the snapshot
 * has been read and the page's rows are in the row cache (the catalog reads the first pages'
 * rows with the snapshot). Else null. `catalog`: the view's previewed() catalog.
 */
export function peekPreview(catalog: PreviewedCatalog | null, params: CatalogQueryParams): CatalogQueryResult | null {
  if (!catalog || !previewable(params)) return null;
  const found = previewPage(catalog.snapshot, { visibleOnly: params.visibleOnly, page: pageOf(params), pageSize: sizeOf(params) });
  if (!found) return null;
  const products: LocalProduct[] = [];
  for (const id of found.ids) {
    const row = catalog.rows.get(id);
    if (!row) return null;
    products.push(row);
  }
  return { products, total: found.total };
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
 * The answer to a query if it can be given without waiting: the index is loaded and the page's
 * rows are in the row cache (typing mostly re-shows products just seen). Else null. `catalog`:
 * the view's loaded() catalog.
 */
function peekCatalog(catalog: LoadedCatalog | null, params: CatalogQueryParams): CatalogQueryResult | null {
  if (!catalog) return null;
  const { ids, total } = catalog.index.query(params, (pageOf(params) - 1) * sizeOf(params), sizeOf(params));
  const products: LocalProduct[] = [];
  for (const id of ids) {
    const row = catalog.rows.get(id);
    if (!row) return null;
    products.push(row);
  }
  return { products, total };
}

/**
 * The query's current answer; runs again when the params change or the local catalog does.
 * Answered during the render that asked when it can be (peekCatalog), so a keystroke shows its
 * results in the same frame; otherwise the rows are read and the answer committed at once.
 * The last answer stays while the next is read (no flicker on a keystroke). While the index
 * builds, the default first pages show from its snapshot (previewCatalog) and any other query is
 * loading until the index answers it: a preview never stands in for another query's answer.
 */
export function useCatalogQuery(params: CatalogQueryParams): CatalogQueryState {
  const view = useCatalogView();
  const { version, ready, uid } = view;
  const { search, category, saleOnly, visibleOnly, page, pageSize } = params;
  // The product filters by value: a new object with the same filters is the same query.
  const productFilters = hasProductFilters(params.filters) ? JSON.stringify(params.filters) : '';
  const picked = useMemo(() => (productFilters ? (JSON.parse(productFilters) as ProductFilters) : undefined), [productFilters]);
  const filters = JSON.stringify([uid, search, category, saleOnly, visibleOnly, productFilters, page, pageSize]);
  const key = `${version}\u0000${filters}`;
  const immediate = useMemo(
    () => (view.ready ? peekCatalog(view.loaded(), { search, category, saleOnly, visibleOnly, filters: picked, page, pageSize }) : null),
    [view, search, category, saleOnly, visibleOnly, picked, page, pageSize],
  );
  // While the index loads: the first page from the snapshot, in this render when its rows are in.
  const previewNow = useMemo(
    () => (!view.ready && view.uid ? peekPreview(view.previewed(), { search, category, saleOnly, visibleOnly, filters: picked, page, pageSize }) : null),
    [view, search, category, saleOnly, visibleOnly, picked, page, pageSize],
  );
  const [read, setRead] = useState<{ key: string; result: CatalogQueryResult } | null>(null);
  const [preview, setPreview] = useState<{ key: string; result: CatalogQueryResult } | null>(null);
  const last = useRef<{ result: CatalogQueryResult; filters: string; preview: boolean } | null>(null);

  useEffect(() => {
    if (ready || !uid || previewNow) return;
    let current = true;
    previewCatalog({ search, category, saleOnly, visibleOnly, filters: picked, page, pageSize }).then(
      (result) => {
        if (current && result) setPreview({ key, result });
      },
      () => {}, // no preview: the index answers when built
    );
    return () => {
      current = false;
    };
  }, [key, ready, uid, previewNow, search, category, saleOnly, visibleOnly, picked, page, pageSize]);

  useEffect(() => {
    if (!ready || immediate) return;
    let current = true;
    queryCatalog({ search, category, saleOnly, visibleOnly, filters: picked, page, pageSize }).then(
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
  }, [key, ready, immediate, search, category, saleOnly, visibleOnly, picked, page, pageSize]);

  // Once an answer is shown, read ahead for the next keystroke.
  const answered = immediate !== null || read?.key === key;
  useEffect(() => {
    if (!ready || !answered) return;
    return prefetch({ search, category, saleOnly, visibleOnly, filters: picked, page: 1, pageSize });
  }, [key, ready, answered, search, category, saleOnly, visibleOnly, picked, pageSize]);

  const previewed = previewNow ?? (!ready && preview?.key === key ? preview.result : null);
  const answer = immediate ?? (ready && read?.key === key ? read.result : null) ?? previewed;
  if (answer) last.current = { result: answer, filters, preview: answer === previewed };
  // The last answer may stand in while the next is read: the same query's (a new version), or a
  // real answer once the index is built; a preview only for its own query.
  const stale = last.current && (last.current.filters === filters || (ready && !last.current.preview)) ? last.current.result : null;
  const result = answer ?? stale;
  return { ...(result ?? EMPTY), isLoading: result === null };
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
