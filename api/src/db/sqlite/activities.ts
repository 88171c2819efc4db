/**
 * SQLite company activity leases (sync). Acquiring is one INSERT ... ON CONFLICT DO UPDATE that
 * takes over only an expired lease, so the check and the claim are one statement.
 */
import { lte } from 'drizzle-orm';
import type { CompanyActivitiesRepository } from '../repositories';
import { activityLeaseRow, heldActivity, liveActivity, toActivityLease } from '../repository-shared';
import { companyActivities as ca } from '../schema.sqlite';
import type { SqliteDb } from './types';

export function sqliteActivities(db: SqliteDb): CompanyActivitiesRepository {
  return {
    async acquire(companyId, activity, { owner, now, expiresAt }) {
      const row = db.insert(ca).values({ companyId, activity, ...activityLeaseRow({ owner, now, expiresAt }) })
        .onConflictDoUpdate({
          target: [ca.companyId, ca.activity],
          set: activityLeaseRow({ owner, now, expiresAt }),
          setWhere: lte(ca.expiresAt, now),
        })
        .returning({ owner: ca.owner }).get();
      return row?.owner === owner;
    },
    async renew(companyId, activity, owner, { expiresAt, progress }) {
      const row = db.update(ca).set(progress === undefined ? { expiresAt } : { expiresAt, progress })
        .where(heldActivity(ca, companyId, activity, owner)).returning({ cancelRequested: ca.cancelRequested }).get();
      return row ? { cancelRequested: row.cancelRequested } : null;
    },
    async release(companyId, activity, owner) {
      db.delete(ca).where(heldActivity(ca, companyId, activity, owner)).run();
    },
    async requestCancel(companyId, activity, now) {
      const row = db.update(ca).set({ cancelRequested: true })
        .where(liveActivity(ca, companyId, activity, now)).returning({ owner: ca.owner }).get();
      return row !== undefined;
    },
    async get(companyId, activity, now) {
      const row = db.select().from(ca).where(liveActivity(ca, companyId, activity, now)).get();
      return row ? toActivityLease(row) : null;
    },
  };
}
