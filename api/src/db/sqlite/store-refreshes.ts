/**
 * SQLite store webhook queue: delivery hashes seen (deduplication) and the products waiting to
 * be re-read (one row per product: coalesced). Receiving is one immediate transaction.
 */
import { and, asc, eq, lt, lte, min, sql } from 'drizzle-orm';
import type { StoreRefreshesRepository } from '../repositories';
import { refreshedProducts } from '../repository-shared';
import { storeRefreshes as sr, storeWebhookReceipts as receipts } from '../schema.sqlite';
import type { SqliteDb } from './types';

export function sqliteStoreRefreshes(db: SqliteDb): StoreRefreshesRepository {
  return {
    async receive(companyId, { hash, productIds, at }) {
      return db.transaction((tx) => {
        const fresh = tx.insert(receipts).values({ companyId, hash, receivedAt: at }).onConflictDoNothing().returning({ hash: receipts.hash }).all();
        if (fresh.length === 0) return false;
        const ids = [...new Set(productIds)];
        if (ids.length > 0) {
          tx.insert(sr).values(ids.map((externalId) => ({ companyId, kind: 'product', externalId, queuedAt: at })))
            .onConflictDoUpdate({ target: [sr.companyId, sr.kind, sr.externalId], set: { queuedAt: sql`excluded.queued_at` } }).run();
        }
        return true;
      }, { behavior: 'immediate' });
    },
    async due(before, limit) {
      const rows = db.select({ companyId: sr.companyId, oldest: min(sr.queuedAt) }).from(sr)
        .where(lte(sr.queuedAt, before)).groupBy(sr.companyId).orderBy(asc(min(sr.queuedAt))).limit(limit).all();
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
