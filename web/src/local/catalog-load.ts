/**
 * Opening the device's catalog (local-catalog.ts): the first-page snapshot with the rows of its
 * first pages, read into the row cache before anything else, then the in-memory index, loaded
 * from IndexedDB in short steps taken in idle moments, so the screens render and answer input
 * first (decision 041).
 */
import { DEFAULT_PAGE_SIZE } from '@catalog/contracts/products';
import { whenIdle } from '../lib/idle';
import type { CatalogDb } from './catalog-db';
import { productsOf } from './catalog-chunk-set';
import { CHUNK_SPAN } from './catalog-chunks';
import type { StoredChunk } from './catalog-rows';
import type { CatalogIndex } from './catalog-index';
import { readSnapshot, type PreviewSnapshot } from './catalog-preview';
import type { LocalProduct } from './local-product';
import { readProducts } from './read-products';
import type { RowCache } from './row-cache';

/**
 * Rows read per step while the index loads: each step (reading the rows out of IndexedDB,
 * adding them, merging them into the name order) is one short task, so the page stays
 * responsive and shows its first page (catalog-preview.ts) while the index builds.
 */
const LOAD_ROWS = 500;
/** Chunks read per step: LOAD_ROWS products (fewer where ids are sparse). */
const LOAD_CHUNKS = Math.max(1, Math.round(LOAD_ROWS / CHUNK_SPAN));
/**
 * Steps between two merges into the name order (each merge copies the whole order): every
 * 10,000 rows. 500 rows a step keeps each step's task (IndexedDB's structured-clone reading
 * of the rows, then adding them) under 50 ms on a phone-speed CPU (4x throttling); with 2,000 a
 * Premium catalog's first step was a task of 100-170 ms there (decision 040).
 */
const MERGE_EVERY = 20;
/** The longest a step of the index's load waits for the main thread to be idle. */
const LOAD_IDLE_TIMEOUT_MS = 500;
/** User Timing mark of the snapshot and its first pages having been read. */
export const PREVIEW_READ_MARK = 'catalog-preview-read';

/**
 * Reads the first-page snapshot and, in the same transaction, the rows of its first default-size
 * pages (every product, and visible ones only) into the row cache: reopening /products shows its
 * first page from memory, in its first render. Read before the index starts loading, whose reads
 * would otherwise answer first.
 */
export async function readFirstPages(db: CatalogDb, cache: RowCache<LocalProduct>): Promise<PreviewSnapshot | null> {
  const epoch = cache.epoch;
  const [snapshot, rows] = await db.transaction('r', db.meta, db.chunks, db.variantChunks, async () => {
    const read = await readSnapshot(db);
    if (!read) return [null, []] as const;
    const ids = [...new Set([...read.all.slice(0, DEFAULT_PAGE_SIZE), ...read.visible.slice(0, DEFAULT_PAGE_SIZE)])];
    return [read, await readProducts(db, ids)] as const;
  });
  // A pull or another tab changed rows meanwhile: the snapshot still serves, those rows do not.
  if (cache.epoch === epoch) for (const row of rows) cache.set(row.id, row);
  performance.mark(PREVIEW_READ_MARK);
  return snapshot;
}

/** Fills `catalog.index` from its database in short steps; stops when the catalog is closed. */
export async function loadIndex(catalog: { db: CatalogDb; index: CatalogIndex; readonly closed: boolean }): Promise<void> {
  if (catalog.closed) return;
  const read = (after: number): Promise<StoredChunk[]> => catalog.db.chunks.where(':id').above(after).limit(LOAD_CHUNKS).toArray();
  // Each step waits for an idle moment: the screens render (React's rendering in slices leaves no
  // idle time) and answer input first.
  await whenIdle(LOAD_IDLE_TIMEOUT_MS);
  let next = read(-Infinity);
  for (let step = 1; ; step++) {
    const chunks = await next;
    await whenIdle(LOAD_IDLE_TIMEOUT_MS);
    if (catalog.closed) return;
    // The next rows are asked for before these are added: IndexedDB reads them meanwhile.
    const more = chunks.length === LOAD_CHUNKS;
    if (more) next = read(chunks[chunks.length - 1]!.key);
    catalog.index.apply(productsOf(chunks));
    // Merged into the name order now and then, rather than sorted whole by the first query.
    if (!more || step % MERGE_EVERY === 0) catalog.index.settle();
    if (!more) break;
  }
}
