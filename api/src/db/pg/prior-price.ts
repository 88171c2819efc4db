/**
 * PostgreSQL publication of the lowest prior prices to the storefront (repositories.prior-price.ts):
 * a company's publication state and the metafields written to its store. A record and a replace
 * are one transaction each; `publication` makes the row if missing in one statement, so two
 * processes asking at once both read the same row.
 */
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { PriorPriceRepository } from '../repositories';
import {
  dueCondition, liveLeaseOf, oneMoreRequested, publishedRow, ROWS_PER_INSERT, runEndSet, toPublication,
} from '../repository-shared.prior-price';
import { apiSettings as s, companies as c, companyActivities as a, priorPriceMetafields as m, priorPricePublications as p } from '../schema.pg';
import type { PgDb } from './types';

export function pgPriorPrice(db: PgDb): PriorPriceRepository {
  const upsert = async (tx: PgDb, rows: ReturnType<typeof publishedRow>[]) => {
    for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
      await tx.insert(m).values(rows.slice(i, i + ROWS_PER_INSERT)).onConflictDoUpdate({
        target: [m.companyId, m.variantId],
        set: { metafieldId: sql`excluded.metafield_id`, value: sql`excluded.value`, updatedAt: sql`excluded.updated_at` },
      });
    }
  };
  return {
    async markChanged(companyId) {
      await db.update(p).set(oneMoreRequested(p)).where(eq(p.companyId, companyId));
    },
    async due(now, limit) {
      const lease = db.select({ one: sql`1` }).from(a).where(liveLeaseOf({ c, a }, now));
      const rows = await db.select({ id: c.id }).from(c).innerJoin(s, eq(s.companyId, c.id)).leftJoin(p, eq(p.companyId, c.id))
        .where(dueCondition({ c, s, p }, now, lease)).orderBy(asc(p.updatedAt)).limit(limit);
      return rows.map((r) => r.id);
    },
    async publication(companyId) {
      await db.insert(p).values({ companyId }).onConflictDoNothing();
      const [row] = await db.select().from(p).where(eq(p.companyId, companyId));
      return toPublication(row!);
    },
    async overview(companyId) {
      const [[row], [held]] = await Promise.all([
        db.select().from(p).where(eq(p.companyId, companyId)),
        db.select({ n: count() }).from(m).where(eq(m.companyId, companyId)),
      ]);
      return { publication: row ? toPublication(row) : null, variants: held?.n ?? 0 };
    },
    async published(companyId) {
      return db.select({ variantId: m.variantId, metafieldId: m.metafieldId, value: m.value }).from(m)
        .where(eq(m.companyId, companyId)).orderBy(asc(m.variantId));
    },
    async record(companyId, { written = [], removed = [] }) {
      const now = new Date();
      await db.transaction(async (tx) => {
        await upsert(tx, written.map((row) => publishedRow(companyId, row, now)));
        for (let i = 0; i < removed.length; i += ROWS_PER_INSERT) {
          await tx.delete(m).where(and(eq(m.companyId, companyId), inArray(m.variantId, removed.slice(i, i + ROWS_PER_INSERT))));
        }
      });
    },
    async replace(companyId, rows) {
      const now = new Date();
      await db.transaction(async (tx) => {
        await tx.delete(m).where(eq(m.companyId, companyId));
        await upsert(tx, rows.map((row) => publishedRow(companyId, row, now)));
      });
    },
    async finish(companyId, end) {
      await db.update(p).set(runEndSet(end, new Date())).where(eq(p.companyId, companyId));
    },
  };
}
