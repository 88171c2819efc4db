/**
 * SQLite publication of the lowest prior prices to the storefront (repositories.prior-price.ts):
 * a company's publication state and the metafields written to its store. One connection per
 * process: each method's statements run whole, a replace in one transaction.
 */
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { PriorPriceRepository } from '../repositories';
import {
  dueCondition, liveLeaseOf, oneMoreRequested, publishedRow, ROWS_PER_INSERT, runEndSet, toPublication,
} from '../repository-shared.prior-price';
import { apiSettings as s, companies as c, companyActivities as a, priorPriceMetafields as m, priorPricePublications as p } from '../schema.sqlite';
import type { SqliteDb } from './types';

export function sqlitePriorPrice(db: SqliteDb): PriorPriceRepository {
  const upsert = (tx: SqliteDb, rows: ReturnType<typeof publishedRow>[]) => {
    for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
      tx.insert(m).values(rows.slice(i, i + ROWS_PER_INSERT)).onConflictDoUpdate({
        target: [m.companyId, m.variantId],
        set: { metafieldId: sql`excluded.metafield_id`, value: sql`excluded.value`, updatedAt: sql`excluded.updated_at` },
      }).run();
    }
  };
  return {
    async markChanged(companyId) {
      db.update(p).set(oneMoreRequested(p)).where(eq(p.companyId, companyId)).run();
    },
    async due(now, limit) {
      const lease = db.select({ one: sql`1` }).from(a).where(liveLeaseOf({ c, a }, now));
      const rows = db.select({ id: c.id }).from(c).innerJoin(s, eq(s.companyId, c.id)).leftJoin(p, eq(p.companyId, c.id))
        .where(dueCondition({ c, s, p }, now, lease)).orderBy(asc(p.updatedAt)).limit(limit).all();
      return rows.map((r) => r.id);
    },
    async publication(companyId) {
      db.insert(p).values({ companyId }).onConflictDoNothing().run();
      return toPublication(db.select().from(p).where(eq(p.companyId, companyId)).get()!);
    },
    async overview(companyId) {
      const row = db.select().from(p).where(eq(p.companyId, companyId)).get();
      const [held] = db.select({ n: count() }).from(m).where(eq(m.companyId, companyId)).all();
      return { publication: row ? toPublication(row) : null, variants: held?.n ?? 0 };
    },
    async published(companyId) {
      return db.select({ variantId: m.variantId, metafieldId: m.metafieldId, value: m.value }).from(m)
        .where(eq(m.companyId, companyId)).orderBy(asc(m.variantId)).all();
    },
    async record(companyId, { written = [], removed = [] }) {
      const now = new Date();
      db.transaction((tx) => {
        upsert(tx, written.map((row) => publishedRow(companyId, row, now)));
        for (let i = 0; i < removed.length; i += ROWS_PER_INSERT) {
          tx.delete(m).where(and(eq(m.companyId, companyId), inArray(m.variantId, removed.slice(i, i + ROWS_PER_INSERT)))).run();
        }
      }, { behavior: 'immediate' });
    },
    async replace(companyId, rows) {
      const now = new Date();
      db.transaction((tx) => {
        tx.delete(m).where(eq(m.companyId, companyId)).run();
        upsert(tx, rows.map((row) => publishedRow(companyId, row, now)));
      }, { behavior: 'immediate' });
    },
    async finish(companyId, end) {
      db.update(p).set(runEndSet(end, new Date())).where(eq(p.companyId, companyId)).run();
    },
  };
}
