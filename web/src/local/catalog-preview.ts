/**
 * The first page of the products screen before the in-memory index is built: a small snapshot
 * of the index's default order (no search, no category), kept in the `meta` table and read back
 * when the catalog opens, so reopening /products with 100,000 products shows its first page in
 * one IndexedDB round trip instead of after reading the whole catalog.
 *
 * The snapshot holds ids only (the first PREVIEW_ROWS in name order, all products and the
 * visible ones) and the visible count; the rows are read by id, so what they show is current.
 * It is written by the tab whose index is built, after every change of it; a product deleted
 * since is skipped. Once the index is built, its answer replaces the preview.
 */
import type { CatalogDb } from './catalog-db';
import type { CatalogIndex } from './catalog-index';

/** Key of the snapshot in the meta table. */
export const META_PREVIEW = 'firstPage';

/** Ids kept per order: the largest page size, so any first page can be shown. */
export const PREVIEW_ROWS = 200;

interface PreviewSnapshot {
  /** The first ids in name order, every product. */
  all: number[];
  /** The same, products visible on the storefront only. */
  visible: number[];
  visibleTotal: number;
}

export interface PreviewQuery {
  visibleOnly?: boolean;
  page: number;
  pageSize: number;
}

/** The page's ids and the total, or null when the snapshot cannot answer this query. */
export async function readPreview(db: CatalogDb, query: PreviewQuery): Promise<{ ids: number[]; total: number } | null> {
  const [row, count] = await db.transaction('r', db.meta, db.products, () => Promise.all([db.meta.get(META_PREVIEW), db.products.count()]));
  if (!row || typeof row.value !== 'string') return null;
  const snapshot = JSON.parse(row.value) as PreviewSnapshot;
  const ids = query.visibleOnly ? snapshot.visible : snapshot.all;
  const total = query.visibleOnly ? snapshot.visibleTotal : count;
  const start = (query.page - 1) * query.pageSize;
  // A page the snapshot does not hold whole (and that is not the last page) waits for the index.
  if (start + query.pageSize > ids.length && ids.length < total) return null;
  return { ids: ids.slice(start, start + query.pageSize), total };
}

/** Writes the snapshot of a built index (errors are ignored: it is only a head start). */
export async function writePreview(db: CatalogDb, index: CatalogIndex): Promise<void> {
  const visible = index.query({ visibleOnly: true }, 0, PREVIEW_ROWS);
  const snapshot: PreviewSnapshot = { all: index.query({}, 0, PREVIEW_ROWS).ids, visible: visible.ids, visibleTotal: visible.total };
  try {
    await db.meta.put({ key: META_PREVIEW, value: JSON.stringify(snapshot) });
  } catch {
    // closed (sign-out) or full: the next open waits for the index instead
  }
}
