/**
 * The first page of the products screen before the in-memory index is built: a small snapshot
 * of the index's default order (no search, no category), kept in the `meta` table and read back
 * when the catalog opens, so reopening /products with 100,000 products shows its first page in
 * one IndexedDB round trip instead of after reading the whole catalog.
 *
 * The snapshot holds ids only (the first PREVIEW_ROWS in name order, all products and the
 * visible ones) and the totals; the rows are read by id, so what they show is current. It is
 * written by the tab whose index is built, after every change of it; a product deleted since is
 * skipped. It is read when the catalog opens, before the index starts loading (so its read does
 * not wait behind the load's); once the index is built, its answers replace the preview.
 */
import type { CatalogDb } from './catalog-db';
import type { CatalogIndex } from './catalog-index';

/** Key of the snapshot in the meta table. */
export const META_PREVIEW = 'firstPage';

/** Ids kept per order: the largest page size, so any first page can be shown. */
export const PREVIEW_ROWS = 200;

export interface PreviewSnapshot {
  /** The first ids in name order, every product. */
  all: number[];
  total: number;
  /** The same, products visible on the storefront only. */
  visible: number[];
  visibleTotal: number;
}

export interface PreviewQuery {
  visibleOnly?: boolean;
  page: number;
  pageSize: number;
}

/** The snapshot kept in `db`; null when none was written (or it is unreadable). */
export async function readSnapshot(db: CatalogDb): Promise<PreviewSnapshot | null> {
  const row = await db.meta.get(META_PREVIEW);
  if (!row || typeof row.value !== 'string') return null;
  const snapshot = JSON.parse(row.value) as Partial<PreviewSnapshot>;
  return Array.isArray(snapshot.all) && Array.isArray(snapshot.visible) ? (snapshot as PreviewSnapshot) : null;
}

/** The page's ids and the total, or null when the snapshot cannot answer this query. */
export function previewPage(snapshot: PreviewSnapshot, query: PreviewQuery): { ids: number[]; total: number } | null {
  const ids = query.visibleOnly ? snapshot.visible : snapshot.all;
  const total = query.visibleOnly ? snapshot.visibleTotal : snapshot.total;
  const start = (query.page - 1) * query.pageSize;
  // A page the snapshot does not hold whole (and that is not the last page) waits for the index.
  if (start + query.pageSize > ids.length && ids.length < total) return null;
  return { ids: ids.slice(start, start + query.pageSize), total };
}

/** Writes the snapshot of a built index (errors are ignored: it is only a head start). */
export async function writePreview(db: CatalogDb, index: CatalogIndex): Promise<void> {
  const all = index.query({}, 0, PREVIEW_ROWS);
  const visible = index.query({ visibleOnly: true }, 0, PREVIEW_ROWS);
  const snapshot: PreviewSnapshot = { all: all.ids, total: all.total, visible: visible.ids, visibleTotal: visible.total };
  try {
    await db.meta.put({ key: META_PREVIEW, value: JSON.stringify(snapshot) });
  } catch {
    // closed (sign-out) or full: the next open waits for the index instead
  }
}
