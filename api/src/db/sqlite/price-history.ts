/** SQLite price history repository. */
import { and, asc, eq, gt, inArray, lte } from 'drizzle-orm';
import { historyRows } from '../catalog-plan';
import { afterKey, keysetOrder } from '../keyset';
import { NotFoundError, rethrowUnique } from '../errors';
import type { NewPriceHistoryEntry, PriceHistoryEntry, PriceHistoryRepository } from '../repositories';
import { priceHistory as ph, productVariants, products } from '../schema.sqlite';
import { historyPageWhere, toExportedEntry, toListedEntry } from '../repository-shared';
import { chunks } from '../sql-helpers';
import type { SqliteDb } from './types';

export function sqlitePriceHistory(db: SqliteDb): PriceHistoryRepository {
  function write(companyId: string, entries: NewPriceHistoryEntry[]): PriceHistoryEntry[] {
    return db.transaction((tx) => {
      // The product (and variant) must be this company's: history never crosses companies.
      const productIds = [...new Set(entries.map((e) => e.productId))];
      const found = chunks(productIds).flatMap((ids) => tx.select({ id: products.id }).from(products)
        .where(and(eq(products.companyId, companyId), inArray(products.id, ids))).all());
      if (found.length !== productIds.length) throw new NotFoundError('price history for an unknown product');
      const variantIds = [...new Set(entries.flatMap((e) => (e.variantId ? [e.variantId] : [])))];
      const foundVariants = chunks(variantIds).flatMap((ids) => tx.select({ id: productVariants.id }).from(productVariants)
        .where(and(eq(productVariants.companyId, companyId), inArray(productVariants.id, ids))).all());
      if (foundVariants.length !== variantIds.length) throw new NotFoundError('price history for an unknown variant');
      const rows = historyRows(companyId, entries, new Date());
      for (const chunk of chunks(rows)) tx.insert(ph).values(chunk).run();
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
