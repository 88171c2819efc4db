/**
 * The store taxonomy part of the data layer's contract (issue 32): a company's cached copy of
 * its store's category index and brands, so a refresh of products the store's webhooks named
 * does not read them again each time. Re-exported by repositories.ts.
 *
 * A row belongs to a company and a store hash: what another store left (a worker still reading
 * the old store when another one was connected) is never read for the new one. Category events
 * are counted, not flagged: a read saves the count it began with, so an event that arrives while
 * the categories are being read leaves them stale (services/sync/store-taxonomy.ts).
 */

/** A category as cached: its id and full path (' > ' joined); a list holds them in tree order, so a position is a rank. */
export type CachedCategory = [id: number, path: string];
/** A brand as cached: its id and name. */
export type CachedBrand = [id: number, name: string];

export interface StoreTaxonomy {
  storeHash: string;
  /** null until the categories were read for this store. */
  categories: CachedCategory[] | null;
  categoriesReadAt: Date | null;
  /** Category webhooks received for this store so far. */
  categoryEvents: number;
  /** `categoryEvents` as it was when the cached categories' read began: current while equal. */
  categoriesReadEvents: number;
  /** null until the brands were read for this store. */
  brands: CachedBrand[] | null;
  /** Brand ids products named that the store did not list (deleted brands): no reason to read the brands again. */
  missingBrands: number[];
  brandsReadAt: Date | null;
}

export interface StoreTaxonomyRepository {
  /** The company's cache for `storeHash`; null when there is none. */
  get(companyId: string, storeHash: string): Promise<StoreTaxonomy | null>;
  /** Saves categories read from the store; `events` is the categoryEvents `get` gave before the read began. */
  saveCategories(companyId: string, storeHash: string, input: { categories: CachedCategory[]; readAt: Date; events: number }): Promise<void>;
  /** Saves brands read from the store, and the brand ids products named that it did not list. */
  saveBrands(companyId: string, storeHash: string, input: { brands: CachedBrand[]; missing: readonly number[]; readAt: Date }): Promise<void>;
  /** Counts a category webhook: the cached categories are stale from now on. */
  categoriesChanged(companyId: string, storeHash: string): Promise<void>;
  /** Forgets every store's cache of the company (its store was disconnected or another connected). */
  clear(companyId: string): Promise<void>;
}
