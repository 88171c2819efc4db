/**
 * Re-reads products the store's webhooks named, and writes what the store has now: one request
 * per 250 products (`id:in`, with variants; category paths and brand names from the company's
 * cache of them, services/sync/store-taxonomy.ts, which reads the store only when the cache is
 * stale or a product names a brand it does not know), the rows upserted like a sync's and a
 * 'webhook' price-history entry ("a change made in the store, seen by its webhook": apart from a
 * sync's, issue 36) for every price that differs from ours.
 * Our own writes coming back find the price we already stored, so they add no entry (the
 * worker waits a moment before reading, so the write that caused a delivery has been stored).
 * A product the store no longer lists (deleted, or hidden while hidden ones are not synced) is
 * removed. New products are added while the plan's cap leaves room, as a sync would.
 */
import { MAX_PAGE_SIZE, type BigCommerceClient, type CatalogProduct } from '@catalog/commerce';
import type { Database } from '../../db/repositories';
import { hasStorablePrices, toProductInput, type BrandIndex, type CategoryIndex } from '../sync/catalog-mapping';
import { syncPriceChanges } from '../sync/price-changes';

export interface RefreshOutcome {
  updated: number;
  removed: number;
  priceChanges: number;
}

export interface RefreshTarget {
  db: Database;
  client: BigCommerceClient;
  companyId: string;
  includeInvisible: boolean;
  productLimit: number;
  /** The store's categories, for the products' paths (store-taxonomy.ts: cached, looked at once per run by the worker). */
  categories: () => Promise<CategoryIndex>;
  /** The store's brands, knowing at least the brand ids `named` (store-taxonomy.ts: cached, read again for an unknown one). */
  brands: (named: readonly number[]) => Promise<BrandIndex>;
  signal?: AbortSignal;
}

/** Re-reads `ids` (at most MAX_PAGE_SIZE: one request) and writes the store's state of them. */
export async function refreshProducts(t: RefreshTarget, ids: readonly number[], at: Date): Promise<RefreshOutcome> {
  if (ids.length > MAX_PAGE_SIZE) throw new RangeError(`At most ${MAX_PAGE_SIZE} products a refresh`);
  // The categories (from the cache, or read when it is stale) travel alongside the products.
  const categories = t.categories();
  categories.catch(() => {});
  const listed = await t.client.getProducts(ids, { signal: t.signal });
  const kept = listed.filter((p) => t.includeInvisible || p.isVisible);
  const keptIds = new Set(kept.map((p) => p.id));
  const outcome: RefreshOutcome = { updated: 0, removed: 0, priceChanges: 0 };

  const gone = ids.filter((id) => !keptIds.has(id));
  if (gone.length > 0) outcome.removed = await t.db.products.removeByExternalIds(t.companyId, gone, at);

  const storable = kept.filter(hasStorablePrices);
  if (storable.length === 0) return outcome;
  const before = await t.db.products.getByExternalIds(t.companyId, storable.map((p) => p.id));
  const writable = await withinCap(t, storable, new Set(before.map((p) => p.externalId)));
  if (writable.length === 0) return outcome;
  // The brands come once the products say which they name.
  const named = [...new Set(writable.flatMap((p) => (p.brandId === null ? [] : [p.brandId])))];
  const [index, brandIndex] = await Promise.all([categories, t.brands(named)]);
  const inputs = writable.map((p) => toProductInput(p, index, brandIndex));
  const entries = syncPriceChanges(before, inputs, at, 'webhook');
  await t.db.products.upsertMany(t.companyId, inputs, at);
  if (entries.length > 0) await t.db.priceHistory.add(t.companyId, entries);
  outcome.updated = inputs.length;
  outcome.priceChanges = entries.length;
  return outcome;
}

/** The products we have, and new ones while the plan's cap leaves room (lowest store ids first, as a sync keeps). */
async function withinCap(t: RefreshTarget, products: CatalogProduct[], known: ReadonlySet<number>): Promise<CatalogProduct[]> {
  const fresh = products.filter((p) => !known.has(p.id));
  if (fresh.length === 0) return products;
  const room = Math.max(0, t.productLimit - (await t.db.products.count(t.companyId)));
  const admitted = new Set(fresh.sort((a, b) => a.id - b.id).slice(0, room).map((p) => p.id));
  return products.filter((p) => known.has(p.id) || admitted.has(p.id));
}
