/** SQLite cache of the store's categories and brands (one row per company and store; repositories.store-taxonomy.ts). */
import { eq } from 'drizzle-orm';
import type { StoreTaxonomyRepository } from '../repositories';
import { brandsUpsert, categoriesUpsert, categoryEventUpsert, taxonomyOf, toStoreTaxonomy } from '../repository-shared.store-taxonomy';
import { storeTaxonomy as st } from '../schema.sqlite';
import type { SqliteDb } from './types';

export function sqliteStoreTaxonomy(db: SqliteDb): StoreTaxonomyRepository {
  const target = [st.companyId, st.storeHash];
  return {
    async get(companyId, storeHash) {
      const row = db.select().from(st).where(taxonomyOf(st, companyId, storeHash)).get();
      return row ? toStoreTaxonomy(row) : null;
    },
    async saveCategories(companyId, storeHash, input) {
      const { values, set } = categoriesUpsert(companyId, storeHash, input);
      db.insert(st).values(values).onConflictDoUpdate({ target, set }).run();
    },
    async saveBrands(companyId, storeHash, input) {
      const { values, set } = brandsUpsert(companyId, storeHash, input);
      db.insert(st).values(values).onConflictDoUpdate({ target, set }).run();
    },
    async categoriesChanged(companyId, storeHash) {
      const { values, set } = categoryEventUpsert(st, companyId, storeHash);
      db.insert(st).values(values).onConflictDoUpdate({ target, set }).run();
    },
    async clear(companyId) {
      db.delete(st).where(eq(st.companyId, companyId)).run();
    },
  };
}
