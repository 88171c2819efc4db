/**
 * SQLite products repository: reads here, catalog writes (versioned) in catalog-writes.ts.
 * Tombstoned rows (`deleted_at` set) are invisible to every read but `changesSince`.
 */
import { and, asc, count, eq, gt, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { likeEscape, mergeChanges } from '../catalog-plan';
import type { ProductFilter, ProductsRepository } from '../repositories';
import { productVariants, products } from '../schema.sqlite';
import { chunks } from '../sql-helpers';
import { sqliteCatalogWrites, withVariants } from './catalog-writes';
import type { SqliteDb } from './types';

export function productWhere(companyId: string, f: ProductFilter = {}) {
  const conds = [eq(products.companyId, companyId), isNull(products.deletedAt)];
  if (f.search?.trim()) {
    const pattern = `%${likeEscape(f.search.trim().toLowerCase())}%`;
    conds.push(or(
      sql`lower(${products.name}) like ${pattern} escape '\\'`,
      sql`lower(coalesce(${products.sku}, '')) like ${pattern} escape '\\'`,
    )!);
  }
  if (f.category) {
    conds.push(or(
      eq(products.category, f.category),
      sql`${products.category} like ${`${likeEscape(f.category)} > %`} escape '\\'`,
    )!);
  }
  if (f.visibleOnly) conds.push(eq(products.isVisible, true));
  return and(...conds);
}

export function sqliteProducts(db: SqliteDb): ProductsRepository {
  return {
    ...sqliteCatalogWrites(db),
    async list(companyId, opts) {
      const rows = db.select().from(products).where(productWhere(companyId, opts))
        .orderBy(sql`lower(${products.name})`, asc(products.externalId), asc(products.id)).limit(opts.limit).offset(opts.offset).all();
      return withVariants(db, companyId, rows);
    },
    async count(companyId, filter) {
      return db.select({ n: count() }).from(products).where(productWhere(companyId, filter)).get()?.n ?? 0;
    },
    async get(companyId, id) {
      const row = db.select().from(products)
        .where(and(eq(products.companyId, companyId), eq(products.id, id), isNull(products.deletedAt))).get();
      return row ? withVariants(db, companyId, [row])[0] ?? null : null;
    },
    async getVariant(companyId, variantId) {
      return db.select().from(productVariants).where(and(
        eq(productVariants.companyId, companyId), eq(productVariants.id, variantId), isNull(productVariants.deletedAt),
      )).get() ?? null;
    },
    async categories(companyId) {
      const rows = db.selectDistinct({ category: products.category }).from(products)
        .where(and(eq(products.companyId, companyId), isNull(products.deletedAt), isNotNull(products.category))).all();
      // Sorted here, by code point: database collations disagree on ' > ' and case.
      return rows.map((r) => r.category).filter((c): c is string => c !== null).sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
    },
    async getByExternalIds(companyId, externalIds) {
      const rows = chunks([...new Set(externalIds)]).flatMap((ids) => db.select().from(products)
        .where(and(eq(products.companyId, companyId), inArray(products.externalId, ids), isNull(products.deletedAt))).all());
      return withVariants(db, companyId, rows.sort((x, y) => x.externalId - y.externalId));
    },
    async listExternalIds(companyId) {
      return db.select({ id: products.externalId }).from(products)
        .where(and(eq(products.companyId, companyId), isNull(products.deletedAt)))
        .orderBy(asc(products.externalId)).all().map((r) => r.id);
    },
    async changesSince(companyId, sinceVersion, limit) {
      // One read transaction (one WAL snapshot) for both streams, in case another process writes.
      return db.transaction((tx) => {
        const ps = tx.select().from(products)
          .where(and(eq(products.companyId, companyId), gt(products.version, sinceVersion)))
          .orderBy(asc(products.version)).limit(limit + 1).all();
        const vs = tx.select().from(productVariants)
          .where(and(eq(productVariants.companyId, companyId), gt(productVariants.version, sinceVersion)))
          .orderBy(asc(productVariants.version)).limit(limit + 1).all();
        return mergeChanges(ps, vs, sinceVersion, limit);
      }, { behavior: 'deferred' });
    },
  };
}
