/**
 * Holding a work order's execution lease while running it: renewed every third of its length,
 * so a live process keeps the order and a dead one loses it after at most one lease. When a
 * renewal finds the lease gone (another process took the order over after we stalled), the
 * run's signal aborts, and every write of ours stops at its next step.
 */
import type { Database } from '../../db/repositories';
import type { Logger } from '../../lib/logger';

/** The signal's reason when the lease was lost. */
export class LeaseLostError extends Error {
  override readonly name = 'LeaseLostError';
}

export interface HeldLease {
  /** Aborts when the parent signal aborts or the lease is lost. */
  signal: AbortSignal;
  readonly lost: boolean;
  /** Stops renewing (the lease itself stays in the database until it expires or is cleared). */
  stop(): void;
}

export function holdLease(opts: {
  db: Database;
  orderId: string;
  owner: string;
  leaseMs: number;
  now: () => Date;
  logger: Logger;
  parent?: AbortSignal;
}): HeldLease {
  const controller = new AbortController();
  const onParentAbort = () => controller.abort(opts.parent?.reason);
  if (opts.parent?.aborted) controller.abort(opts.parent.reason);
  opts.parent?.addEventListener('abort', onParentAbort, { once: true });
  let lost = false;
  let renewing = false;

  const renew = async () => {
    if (renewing || controller.signal.aborted) return;
    renewing = true;
    try {
      const held = await opts.db.workOrders.renewLease(opts.orderId, opts.owner, opts.leaseMs, opts.now());
      if (!held && !controller.signal.aborted) {
        lost = true;
        opts.logger.warn('work order lease lost; stopping', { workOrderId: opts.orderId });
        controller.abort(new LeaseLostError(`lost the lease of work order ${opts.orderId}`));
      }
    } catch (err) {
      // A database hiccup: the lease lasts three renewal periods, the next try may succeed.
      opts.logger.warn('work order lease renewal failed', { workOrderId: opts.orderId, error: String(err) });
    } finally {
      renewing = false;
    }
  };
  // renew() settles every error itself (a failed renewal is logged and tried again).
  const timer = setInterval(() => void renew(), Math.max(20, Math.floor(opts.leaseMs / 3)));
  timer.unref?.();

  return {
    signal: controller.signal,
    get lost() {
      return lost;
    },
    stop() {
      clearInterval(timer);
      opts.parent?.removeEventListener('abort', onParentAbort);
    },
  };
}
