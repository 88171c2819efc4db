/**
 * The catalog sync, free of HTTP: reads the store's category tree, brands (saved to the company's
 * cache for the webhook refreshes: store-taxonomy.ts) and product pages, keeps the
 * first `productLimit` products by ascending store id (the plan's cap), and writes them in
 * batches of whole pages (SAVE_BATCH_PAGES), each batch in one upsert transaction, with a
 * 'sync' price-history entry for every price the store changed. Once every needed page is
 * saved it tombstones what the store no longer has (or the cap now excludes) and records the
 * sync time, then reads the store's price lists (price-lists.ts). Progress goes to `onProgress`.
 *
 * Incremental (`since`, decision 036): only products the store modified since then are read
 * (`date_modified:min`); nothing is removed (deletions come with webhooks and the daily full
 * pass) and new products are added while the cap leaves room. A full pass that held the whole
 * store records its start as the next one's `since`; one the cap cut short does not (after a
 * plan change, only a full pass can bring the products the cap left out).
 *
 * Pacing: the next pages are requested before the current ones are written (page-fetcher.ts),
 * so the store's latency and our database writes overlap. Cancelling (the signal) aborts the
 * requests in flight and writes the pages already fetched; pages written stay (each is whole),
 * nothing is removed and the sync time is not moved, so the catalog is "the last full sync plus
 * the pages this one wrote".
 */
import { MAX_PAGE_SIZE, type BigCommerceClient, type ProductPage } from '@catalog/commerce';
import type { SyncProgress, SyncResult, SyncStage } from '@catalog/contracts/sync';
import type { CatalogSyncWriter, Database } from '../../db/repositories';
import { hasStorablePrices, SYNC_PRODUCT_FIELDS, toProductInput, type BrandIndex, type CategoryIndex } from './catalog-mapping';
import { PageFetcher } from './page-fetcher';
import { syncPriceLists, type PriceListSyncStats } from './price-lists';
import { syncPriceChanges } from './price-changes';
import { cancelledMessage, completeMessage, planLimitWarning } from './sync-messages';
import { readTaxonomy } from './store-taxonomy';
import type { SyncStats } from './sync-stats';
import { notePricesChanged } from '../prior-price-metafields/prices-changed';

export type { SyncStats };

export interface SyncEngineOptions {
  db: Database;
  client: BigCommerceClient;
  companyId: string;
  /** Sync the products the store hides from its storefront too (settings.showInvisibleProducts). */
  includeInvisible: boolean;
  /** Incremental: only products modified at or after this time (sync-mode.ts decides). Default: a full pass. */
  since?: Date;
  /** The company's cap: its plan's name (for the warning) and its productLimit. */
  plan: { name: string; productLimit: number };
  signal?: AbortSignal;
  onProgress?: (progress: SyncProgress) => void;
  now?: () => Date;
}

export type SyncOutcome =
  | { status: 'complete'; result: SyncResult; stats: SyncStats; priceLists: PriceListSyncStats }
  | { status: 'cancelled'; stats: SyncStats };

/** Progress bands: product pages move the bar from 5% to 90%; the last step is 'saving'. */
const PAGES_FROM = 5;
const PAGES_TO = 90;

/**
 * Pages per write transaction. Every commit costs a fixed amount (the indexes' pages it dirtied
 * go to the WAL whole, the FTS5 index writes a segment), so fewer, larger commits save most of
 * the write time: a batch is handed to the writer once it holds SAVE_BATCH_PAGES pages, or up to
 * MAX_SAVE_BATCH_PAGES while the writer is still busy with the previous batch (a slow writer
 * then does less work per page instead of holding up the reading). 8 pages of 250 keep the
 * write lock for well under a second.
 */
export const SAVE_BATCH_PAGES = 4;
export const MAX_SAVE_BATCH_PAGES = 8;
/**
 * Fewest pages handed to an idle writer before the next page is here (the last pages and a
 * cancel excepted): each batch costs a commit (~10 ms of SQLite work), which on a machine
 * whose cores are all busy slows the reading as much as the writing.
 */
export const MIN_SAVE_BATCH_PAGES = 2;

export async function runSync(o: SyncEngineOptions): Promise<SyncOutcome> {
  const now = o.now ?? (() => new Date());
  const startedAt = now();
  const incremental = o.since !== undefined;
  const stats: SyncStats = {
    storeTotal: 0, pagesFetched: 0, products: 0, variants: 0, inserted: 0, updated: 0, unchanged: 0, removed: 0, priceChanges: 0, skipped: 0,
  };
  let percentage = 0;
  const report = (stage: SyncStage, pct: number, message: string) => {
    percentage = Math.round(Math.min(100, Math.max(0, pct)));
    o.onProgress?.({ stage, percentage, message });
  };
  const cancelled = (): SyncOutcome => {
    report('cancelled', percentage, cancelledMessage(stats.products));
    return { status: 'cancelled', stats };
  };

  // Ours aborts the requests still in flight when the run ends early for any reason.
  const local = new AbortController();
  const signal = o.signal ? AbortSignal.any([o.signal, local.signal]) : local.signal;
  const limit = Math.max(0, Math.floor(o.plan.productLimit));
  // A small plan asks for small pages: a trial's 5 products are one request of 5, not of 250.
  const pageSize = Math.min(MAX_PAGE_SIZE, Math.max(1, limit));
  const pages = new PageFetcher(o.client, {
    pageSize, isVisible: o.includeInvisible ? undefined : true, includeFields: SYNC_PRODUCT_FIELDS, signal, modifiedSince: o.since,
  });
  /** Store ids within the cap, in order; `saved` are those written (the rest had unstorable prices). */
  const keptIds: number[] = [];
  const saved = new Set<number>();
  let writer: CatalogSyncWriter | undefined;
  /** The batch being written (at most one), and whether it still is. */
  let writing: Promise<void> = Promise.resolve();
  let writingBusy = false;

  try {
    if (o.signal?.aborted) return cancelled();
    report('starting', 0, incremental ? 'Looking for products changed in your store' : 'Connecting to your store');
    report('categories', 2, 'Fetching categories');
    // The category tree and the brands (names for the products' brand ids) travel alongside the
    // first product page; they are only needed to map products, and are saved for the refreshes.
    const taxonomy = readTaxonomy({ db: o.db, client: o.client, companyId: o.companyId, signal, now });
    taxonomy.categories.catch(() => {});
    taxonomy.brands.catch(() => {});
    const firstPage = pages.get(1);
    firstPage.catch(() => {});
    // The dialect's writer (SQLite: a thread to start) gets ready while page 1 is on its way;
    // the cap tells how many pages there can be at most.
    writer = o.db.products.syncWriter?.(o.companyId, { pages: Math.ceil(limit / pageSize) });
    const first = await firstPage;
    stats.storeTotal = first.total;
    // Every listed product is eligible (hidden ones are filtered by the store), so this is exact.
    let pagesNeeded = incremental
      ? Math.max(1, first.totalPages)
      : Math.max(1, Math.min(first.totalPages, Math.ceil(Math.min(first.total, limit) / pageSize)));
    pages.expectLast(pagesNeeded);
    pages.prefetch(1);
    const index = await taxonomy.categories;
    const brands = await taxonomy.brands;
    // A first sync has no earlier prices to compare with: the call-by-call writer skips reading them back.
    const storedCount = await o.db.products.count(o.companyId);
    const hadProducts = storedCount > 0;
    // Incremental: the products we have, and room under the cap for new ones.
    const known = incremental ? new Set(await o.db.products.listExternalIds(o.companyId)) : null;
    let room = Math.max(0, limit - storedCount);
    writer ??= callByCallWriter(o.db, o.companyId, hadProducts);

    // Pages are written in batches, one batch at a time: the pages that are already here are
    // kept together, and a batch is handed to the writer when it is full (see SAVE_BATCH_PAGES),
    // after the last page, on cancel, or as soon as the writer is idle while the next page is
    // not here yet (so the write overlaps waiting on the store). Batches are whole pages, so a
    // cancelled or failed sync still leaves whole pages.
    let batch: ProductPage['products'] = [];
    let batchPages = 0;
    const flush = async () => {
      const products = batch;
      batch = [];
      batchPages = 0;
      await writing; // the previous batch is written (or its failure ends the sync here)
      writingBusy = true;
      writing = saveProducts(writer!, products, index, brands, stats, now()).then((ids) => {
        for (const id of ids) saved.add(id);
      }).finally(() => {
        writingBusy = false;
      });
      writing.catch(() => {}); // awaited by the next flush, or below
    };
    for (let n = 1, page = first; ; n++) {
      stats.pagesFetched++;
      pagesNeeded = Math.max(pagesNeeded, n);
      report('products', PAGES_FROM + ((PAGES_TO - PAGES_FROM) * (n - 0.5)) / pagesNeeded, `Fetching products (page ${n} of ${pagesNeeded})`);

      // The store lists products by ascending id; the cap keeps the first ones.
      const eligible = page.products.filter((p) => o.includeInvisible || p.isVisible).sort((a, b) => a.id - b.id);
      let take: typeof eligible;
      if (known) {
        const fresh = eligible.filter((p) => !known.has(p.id)).slice(0, room);
        room -= fresh.length;
        const admitted = new Set(fresh.map((p) => p.id));
        take = eligible.filter((p) => known.has(p.id) || admitted.has(p.id));
      } else {
        take = eligible.slice(0, Math.max(0, limit - keptIds.length));
      }
      for (const p of take) {
        keptIds.push(p.id);
        batch.push(p);
      }
      batchPages++;
      const last = (!known && keptIds.length >= limit) || n >= page.totalPages || page.products.length === 0;
      const next = last ? null : pages.get(n + 1);
      next?.catch(() => {}); // awaited below unless the run ends first
      const full = batchPages >= (writingBusy ? MAX_SAVE_BATCH_PAGES : SAVE_BATCH_PAGES);
      const worth = batchPages >= MIN_SAVE_BATCH_PAGES;
      if (!next || full || o.signal?.aborted || (!writingBusy && worth && !(await arrivedNow(next)))) await flush();
      if (o.signal?.aborted) {
        await writing;
        return cancelled();
      }
      if (!next) break;
      // A writer that gets done while the next page is still on its way takes the pages here now.
      if (worth && writingBusy && (await writerFirst(writing, next))) await flush();
      try {
        page = await next;
      } catch (err) {
        // The pages already here are written whole, whatever stopped the next one.
        if (batchPages > 0) await flush();
        throw err;
      }
    }
    await writing;

    if (!incremental) {
      report('saving', 92, 'Removing products that are no longer in your store');
      const gone = (await o.db.products.listExternalIds(o.companyId)).filter((id) => !saved.has(id));
      if (gone.length > 0) stats.removed = await o.db.products.removeByExternalIds(o.companyId, gone, now());
    }
    // A full pass the cap cut short leaves no `since`: the next sync is full again (sync-mode.ts).
    const whole = incremental || stats.storeTotal <= limit;
    await o.db.settings.markSynced(o.companyId, now(), whole ? { startedAt, full: !incremental } : undefined);
    if (!whole) {
      await o.db.settings.requireFullSync(o.companyId);
      // The products the plan let in are followed from this sync on all the same (decision 063's
      // spans): without it a company over its plan's cap would never have a lowest prior price.
      await o.db.lowestPrice.openCoverage(o.companyId, startedAt);
    }
    // The store's price lists once the catalog is saved (price-lists.ts): a store without them,
    // or a token without their scope, is noted there and does not fail the Sync.
    report('saving', 95, 'Reading the store\u2019s price lists');
    const priceLists = await syncPriceLists({ db: o.db, client: o.client, companyId: o.companyId, full: !incremental, signal, now });

    const warning = incremental ? undefined : planLimitWarning(o.plan.name, limit, stats.storeTotal);
    const message = completeMessage(stats);
    report('complete', 100, message);
    return { status: 'complete', result: warning ? { message, warning } : { message }, stats, priceLists };
  } catch (err) {
    // A batch being written is finished first: its pages count as written, whatever ended the run.
    await writing.catch(() => {});
    if (o.signal?.aborted) return cancelled();
    throw err;
  } finally {
    local.abort();
    await writer?.close();
    // The lowest prior prices published for the storefront follow the prices it changed, whatever ended it (issue 36).
    if (stats.priceChanges > 0 || stats.removed > 0) await notePricesChanged(o.db, o.companyId);
  }
}

/** True when `writing` settles before `page` does. */
function writerFirst(writing: Promise<unknown>, page: Promise<unknown>): Promise<boolean> {
  const settled = (p: Promise<unknown>, value: boolean) => p.then(() => value, () => value);
  return Promise.race([settled(writing, true), settled(page, false)]);
}

/**
 * True when `page` is fulfilled once the event loop has had one turn: answers that arrived while
 * this process was busy are read then. False when it is still on its way (or failed).
 */
function arrivedNow(page: Promise<unknown>): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setImmediate(() => resolve(false));
    page.then(() => {
      clearImmediate(timer);
      resolve(true);
    }, () => resolve(false));
  });
}

/** A sync writer for any database: the repositories' calls one after another. */
function callByCallWriter(db: Database, companyId: string, hadProducts: boolean): CatalogSyncWriter {
  return {
    async write(inputs, now, history) {
      const before = hadProducts ? await db.products.getByExternalIds(companyId, inputs.map((i) => i.externalId)) : [];
      const entries = history(before);
      const written = await db.products.upsertMany(companyId, inputs, now);
      if (entries.length > 0) await db.priceHistory.add(companyId, entries);
      return { ...written, priceChanges: entries.length };
    },
    async close() {},
  };
}

/**
 * Writes a batch of products, with a 'sync' price-history entry for every price that differs
 * from the live row it replaces; returns the store ids written.
 */
async function saveProducts(
  writer: CatalogSyncWriter, products: ProductPage['products'], index: CategoryIndex, brands: BrandIndex, stats: SyncStats, at: Date,
): Promise<number[]> {
  const storable = products.filter(hasStorablePrices);
  stats.skipped += products.length - storable.length;
  if (storable.length === 0) return [];
  const inputs = storable.map((p) => toProductInput(p, index, brands));
  const written = await writer.write(inputs, at, (before) => syncPriceChanges(before, inputs, at));
  stats.products += inputs.length;
  stats.variants += inputs.reduce((n, i) => n + (i.variants?.length ?? 0), 0);
  stats.inserted += written.inserted;
  stats.updated += written.updated;
  stats.unchanged += written.unchanged;
  stats.priceChanges += written.priceChanges;
  return inputs.map((i) => i.externalId);
}
