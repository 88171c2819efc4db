/**
 * PostgreSQL products repository: reads here, catalog writes (versioned) in catalog-writes.ts.
 * Tombstoned rows (`deleted_at` set) are invisible to every read but `changesSince`.
 */
import { and, asc, count, eq, gt, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { likeEscape, mergeChanges } from '../catalog-plan';
import { priceListJoins, productFilterConditions } from '../product-filter-sql';
import type { Product, ProductFilter, ProductsRepository } from '../repositories';
import { productVariants, products } from '../schema.pg';
import { chunks } from '../sql-helpers';
import { pgCatalogWrites, withVariants } from './catalog-writes';
import type { PgDb } from './types';

/**
 * The company's live products matching `f`. The search expressions are exactly those of the
 * trigram GIN indexes (migrations 0002 and 0006), so a search of 3+ characters is a bitmap
 * index scan: of 0006's (company_id, trigram) indexes when the company holds a small part of
 * the table (only its own matches are read), of 0002's when it holds most of it (decision 022).
 */
export function productWhere(companyId: string, f: ProductFilter = {}) {
  const conds = [eq(products.companyId, companyId), isNull(products.deletedAt)];
  if (f.search?.trim()) {
    const pattern = `%${likeEscape(f.search.trim().toLowerCase())}%`;
    conds.push(or(
      sql`lower(${products.name}) like ${pattern} escape '\\'`,
      sql`lower(${products.sku}) like ${pattern} escape '\\'`,
    )!);
  }
  if (f.category) {
    conds.push(or(
      eq(products.category, f.category),
      sql`${products.category} like ${`${likeEscape(f.category)} > %`} escape '\\'`,
    )!);
  }
  if (f.visibleOnly) conds.push(eq(products.isVisible, true));
  // Brand, price, stock, sale, visibility and SKU: the rules shared with SQLite.
  conds.push(...productFilterConditions(f.filters, 'pg', '"products"', f.priceList && { lens: f.priceList, companyId }));
  return and(...conds);
}

/** Byte order of the lower-cased name, as products_company_name_idx holds it (and SQLite sorts). */
const LIST_ORDER = sql`(lower(${products.name}) collate "C")`;

/**
 * Runs a filtered read; one with a search the trigram indexes can serve (3+ characters) runs
 * with sequential scans off. The planner prices a GIN trigram scan of a short, common term
 * above a scan of the whole table, and picks the scan: ~10 times slower at 100,000 products
 * (~6 ms against ~70 ms for "jack"). Shorter terms have no trigrams; they keep the planner's choice.
 */
function searching<T>(db: PgDb, f: ProductFilter, read: (tx: PgDb) => Promise<T>): Promise<T> {
  if ([...(f.search?.trim() ?? '')].length < 3) return read(db);
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    return read(tx);
  }, { accessMode: 'read only' });
}

export function pgProducts(db: PgDb): ProductsRepository {
  const repo: ProductsRepository = {
    ...pgCatalogWrites(db),
    async list(companyId, opts) {
      // Through a price list, the filters read joined records: listIds joins them.
      if (priceListJoins(opts.filters, opts.priceList, companyId, 'pg')) {
        const ids = (await repo.listIds(companyId, opts)).slice(opts.offset, opts.offset + opts.limit);
        const byId = new Map((await repo.getByExternalIds(companyId, ids)).map((p) => [p.externalId, p]));
        return ids.flatMap((id) => byId.get(id) ?? []);
      }
      const rows = await searching(db, opts, (tx) => tx.select().from(products).where(productWhere(companyId, opts))
        .orderBy(LIST_ORDER, asc(products.externalId)).limit(opts.limit).offset(opts.offset));
      return withVariants(db, companyId, rows);
    },
    async count(companyId, filter = {}) {
      if (priceListJoins(filter.filters, filter.priceList, companyId, 'pg')) return (await repo.listIds(companyId, filter)).length;
      const [row] = await searching(db, filter, (tx) => tx.select({ n: count() }).from(products).where(productWhere(companyId, filter)));
      return row?.n ?? 0;
    },
    async listIds(companyId, filter = {}) {
      const joins = priceListJoins(filter.filters, filter.priceList, companyId, 'pg', '"products"');
      if (joins) {
        // Through a price list: the records the price filters read, joined (product-filter-sql.ts).
        const result = await searching(db, filter, (tx) => tx.execute<{ id: string | number }>(sql`select ${products.externalId} as id from ${products}${joins}
          where ${productWhere(companyId, filter)} order by ${LIST_ORDER}, ${products.externalId}`));
        return result.rows.map((r) => Number(r.id));
      }
      const rows = await searching(db, filter, (tx) => tx.select({ id: products.externalId }).from(products)
        .where(productWhere(companyId, filter)).orderBy(LIST_ORDER, asc(products.externalId)));
      return rows.map((r) => r.id);
    },
    async get(companyId, id) {
      const [row] = await db.select().from(products)
        .where(and(eq(products.companyId, companyId), eq(products.id, id), isNull(products.deletedAt)));
      return row ? (await withVariants(db, companyId, [row]))[0] ?? null : null;
    },
    async getVariant(companyId, variantId) {
      const [row] = await db.select().from(productVariants).where(and(
        eq(productVariants.companyId, companyId), eq(productVariants.id, variantId), isNull(productVariants.deletedAt),
      ));
      return row ?? null;
    },
    async getVariantByExternalId(companyId, externalId) {
      const [row] = await db.select({ variant: productVariants, productExternalId: products.externalId }).from(productVariants)
        .innerJoin(products, eq(products.id, productVariants.productId))
        .where(and(
          eq(productVariants.companyId, companyId), eq(productVariants.externalId, externalId),
          isNull(productVariants.deletedAt), isNull(products.deletedAt),
        ));
      return row ?? null;
    },
    async categories(companyId) {
      const rows = await db.selectDistinct({ category: products.category }).from(products)
        .where(and(eq(products.companyId, companyId), isNull(products.deletedAt), isNotNull(products.category)));
      // Sorted here, by code point: database collations disagree on ' > ' and case.
      return rows.map((r) => r.category).filter((c): c is string => c !== null).sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
    },
    async getByExternalIds(companyId, externalIds) {
      const rows: Product[] = [];
      for (const ids of chunks([...new Set(externalIds)])) {
        rows.push(...await db.select().from(products)
          .where(and(eq(products.companyId, companyId), inArray(products.externalId, ids), isNull(products.deletedAt))));
      }
      return withVariants(db, companyId, rows.sort((x, y) => x.externalId - y.externalId));
    },
    async listExternalIds(companyId) {
      const rows = await db.select({ id: products.externalId }).from(products)
        .where(and(eq(products.companyId, companyId), isNull(products.deletedAt)))
        .orderBy(asc(products.externalId));
      return rows.map((r) => r.id);
    },
    async changesSince(companyId, sinceVersion, limit) {
      // One snapshot for both streams, or a commit between the two reads could be skipped by the cursor.
      return db.transaction(async (tx) => {
        // No parallel workers: a page is at most 2 x (limit + 1) rows of one company. Among many
        // companies the planner prices the variants' join (a products_pkey probe per variant) high
        // enough to plan a parallel sort, and starting the worker costs more than the whole read
        // (decision 022; the tenants benchmark's first page of variants: 92 ms in parallel, 4 ms without).
        await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
        const ps = await tx.select().from(products)
          .where(and(eq(products.companyId, companyId), gt(products.version, sinceVersion)))
          .orderBy(asc(products.version)).limit(limit + 1);
        const vs = await tx.select({ variant: productVariants, productExternalId: products.externalId }).from(productVariants)
          .innerJoin(products, eq(products.id, productVariants.productId))
          .where(and(eq(productVariants.companyId, companyId), gt(productVariants.version, sinceVersion)))
          .orderBy(asc(productVariants.version)).limit(limit + 1);
        return mergeChanges(ps, vs, sinceVersion, limit);
      }, { isolationLevel: 'repeatable read', accessMode: 'read only' });
    },
  };
  return repo;
}
