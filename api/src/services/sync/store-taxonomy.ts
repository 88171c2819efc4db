/**
 * The store's categories and brands, to map products with (issue 32): a sync reads both, as it
 * always did, and saves them to the company's cache (db `store_taxonomy`); a refresh of products
 * the store's webhooks named takes them from the cache, so it costs its product reads only.
 *
 * When a refresh reads them again (once, then saves):
 *   - categories: none cached for this store yet; a category webhook came since they were read
 *     (store-webhooks.routes.ts counts them); or they are older than TAXONOMY_MAX_AGE_MS;
 *   - brands: none cached yet; a product names a brand id the cache neither lists nor knows to
 *     be missing (BigCommerce sends no brand webhooks: a new brand shows up this way); or they
 *     are older than TAXONOMY_MAX_AGE_MS. An id still absent after a read is remembered as
 *     missing (a deleted brand a product still names), so it costs no read again.
 * The count of category webhooks is taken before a read begins and saved with it: a category
 * changed while the categories were being read leaves them stale for the next refresh.
 */
import type { BigCommerceClient } from '@catalog/commerce';
import type { Database, StoreTaxonomy } from '../../db/repositories';
import {
  brandEntries, categoryEntries, categoryIndexOf, indexBrands, indexCategories, type BrandIndex, type CategoryIndex,
} from './catalog-mapping';

/**
 * Cached categories and brands older than this are read again at the next refresh: brands
 * (no webhooks tell of a renamed one) and, should a category webhook have been lost, categories.
 */
export const TAXONOMY_MAX_AGE_MS = 24 * 3_600_000;

export interface TaxonomySource {
  db: Database;
  /** The store's client; its storeHash keys the cache. */
  client: BigCommerceClient;
  companyId: string;
  signal?: AbortSignal;
  now?: () => Date;
}

/** Brands as known after a read or from the cache: names, and ids found missing. */
interface KnownBrands {
  index: BrandIndex;
  missing: ReadonlySet<number>;
}

/** Reads the store's categories and saves them; `events`: the category events counted before the read began. */
async function readCategories(s: TaxonomySource, events: number): Promise<CategoryIndex> {
  const readAt = (s.now ?? (() => new Date()))();
  const index = indexCategories(await s.client.getCategories({ signal: s.signal }));
  await s.db.storeTaxonomy.saveCategories(s.companyId, s.client.storeHash, { categories: categoryEntries(index), readAt, events });
  return index;
}

/** Reads the store's brands and saves them, with the ids of `named` and `missing` the store does not list. */
async function readBrands(s: TaxonomySource, named: readonly number[], missing: Iterable<number>): Promise<KnownBrands> {
  const readAt = (s.now ?? (() => new Date()))();
  const index = indexBrands(await s.client.getBrands({ signal: s.signal }));
  const absent = [...missing, ...named].filter((id) => !index.has(id));
  await s.db.storeTaxonomy.saveBrands(s.companyId, s.client.storeHash, { brands: brandEntries(index), missing: absent, readAt });
  return { index, missing: new Set(absent) };
}

/**
 * A sync's categories and brands: both read from the store (the requests start now, alongside
 * the first product page) and saved to the cache.
 */
export function readTaxonomy(s: TaxonomySource): { categories: Promise<CategoryIndex>; brands: Promise<BrandIndex> } {
  const cached = s.db.storeTaxonomy.get(s.companyId, s.client.storeHash);
  return {
    categories: cached.then((c) => readCategories(s, c?.categoryEvents ?? 0)),
    brands: cached.then((c) => readBrands(s, [], c?.missingBrands ?? [])).then((b) => b.index),
  };
}

/** True when the cached categories can map products: read for this store, since the last category event, lately. */
function currentCategories(c: StoreTaxonomy | null, now: Date): c is StoreTaxonomy & { categories: NonNullable<StoreTaxonomy['categories']> } {
  return c !== null && c.categories !== null && c.categoriesReadEvents === c.categoryEvents && young(c.categoriesReadAt, now);
}

const young = (readAt: Date | null, now: Date) => readAt !== null && now.getTime() - readAt.getTime() < TAXONOMY_MAX_AGE_MS;

/**
 * The categories and brands of one worker run for a company (refresh-worker.ts): the cache is
 * looked at once, what it lacks is read from the store once and saved, and the run keeps what it
 * has for its following refreshes.
 */
export function cachedTaxonomy(s: TaxonomySource): {
  categories: () => Promise<CategoryIndex>;
  brands: (named: readonly number[]) => Promise<BrandIndex>;
} {
  const now = s.now ?? (() => new Date());
  let row: Promise<StoreTaxonomy | null> | undefined;
  const cached = () => (row ??= s.db.storeTaxonomy.get(s.companyId, s.client.storeHash));
  let categories: Promise<CategoryIndex> | undefined;
  let brands: Promise<KnownBrands> | undefined;
  return {
    categories: () => (categories ??= cached().then((c) =>
      currentCategories(c, now()) ? categoryIndexOf(c.categories) : readCategories(s, c?.categoryEvents ?? 0))),
    async brands(named) {
      brands ??= cached().then((c) => c?.brands && young(c.brandsReadAt, now())
        ? { index: new Map(c.brands), missing: new Set(c.missingBrands) }
        : readBrands(s, named, c?.missingBrands ?? []));
      const known = await brands;
      if (named.every((id) => known.index.has(id) || known.missing.has(id))) return known.index;
      // A brand id never seen: a brand made since the brands were read.
      brands = readBrands(s, named, known.missing);
      return (await brands).index;
    },
  };
}
