/** PostgreSQL backups repository (issue 17; the contract is repositories.backups.ts). */
import { and, asc, count, desc, eq, isNull, lte, sql } from 'drizzle-orm';
import { afterKey, keysetOrder } from '../keyset';
import type { BackupsRepository } from '../repositories';
import {
  backedUpRecordColumns, backupInCompany, backupRowColumns, backupsSince, beyondNewestDaily, companiesWithoutBackupWhere, listedBackups, newBackupRow,
  liveRecordsOf, pastRetention, unneededBackups,
} from '../repository-shared.backups';
import { backups as b, companies, priceListRecords, products, productVariants } from '../schema.pg';
import type { PgDb } from './types';

export function pgBackups(db: PgDb): BackupsRepository {
  return {
    async create(companyId, input) {
      const [row] = await db.insert(b).values(newBackupRow(companyId, input))
        .onConflictDoNothing({ target: [b.companyId, b.dedupeKey] }).returning();
      return row ?? null;
    },
    async get(companyId, id) {
      const [row] = await db.select().from(b).where(backupInCompany(b, companyId, id));
      return row ?? null;
    },
    async findByKey(companyId, dedupeKey) {
      const [row] = await db.select(backupRowColumns(b)).from(b).where(and(eq(b.companyId, companyId), eq(b.dedupeKey, dedupeKey)));
      return row ?? null;
    },
    async list(companyId, page) {
      const rows = db.select(backupRowColumns(b)).from(b).where(and(listedBackups(b, companyId), afterKey(b.createdAt, b.id, page?.after, 'newest')))
        .orderBy(...keysetOrder(b.createdAt, b.id, 'newest'));
      return page ? rows.limit(page.limit) : rows;
    },
    async latest(companyId) {
      const [row] = await db.select(backupRowColumns(b)).from(b).where(eq(b.companyId, companyId)).orderBy(desc(b.createdAt), desc(b.id)).limit(1);
      return row ?? null;
    },
    async latestAt(companyId, at) {
      const [row] = await db.select(backupRowColumns(b)).from(b).where(and(listedBackups(b, companyId), lte(b.createdAt, at)))
        .orderBy(desc(b.createdAt), desc(b.id)).limit(1);
      return row ?? null;
    },
    async countSince(companyId, trigger, since) {
      const [row] = await db.select({ n: count() }).from(b).where(backupsSince(b, companyId, trigger, since));
      return row?.n ?? 0;
    },
    async companiesWithout(dedupeKey, plans, limit) {
      if (plans.length === 0) return [];
      const rows = await db.select({ id: companies.id }).from(companies).where(companiesWithoutBackupWhere(companies, dedupeKey, plans))
        .orderBy(asc(companies.id)).limit(limit);
      return rows.map((r) => r.id);
    },
    async expire(now, keepDaily) {
      return db.transaction(async (tx) => {
        const timed = (await tx.update(b).set({ expiredAt: now }).where(pastRetention(b, now))).rowCount ?? 0;
        const counted = (await tx.update(b).set({ expiredAt: now }).where(beyondNewestDaily(b, keepDaily))).rowCount ?? 0;
        return timed + counted;
      });
    },
    async deleteUnneeded(limit) {
      let deleted = 0;
      while (deleted < limit) {
        const n = (await db.execute(sql`delete from backups where id in (select id from backups where ${unneededBackups()} limit ${limit - deleted})`)).rowCount ?? 0;
        if (n === 0) break;
        deleted += n;
      }
      return deleted;
    },
    async catalogPrices(companyId) {
      const productRows = await db.select({
        externalId: products.externalId, name: products.name, sku: products.sku,
        regularPriceCents: products.regularPriceCents, salePriceCents: products.salePriceCents, baseVariantId: products.baseVariantId,
      }).from(products).where(and(eq(products.companyId, companyId), isNull(products.deletedAt))).orderBy(asc(products.externalId));
      const variantRows = await db.select({
        externalId: productVariants.externalId, productExternalId: products.externalId, variantSku: productVariants.variantSku,
        regularPriceCents: productVariants.regularPriceCents, salePriceCents: productVariants.salePriceCents,
      }).from(productVariants).innerJoin(products, eq(products.id, productVariants.productId))
        .where(and(eq(productVariants.companyId, companyId), isNull(productVariants.deletedAt), isNull(products.deletedAt)))
        .orderBy(asc(productVariants.externalId));
      return { products: productRows, variants: variantRows };
    },
    async priceListRecords(companyId, only) {
      const r = priceListRecords;
      return db.select(backedUpRecordColumns(r)).from(r).where(liveRecordsOf(r, companyId, only))
        .orderBy(asc(r.priceListId), asc(r.currency), asc(r.variantId));
    },
  };
}
