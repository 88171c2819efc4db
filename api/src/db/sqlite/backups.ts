/** SQLite backups repository (issue 17; the contract is repositories.backups.ts). */
import { and, asc, count, desc, eq, isNull, lte, sql } from 'drizzle-orm';
import { afterKey, keysetOrder } from '../keyset';
import type { BackupsRepository } from '../repositories';
import {
  backedUpRecordColumns, backupInCompany, backupRowColumns, backupsSince, beyondNewestDaily, companiesWithoutBackupWhere, listedBackups, newBackupRow,
  liveRecordsOf, pastRetention, unneededBackups,
} from '../repository-shared.backups';
import { backups as b, companies, priceListRecords, products, productVariants } from '../schema.sqlite';
import type { SqliteDb } from './types';

export function sqliteBackups(db: SqliteDb): BackupsRepository {
  return {
    async create(companyId, input) {
      const row = db.insert(b).values(newBackupRow(companyId, input))
        .onConflictDoNothing({ target: [b.companyId, b.dedupeKey] }).returning().get();
      return row ?? null;
    },
    async get(companyId, id) {
      return db.select().from(b).where(backupInCompany(b, companyId, id)).get() ?? null;
    },
    async findByKey(companyId, dedupeKey) {
      return db.select(backupRowColumns(b)).from(b).where(and(eq(b.companyId, companyId), eq(b.dedupeKey, dedupeKey))).get() ?? null;
    },
    async list(companyId, page) {
      const rows = db.select(backupRowColumns(b)).from(b).where(and(listedBackups(b, companyId), afterKey(b.createdAt, b.id, page?.after, 'newest')))
        .orderBy(...keysetOrder(b.createdAt, b.id, 'newest'));
      return (page ? rows.limit(page.limit) : rows).all();
    },
    async latest(companyId) {
      return db.select(backupRowColumns(b)).from(b).where(eq(b.companyId, companyId)).orderBy(desc(b.createdAt), desc(b.id)).limit(1).get() ?? null;
    },
    async latestAt(companyId, at) {
      return db.select(backupRowColumns(b)).from(b).where(and(listedBackups(b, companyId), lte(b.createdAt, at)))
        .orderBy(desc(b.createdAt), desc(b.id)).limit(1).get() ?? null;
    },
    async countSince(companyId, trigger, since) {
      return db.select({ n: count() }).from(b).where(backupsSince(b, companyId, trigger, since)).get()?.n ?? 0;
    },
    async companiesWithout(dedupeKey, plans, limit) {
      if (plans.length === 0) return [];
      const rows = db.select({ id: companies.id }).from(companies).where(companiesWithoutBackupWhere(companies, dedupeKey, plans))
        .orderBy(asc(companies.id)).limit(limit).all();
      return rows.map((r) => r.id);
    },
    async expire(now, keepDaily) {
      return db.transaction((tx) => {
        const timed = tx.update(b).set({ expiredAt: now }).where(pastRetention(b, now)).run().changes;
        const counted = tx.update(b).set({ expiredAt: now }).where(beyondNewestDaily(b, keepDaily)).run().changes;
        return timed + counted;
      }, { behavior: 'immediate' });
    },
    async deleteUnneeded(limit) {
      let deleted = 0;
      while (deleted < limit) {
        const n = db.run(sql`delete from backups where id in (select id from backups where ${unneededBackups()} limit ${limit - deleted})`).changes;
        if (n === 0) break;
        deleted += n;
      }
      return deleted;
    },
    async catalogPrices(companyId) {
      const productRows = db.select({
        externalId: products.externalId, name: products.name, sku: products.sku,
        regularPriceCents: products.regularPriceCents, salePriceCents: products.salePriceCents, baseVariantId: products.baseVariantId,
      }).from(products).where(and(eq(products.companyId, companyId), isNull(products.deletedAt))).orderBy(asc(products.externalId)).all();
      const variantRows = db.select({
        externalId: productVariants.externalId, productExternalId: products.externalId, variantSku: productVariants.variantSku,
        regularPriceCents: productVariants.regularPriceCents, salePriceCents: productVariants.salePriceCents,
      }).from(productVariants).innerJoin(products, eq(products.id, productVariants.productId))
        .where(and(eq(productVariants.companyId, companyId), isNull(productVariants.deletedAt), isNull(products.deletedAt)))
        .orderBy(asc(productVariants.externalId)).all();
      return { products: productRows, variants: variantRows };
    },
    async priceListRecords(companyId, only) {
      const r = priceListRecords;
      return db.select(backedUpRecordColumns(r)).from(r).where(liveRecordsOf(r, companyId, only))
        .orderBy(asc(r.priceListId), asc(r.currency), asc(r.variantId)).all();
    },
  };
}
