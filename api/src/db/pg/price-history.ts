/** PostgreSQL price history repository. */
import { and, asc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import { historyRows } from '../catalog-plan';
import { afterKey, keysetOrder } from '../keyset';
import { NotFoundError, rethrowUnique } from '../errors';
import type { PriceHistoryEntry, PriceHistoryRepository } from '../repositories';
import { priceHistory as ph, productVariants, products, workOrders as wo } from '../schema.pg';
import { historyPageWhere, toExportedEntry, toListedEntry } from '../repository-shared';
import { auditedOrderJoin, toAuditedEntry } from '../repository-shared.price-history';
import { chunks } from '../sql-helpers';
import type { PgDb } from './types';

export function pgPriceHistory(db: PgDb): PriceHistoryRepository {
  return {
    async add(companyId, entries) {
      if (entries.length === 0) return [];
      // A taken id (a stable id recorded before) rejects the whole batch as a UniqueViolationError.
      return db.transaction(async (tx) => {
        // The product (and variant) must be this company's: history never crosses companies.
        const productIds = [...new Set(entries.map((e) => e.productId))];
        let found = 0;
        for (const ids of chunks(productIds)) {
          found += (await tx.select({ id: products.id }).from(products)
            .where(and(eq(products.companyId, companyId), inArray(products.id, ids)))).length;
        }
        if (found !== productIds.length) throw new NotFoundError('price history for an unknown product');
        const variantIds = [...new Set(entries.flatMap((e) => (e.variantId ? [e.variantId] : [])))];
        let foundVariants = 0;
        for (const ids of chunks(variantIds)) {
          foundVariants += (await tx.select({ id: productVariants.id }).from(productVariants)
            .where(and(eq(productVariants.companyId, companyId), inArray(productVariants.id, ids)))).length;
        }
        if (foundVariants !== variantIds.length) throw new NotFoundError('price history for an unknown variant');
        const rows = historyRows(companyId, entries, new Date());
        for (const chunk of chunks(rows)) await tx.insert(ph).values(chunk);
        return rows;
      }).catch(rethrowUnique);
    },
    async listForProduct(companyId, productId, opts = {}) {
      // Joined for the store's ids; a variant deleted since keeps its row (tombstone), so its id is there too.
      const rows = await db.select({ entry: ph, productExternalId: products.externalId, variantExternalId: productVariants.externalId })
        .from(ph)
        .innerJoin(products, eq(products.id, ph.productId))
        .leftJoin(productVariants, eq(productVariants.id, ph.variantId))
        .where(and(eq(ph.companyId, companyId), eq(ph.productId, productId), afterKey(ph.createdAt, ph.id, opts.after, 'newest')))
        .orderBy(...keysetOrder(ph.createdAt, ph.id, 'newest')).limit(opts.limit ?? 500);
      return rows.map(toListedEntry);
    },
    async listSince(companyId, productIds, since) {
      const found: PriceHistoryEntry[] = [];
      for (const ids of chunks([...new Set(productIds)])) {
        found.push(...await db.select().from(ph)
          .where(and(eq(ph.companyId, companyId), inArray(ph.productId, ids), gt(ph.createdAt, since))));
      }
      return found.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1));
    },
    async listPage(companyId, opts) {
      const rows = await db.select({
        entry: ph, productExternalId: products.externalId, variantExternalId: productVariants.externalId,
        productName: products.name, productSku: products.sku, variantSku: productVariants.variantSku,
      })
        .from(ph)
        .innerJoin(products, eq(products.id, ph.productId))
        .leftJoin(productVariants, eq(productVariants.id, ph.variantId))
        .where(historyPageWhere(ph, companyId, opts))
        .orderBy(asc(ph.createdAt), asc(ph.id)).limit(opts.limit);
      return rows.map(toExportedEntry);
    },
    async listAuditPage(companyId, opts) {
      // The undo's trigger and who pressed Undo are read out of the order's JSON: its restore keys can be thousands.
      const rows = await db.select({
        entry: ph, productExternalId: products.externalId, variantExternalId: productVariants.externalId,
        productName: products.name, productSku: products.sku, variantSku: productVariants.variantSku,
        workOrderTitle: wo.title, approvedBy: wo.approvedBy,
        undoTrigger: sql<string | null>`${wo.undoRequest} ->> 'trigger'`, undoneBy: sql<string | null>`${wo.undoRequest} ->> 'by'`,
      })
        .from(ph)
        .innerJoin(products, eq(products.id, ph.productId))
        .leftJoin(productVariants, eq(productVariants.id, ph.variantId))
        .leftJoin(wo, auditedOrderJoin(ph, wo, companyId))
        .where(historyPageWhere(ph, companyId, opts))
        .orderBy(asc(ph.createdAt), asc(ph.id)).limit(opts.limit);
      return rows.map(toAuditedEntry);
    },
    async listForCompany(companyId, { after, until, limit }) {
      const rows = await db.select({ entry: ph, productExternalId: products.externalId, variantExternalId: productVariants.externalId })
        .from(ph)
        .innerJoin(products, eq(products.id, ph.productId))
        .leftJoin(productVariants, eq(productVariants.id, ph.variantId))
        .where(and(eq(ph.companyId, companyId), gt(ph.createdAt, after), lte(ph.createdAt, until)))
        .orderBy(asc(ph.createdAt), asc(ph.id)).limit(limit ?? 1_000_000);
      return rows.map(toListedEntry);
    },
  };
}
