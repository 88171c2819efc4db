/**
 * Runs one claimed work order against its store, holding the lease while it works.
 *
 * Execute: snapshot the current store prices of every item (once: a resumed run keeps the
 * first snapshot, never re-reading prices its earlier run already changed), save it, take the
 * company's backup (Premium: every price, this snapshot over the catalog; services/backups), write the
 * targets in batches, then record history, update the local catalog (new change versions, so
 * devices pull the prices) and mark the order completed. If items fail for good, what was
 * written is set back to the snapshot and the order is failed with an error naming the items.
 *
 * Undo: an order marked for undo is `executing` with `executedAt` set (the API marks it so and
 * leaves it to the scheduler). The snapshot is written back the same way; on success 'undo'
 * history is recorded and the order is undone; if items fail for good, the order's prices are
 * put back and it stays completed, with an error saying what failed.
 *
 * Store change: an order (or an undo) made for another store than the one saved now is not
 * written: it fails with STORE_CHANGED_ERROR (an undo stays completed with that error). The
 * settings route already cancels pending orders and refuses such undos; this is the defence
 * against an order created or marked while the store was being changed. An order with no
 * recorded store (made before stores were recorded) counts as the current store's.
 *
 * Every status change is fenced by the lease (status executing + lease owner in the same
 * statement). A run whose signal aborts (shutdown, lost lease, a simulated crash) stops
 * without touching the order, so a later claim resumes it.
 */
import { isBigCommerceError, type BigCommerceClient } from '@catalog/commerce';
import { END_PASSED_BEFORE_RUN_ERROR, refusedAtRunError } from '@catalog/contracts/price-gate';
import { STORE_CHANGED_ERROR } from '@catalog/contracts/work-order-rules';
import type { Database, PriceSnapshot, UndoRequest, WorkOrder, WorkOrderPatch } from '../../db/repositories';
import { NotFoundError, UniqueViolationError, rethrowUnique } from '../../db/errors';
import type { Logger } from '../../lib/logger';
import type { SecretBox } from '../../lib/secrets';
import { backupBeforeWorkOrder } from '../backups/backups';
import { GateRefusal, passGate, proposerRole } from '../price-gate';
import { readToken, UNREADABLE_TOKEN_MESSAGE, type CommerceFactory } from '../store-connection';
import { holdLease } from './lease';
import {
  historyEntries, listFailures, localChanges, restoreTargets, snapshotKey, targetsOf, type HistoryPhase, type PriceTarget,
} from './price-plan';
import { differing, readBackWarning } from './read-back';
import { planRevert } from './revert-plan';
import { restoreWrites } from './safe-undo';
import { readSnapshot } from './store-snapshot';
import { failureReason, writePrices, type BatchInfo, type WriteOptions, type WriteOutcome } from './store-writer';

// The store client a work order runs against: the company's saved connection, its access token
// decrypted (kept encrypted at rest, bound to the company), through the app's commerce factory.
// A company that cannot be reached this way gets a StoreUnavailableError, which becomes the
// order's error.

export class StoreUnavailableError extends Error {
  override readonly name = 'StoreUnavailableError';
}

export type StoreClientFactory = (companyId: string) => Promise<BigCommerceClient>;

export function storeClients(deps: { db: Database; commerce: CommerceFactory; secrets: SecretBox }): StoreClientFactory {
  return async (companyId) => {
    const settings = await deps.db.settings.get(companyId);
    if (!settings) throw new StoreUnavailableError('The store is not connected: save the store settings first');
    const accessToken = readToken(deps.secrets, settings);
    if (accessToken === null) throw new StoreUnavailableError(UNREADABLE_TOKEN_MESSAGE);
    return deps.commerce({ storeHash: settings.storeHash, accessToken, priority: 'foreground' });
  };
}

/** How long a claim lasts without renewal; a dead process's orders are picked up after this. */
export const DEFAULT_LEASE_MS = 30_000;

export type RunOutcome = 'completed' | 'failed' | 'undone' | 'undo_failed' | 'awaiting_approval' | 'lost' | 'aborted';

export interface ExecutorOptions {
  db: Database;
  storeClient: StoreClientFactory;
  logger: Logger;
  leaseMs?: number;
  now?: () => Date;
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

export type Executor = ReturnType<typeof createExecutor>;

const sentence = (s: string) => (/[.!?]$/.test(s.trim()) ? s.trim() : `${s.trim()}.`);
const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

export function createExecutor(o: ExecutorOptions) {
  const { db, logger } = o;
  const leaseMs = o.leaseMs ?? DEFAULT_LEASE_MS;
  const now = o.now ?? (() => new Date());

  /** Runs an order this process has claimed (`owner` holds its lease). */
  async function run(order: WorkOrder, owner: string, signal?: AbortSignal): Promise<RunOutcome> {
    const lease = holdLease({ db, orderId: order.id, owner, leaseMs, now, logger, parent: signal });
    const log = logger.child({ workOrderId: order.id, companyId: order.companyId });
    const ctx: RunContext = { order, owner, signal: lease.signal, log };
    try {
      let targets: PriceTarget[];
      try {
        targets = targetsOf(order.productUpdates);
      } catch (err) {
        // Items the API did not write (no store ids): a final answer, not a crash to resume forever.
        return order.executedAt
          ? await finish(ctx, 'undo_failed', { status: 'completed', error: `Could not undo: ${sentence(messageOf(err))}` })
          : await finish(ctx, 'failed', { status: 'failed', error: `Could not start: ${sentence(messageOf(err))} Nothing was changed.` });
      }
      const outcome = order.executedAt ? await undo(ctx, targets) : await execute(ctx, targets);
      log.info('work order run finished', { outcome });
      return outcome;
    } catch (err) {
      if (lease.signal.aborted) return lease.lost ? 'lost' : 'aborted';
      throw err;
    } finally {
      lease.stop();
    }
  }

  interface RunContext {
    order: WorkOrder;
    owner: string;
    signal: AbortSignal;
    log: Logger;
  }

  /**
   * A status change, only while this run still holds the lease; 'lost' when it does not. A
   * problem (an error or a warning) of a run nobody started by hand (a scheduled order, an
   * end-time revert) marks the order for the dashboard and alerts the owners and admins.
   */
  async function finish<T extends RunOutcome>(ctx: RunContext, outcome: T, patch: WorkOrderPatch): Promise<T | 'lost'> {
    const problem = patch.error ?? patch.warning ?? null;
    const unattended = ctx.order.executedAt ? ctx.order.undoRequest?.trigger !== 'manual' : !ctx.order.executeImmediately;
    const attention = problem !== null && unattended;
    const done = await db.workOrders.update(
      ctx.order.companyId, ctx.order.id, { ...patch, needsAttention: attention, leaseOwner: null, leaseExpiresAt: null },
      { status: 'executing', leaseOwner: ctx.owner }, now(),
    );
    if (!done) return 'lost';
    if (attention && o.alert) {
      await o.alert(done, problem).catch((err: unknown) => ctx.log.warn('work order alert failed', { error: messageOf(err) }));
    }
    return outcome;
  }

  /**
   * Reads the written prices back; items the store did not keep are written once more and read
   * again. Returns the order's warning for what still differs (null: all kept).
   */
  async function verify(ctx: RunContext, client: BigCommerceClient, written: readonly PriceTarget[]): Promise<string | null> {
    if (written.length === 0) return null;
    try {
      const off = await differing(client, written, ctx.signal);
      if (off.length === 0) return null;
      ctx.log.warn('the store did not keep written prices; writing them once more', { items: off.length });
      const again = off.map((f) => f.target);
      await write(ctx, client, again);
      return readBackWarning(await differing(client, again, ctx.signal), written.length);
    } catch (err) {
      if (ctx.signal.aborted) throw err;
      return `Could not read the prices back from the store after writing (${failureReason(err)}); check them in the store.`;
    }
  }

  /** The company's saved store is no longer the one the order was made for. */
  async function madeForAnotherStore(order: WorkOrder): Promise<boolean> {
    if (order.storeHash === null) return false;
    const settings = await db.settings.get(order.companyId);
    return settings !== null && settings.storeHash !== order.storeHash;
  }

  const write = (ctx: RunContext, client: BigCommerceClient, targets: readonly PriceTarget[]) =>
    writePrices(client, targets, { ...o.writes, signal: ctx.signal, onBatch: o.onBatch && ((info) => o.onBatch!(ctx.order, info)) });

  /** Writes `targets` back after a failure; says how that went (`done` when all went back), for the order's error. */
  async function putBack(ctx: RunContext, client: BigCommerceClient, targets: readonly PriceTarget[], done: string) {
    if (targets.length === 0) return done;
    let back: WriteOutcome;
    try {
      back = await write(ctx, client, targets);
    } catch (err) {
      if (ctx.signal.aborted) throw err;
      return `Putting back stopped (${messageOf(err)}); store prices may differ from before.`;
    }
    if (back.failed.length === 0) return done;
    return `Putting back failed for ${back.failed.length} items (${listFailures(back.failed.map((f) => ({ label: f.target.label, reason: f.reason })))}); their store prices may differ from before.`;
  }

  /**
   * The gate when the order runs: null to go on, else how the run ended. Refused by a blocking
   * guardrail at the store's prices of now: failed, nothing written (whoever set it up hears of
   * it, as of any unattended failure). Needing an approval it does not have: back to awaiting
   * approval, for an owner or admin to decide again.
   */
  async function checkAtRun(ctx: RunContext, storePrices: PriceSnapshot[]): Promise<RunOutcome | null> {
    const { order } = ctx;
    try {
      const role = await proposerRole(db, order);
      const outcome = await passGate(db, {
        path: 'run', companyId: order.companyId, role, approved: order.approvedBy !== null, items: order.productUpdates, storePrices,
      });
      if (outcome === 'run') return null;
      ctx.log.info('work order needs approval at its run; back to awaiting approval');
      return finish(ctx, 'awaiting_approval', { status: 'awaiting_approval', approvedBy: null, approvedAt: null });
    } catch (err) {
      if (!(err instanceof GateRefusal)) throw err;
      return finish(ctx, 'failed', { status: 'failed', error: refusedAtRunError(err.message) });
    }
  }

  async function execute(ctx: RunContext, targets: PriceTarget[]): Promise<RunOutcome> {
    const { order } = ctx;
    if (await madeForAnotherStore(order)) return finish(ctx, 'failed', { status: 'failed', error: STORE_CHANGED_ERROR });
    // Its end came before it could run (approved late, or the store was unreachable): running it
    // now would show, for a moment, prices nobody wants (issue 31). A resumed run (its snapshot
    // saved) goes on: it may have written already, and its end undoes it.
    if (!order.originalPrices && order.revertAt !== null && order.revertAt.getTime() <= now().getTime()) {
      return finish(ctx, 'failed', { status: 'failed', error: END_PASSED_BEFORE_RUN_ERROR });
    }
    let client;
    try {
      client = await o.storeClient(order.companyId);
    } catch (err) {
      if (!(err instanceof StoreUnavailableError)) throw err;
      return finish(ctx, 'failed', { status: 'failed', error: `Could not start: ${sentence(err.message)} Nothing was changed.` });
    }

    let snapshot: PriceSnapshot[] | null = order.originalPrices;
    if (!snapshot) {
      let read;
      try {
        read = await readSnapshot(client, targets, ctx.signal);
      } catch (err) {
        if (ctx.signal.aborted || !isBigCommerceError(err)) throw err;
        return finish(ctx, 'failed', {
          status: 'failed', error: `Could not read the current prices from the store: ${sentence(failureReason(err))} Nothing was changed.`,
        });
      }
      if (read.missing.length > 0) {
        return finish(ctx, 'failed', {
          status: 'failed',
          error: `Could not start: ${read.missing.length} of ${targets.length} items no longer exist in the store: ${listFailures(
            read.missing.map((t) => ({ label: t.label, reason: 'not found' })),
          )}. Nothing was changed; sync the catalog and create the order again.`,
        });
      }
      snapshot = read.prices;
      // The gate again, at the store's prices and the company's settings of now (issue 31,
      // decision 048): a blocked order fails and writes nothing; a member's order the company now
      // requires approval of goes back to awaiting approval. Once: a resumed run has its snapshot.
      const stopped = await checkAtRun(ctx, snapshot);
      if (stopped) return stopped;
      // Saved before the first write: a resumed run must restore these, not prices it wrote itself.
      const saved = await db.workOrders.update(order.companyId, order.id, { originalPrices: snapshot }, { status: 'executing', leaseOwner: ctx.owner }, now());
      if (!saved) return 'lost';
    }
    // Right before the first write, a backup of every price (Premium, issue 17): the catalog
    // with this snapshot over it. Once per order: a resumed run finds it taken.
    await backupBeforeWorkOrder(db, order, snapshot, ctx.log);
    const before = new Map(snapshot.map((s) => [snapshotKey(s), s]));

    let outcome: WriteOutcome;
    try {
      outcome = await write(ctx, client, targets);
    } catch (err) {
      if (ctx.signal.aborted) throw err;
      // A bug rather than the store: revert everything (a resumed run would fail the same way).
      ctx.log.error('work order stopped by an internal error', { error: messageOf(err) });
      const tail = await putBack(ctx, client, restoreTargets(targets, before), 'All applied changes were reverted.');
      return finish(ctx, 'failed', { status: 'failed', error: `Stopped by an internal error: ${sentence(messageOf(err))} ${tail}` });
    }
    if (outcome.failed.length > 0) {
      // Items the store refused were not written; every other item may have been (a timed-out batch too).
      const refused = new Set(outcome.failed.filter((f) => f.permanent).map((f) => f.target.key));
      const reason = `Could not update ${outcome.failed.length} of ${targets.length} items: ${listFailures(
        outcome.failed.map((f) => ({ label: f.target.label, reason: f.reason })),
      )}`;
      const tail = await putBack(ctx, client, restoreTargets(targets.filter((t) => !refused.has(t.key)), before), 'All applied changes were reverted.');
      return finish(ctx, 'failed', { status: 'failed', error: `${sentence(reason)} ${tail}` });
    }

    const warning = await verify(ctx, client, targets);
    // A database failure from here on leaves the order executing: once its lease lapses a run
    // resumes it, repeats the (absolute) writes and records what is still missing.
    await recordHistory(order, 'work_order', targets, before);
    await applyLocally(order.companyId, targets);
    return finish(ctx, 'completed', { status: 'completed', executedAt: now(), error: null, warning });
  }

  /**
   * The safe undo (issue 18): reads the store's current prices, restores only the items still at
   * what the order set (all of them when the request forces it), keeps the ones changed since,
   * and reports each item. The plan is saved before the first write, so a resumed run restores
   * the same items (re-reading would count the ones already restored as unchanged).
   */
  async function undo(ctx: RunContext, targets: PriceTarget[]): Promise<RunOutcome> {
    const { order } = ctx;
    // It stays completed with the error; the next Undo asks and plans afresh.
    const keep = (error: string) => finish(ctx, 'undo_failed', { status: 'completed', error, undoRequest: null, revertReport: null });
    if (!order.originalPrices) return keep('Could not undo: this order has no record of the prices it replaced.');
    const before = new Map(order.originalPrices.map((s) => [snapshotKey(s), s]));
    if (await madeForAnotherStore(order)) return keep(STORE_CHANGED_ERROR);
    let client;
    try {
      client = await o.storeClient(order.companyId);
    } catch (err) {
      if (!(err instanceof StoreUnavailableError)) throw err;
      return keep(`Could not undo: ${sentence(err.message)} Nothing was changed.`);
    }

    // An undo nobody asked for through the route is the end-time revert the scheduler claimed.
    let request: UndoRequest = order.undoRequest ?? { trigger: 'end', force: false, by: null };
    // The end passes the gate too (decision 048): it puts back the order's own prices, so no rule stops it.
    if (request.trigger === 'end') await passGate(db, { path: 'end', companyId: order.companyId, role: 'owner', items: [] });
    let restoring: PriceTarget[];
    if (request.restoreKeys && order.revertReport) {
      const keys = new Set(request.restoreKeys);
      restoring = targets.filter((t) => keys.has(t.key));
    } else {
      let plan;
      try {
        plan = await planRevert(db, client, order, targets, request.force, ctx.signal);
      } catch (err) {
        if (ctx.signal.aborted || !isBigCommerceError(err)) throw err;
        return keep(`Could not undo: could not read the current prices from the store: ${sentence(failureReason(err))} Nothing was changed.`);
      }
      const writes = restoreWrites(plan.items);
      const keys = new Set(writes.map((t) => t.key));
      restoring = targets.filter((t) => keys.has(t.key));
      request = { ...request, restoreKeys: [...keys] };
      const saved = await db.workOrders.update(order.companyId, order.id, { undoRequest: request, revertReport: plan.report },
        { status: 'executing', leaseOwner: ctx.owner }, now());
      if (!saved) return 'lost';
      ctx.order = saved;
    }
    const restore = restoreTargets(restoring, before);

    let outcome: WriteOutcome;
    try {
      outcome = await write(ctx, client, restore);
    } catch (err) {
      if (ctx.signal.aborted) throw err;
      const tail = await putBack(ctx, client, restoring, "The order's prices were put back.");
      return keep(`Could not undo: stopped by an internal error (${messageOf(err)}). ${tail}`);
    }
    if (outcome.failed.length > 0) {
      const refused = new Set(outcome.failed.filter((f) => f.permanent).map((f) => f.target.key));
      const reason = `Could not undo ${outcome.failed.length} of ${restoring.length} items: ${listFailures(
        outcome.failed.map((f) => ({ label: f.target.label, reason: f.reason })),
      )}`;
      const tail = await putBack(ctx, client, restoring.filter((t) => !refused.has(t.key)), "The order's prices were put back.");
      return keep(`${sentence(reason)} ${tail} Try Undo again.`);
    }
    const warning = await verify(ctx, client, restore);
    await recordHistory(order, 'undo', restoring, before);
    await applyLocally(order.companyId, restore);
    return finish(ctx, 'undone', { status: 'undone', undoneAt: now(), error: null, warning });
  }

  /** One history entry per item; a resumed run finds its entries already there (same ids) and adds none. */
  async function recordHistory(order: WorkOrder, phase: HistoryPhase, targets: PriceTarget[], before: ReadonlyMap<string, PriceSnapshot>) {
    try {
      await db.priceHistory.add(order.companyId, historyEntries(order, phase, targets, before));
    } catch (err) {
      try {
        rethrowUnique(err);
      } catch (unique) {
        if (unique instanceof UniqueViolationError) return;
      }
      throw err;
    }
  }

  /** The local catalog follows the store; products deleted locally since the order was made are skipped. */
  async function applyLocally(companyId: string, written: PriceTarget[]) {
    try {
      await db.products.setPrices(companyId, localChanges(written), now());
    } catch (err) {
      if (!(err instanceof NotFoundError)) throw err;
      const live = await db.products.getByExternalIds(companyId, written.map((t) => t.externalProductId));
      const products = new Set(live.map((p) => p.id));
      const variants = new Set(live.flatMap((p) => p.variants.map((v) => v.id)));
      const still = written.filter((t) => products.has(t.productId) && (t.variantId === null || variants.has(t.variantId)));
      await db.products.setPrices(companyId, localChanges(still), now());
    }
  }

  return { run, leaseMs };
}
