/**
 * SQLite store webhook queue: delivery hashes seen (deduplication) and the products waiting to
 * be re-read (one row per product: coalesced), both bounded per company (store-refresh-bounds.ts).
 * Receiving is one immediate transaction.
 */
import { and, asc, count, eq, gt, inArray, lt, lte, min, notExists, sql } from 'drizzle-orm';
import type { StoreRefreshesRepository } from '../repositories';
import { refreshedProducts } from '../repository-shared';
import { STORE_REFRESH_BOUNDS, StoreRefreshQueueFullError } from '../store-refresh-bounds';
import { companyActivities as activities, storeRefreshes as sr, storeWebhookReceipts as receipts } from '../schema.sqlite';
import type { SqliteDb } from './types';

export function sqliteStoreRefreshes(db: SqliteDb): StoreRefreshesRepository {
  /** The company's 'store-refresh' lease, live at `now`: a process is re-reading its products. */
  const leasedElsewhere = (now: Date) => db.select({ one: sql`1` }).from(activities)
    .where(and(eq(activities.companyId, sr.companyId), eq(activities.activity, 'store-refresh'), gt(activities.expiresAt, now)));

  return {
    async receive(companyId, { hash, productIds, at }, bounds = STORE_REFRESH_BOUNDS) {
      return db.transaction((tx) => {
        const fresh = tx.insert(receipts).values({ companyId, hash, receivedAt: at }).onConflictDoNothing().returning({ hash: receipts.hash }).all();
        if (fresh.length === 0) return false;
        const ids = [...new Set(productIds)];
        if (ids.length > 0) {
          // Products not queued yet make rows: refused (the transaction undone) past the queue's bound.
          const already = tx.select({ id: sr.externalId }).from(sr)
            .where(and(eq(sr.companyId, companyId), eq(sr.kind, 'product'), inArray(sr.externalId, ids))).all().length;
          if (already < ids.length) {
            const [queued] = tx.select({ n: count() }).from(sr).where(eq(sr.companyId, companyId)).all();
            if (queued!.n + ids.length - already > bounds.queued) throw new StoreRefreshQueueFullError(companyId);
          }
          tx.insert(sr).values(ids.map((externalId) => ({ companyId, kind: 'product', externalId, queuedAt: at })))
            .onConflictDoUpdate({ target: [sr.companyId, sr.kind, sr.externalId], set: { queuedAt: sql`excluded.queued_at` } }).run();
        }
        // Past the receipts kept, the company's oldest are forgotten.
        const [kept] = tx.select({ n: count() }).from(receipts).where(eq(receipts.companyId, companyId)).all();
        if (kept!.n > bounds.receipts) {
          const oldest = tx.select({ hash: receipts.hash }).from(receipts).where(eq(receipts.companyId, companyId))
            .orderBy(asc(receipts.receivedAt), asc(receipts.hash)).limit(kept!.n - bounds.receipts).all();
          tx.delete(receipts).where(and(eq(receipts.companyId, companyId), inArray(receipts.hash, oldest.map((r) => r.hash)))).run();
        }
        return true;
      }, { behavior: 'immediate' });
    },
    async due(before, limit, now = new Date()) {
      const rows = db.select({ companyId: sr.companyId, oldest: min(sr.queuedAt) }).from(sr)
        .where(and(lte(sr.queuedAt, before), notExists(leasedElsewhere(now)))).groupBy(sr.companyId).orderBy(asc(min(sr.queuedAt))).limit(limit).all();
      return rows.map((r) => r.companyId);
    },
    async pending(companyId, before, limit) {
      const rows = db.select({ externalId: sr.externalId }).from(sr)
        .where(and(eq(sr.companyId, companyId), eq(sr.kind, 'product'), lte(sr.queuedAt, before)))
        .orderBy(asc(sr.queuedAt), asc(sr.externalId)).limit(limit).all();
      return rows.map((r) => r.externalId);
    },
    async done(companyId, productIds, readAt) {
      if (productIds.length === 0) return;
      db.delete(sr).where(refreshedProducts(sr, companyId, productIds, readAt)).run();
    },
    async clear(companyId) {
      db.delete(sr).where(eq(sr.companyId, companyId)).run();
    },
    async pruneReceipts(before) {
      return db.delete(receipts).where(lt(receipts.receivedAt, before)).returning({ hash: receipts.hash }).all().length;
    },
  };
}
