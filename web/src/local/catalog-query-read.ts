/**
 * The answers of the query interface over the device's catalog (catalog-query.ts, which adds
 * the hooks): a query's page from the index, the default first pages from the index's snapshot
 * while it builds, each with or without waiting, and the full rows of given ids or of the whole
 * catalog, from the row cache or IndexedDB.
 */
import { hasProductFilters, type ProductFilters } from '@catalog/contracts/product-filters';
import type { IndexPriceSource } from './catalog-index-prices';
import { previewPage } from './catalog-preview';
import { deviceCatalog } from './device-catalog';
import type { LocalProduct } from './local-product';
import type { LoadedCatalog, PreviewedCatalog } from './open-catalog';
import { productsOf, variantsOf } from './catalog-chunk-set';
import { readProducts, toLocal } from './read-products';

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
  /** The price filters read one price list and currency's prices (issue 35; price-list-index.ts); absent: the catalog's. */
  prices?: IndexPriceSource | null;
  /** 1-based. */
  page: number;
  pageSize: number;
}

export interface CatalogQueryResult {
  products: LocalProduct[];
  /** Matching products over all pages. */
  total: number;
}

export const EMPTY: CatalogQueryResult = { products: [], total: 0 };

/**
 * Full rows (with variants) of the given ids, in the given order; unknown ids are skipped. From
 * the row cache, from a read of them already under way (the read-ahead's), else from IndexedDB.
 */
export async function getLocalProducts(ids: number[]): Promise<LocalProduct[]> {
  const catalog = await deviceCatalog.ready();
  if (!catalog || ids.length === 0) return [];
  const { db, rows: cache } = catalog;
  const found = new Map<number, LocalProduct>();
  const missing: number[] = [];
  const underWay: Array<Promise<LocalProduct | undefined>> = [];
  for (const id of ids) {
    const hit = cache.get(id);
    const reading = hit ? undefined : cache.reading(id);
    if (hit) found.set(id, hit);
    else if (reading) underWay.push(reading);
    else missing.push(id);
  }
  if (missing.length) {
    const epoch = cache.epoch;
    const read = readProducts(db, missing).then((rows) => new Map(rows.map((row) => [row.id, row])));
    cache.track(missing, read);
    const rows = await read;
    // A pull changed rows meanwhile: use what was read now, but do not keep it.
    const keep = cache.epoch === epoch;
    for (const [id, product] of rows) {
      found.set(id, product);
      if (keep) cache.set(id, product);
    }
  }
  for (const product of await Promise.all(underWay)) if (product) found.set(product.id, product);
  return ids.flatMap((id) => found.get(id) ?? []);
}

/**
 * Every product of the local catalog with its variants, in id order (a price import matches a
 * file against all of them); empty when no catalog is open. Two reads of whole tables (the chunks).
 */
export async function getWholeCatalog(): Promise<LocalProduct[]> {
  const catalog = await deviceCatalog.ready();
  if (!catalog) return [];
  const { db } = catalog;
  const [chunks, variantChunks] = await db.transaction('r', db.chunks, db.variantChunks, () => Promise.all([db.chunks.toArray(), db.variantChunks.toArray()]));
  const variants = variantsOf(variantChunks);
  return productsOf(chunks).map((p) => toLocal(p, variants.get(p.id) ?? []));
}

/** A query's page size and 1-based page, whole and at least 1. */
export const sizeOf = (params: CatalogQueryParams) => Math.max(1, Math.floor(params.pageSize));
export const pageOf = (params: CatalogQueryParams) => Math.max(1, Math.floor(params.page));

/** Answers a query from the signed-in user's local catalog (empty when none is open). */
export async function queryCatalog(params: CatalogQueryParams): Promise<CatalogQueryResult> {
  const catalog = await deviceCatalog.ready();
  if (!catalog) return EMPTY;
  const { ids, total } = catalog.index.query(params, (pageOf(params) - 1) * sizeOf(params), sizeOf(params));
  return { products: await getLocalProducts(ids), total };
}

/**
 * The first pages of the default order (no search, category or sale filter) while the index
 * builds, from its snapshot (catalog-preview.ts); null when the snapshot cannot answer. The rows
 * come from the row cache, which the snapshot's read filled with the first pages' rows (so the
 * first page shows as soon as the snapshot is read, not after a second read of the same rows);
 * only the rows it lacks are read from IndexedDB.
 */
export async function previewCatalog(params: CatalogQueryParams): Promise<CatalogQueryResult | null> {
  const db = deviceCatalog.db();
  const snapshot = await deviceCatalog.preview();
  if (!db || !snapshot || !previewable(params)) return null;
  const cached = peekPreview(deviceCatalog.view().previewed(), params);
  if (cached) return cached;
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

/**
 * The answer to a query if it can be given without waiting: the index is loaded and the page's
 * rows are in the row cache (typing mostly re-shows products just seen). Else null. `catalog`:
 * the view's loaded() catalog.
 */
export function peekCatalog(catalog: LoadedCatalog | null, params: CatalogQueryParams): CatalogQueryResult | null {
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
