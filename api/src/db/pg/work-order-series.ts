/**
 * PostgreSQL: repeating orders' series (issue 36). The reads and the end of a series, the series
 * a first run starts (inserted in its create's transaction, before the run that names it), and the
 * end of the series whose pending runs a store change cancelled. Conditions and rows:
 * repository-shared.work-order-series.ts.
 */
import { and, isNull } from 'drizzle-orm';
import type { NewWorkOrder, WorkOrderSeries, WorkOrdersRepository } from '../repositories';
import { newSeriesRow, openSeriesWhere, seriesOfCompanyWhere } from '../repository-shared.work-order-series';
import { workOrderSeries as series } from '../schema.pg';
import { chunks } from '../sql-helpers';
import type { PgDb } from './types';

/** The repository's series methods. */
export function pgSeriesMethods(db: PgDb): Pick<WorkOrdersRepository, 'series' | 'endSeries'> {
  return {
    async series(companyId, ids) {
      const found = new Map<string, WorkOrderSeries>();
      for (const chunk of chunks([...new Set(ids)])) {
        for (const row of await db.select().from(series).where(seriesOfCompanyWhere(series, companyId, chunk))) found.set(row.id, row);
      }
      return found;
    },
    async endSeries(companyId, id, reason, now = new Date()) {
      const ended = await db.update(series).set({ endedAt: now, endReason: reason }).where(openSeriesWhere(series, companyId, id)).returning({ id: series.id });
      return ended.length > 0;
    },
  };
}

/** The series a first run starts (none for other orders); `undo`: the run was not inserted after all, its series goes. */
export async function insertSeries(db: PgDb, companyId: string, input: NewWorkOrder, now: Date): Promise<{ undo(): Promise<unknown> } | null> {
  const row = newSeriesRow(companyId, input, now);
  if (!row) return null;
  await db.insert(series).values(row);
  return { undo: () => db.delete(series).where(seriesOfCompanyWhere(series, companyId, [row.id])) };
}

/** Ends the company's open series among `ids` with `reason` (their pending runs were cancelled). */
export async function endSeriesOf(db: PgDb, companyId: string, ids: readonly (string | null)[], reason: string, now: Date): Promise<void> {
  const open = [...new Set(ids.filter((id): id is string => id !== null))];
  for (const chunk of chunks(open)) {
    await db.update(series).set({ endedAt: now, endReason: reason }).where(and(seriesOfCompanyWhere(series, companyId, chunk), isNull(series.endedAt)));
  }
}
