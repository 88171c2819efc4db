/**
 * One run of a work order as its steps see it (run-snapshot, run-plan, run-write,
 * run-read-back, run-record, composed by executor.ts): the order, the lease it runs under and
 * the executor's options; and `finish`, the status change that ends a run, fenced by the lease.
 */
import type { Database, WorkOrder, WorkOrderPatch } from '../../db/repositories';
import type { Logger } from '../../lib/logger';
import type { BatchInfo, WriteOptions } from './store-writer';

/**
 * How a run ended: the order's new status ('undo_failed': the undo did not happen and the order
 * stays completed), 'lost' when another process holds its lease now, 'aborted' when the run's
 * signal stopped it (shutdown, a simulated crash) and a later claim resumes it.
 */
export type RunOutcome = 'completed' | 'failed' | 'undone' | 'undo_failed' | 'awaiting_approval' | 'lost' | 'aborted';

/** The executor's options its steps use, beyond the database and the clock. */
export interface StepOptions {
  /** Requests in flight, retry rounds and pauses of the store writes (tests shorten the pause). */
  writes?: Pick<WriteOptions, 'concurrency' | 'rounds' | 'retryPauseMs'>;
  /** Called after every store batch of a run (progress; tests abort here to simulate a crash). */
  onBatch?: (order: WorkOrder, info: BatchInfo) => void | Promise<void>;
  /**
   * Told when an order nobody was watching needs someone (issue 18): a scheduled run or an
   * end-time revert that failed or ended with a read-back warning. Emails the owners and admins
   * (attention.ts); its failures are logged, never the order's.
   */
  alert?: (order: WorkOrder, problem: string) => Promise<void>;
}

export interface RunContext extends StepOptions {
  db: Database;
  now: () => Date;
  /** The order as last saved by this run (an undo saves its plan and goes on with the saved order). */
  order: WorkOrder;
  /** This process's lease owner id: every update of the order is fenced by it. */
  owner: string;
  /** Aborts when the lease is lost or the run is stopped. */
  signal: AbortSignal;
  log: Logger;
  /** The run got as far as making its series' next run (series.ts continueSeries), or found it made. */
  seriesContinued?: boolean;
}

export const sentence = (s: string) => (/[.!?]$/.test(s.trim()) ? s.trim() : `${s.trim()}.`);
export const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * A status change, only while this run still holds the lease; 'lost' when it does not. A
 * problem (an error or a warning) of a run nobody started by hand (a scheduled order, an
 * end-time revert) marks the order for the dashboard and alerts the owners and admins.
 */
export async function finish<T extends RunOutcome>(ctx: RunContext, outcome: T, patch: WorkOrderPatch): Promise<T | 'lost'> {
  const problem = patch.error ?? patch.warning ?? null;
  const unattended = ctx.order.executedAt ? ctx.order.undoRequest?.trigger !== 'manual' : !ctx.order.executeImmediately;
  const attention = problem !== null && unattended;
  // Not read back (megabytes for a large order): only an alert reads the order as it is now.
  const held = await ctx.db.workOrders.set(
    ctx.order.companyId, ctx.order.id, { ...patch, needsAttention: attention, leaseOwner: null, leaseExpiresAt: null },
    { status: 'executing', leaseOwner: ctx.owner }, ctx.now(),
  );
  if (!held) return 'lost';
  if (attention && ctx.alert) {
    const alert = ctx.alert;
    await ctx.db.workOrders.get(ctx.order.companyId, ctx.order.id)
      .then((done) => (done ? alert(done, problem) : undefined))
      .catch((err: unknown) => ctx.log.warn('work order alert failed', { error: messageOf(err) }));
  }
  return outcome;
}

/** An order that did not run: failed, with the error saying why. */
export const failed = (ctx: RunContext, error: string) => finish(ctx, 'failed', { status: 'failed', error });

/** An undo that did not happen: the order stays completed with the error; the next Undo asks and plans afresh. */
export const undoFailed = (ctx: RunContext, error: string) =>
  finish(ctx, 'undo_failed', { status: 'completed', error, undoRequest: null, revertReport: null });
