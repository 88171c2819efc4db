/**
 * The per-company sync slot, held in the database (db.activities, activity 'sync') so it holds
 * across API processes: starting a second sync anywhere is refused (the caller answers 409), a
 * cancel sent to any process stops the running one, and any process can read its progress.
 *
 * The running sync keeps a lease: every `pollMs` it reads its row (the cancel flag) or, when its
 * progress changed or a heartbeat is due (`heartbeatMs`), renews it with the latest progress. A
 * process that dies stops renewing, and the lease lapses after `leaseMs`, freeing the slot.
 * A cancel on the process running the sync also aborts it at once (the in-process fast path).
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { SyncProgress } from '@catalog/contracts/sync';
import type { Database } from '../../db/repositories';

export interface RunningSync {
  companyId: string;
  startedAt: Date;
  /** Aborted by a cancel (from any process); the sync engine and the store client both watch it. */
  signal: AbortSignal;
  /** The sync's latest progress; written to its lease row at the next tick. */
  report(progress: SyncProgress): void;
}

/** A company's running sync as any process sees it. */
export type SyncStatus = { running: false } | ({ running: true; startedAt: Date } & SyncProgress);

export interface SyncLeaseTiming {
  /** How long a lease lives without a heartbeat (a dead process frees the slot after this). */
  leaseMs: number;
  /** How often the running sync renews its lease when nothing else made it write. */
  heartbeatMs: number;
  /** How often the running sync reads its cancel flag (and writes new progress). */
  pollMs: number;
}

export const SYNC_LEASE_TIMING: SyncLeaseTiming = { leaseMs: 30_000, heartbeatMs: 5_000, pollMs: 400 };

/** What the status shows for a sync that has not reported progress yet. */
const STARTING: SyncProgress = { stage: 'starting', percentage: 0, message: 'Starting the sync' };

interface Entry extends RunningSync {
  owner: string;
  controller: AbortController;
  timer: ReturnType<typeof setInterval>;
}

export class SyncRegistry {
  /** The syncs this process runs (for the fast local cancel and shutdown). */
  private readonly running = new Map<string, Entry>();
  private readonly processId = `${hostname()}:${process.pid}`;
  private readonly timing: SyncLeaseTiming;

  constructor(private readonly db: Database, timing: Partial<SyncLeaseTiming> = {}) {
    this.timing = { ...SYNC_LEASE_TIMING, ...timing };
  }

  /** Takes the company's sync slot; null when a sync holds it on any process (check and claim in one statement). */
  async start(companyId: string, now = new Date()): Promise<RunningSync | null> {
    const owner = `${this.processId}:${randomUUID()}`;
    const acquired = await this.db.activities.acquire(companyId, 'sync', { owner, now, expiresAt: this.expiry(now) });
    if (!acquired) return null;
    const controller = new AbortController();
    let latest: SyncProgress | undefined;
    let written: SyncProgress | undefined;
    let renewedAt = now.getTime();
    let busy = false;
    const tick = async () => {
      if (busy || controller.signal.aborted) return;
      busy = true;
      try {
        const at = new Date();
        let cancelRequested: boolean;
        if (latest !== written || at.getTime() - renewedAt >= this.timing.heartbeatMs) {
          const progress = latest;
          const renewed = await this.db.activities.renew(companyId, 'sync', owner, { expiresAt: this.expiry(at), progress });
          if (!renewed) return controller.abort(new Error('the sync lost its lease'));
          written = progress;
          renewedAt = at.getTime();
          cancelRequested = renewed.cancelRequested;
        } else {
          const lease = await this.db.activities.get(companyId, 'sync', at);
          if (!lease || lease.owner !== owner) return controller.abort(new Error('the sync lost its lease'));
          cancelRequested = lease.cancelRequested;
        }
        if (cancelRequested) controller.abort(new Error('cancelled by the user'));
      } catch {
        // A failed tick (the database briefly unreachable) is retried at the next one; the lease
        // outlives many ticks.
      } finally {
        busy = false;
      }
    };
    const timer = setInterval(() => void tick(), this.timing.pollMs);
    timer.unref?.();
    const entry: Entry = {
      companyId, startedAt: now, signal: controller.signal, owner, controller, timer,
      report: (progress) => {
        latest = progress;
      },
    };
    this.running.get(companyId)?.controller.abort(new Error('replaced by a newer sync'));
    this.running.set(companyId, entry);
    return entry;
  }

  /** Releases the company's slot; a stale handle (its lease taken over since) changes nothing. */
  async finish(handle: RunningSync): Promise<void> {
    const entry = handle as Entry;
    clearInterval(entry.timer);
    if (this.running.get(handle.companyId) === entry) this.running.delete(handle.companyId);
    await this.db.activities.release(handle.companyId, 'sync', entry.owner).catch(() => {
      // The database is gone (shutdown): the lease lapses on its own.
    });
  }

  /** Signals the company's running sync, on whichever process, to stop; false when none is running. */
  async cancel(companyId: string, reason = 'cancelled by the user'): Promise<boolean> {
    const local = this.running.get(companyId);
    const flagged = await this.db.activities.requestCancel(companyId, 'sync', new Date());
    if (local && !local.signal.aborted) {
      local.controller.abort(new Error(reason));
      return true;
    }
    return flagged;
  }

  async isRunning(companyId: string): Promise<boolean> {
    return (await this.db.activities.get(companyId, 'sync', new Date())) !== null;
  }

  /** The company's running sync (on any process) and its latest progress. */
  async status(companyId: string): Promise<SyncStatus> {
    const lease = await this.db.activities.get(companyId, 'sync', new Date());
    if (!lease) return { running: false };
    const progress = (lease.progress as SyncProgress | null) ?? STARTING;
    return { running: true, stage: progress.stage, percentage: progress.percentage, message: progress.message, startedAt: lease.startedAt };
  }

  /** Cancels every sync this process runs (graceful shutdown); returns how many were signalled. */
  cancelAll(reason = 'the server is shutting down'): number {
    for (const entry of this.running.values()) entry.controller.abort(new Error(reason));
    return this.running.size;
  }

  private expiry(now: Date): Date {
    return new Date(now.getTime() + this.timing.leaseMs);
  }
}
