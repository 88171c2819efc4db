/**
 * The read-ahead of the query interface over the device's catalog (catalog-query.ts): once a
 * query is answered, the rows the next keystroke will likely show are read into the row cache.
 */
import { nextTask } from '../lib/idle';
import { getLocalProducts, sizeOf, type CatalogQueryParams } from './catalog-query-read';
import { deviceCatalog } from './device-catalog';
import { readAhead } from './read-ahead';

/**
 * Rows read into the row cache after a query is shown, at most: the first pages the next
 * keystroke is likely to show (CatalogIndex.likelyNext: this query's, and each one-character
 * extension's), so it can be answered within the keystroke's own render (peekCatalog). A short
 * search narrows most with its next letter, so those pages lie far apart in this query's matches:
 * reading its first rows only missed them.
 */
export const PREFETCH_ROWS = 600;
/**
 * Rows read per step while reading ahead, likeliest first. PREFETCH_AHEAD steps are asked for at
 * once, so IndexedDB reads the next while the last is decoded (one after another, the round trips
 * left the likely next keys' rows unread when a quick typist's key came, tens of milliseconds
 * later), and each step's rows arrive in a task of their own, so a keystroke is handled between
 * two steps. No more than that are in flight: a keystroke cancels the rest, and its own read is
 * queued behind those in flight only. A row is read with its chunk (catalog-chunks.ts: ~16 rows
 * and their variants), so a step of 12 rows moves about what 40 single rows did before the
 * catalog was kept in chunks (3 steps of 40 then). Each step's reads are issued in a task of
 * their own (read-ahead.ts).
 */
const PREFETCH_STEP = 12;
const PREFETCH_AHEAD = 2;

/** Reads the rows the next keystroke will likely show into the row cache; returns the cancel function. */
export function prefetch(params: CatalogQueryParams): () => void {
  let cancelled = false;
  // Not in the task that committed the answer (React runs a keystroke's effects before the
  // browser paints its results), but in the next one, not after the next paint: likelyNext and
  // issuing the first reads take a few milliseconds, and a quick typist's next key comes tens of
  // milliseconds later (waiting for a frame left the likely next page unread when it came).
  void nextTask().then(() => void (async () => {
    const catalog = cancelled ? null : deviceCatalog.view().loaded();
    if (!catalog) return;
    // Only the rows not in the cache yet: the first step reads the likeliest page not yet read
    // (the query's own page was just shown, and much of the next one often was too).
    const ids = catalog.index.likelyNext(params, sizeOf(params), PREFETCH_ROWS).filter((id) => !catalog.rows.get(id));
    await readAhead(ids, getLocalProducts, { step: PREFETCH_STEP, ahead: PREFETCH_AHEAD, cancelled: () => cancelled });
  })());
  return () => {
    cancelled = true;
  };
}
