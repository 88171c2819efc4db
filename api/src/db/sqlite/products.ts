/**
 * SQLite products repository: reads here, catalog writes (versioned) in catalog-writes.ts, a
 * sync's writes in catalog-sync-writer.ts.
 * Tombstoned rows (`deleted_at` set) are invisible to every read but `changesSince`.
 *
 * The list reads are hand-written SQL on prepared statements (catalog-rows.ts): a search of
 * 3+ characters is answered by the `products_search` FTS5 trigram index (migration 0002),
 * driving the join to `products`; shorter ones scan the company's names with LIKE. Both are
 * case-insensitive substring matches of name or SKU. A category filter is a range on the
 * (company_id, category) index; pages without a search walk products_company_name_idx.
 * `listIds` and `count` are answered from an in-memory index of the company's catalog when it
 * is up to date (product-search-index.ts: same answers, without the per-row join and sort).
 */
import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import { SQLiteSyncDialect } from 'drizzle-orm/sqlite-core';
import { likeEscape, mergeChanges } from '../catalog-plan';
import { priceListJoins, productFilterConditions } from '../product-filter-sql';
import type { ProductFilter, ProductsRepository } from '../repositories';
import { products } from '../schema.sqlite';
import {
  type CatalogStatements, productColumns, productFromRow, productsByExternalIds, variantColumns, variantFromRow, withLiveVariants,
} from './catalog-rows';
import { sqliteSyncWriter } from './catalog-sync-writer';
import { sqliteCatalogWrites } from './catalog-writes';
import { productSearchIndex } from './product-search-index';
import { catalogChangesJson } from './replication-json';
import type { SqliteDb } from './types';

/** Searches this long or longer use the trigram index (it indexes 3-character sequences). */
export const TRIGRAM_MIN_LENGTH = 3;

/** An FTS5 phrase: the text matched as one contiguous substring, quotes doubled. */
const ftsPhrase = (text: string) => `"${text.replace(/"/g, '""')}"`;

interface FilterSql {
  from: string;
  where: string;
  params: unknown[];
}

const dialect = new SQLiteSyncDialect();

/** FROM and WHERE for the company's live products matching `f`, as `p`. */
export function filterSql(companyId: string, f: ProductFilter = {}): FilterSql {
  let from = 'products p';
  const conds: string[] = [];
  const params: unknown[] = [];
  const search = f.search?.trim();
  // NUL ends an FTS5 query string early: such a term matches nothing (no name holds one).
  if (search?.includes('\u0000')) conds.push('0');
  else if (search && [...search].length >= TRIGRAM_MIN_LENGTH) {
    // CROSS JOIN keeps the FTS table first: the index finds the few rows, the join checks them.
    from = 'products_search s cross join products p on p.rowid = s.rowid';
    conds.push('s.products_search match ?');
    params.push(ftsPhrase(search));
  }
  conds.push('p.company_id = ?', 'p.deleted_at is null');
  params.push(companyId);
  if (search && !search.includes('\u0000') && [...search].length < TRIGRAM_MIN_LENGTH) {
    // SQLite's LIKE ignores ASCII case, as the trigram index does.
    const pattern = `%${likeEscape(search)}%`;
    conds.push(`(p.name like ? escape '\\' or p.sku like ? escape '\\')`);
    params.push(pattern, pattern);
  }
  if (f.category) {
    // The path itself or anything below it ("path > ..."): one range of products_company_category_idx,
    // [path, "path >!"), minus what sorts inside it without being either ("path & Co").
    conds.push('p.category >= ? and p.category < ? and (p.category = ? or p.category >= ?)');
    params.push(f.category, `${f.category} >!`, f.category, `${f.category} > `);
  }
  // Through a price list: the records the price filters read, joined (their parameters come first).
  const joins = priceListJoins(f.filters, f.priceList, companyId, 'sqlite');
  if (joins) {
    const q = dialect.sqlToQuery(joins);
    from += q.sql;
    params.unshift(...q.params);
  }
  if (f.visibleOnly) conds.push('p.is_visible = 1');
  // Brand, price, stock, sale, visibility and SKU: the rules shared with PostgreSQL.
  for (const cond of productFilterConditions(f.filters, 'sqlite', 'p', f.priceList && { lens: f.priceList, companyId })) {
    const q = dialect.sqlToQuery(cond);
    conds.push(q.sql);
    params.push(...q.params);
  }
  return { from, where: conds.join(' and '), params };
}

const LIST_ORDER = 'order by lower(p.name), p.external_id';

/** `file`: the database file (null in memory), for the sync writer's own connection. */
export function sqliteProducts(db: SqliteDb, stmts: CatalogStatements, file: string | null = null): ProductsRepository {
  const rowsOf = (sql: string, params: unknown[]) => stmts.prepared(sql).all(params) as Record<string, unknown>[];

  const withVariants = (companyId: string, rows: Record<string, unknown>[]) => withLiveVariants(stmts, companyId, rows.map(productFromRow));
  const index = productSearchIndex(stmts);

  return {
    ...sqliteCatalogWrites(db, stmts),
    syncWriter: (companyId, expected) => sqliteSyncWriter(db, stmts, file, companyId, expected),
    async list(companyId, opts) {
      const { from, where, params } = filterSql(companyId, opts);
      const rows = rowsOf(`select ${productColumns('p')} from ${from} where ${where} ${LIST_ORDER} limit ? offset ?`, [...params, opts.limit, opts.offset]);
      return withVariants(companyId, rows);
    },
    async count(companyId, filter) {
      const indexed = index.count(companyId, filter);
      if (indexed !== null) return indexed;
      const { from, where, params } = filterSql(companyId, filter);
      return (stmts.prepared(`select count(*) as n from ${from} where ${where}`).get(params) as { n: number }).n;
    },
    async listIds(companyId, filter) {
      const indexed = index.ids(companyId, filter);
      if (indexed) return indexed;
      const { from, where, params } = filterSql(companyId, filter);
      return stmts.prepared(`select p.external_id from ${from} where ${where} ${LIST_ORDER}`).pluck().all(params) as number[];
    },
    async get(companyId, id) {
      const rows = rowsOf(`select ${productColumns('p')} from products p where p.company_id = ? and p.id = ? and p.deleted_at is null`, [companyId, id]);
      return withVariants(companyId, rows)[0] ?? null;
    },
    async getVariant(companyId, variantId) {
      const [row] = rowsOf(`select ${variantColumns('v')} from product_variants v where v.company_id = ? and v.id = ? and v.deleted_at is null`, [companyId, variantId]);
      return row ? variantFromRow(row) : null;
    },
    async getVariantByExternalId(companyId, externalId) {
      const [row] = rowsOf(
        `select ${variantColumns('v')}, p.external_id as product_external_id from product_variants v join products p on p.id = v.product_id
          where v.company_id = ? and v.external_id = ? and v.deleted_at is null and p.deleted_at is null`,
        [companyId, externalId],
      );
      return row ? { variant: variantFromRow(row), productExternalId: row.product_external_id as number } : null;
    },
    async categories(companyId) {
      const rows = db.selectDistinct({ category: products.category }).from(products)
        .where(and(eq(products.companyId, companyId), isNull(products.deletedAt), isNotNull(products.category))).all();
      // Sorted here, by code point: database collations disagree on ' > ' and case.
      return rows.map((r) => r.category).filter((c): c is string => c !== null).sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
    },
    async getByExternalIds(companyId, externalIds) {
      return withLiveVariants(stmts, companyId, productsByExternalIds(stmts, companyId, externalIds, true));
    },
    async listExternalIds(companyId) {
      return db.select({ id: products.externalId }).from(products)
        .where(and(eq(products.companyId, companyId), isNull(products.deletedAt)))
        .orderBy(asc(products.externalId)).all().map((r) => r.id);
    },
    async changesSince(companyId, sinceVersion, limit) {
      // One read transaction (one WAL snapshot) for both streams, in case another process writes.
      return db.transaction(() => {
        const ps = rowsOf(`select ${productColumns('p')} from products p where p.company_id = ? and p.version > ? order by p.version limit ?`,
          [companyId, sinceVersion, limit + 1]).map(productFromRow);
        const vs = rowsOf(
          `select ${variantColumns('v')}, p.external_id as product_external_id from product_variants v join products p on p.id = v.product_id
            where v.company_id = ? and v.version > ? order by v.version limit ?`,
          [companyId, sinceVersion, limit + 1],
        ).map((r) => ({ variant: variantFromRow(r), productExternalId: r.product_external_id as number }));
        return mergeChanges(ps, vs, sinceVersion, limit);
      }, { behavior: 'deferred' });
    },
    async changesSinceJson(companyId, sinceVersion, limit, shape) {
      return catalogChangesJson(db, stmts, companyId, sinceVersion, limit, shape);
    },
  };
}

