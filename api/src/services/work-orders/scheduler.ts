/**
 * The work-order scheduler of one API process: polls the database for due orders (pending and
 * immediate, pending and past their scheduledAt, or executing with a lapsed lease), claims each
 * atomically and runs it with the executor, a few at a time. All state is in the database, so
 * a restart loses nothing and any number of processes can run a scheduler on one database:
 * the claim is a compare-and-set, so exactly one of them gets each order.
 *
 * Fairness between companies: the database offers one order per company (its oldest due one,
 * and none for a company with an order executing anywhere under a live lease), and the claim
 * refuses a second order of a company, so one company never runs two orders at once in any
 * number of processes. Round-robin: this process remembers which companies it started an order
 * for lately and asks for every other company's order first, so a company with a backlog of
 * old orders takes its turn after each company waiting behind it, not before. That memory is a
 * preference only (a restart or another process simply starts without it), never a rule.
 *
 * Many at once (issue 32, decision 049): a process works on up to `concurrency` orders at a
 * time (WORK_ORDERS_AT_ONCE, 32 by default), counted in work slots that an order gives back
 * while it waits on its store (lib/work-slots.ts). An order of a throttled store therefore
 * waits in memory, holding no slot, no database connection and no transaction, and the orders
 * of healthy stores go on. Orders kept in memory, waiting or not, are bounded too:
 * RUNS_PER_SLOT times the slots.
 */
import { hostname } from 'node:os';
import type { Database, WorkOrder } from '../../db/repositories';
import type { Logger } from '../../lib/logger';
import { WorkSlots } from '../../lib/work-slots';
import { notePricesChanged } from '../prior-price-metafields/prices-changed';
import type { Executor } from './executor';

// ---------------------------------------------------------------- wake-ups
// A process-wide "work orders may be due now" hint: the API raises it after creating an
// immediate order or marking one for undo, and this process's schedulers look at once instead
// of at their next poll. Only a hint: the poll and the database stay the truth, so an order
// another process created is still found within one poll.

type Listener = () => void;

const listeners = new Set<Listener>();

/** Subscribes; returns the unsubscribe function. */
export function onWorkOrdersDue(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function notifyWorkOrdersDue(): void {
  for (const listener of [...listeners]) {
    try {
      listener();
    } catch {
      // A scheduler's own errors are logged by it; one listener must not stop the others.
    }
  }
}

// ---------------------------------------------------------------- scheduler

/** How often the database is asked for due orders; a scheduled order starts at most this late. */
export const DEFAULT_POLL_MS = 2_000;
/** Orders worked on at once per process (WORK_ORDERS_AT_ONCE); an order waiting on its store holds no slot. */
export const DEFAULT_ORDERS_AT_ONCE = 32;
/** Orders a process keeps running, waiting on their stores included, per work slot. */
export const RUNS_PER_SLOT = 8;
/** Companies offered per look (one due order each); a backlog of one company takes one place. */
const DUE_WINDOW = 50;

export interface SchedulerOptions {
  db: Database;
  executor: Executor;
  logger: Logger;
  /** This process's name on the leases it takes. Default: host, pid and a random suffix. */
  owner?: string;
  pollMs?: number;
  /** Orders worked on at once (default DEFAULT_ORDERS_AT_ONCE). */
  concurrency?: number;
  now?: () => Date;
}

interface Running {
  companyId: string;
  controller: AbortController;
  done: Promise<void>;
}

export type Scheduler = ReturnType<typeof createScheduler>;

export function createScheduler(o: SchedulerOptions) {
  const owner = o.owner ?? `${hostname()}:${process.pid}:${crypto.randomUUID().slice(0, 8)}`;
  const pollMs = o.pollMs ?? DEFAULT_POLL_MS;
  const slots = new WorkSlots(Math.max(1, o.concurrency ?? DEFAULT_ORDERS_AT_ONCE));
  const maxRuns = slots.size * RUNS_PER_SLOT;
  const now = o.now ?? (() => new Date());
  const log = o.logger.child({ scheduler: owner });
  const running = new Map<string, Running>();
  let timer: ReturnType<typeof setInterval> | undefined;
  let unsubscribe: (() => void) | undefined;
  let stopped = true;
  let ticking: Promise<void> | null = null;
  let again = false;
  /** The last look left due orders for want of a slot: a slot falling free looks again. */
  let backlog = false;
  let unsubscribeFreed: (() => void) | undefined;

  const full = () => slots.free === 0 || running.size >= maxRuns;

  /** One look at the database; a look asked for while one runs is made right after it. */
  function tick(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (ticking) {
      again = true;
      return ticking;
    }
    ticking = (async () => {
      try {
        do {
          again = false;
          await claimDue();
        } while (again && !stopped);
      } catch (err) {
        log.error('looking for due work orders failed', { error: String(err) });
      } finally {
        ticking = null;
      }
    })();
    return ticking;
  }

  async function claimDue() {
    backlog = full();
    if (backlog) return;
    const at = now();
    // Round-robin across companies is the database's: each claim records the company's turn.
    for (const order of await o.db.workOrders.due(at, DUE_WINDOW)) {
      if (stopped) return;
      if (full()) {
        backlog = true;
        return;
      }
      // One order per company at a time: a company's orders share its store's rate limit, and a
      // long backlog of one company must not hold every slot while another company waits. The
      // database already leaves out companies with a live lease, and its claim refuses them too
      // (another process may have claimed one since the look).
      if (running.has(order.id) || [...running.values()].some((r) => r.companyId === order.companyId)) continue;
      const claimed = await o.db.workOrders.claim(order.id, owner, o.executor.leaseMs, at);
      if (claimed) launch(claimed);
    }
  }

  function launch(order: WorkOrder) {
    const controller = new AbortController();
    const done = slots
      .run(() => o.executor.run(order, owner, controller.signal))
      .then(async (outcome) => {
        log.info('work order ran', { workOrderId: order.id, outcome });
        // A run, an end or an undo: the lowest prior prices published for the storefront follow (issue 36).
        await notePricesChanged(o.db, order.companyId);
      })
      .catch((err) =>
        log.error('work order run crashed; it resumes when its lease lapses', { workOrderId: order.id, error: String(err?.stack ?? err) }))
      .finally(() => {
        running.delete(order.id);
        void tick();
      });
    running.set(order.id, { companyId: order.companyId, controller, done });
  }

  return {
    owner,
    /** Starts polling (and answering wake-ups); looks for due orders at once. */
    start() {
      if (!stopped) return;
      stopped = false;
      unsubscribe = onWorkOrdersDue(() => void tick());
      unsubscribeFreed = slots.onFreed(() => {
        if (backlog) void tick();
      });
      timer = setInterval(() => void tick(), pollMs);
      timer.unref?.();
      void tick();
    },
    /** Looks for due orders now (also what a wake-up does). */
    kick: () => tick(),
    /** Orders this process is running now, waiting on their stores included. */
    get running() {
      return running.size;
    },
    /** Orders this process is working on now (holding a work slot). */
    get working() {
      return slots.busy;
    },
    /**
     * Stops polling and stops the orders it runs at their next step. Their leases are cleared,
     * so another process (or the next start) resumes them at once instead of after the lease.
     */
    async stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(timer);
      unsubscribe?.();
      unsubscribeFreed?.();
      const active = [...running.entries()];
      for (const [, r] of active) r.controller.abort(new Error('the scheduler is stopping'));
      await Promise.all(active.map(([, r]) => r.done));
      await ticking;
      const at = now();
      await Promise.all(active.map(([id, r]) =>
        o.db.workOrders.update(r.companyId, id, { leaseExpiresAt: new Date(at.getTime() - 1) }, { status: 'executing', leaseOwner: owner }, at)
          .catch((err) => log.warn('could not release a work order lease', { workOrderId: id, error: String(err) }))));
    },
  };
}
