/** SQLite price history repository. */
import { and, asc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import { historyRows } from '../catalog-plan';
import { afterKey, keysetOrder } from '../keyset';
import { NotFoundError, rethrowUnique } from '../errors';
import type { NewPriceHistoryEntry, PriceHistoryEntry, PriceHistoryRepository } from '../repositories';
import { priceHistory as ph, productVariants, products, workOrders as wo } from '../schema.sqlite';
import { historyPageWhere, toExportedEntry, toListedEntry } from '../repository-shared';
import { auditedOrderJoin, toAuditedEntry } from '../repository-shared.price-history';
import { chunks } from '../sql-helpers';
import type { CatalogStatements } from './catalog-rows';
import type { SqliteDb } from './types';

/** Every column of price_history, in the order of historyParams. */
const COLUMNS = [
  'id', 'company_id', 'product_id', 'variant_id', 'old_regular_price_cents', 'new_regular_price_cents', 'old_sale_price_cents',
  'new_sale_price_cents', 'old_retail_price_cents', 'new_retail_price_cents', 'price_list_id', 'currency', 'change_type',
  'work_order_id', 'changed_by', 'created_at', 'record_change',
] as const;

const params = (e: PriceHistoryEntry): unknown[] => [
  e.id, e.companyId, e.productId, e.variantId, e.oldRegularPriceCents, e.newRegularPriceCents, e.oldSalePriceCents,
  e.newSalePriceCents, e.oldRetailPriceCents, e.newRetailPriceCents, e.priceListId, e.currency, e.changeType,
  e.workOrderId, e.changedBy, e.createdAt.getTime(), e.recordChange ?? null,
];

/**
 * A work order's history (10,000 entries) in three statements on the raw handle, each driven by
 * one JSON parameter (as catalog-rows.ts does for the catalog): drizzle built and prepared a
 * statement of 3,000 parameters per 200 entries, and its checks of the ids per 200, which cost
 * more CPU than SQLite's work.
 */
const SQL = {
  insert: `insert into price_history (${COLUMNS.join(', ')})
    select ${COLUMNS.map((_, i) => `j.value ->> ${i}`).join(', ')} from json_each(?) j`,
  products: 'select count(*) from json_each(?) j cross join products p on p.id = j.value where p.company_id = ?',
  variants: 'select count(*) from json_each(?) j cross join product_variants v on v.id = j.value where v.company_id = ?',
} as const;

/** Inserts rows in the caller's transaction; their products and variants are the company's (the caller knows). */
export function insertHistoryRows(stmts: CatalogStatements, rows: readonly PriceHistoryEntry[]): void {
  if (rows.length > 0) stmts.prepared(SQL.insert).run(JSON.stringify(rows.map(params)));
}

export function sqlitePriceHistory(db: SqliteDb, stmts: CatalogStatements): PriceHistoryRepository {
  function write(companyId: string, entries: NewPriceHistoryEntry[]): PriceHistoryEntry[] {
    const rows = historyRows(companyId, entries, new Date());
    return db.transaction(() => {
      // The product (and variant) must be this company's: history never crosses companies.
      const productIds = [...new Set(entries.map((e) => e.productId))];
      if (stmts.prepared(SQL.products).pluck().get(JSON.stringify(productIds), companyId) !== productIds.length) {
        throw new NotFoundError('price history for an unknown product');
      }
      const variantIds = [...new Set(entries.flatMap((e) => (e.variantId ? [e.variantId] : [])))];
      if (variantIds.length > 0 && stmts.prepared(SQL.variants).pluck().get(JSON.stringify(variantIds), companyId) !== variantIds.length) {
        throw new NotFoundError('price history for an unknown variant');
      }
      insertHistoryRows(stmts, rows);
      return rows;
    }, { behavior: 'immediate' });
  }

  return {
    async add(companyId, entries) {
      if (entries.length === 0) return [];
      // A taken id (a stable id recorded before) rejects the whole batch as a UniqueViolationError.
      try {
        return write(companyId, entries);
      } catch (err) {
        rethrowUnique(err);
      }
    },
    async listForProduct(companyId, productId, opts = {}) {
      // Joined for the store's ids; a variant deleted since keeps its row (tombstone), so its id is there too.
      const rows = db.select({ entry: ph, productExternalId: products.externalId, variantExternalId: productVariants.externalId })
        .from(ph)
        .innerJoin(products, eq(products.id, ph.productId))
        .leftJoin(productVariants, eq(productVariants.id, ph.variantId))
        .where(and(eq(ph.companyId, companyId), eq(ph.productId, productId), afterKey(ph.createdAt, ph.id, opts.after, 'newest')))
        .orderBy(...keysetOrder(ph.createdAt, ph.id, 'newest')).limit(opts.limit ?? 500).all();
      return rows.map(toListedEntry);
    },
    async listSince(companyId, productIds, since) {
      const found: PriceHistoryEntry[] = [];
      for (const ids of chunks([...new Set(productIds)])) {
        found.push(...db.select().from(ph)
          .where(and(eq(ph.companyId, companyId), inArray(ph.productId, ids), gt(ph.createdAt, since))).all());
      }
      return found.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1));
    },
    async listPage(companyId, opts) {
      const rows = db.select({
        entry: ph, productExternalId: products.externalId, variantExternalId: productVariants.externalId,
        productName: products.name, productSku: products.sku, variantSku: productVariants.variantSku,
      })
        .from(ph)
        .innerJoin(products, eq(products.id, ph.productId))
        .leftJoin(productVariants, eq(productVariants.id, ph.variantId))
        .where(historyPageWhere(ph, companyId, opts))
        .orderBy(asc(ph.createdAt), asc(ph.id)).limit(opts.limit).all();
      return rows.map(toExportedEntry);
    },
    async listAuditPage(companyId, opts) {
      // The undo's trigger and who pressed Undo are read out of the order's JSON: its restore keys can be thousands.
      const rows = db.select({
        entry: ph, productExternalId: products.externalId, variantExternalId: productVariants.externalId,
        productName: products.name, productSku: products.sku, variantSku: productVariants.variantSku,
        workOrderTitle: wo.title, approvedBy: wo.approvedBy,
        undoTrigger: sql<string | null>`json_extract(${wo.undoRequest}, '$.trigger')`, undoneBy: sql<string | null>`json_extract(${wo.undoRequest}, '$.by')`,
      })
        .from(ph)
        .innerJoin(products, eq(products.id, ph.productId))
        .leftJoin(productVariants, eq(productVariants.id, ph.variantId))
        .leftJoin(wo, auditedOrderJoin(ph, wo, companyId))
        .where(historyPageWhere(ph, companyId, opts))
        .orderBy(asc(ph.createdAt), asc(ph.id)).limit(opts.limit).all();
      return rows.map(toAuditedEntry);
    },
    async listForCompany(companyId, { after, until, limit }) {
      const rows = db.select({ entry: ph, productExternalId: products.externalId, variantExternalId: productVariants.externalId })
        .from(ph)
        .innerJoin(products, eq(products.id, ph.productId))
        .leftJoin(productVariants, eq(productVariants.id, ph.variantId))
        .where(and(eq(ph.companyId, companyId), gt(ph.createdAt, after), lte(ph.createdAt, until)))
        .orderBy(asc(ph.createdAt), asc(ph.id)).limit(limit ?? 1_000_000).all();
      return rows.map(toListedEntry);
    },
  };
}
