/**
 * The backups' scheduler of one API process (issue 17): once a day per company on a plan with
 * backups, a daily backup; and retention (the last 30 daily backups, on-demand ones for a year,
 * the ones taken before work orders for 30 days), whose expired backups are deleted once no later
 * delta rests on them.
 *
 * Restart-safe and once with any number of processes: every look asks the database which
 * companies have no backup for today's key (`daily:YYYY-MM-DD`, UTC), so a restart or a missed
 * poll only delays a backup; a process takes a company's 'backup' activity lease before it works
 * on it (another process skips that company meanwhile), and the key is unique per company, so a
 * backup is stored once even should two processes get there. Up to BACKUPS_AT_ONCE companies
 * are backed up at once (issue 32).
 */
import { hostname } from 'node:os';
import { BACKUP_RETENTION } from '@catalog/contracts/backups';
import { plansWithFeature } from '@catalog/contracts/plans';
import type { Database } from '../../db/repositories';
import type { Logger } from '../../lib/logger';
import { WorkSlots } from '../../lib/work-slots';
import { dailyKey, takeBackup } from './backups';

/** How often the database is asked for companies due a daily backup. */
export const DEFAULT_BACKUP_POLL_MS = 60_000;
/** Companies backed up per look; the rest wait for the next (they stay due). */
const COMPANIES_PER_LOOK = 25;
/** Expired backups deleted per look. */
const DELETES_PER_LOOK = 500;
/** Companies backed up at once per process (each reads and writes only the database). */
const BACKUPS_AT_ONCE = 4;
/** How long a process holds a company's backup lease; one backup takes well under a second. */
const LEASE_MS = 5 * 60_000;

export interface BackupSchedulerOptions {
  db: Database;
  logger: Logger;
  /** This process's name on the leases it takes. Default: host, pid and a random suffix. */
  owner?: string;
  pollMs?: number;
  now?: () => Date;
}

export function createBackupScheduler(o: BackupSchedulerOptions) {
  const owner = o.owner ?? `${hostname()}:${process.pid}:${crypto.randomUUID().slice(0, 8)}`;
  const pollMs = o.pollMs ?? DEFAULT_BACKUP_POLL_MS;
  const now = o.now ?? (() => new Date());
  const log = o.logger.child({ backups: owner });
  let timer: ReturnType<typeof setInterval> | undefined;
  let polling = false;
  /** Set by stop(): a look in progress ends after the company it is on. */
  let halted = false;
  let ticking: Promise<void> | null = null;
  const slots = new WorkSlots(BACKUPS_AT_ONCE);

  /** One look: today's daily backups that are missing, then retention. A look asked for while one runs joins it. */
  function tick(): Promise<void> {
    if (ticking) return ticking;
    ticking = (async () => {
      try {
        await dailyBackups();
        await retention();
      } catch (err) {
        log.error('the backup scheduler failed', { error: String(err) });
      } finally {
        ticking = null;
      }
    })();
    return ticking;
  }

  async function dailyBackups() {
    const at = now();
    const key = dailyKey(at);
    const due = await o.db.backups.companiesWithout(key, plansWithFeature('pricingBackups'), COMPANIES_PER_LOOK);
    // Companies at once: one company's large catalog does not hold the others' backups.
    await Promise.all(due.map((companyId) => slots.run(() => (halted ? Promise.resolve() : dailyBackup(companyId, key, at)))));
  }

  async function dailyBackup(companyId: string, key: string, at: Date) {
    const taken = await o.db.activities.acquire(companyId, 'backup', { owner, now: at, expiresAt: new Date(at.getTime() + LEASE_MS) });
    if (!taken) return; // another process is on it
    try {
      // Another process may have finished it between the look and the lease.
      if (await o.db.backups.findByKey(companyId, key)) return;
      const backup = await takeBackup(o.db, companyId, { trigger: 'daily', dedupeKey: key, now: at });
      if (backup) log.info('daily backup taken', { companyId, backupId: backup.id, depth: backup.depth, bytes: backup.data.length });
    } catch (err) {
      log.error('a daily backup failed; it is tried again at the next look', { companyId, error: String(err) });
    } finally {
      await o.db.activities.release(companyId, 'backup', owner).catch(() => undefined);
    }
  }

  async function retention() {
    const expired = await o.db.backups.expire(now(), BACKUP_RETENTION.dailyKept);
    const deleted = await o.db.backups.deleteUnneeded(DELETES_PER_LOOK).catch((err: unknown) => {
      // A backup was just made to rest on one being deleted (another process): the next look retries.
      log.warn('deleting expired backups stopped', { error: String(err) });
      return 0;
    });
    if (expired + deleted > 0) log.info('backup retention', { expired, deleted });
  }

  return {
    owner,
    /** Starts polling; looks at once. */
    start() {
      if (polling) return;
      polling = true;
      halted = false;
      timer = setInterval(() => void tick(), pollMs);
      timer.unref?.();
      void tick();
    },
    /** Looks now (tests; also what the poll does). */
    kick: () => tick(),
    /** Stops polling and waits for a look in progress. */
    async stop() {
      polling = false;
      halted = true;
      clearInterval(timer);
      await ticking;
    },
  };
}
