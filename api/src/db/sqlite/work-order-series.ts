/**
 * SQLite: repeating orders' series (issue 36). The reads and the end of a series, the series a
 * first run starts (inserted in its create's transaction, before the run that names it), and the
 * end of the series whose pending runs a store change cancelled. Conditions and rows:
 * repository-shared.work-order-series.ts.
 */
import { and, isNull } from 'drizzle-orm';
import type { NewWorkOrder, WorkOrderSeries, WorkOrdersRepository } from '../repositories';
import { newSeriesRow, openSeriesWhere, seriesOfCompanyWhere } from '../repository-shared.work-order-series';
import { workOrderSeries as series } from '../schema.sqlite';
import { chunks } from '../sql-helpers';
import type { SqliteDb } from './types';

/** The repository's series methods. */
export function sqliteSeriesMethods(db: SqliteDb): Pick<WorkOrdersRepository, 'series' | 'endSeries'> {
  return {
    async series(companyId, ids) {
      const found = new Map<string, WorkOrderSeries>();
      for (const chunk of chunks([...new Set(ids)])) {
        for (const row of db.select().from(series).where(seriesOfCompanyWhere(series, companyId, chunk)).all()) found.set(row.id, row);
      }
      return found;
    },
    async endSeries(companyId, id, reason, now = new Date()) {
      return db.update(series).set({ endedAt: now, endReason: reason }).where(openSeriesWhere(series, companyId, id)).returning({ id: series.id }).all().length > 0;
    },
  };
}

/** The series a first run starts (none for other orders); `undo`: the run was not inserted after all, its series goes. */
export function insertSeries(db: SqliteDb, companyId: string, input: NewWorkOrder, now: Date): { undo(): void } | null {
  const row = newSeriesRow(companyId, input, now);
  if (!row) return null;
  db.insert(series).values(row).run();
  return { undo: () => void db.delete(series).where(seriesOfCompanyWhere(series, companyId, [row.id])).run() };
}

/** Ends the company's open series among `ids` with `reason` (their pending runs were cancelled). */
export function endSeriesOf(db: SqliteDb, companyId: string, ids: readonly (string | null)[], reason: string, now: Date): void {
  const open = [...new Set(ids.filter((id): id is string => id !== null))];
  for (const chunk of chunks(open)) {
    db.update(series).set({ endedAt: now, endReason: reason }).where(and(seriesOfCompanyWhere(series, companyId, chunk), isNull(series.endedAt))).run();
  }
}
