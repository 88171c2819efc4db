/**
 * The syncs running in this process, one per company at most: starting a second one is refused
 * (the caller answers 409), and cancelling signals the running one's AbortController.
 *
 * The registry lives in memory, which is enough because one API process serves one SQLite file.
 * With PostgreSQL and several API instances, two instances could each run a sync of the same
 * company and a cancel could land on the wrong one (docs/decisions/006-catalog-sync.md): the
 * catalog stays consistent (each batch of pages is one upsert transaction under the company row lock),
 * only the duplicate work is not prevented.
 */

export interface RunningSync {
  companyId: string;
  startedAt: Date;
  /** Aborted by `cancel`; the sync engine and the store client both watch it. */
  signal: AbortSignal;
}

interface Entry extends RunningSync {
  controller: AbortController;
}

export class SyncRegistry {
  private readonly running = new Map<string, Entry>();

  /** Registers a sync of `companyId`; null when one is already running (check and claim in one step). */
  start(companyId: string, now = new Date()): RunningSync | null {
    if (this.running.has(companyId)) return null;
    const controller = new AbortController();
    const entry: Entry = { companyId, startedAt: now, signal: controller.signal, controller };
    this.running.set(companyId, entry);
    return entry;
  }

  /** Releases the company's slot; a stale handle (already replaced) changes nothing. */
  finish(handle: RunningSync): void {
    if (this.running.get(handle.companyId) === handle) this.running.delete(handle.companyId);
  }

  /** Signals the company's running sync to stop; false when none is running. */
  cancel(companyId: string, reason = 'cancelled by the user'): boolean {
    const entry = this.running.get(companyId);
    if (!entry) return false;
    entry.controller.abort(new Error(reason));
    return true;
  }

  isRunning(companyId: string): boolean {
    return this.running.has(companyId);
  }

  /** Cancels every running sync (graceful shutdown); returns how many were signalled. */
  cancelAll(reason = 'the server is shutting down'): number {
    for (const entry of this.running.values()) entry.controller.abort(new Error(reason));
    return this.running.size;
  }
}
