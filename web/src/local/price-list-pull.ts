/**
 * One pull of the price lists (server -> device, issue 35): pages of GET /api/price-lists/changes
 * from the stored cursor until `hasMore` is false, each applied in one transaction of
 * price-list-db.ts: the lists replaced whole, the page's records merged into their (list,
 * currency, bucket) rows, the cursor moved. The next page is asked for while one is written, as
 * the catalog's pull does (catalog-pull.ts). A `reset` page empties the copy before it is applied.
 */
import { isApiError } from '@catalog/contracts/errors';
import {
  MAX_PRICE_LIST_CHANGES_LIMIT, PriceListChangesPage, type PriceListChangesResponse, type PriceListRecordKey, type ReplicatedPriceListRecord,
} from '@catalog/contracts/price-list-changes';
import { apiFetch } from '../lib/api-client';
import { PULL_RATE_LIMIT_RETRIES, PULL_RETRY_DEFAULT_MS, PULL_RETRY_MAX_MS } from './catalog-pull';
import {
  bucketOf, decodeBucket, encodeBucket, META_CATALOG, META_CATALOG_CURRENCY, META_CURSOR,
  type BucketKey, type PriceListDb, type ProductRecords, type RecordTuple, type StoredBucketRow,
} from './price-list-db';

/** Fetches the page of changes after `cursor` of the copy `catalog` (unknown for a first pull). */
export type FetchPriceListChanges = (cursor: number, catalog: string | undefined) => Promise<PriceListChangesResponse>;

export const fetchPriceListChangesFromApi: FetchPriceListChanges = (cursor, catalog) =>
  apiFetch('/api/price-lists/changes', {
    // Records as arrays (decision 064); a page of objects (a server from before) is read as well.
    query: { cursor, limit: MAX_PRICE_LIST_CHANGES_LIMIT, catalog, rows: 'arrays' },
    schema: PriceListChangesPage,
  });

/** `fetchChanges` that waits the server's Retry-After on a 429 and asks again (as the catalog's pull does). */
function waitingOnRateLimits(fetchChanges: FetchPriceListChanges): FetchPriceListChanges {
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

export interface PriceListCopyState {
  cursor: number;
  catalogId: string | undefined;
  /** The catalog's currency as the last pull said (null: unknown). */
  catalogCurrency: string | null;
}

export async function readPriceListState(db: PriceListDb): Promise<PriceListCopyState> {
  const [cursor, catalog, currency] = await db.meta.bulkGet([META_CURSOR, META_CATALOG, META_CATALOG_CURRENCY]);
  return {
    cursor: typeof cursor?.value === 'number' ? cursor.value : 0,
    catalogId: typeof catalog?.value === 'string' ? catalog.value : undefined,
    catalogCurrency: typeof currency?.value === 'string' ? currency.value : null,
  };
}

const tupleOf = (r: ReplicatedPriceListRecord): RecordTuple => [r.price, r.salePrice, r.retailPrice, r.mapPrice];

interface BucketChanges {
  key: BucketKey;
  /** By product id: the variants' records to write, and the variants whose records are gone. */
  products: Map<number, { put: Array<[number, RecordTuple]>; drop: number[] }>;
}

/** A page's changes grouped by the bucket row they change. */
function groupByBucket(page: PriceListChangesResponse): BucketChanges[] {
  const buckets = new Map<string, BucketChanges>();
  const entry = (r: PriceListRecordKey) => {
    const key: BucketKey = [r.priceListId, r.currency, bucketOf(r.productId)];
    const id = key.join('\u0000');
    let bucket = buckets.get(id);
    if (!bucket) buckets.set(id, (bucket = { key, products: new Map() }));
    let product = bucket.products.get(r.productId);
    if (!product) bucket.products.set(r.productId, (product = { put: [], drop: [] }));
    return product;
  };
  for (const r of page.records) entry(r).put.push([r.variantId, tupleOf(r)]);
  for (const r of page.deleted) entry(r).drop.push(r.variantId);
  return [...buckets.values()];
}

/** Applies one page in one transaction; returns the ids of the products whose records changed. */
export async function applyPriceListPage(db: PriceListDb, page: PriceListChangesResponse): Promise<number[]> {
  const groups = groupByBucket(page);
  const changed = new Set<number>();
  await db.transaction('rw', [db.lists, db.buckets, db.meta], async () => {
    if (page.reset) await db.buckets.clear();
    await db.lists.clear();
    await db.lists.bulkPut(page.lists);
    const existing = await db.buckets.bulkGet(groups.map((g) => g.key));
    const puts: StoredBucketRow[] = [];
    const drops: BucketKey[] = [];
    groups.forEach(({ key, products: changes }, i) => {
      const stored = existing[i];
      const products = stored ? decodeBucket(stored) : new Map<number, ProductRecords>();
      for (const [productId, { put, drop }] of changes) {
        const variants = { ...products.get(productId) };
        for (const id of drop) delete variants[id];
        for (const [id, tuple] of put) variants[id] = tuple;
        if (Object.keys(variants).length === 0) products.delete(productId);
        else products.set(productId, variants);
        changed.add(productId);
      }
      const row = encodeBucket(key, products);
      if (row) puts.push(row);
      else if (stored) drops.push(key);
    });
    if (drops.length > 0) await db.buckets.bulkDelete(drops);
    if (puts.length > 0) await db.buckets.bulkPut(puts);
    await db.meta.bulkPut([
      { key: META_CURSOR, value: page.cursor },
      { key: META_CATALOG, value: page.catalogId },
      { key: META_CATALOG_CURRENCY, value: page.catalogCurrency },
    ]);
  });
  return [...changed];
}

export interface PriceListPullResult {
  pages: number;
  reset: boolean;
  cursor: number;
  /** Products whose records changed (written or deleted). */
  changedProducts: number;
}

/** The User Timing name of each applied price list changes page. */
const PRICE_LIST_APPLY_MEASURE = 'price-list-page-apply';

export async function pullPriceLists(db: PriceListDb, options: { fetchChanges?: FetchPriceListChanges } = {}): Promise<PriceListPullResult> {
  const fetchChanges = waitingOnRateLimits(options.fetchChanges ?? fetchPriceListChangesFromApi);
  const { cursor: start, catalogId } = await readPriceListState(db);
  const result: PriceListPullResult = { pages: 0, reset: false, cursor: start, changedProducts: 0 };
  let next: Promise<PriceListChangesResponse> | null = fetchChanges(start, catalogId);
  while (next) {
    const page: PriceListChangesResponse = await next;
    next = page.hasMore ? fetchChanges(page.cursor, page.catalogId) : null;
    // If this page fails to apply, the prefetched one is dropped: keep its failure quiet.
    next?.catch(() => {});
    const started = performance.now();
    result.changedProducts += (await applyPriceListPage(db, page)).length;
    // Each applied page, for bench/local-catalog.ts (as the catalog's APPLY_MEASURE).
    performance.measure(PRICE_LIST_APPLY_MEASURE, { start: started, detail: { records: page.records.length, hasMore: page.hasMore } });
    result.reset ||= page.reset;
    result.pages += 1;
    result.cursor = page.cursor;
  }
  return result;
}
