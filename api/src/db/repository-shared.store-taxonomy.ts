/**
 * The store taxonomy rows both dialects' repositories write and read (sqlite/store-taxonomy.ts,
 * pg/store-taxonomy.ts), written once against a table of either schema.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { CachedBrand, CachedCategory, StoreTaxonomy } from './repositories.store-taxonomy';
import type { Twin } from './repository-shared';

type Taxonomy = Twin<'storeTaxonomy'>;

/**
 * Most brand ids remembered as missing (the newest kept): a store's products name a deleted
 * brand now and then, not by the thousand; past this a re-read merely happens again.
 */
export const MAX_MISSING_BRANDS = 1_000;

/** The company's row of one store. */
export function taxonomyOf(t: Taxonomy, companyId: string, storeHash: string): SQL | undefined {
  return and(eq(t.companyId, companyId), eq(t.storeHash, storeHash));
}

/** The row read, as the contract gives it. */
export function toStoreTaxonomy(row: Taxonomy['$inferSelect']): StoreTaxonomy {
  return {
    storeHash: row.storeHash,
    categories: row.categories ?? null,
    categoriesReadAt: row.categoriesReadAt,
    categoryEvents: row.categoryEvents,
    categoriesReadEvents: row.categoriesReadEvents,
    brands: row.brands ?? null,
    missingBrands: row.missingBrands ?? [],
    brandsReadAt: row.brandsReadAt,
  };
}

/** Saving categories: a new row starts current (its count of events is the one the read began with). */
export function categoriesUpsert(companyId: string, storeHash: string, input: { categories: CachedCategory[]; readAt: Date; events: number }) {
  const set = { categories: input.categories, categoriesReadAt: input.readAt, categoriesReadEvents: input.events };
  return { values: { companyId, storeHash, categoryEvents: input.events, ...set }, set };
}

/** Saving brands, with the missing ids (deduplicated, the newest MAX_MISSING_BRANDS). */
export function brandsUpsert(companyId: string, storeHash: string, input: { brands: CachedBrand[]; missing: readonly number[]; readAt: Date }) {
  const missingBrands = [...new Set(input.missing)].slice(-MAX_MISSING_BRANDS);
  const set = { brands: input.brands, missingBrands, brandsReadAt: input.readAt };
  return { values: { companyId, storeHash, ...set }, set };
}

/** Counting a category event: one more on the row, or a new row with one. */
export function categoryEventUpsert(t: Taxonomy, companyId: string, storeHash: string) {
  return { values: { companyId, storeHash, categoryEvents: 1 }, set: { categoryEvents: sql`${t.categoryEvents} + 1` } };
}
