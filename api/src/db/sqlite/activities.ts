/**
 * SQLite company activity leases (sync). Acquiring is one INSERT ... ON CONFLICT DO UPDATE that
 * takes over only an expired lease, so the check and the claim are one statement.
 */
import { and, eq, gt, lte } from 'drizzle-orm';
import type { ActivityLease, CompanyActivitiesRepository, CompanyActivity } from '../repositories';
import { companyActivities as ca } from '../schema.sqlite';
import type { SqliteDb } from './types';

export function sqliteActivities(db: SqliteDb): CompanyActivitiesRepository {
  const scoped = (companyId: string, activity: CompanyActivity) => and(eq(ca.companyId, companyId), eq(ca.activity, activity));
  return {
    async acquire(companyId, activity, { owner, now, expiresAt }) {
      const row = db.insert(ca).values({ companyId, activity, owner, startedAt: now, expiresAt, cancelRequested: false, progress: null })
        .onConflictDoUpdate({
          target: [ca.companyId, ca.activity],
          set: { owner, startedAt: now, expiresAt, cancelRequested: false, progress: null },
          setWhere: lte(ca.expiresAt, now),
        })
        .returning({ owner: ca.owner }).get();
      return row?.owner === owner;
    },
    async renew(companyId, activity, owner, { expiresAt, progress }) {
      const row = db.update(ca).set(progress === undefined ? { expiresAt } : { expiresAt, progress })
        .where(and(scoped(companyId, activity), eq(ca.owner, owner))).returning({ cancelRequested: ca.cancelRequested }).get();
      return row ? { cancelRequested: row.cancelRequested } : null;
    },
    async release(companyId, activity, owner) {
      db.delete(ca).where(and(scoped(companyId, activity), eq(ca.owner, owner))).run();
    },
    async requestCancel(companyId, activity, now) {
      const row = db.update(ca).set({ cancelRequested: true })
        .where(and(scoped(companyId, activity), gt(ca.expiresAt, now))).returning({ owner: ca.owner }).get();
      return row !== undefined;
    },
    async get(companyId, activity, now) {
      const row = db.select().from(ca).where(and(scoped(companyId, activity), gt(ca.expiresAt, now))).get();
      return row ? ({ ...row, activity: row.activity as CompanyActivity } satisfies ActivityLease) : null;
    },
  };
}
