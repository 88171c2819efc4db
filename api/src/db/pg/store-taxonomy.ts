/**
 * PostgreSQL cache of the store's categories and brands (one row per company and store;
 * repositories.store-taxonomy.ts). Each write is one statement: a category event counted while
 * a worker saves categories is an update of the same row, and neither is lost.
 */
import { eq } from 'drizzle-orm';
import type { StoreTaxonomyRepository } from '../repositories';
import { brandsUpsert, categoriesUpsert, categoryEventUpsert, taxonomyOf, toStoreTaxonomy } from '../repository-shared.store-taxonomy';
import { storeTaxonomy as st } from '../schema.pg';
import type { PgDb } from './types';

export function pgStoreTaxonomy(db: PgDb): StoreTaxonomyRepository {
  const target = [st.companyId, st.storeHash];
  return {
    async get(companyId, storeHash) {
      const [row] = await db.select().from(st).where(taxonomyOf(st, companyId, storeHash));
      return row ? toStoreTaxonomy(row) : null;
    },
    async saveCategories(companyId, storeHash, input) {
      const { values, set } = categoriesUpsert(companyId, storeHash, input);
      await db.insert(st).values(values).onConflictDoUpdate({ target, set });
    },
    async saveBrands(companyId, storeHash, input) {
      const { values, set } = brandsUpsert(companyId, storeHash, input);
      await db.insert(st).values(values).onConflictDoUpdate({ target, set });
    },
    async categoriesChanged(companyId, storeHash) {
      const { values, set } = categoryEventUpsert(st, companyId, storeHash);
      await db.insert(st).values(values).onConflictDoUpdate({ target, set });
    },
    async clear(companyId) {
      await db.delete(st).where(eq(st.companyId, companyId));
    },
  };
}
