/**
 * One pull of the catalog (server -> device): pages of GET /api/catalog/changes from the stored
 * cursor until `hasMore` is false, each applied in its own transaction (catalog-apply.ts). The
 * next page is requested while the current one is written, so the network and IndexedDB work
 * overlap on a first pull of 100,000 products. A page refused with 429 (rate limited) is asked
 * again after the server's Retry-After.
 */
import {
  CATALOG_SCHEMA_VERSION,
  CatalogChangesPage,
  type CatalogChangesResponse,
  MAX_CHANGES_LIMIT,
} from '@catalog/contracts/replication';
import { isApiError } from '@catalog/contracts/errors';
import { apiFetch } from '../lib/api-client';
import { applyChangesPage, emptyFreshPull, freshPull, readCursor, type AppliedPage } from './catalog-apply';
import type { CatalogDb } from './catalog-db';

/** Fetches the page of changes after `cursor` of the catalog `catalog` (unknown for a first pull). */
export type FetchChanges = (cursor: number, catalog: string | undefined) => Promise<CatalogChangesResponse>;

/**
 * Rows per page (products and variants): one IndexedDB transaction each. The largest the API
 * serves: a first pull of 100,000 products is ~50 requests, and later pulls are small anyway.
 */
export const PULL_PAGE_SIZE = MAX_CHANGES_LIMIT;

/** User Timing entry of each page's transaction (benchmarks and DevTools read it). */
export const APPLY_MEASURE = 'catalog-page-apply';

export interface PullProgress {
  /** Products received in this pull so far. */
  done: number;
  /** Products in the catalog (the server's count), for 'n of N'. */
  total: number;
  /** A pull from 0 (first pull, or a reset): the one worth a progress bar. */
  initial: boolean;
}

export interface PullResult {
  pages: number;
  /** Products written and deleted. */
  changedProducts: number;
  reset: boolean;
  cursor: number;
}

/** A page's apply as timed: its APPLY_MEASURE's duration and detail. */
export interface ApplyTiming {
  duration: number;
  detail: { rows: number; products: number; variants: number; deleted: number };
}

export interface PullOptions {
  fetchChanges?: FetchChanges;
  onApplied?: (page: AppliedPage, timing: ApplyTiming) => void;
  onProgress?: (progress: PullProgress) => void;
}

/**
 * The request of the page of changes after `cursor`: its path and query. Rows come as arrays
 * (decision 064: a first pull's bytes are about half the objects'); a page of objects (a server
 * from before) is read as well (CatalogChangesPage).
 */
export const CHANGES_PATH = '/api/catalog/changes';
export const changesQuery = (cursor: number, catalog: string | undefined) =>
  ({ cursor, limit: PULL_PAGE_SIZE, schema: CATALOG_SCHEMA_VERSION, catalog, rows: 'arrays' as const });

/** GET /api/catalog/changes through the app's API client (bearer token, ApiError). */
export const fetchChangesFromApi: FetchChanges = (cursor, catalog) =>
  apiFetch(CHANGES_PATH, { query: changesQuery(cursor, catalog), schema: CatalogChangesPage });

/** A page refused with 429 is asked again this many times, after each Retry-After. */
export const PULL_RATE_LIMIT_RETRIES = 3;
/** The wait without a Retry-After; and the longest one waited (longer: the pull fails with the server's message). */
export const PULL_RETRY_DEFAULT_MS = 1_000;
export const PULL_RETRY_MAX_MS = 120_000;

/** `fetchChanges` that waits the server's Retry-After on a 429 and asks again. */
export function waitingOnRateLimits(fetchChanges: FetchChanges): FetchChanges {
  return async (cursor, catalog) => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await fetchChanges(cursor, catalog);
      } catch (err) {
        const wait = isApiError(err) && err.status === 429 ? (err.retryAfterMs ?? PULL_RETRY_DEFAULT_MS) : null;
        if (wait === null || wait > PULL_RETRY_MAX_MS || attempt >= PULL_RATE_LIMIT_RETRIES) throw err;
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
  };
}

export async function pullChanges(db: CatalogDb, options: PullOptions = {}): Promise<PullResult> {
  const { onApplied, onProgress } = options;
  const fetchChanges = waitingOnRateLimits(options.fetchChanges ?? fetchChangesFromApi);
  const { cursor: start, catalogId } = await readCursor(db);
  const fresh = await freshPull(db, start);
  let initial = start === 0;
  let next: Promise<CatalogChangesResponse> | null = fetchChanges(start, catalogId);
  const result: PullResult = { pages: 0, changedProducts: 0, reset: false, cursor: start };
  let done = 0;

  while (next) {
    const page: CatalogChangesResponse = await next;
    next = page.hasMore ? fetchChanges(page.cursor, page.catalogId) : null;
    // If this page fails to apply, the prefetched one is dropped: keep its failure quiet.
    next?.catch(() => {});
    if (page.reset) {
      initial = true;
      done = 0;
      result.reset = true;
    }
    const started = performance.now();
    // A reset page clears the tables: what was known absent before is absent again.
    const applied = await applyChangesPage(db, page, page.reset ? (fresh ?? emptyFreshPull()) : fresh);
    const detail = { rows: page.products.length + page.variants.length, products: page.products.length, variants: page.variants.length, deleted: page.deletedProductIds.length };
    const { duration } = performance.measure(APPLY_MEASURE, { start: started, detail });
    result.pages += 1;
    result.changedProducts += applied.upserted.length + applied.deletedProductIds.length;
    result.cursor = applied.cursor;
    done += page.products.length;
    onApplied?.(applied, { duration, detail });
    onProgress?.({ done: Math.min(done, page.totalProducts), total: page.totalProducts, initial });
  }
  return result;
}
