/**
 * The company of a store that uninstalled the app is kept 30 days (contracts
 * UNINSTALLED_DATA_KEPT_DAYS): installing again within them brings it back. After them, this job
 * deletes it, with everything of it (the foreign keys cascade). Every API process runs it hourly;
 * deleting what another process deleted a moment ago changes nothing.
 */
import { UNINSTALLED_DATA_KEPT_DAYS } from '@catalog/contracts/bigcommerce-app';
import type { Database } from '../../db/repositories';
import type { Logger } from '../../lib/logger';

const DAY_MS = 86_400_000;
/** Companies deleted per batch (each batch one query, then one delete each). */
const BATCH = 50;

/** Deletes the companies whose store uninstalled the app more than 30 days before `now`; how many. */
export async function purgeUninstalled(db: Database, now: Date, log: Logger): Promise<number> {
  const before = new Date(now.getTime() - UNINSTALLED_DATA_KEPT_DAYS * DAY_MS);
  let purged = 0;
  for (;;) {
    const due = await db.bigcommerceApp.uninstalledBefore(before, BATCH);
    for (const installation of due) {
      await db.companies.delete(installation.companyId);
      await db.bigcommerceApp.deleteInstallation(installation.storeHash);
      log.info('deleted the data of a store that uninstalled the app 30 days ago', { store: installation.storeHash, companyId: installation.companyId });
    }
    purged += due.length;
    if (due.length < BATCH) return purged;
  }
}

/** Runs the purge now and every hour; `stop` ends it. */
export function startPurging(db: Database, log: Logger, now: () => Date = () => new Date()): { stop: () => void } {
  const run = () => void purgeUninstalled(db, now(), log).catch((err: unknown) => log.warn('purging uninstalled stores failed', { error: String(err) }));
  run();
  const timer = setInterval(run, 3_600_000);
  timer.unref?.();
  return { stop: () => clearInterval(timer) };
}
