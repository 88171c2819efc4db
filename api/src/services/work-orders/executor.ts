/**
 * Runs one claimed work order against its store, holding the lease while it works. The steps
 * live in files of their own; this file puts them in order.
 *
 * Execute: snapshot the current store prices of every item (run-snapshot: once, a resumed run
 * keeps the first snapshot), pass the gate at those prices (run-plan), save the snapshot, take
 * the company's backup (Premium: every price, this snapshot over the catalog; services/backups),
 * write the targets in batches (run-write), read them back (run-read-back), then record history
 * and update the local catalog (run-record) and mark the order completed; a price list order's
 * records are read back and stored as each batch is taken, while the next is written
 * (followWrites), and only its history waits for the last batch. If items fail for
 * good, what was written is set back to the snapshot and the order is failed with an error
 * naming the items.
 *
 * Undo: an order marked for undo is `executing` with `executedAt` set (the API marks it so and
 * leaves it to the scheduler). It plans which items to restore (run-plan: the safe undo), writes
 * the snapshot back the same way; on success 'undo' history is recorded and the order is undone;
 * if items fail for good, the order's prices are put back and it stays completed, with an error
 * saying what failed.
 *
 * A run of a repeating order (issue 36) makes the series' next run once it passed its gate, before
 * its first write (series.ts); one that fails before that ends its series.
 *
 * Store change: an order (or an undo) made for another store than the one saved now is not
 * written: it fails with STORE_CHANGED_ERROR (an undo stays completed with that error). The
 * settings route already cancels pending orders and refuses such undos; this is the defence
 * against an order created or marked while the store was being changed. An order with no
 * recorded store (made before stores were recorded) counts as the current store's.
 *
 * Every status change is fenced by the lease (status executing + lease owner in the same
 * statement: run-context's `finish`). A run whose signal aborts (shutdown, lost lease, a
 * simulated crash) stops without touching the order, so a later claim resumes it.
 */
import type { BigCommerceClient } from '@catalog/commerce';
import { END_PASSED_BEFORE_RUN_ERROR } from '@catalog/contracts/price-gate';
import { STORE_CHANGED_ERROR } from '@catalog/contracts/work-order-rules';
import type { Database, PriceSnapshot, WorkOrder } from '../../db/repositories';
import type { Logger } from '../../lib/logger';
import type { SecretBox } from '../../lib/secrets';
import { backupBeforeWorkOrder } from '../backups/backups';
import { readToken, UNREADABLE_TOKEN_MESSAGE, type CommerceFactory } from '../store-connection';
import { holdLease } from './lease';
import { restoreTargets, snapshotKey, targetsOf, type PriceTarget } from './price-plan';
import { withRecordBases } from './record-snapshot';
import { failed, finish, messageOf, sentence, undoFailed, type RunContext, type RunOutcome, type StepOptions } from './run-context';
import { gateAtRun, planUndo } from './run-plan';
import { readAsWritten, readBack, type ReadsAsWritten } from './run-read-back';
import { applyAsWritten, applyLocally, recordHistory } from './run-record';
import { readPrices, saveSnapshot } from './run-snapshot';
import { afterRun, continueSeries } from './series';
import { writeOrPutBack, type WriteListeners } from './run-write';

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

export interface ExecutorOptions extends StepOptions {
  db: Database;
  storeClient: StoreClientFactory;
  logger: Logger;
  leaseMs?: number;
  now?: () => Date;
}

export type Executor = ReturnType<typeof createExecutor>;

/** A turn of the event loop: requests just started go out before synchronous database work holds the thread. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The read-back of what was written (its warning), with `record` (history, the local catalog)
 * done while its requests are on their way: neither needs the other (the history says what was
 * written; the read-back only warns and writes again what the store did not keep). `reads`: the
 * reads started while the writes went on (run-read-back.ts).
 */
async function whileReadingBack(ctx: RunContext, client: BigCommerceClient, written: readonly PriceTarget[], reads: ReadsAsWritten, record: () => Promise<void>): Promise<string | null> {
  const reading = readBack(ctx, client, written, reads);
  reading.catch(() => {}); // awaited below
  await nextTurn();
  await record();
  return reading;
}

/**
 * What follows a run's writes batch by batch (a price list order's records, issue 35): their
 * read-back (run-read-back.ts) and the stored records (run-record.ts applyAsWritten), both while
 * the next batch is on its way. After writes that failed, the reads stop, and a failure to store
 * the records is only logged: the order's failure is what it reports, and the store's webhooks
 * bring the records again.
 */
function followWrites(ctx: RunContext, client: BigCommerceClient, before: ReadonlyMap<string, PriceSnapshot>) {
  const reads = readAsWritten(ctx, client);
  const local = applyAsWritten(ctx, ctx.order.companyId, before);
  const listen: WriteListeners = {
    applied: (t) => {
      reads.applied(t);
      local.applied(t);
    },
    putBack: local.applied,
  };
  return {
    reads,
    listen,
    async stop() {
      reads.stop();
      await local.settled().catch((err: unknown) => ctx.log.warn('the stored price list records did not follow a failed run', { error: messageOf(err) }));
    },
    /** After writes that all went through: the stored records of every batch, then `written`'s items not stored that way. */
    async applyRest(written: PriceTarget[]) {
      await local.settled();
      await applyLocally(ctx, ctx.order.companyId, written.filter((t) => !local.has(t.key)), before);
    },
  };
}

/** The company's saved store is no longer the one the order was made for. */
async function madeForAnotherStore(db: Database, order: WorkOrder): Promise<boolean> {
  if (order.storeHash === null) return false;
  const settings = await db.settings.get(order.companyId);
  return settings !== null && settings.storeHash !== order.storeHash;
}

export function createExecutor(o: ExecutorOptions) {
  const { db, logger } = o;
  const leaseMs = o.leaseMs ?? DEFAULT_LEASE_MS;
  const now = o.now ?? (() => new Date());

  /** Runs an order this process has claimed (`owner` holds its lease). */
  async function run(order: WorkOrder, owner: string, signal?: AbortSignal): Promise<RunOutcome> {
    const lease = holdLease({ db, orderId: order.id, owner, leaseMs, now, logger, parent: signal });
    const log = logger.child({ workOrderId: order.id, companyId: order.companyId });
    const ctx: RunContext = { db, now, writes: o.writes, onBatch: o.onBatch, alert: o.alert, order, owner, signal: lease.signal, log };
    try {
      let targets: PriceTarget[];
      try {
        targets = targetsOf(order.productUpdates, order.target);
      } catch (err) {
        // Items the API did not write (no store ids): a final answer, not a crash to resume forever.
        if (order.executedAt) return await finish(ctx, 'undo_failed', { status: 'completed', error: `Could not undo: ${sentence(messageOf(err))}` });
        const outcome = await failed(ctx, `Could not start: ${sentence(messageOf(err))} Nothing was changed.`);
        await afterRun(ctx, outcome);
        return outcome;
      }
      const outcome = order.executedAt ? await undo(ctx, targets) : await execute(ctx, targets);
      if (!order.executedAt) await afterRun(ctx, outcome);
      log.info('work order run finished', { outcome });
      return outcome;
    } catch (err) {
      if (lease.signal.aborted) return lease.lost ? 'lost' : 'aborted';
      throw err;
    } finally {
      lease.stop();
    }
  }

  /** The store client of the order's company, or why the company cannot be reached (a sentence). */
  async function connect(order: WorkOrder): Promise<BigCommerceClient | string> {
    try {
      return await o.storeClient(order.companyId);
    } catch (err) {
      if (!(err instanceof StoreUnavailableError)) throw err;
      return sentence(err.message);
    }
  }

  async function execute(ctx: RunContext, targets: PriceTarget[]): Promise<RunOutcome> {
    const { order } = ctx;
    if (await madeForAnotherStore(db, order)) return failed(ctx, STORE_CHANGED_ERROR);
    // Its end came before it could run (approved late, or the store was unreachable): running it
    // now would show, for a moment, prices nobody wants (issue 31). A resumed run (its snapshot
    // saved) goes on: it may have written already, and its end undoes it.
    if (!order.originalPrices && order.revertAt !== null && order.revertAt.getTime() <= now().getTime()) {
      return failed(ctx, END_PASSED_BEFORE_RUN_ERROR);
    }
    const client = await connect(order);
    if (typeof client === 'string') return failed(ctx, `Could not start: ${client} Nothing was changed.`);
    let snapshot = order.originalPrices;
    if (!snapshot) {
      const read = await readPrices(ctx, client, targets);
      if (typeof read === 'string') return read;
      // The gate again, at the store's prices and the company's settings of now (issue 31,
      // decision 048): a blocked order fails and writes nothing; a member's order the company now
      // requires approval of goes back to awaiting approval. Once: a resumed run has its snapshot.
      const stopped = await gateAtRun(ctx, read);
      if (stopped) return stopped;
      // A repeating order's next run, made as this one starts (issue 36): once, whichever process runs this.
      await continueSeries(ctx, read);
      // Saved before the first write: a resumed run must restore these, not prices it wrote itself.
      if (!(await saveSnapshot(ctx, read))) return 'lost';
      snapshot = read;
    }
    const before = new Map(snapshot.map((s) => [snapshotKey(s), s]));
    // A record is written whole: what the order leaves alone is sent as the snapshot had it.
    targets = withRecordBases(targets, before);
    const follow = followWrites(ctx, client, before);
    const writing = writeOrPutBack(ctx, client, targets, (keep) => restoreTargets(targets.filter(keep), before), 'All applied changes were reverted.', follow.listen);
    writing.catch(() => {}); // awaited below, after the backup
    // With the first write, a backup of every price (Premium, issue 17): the catalog with this
    // snapshot over it (a price list order's snapshot entries are its records as they were,
    // issue 35). It reads only the database and the saved snapshot, never the store, so it is
    // taken while the first batches are on their way. Once per order: a resumed run finds it taken.
    await nextTurn();
    await backupBeforeWorkOrder(db, order, snapshot, ctx.log);
    const stopped = await writing;
    if (stopped) await follow.stop();
    if (stopped?.kind === 'internal') {
      ctx.log.error('work order stopped by an internal error', { error: stopped.message });
      return failed(ctx, `Stopped by an internal error: ${sentence(stopped.message)} ${stopped.tail}`);
    }
    if (stopped) return failed(ctx, `${sentence(`Could not update ${stopped.count} of ${stopped.of} items: ${stopped.list}`)} ${stopped.tail}`);
    const warning = await whileReadingBack(ctx, client, targets, follow.reads, async () => {
      await recordHistory(ctx, order, 'work_order', targets, before);
      await follow.applyRest(targets);
    });
    return finish(ctx, 'completed', { status: 'completed', executedAt: now(), error: null, warning });
  }

  /** The safe undo (issue 18): restores the items run-plan chose and reports each item. */
  async function undo(ctx: RunContext, targets: PriceTarget[]): Promise<RunOutcome> {
    const { order } = ctx;
    if (!order.originalPrices) return undoFailed(ctx, 'Could not undo: this order has no record of the prices it replaced.');
    const before = new Map(order.originalPrices.map((s) => [snapshotKey(s), s]));
    if (await madeForAnotherStore(db, order)) return undoFailed(ctx, STORE_CHANGED_ERROR);
    const client = await connect(order);
    if (typeof client === 'string') return undoFailed(ctx, `Could not undo: ${client} Nothing was changed.`);
    const restoring = await planUndo(ctx, client, targets);
    if (typeof restoring === 'string') return restoring;
    const restore = restoreTargets(restoring, before);
    const follow = followWrites(ctx, client, before);
    const stopped = await writeOrPutBack(ctx, client, restore, (keep) => restoring.filter(keep), "The order's prices were put back.", follow.listen);
    if (stopped) await follow.stop();
    if (stopped?.kind === 'internal') return undoFailed(ctx, `Could not undo: stopped by an internal error (${stopped.message}). ${stopped.tail}`);
    if (stopped) return undoFailed(ctx, `${sentence(`Could not undo ${stopped.count} of ${stopped.of} items: ${stopped.list}`)} ${stopped.tail} Try Undo again.`);
    const warning = await whileReadingBack(ctx, client, restore, follow.reads, async () => {
      await recordHistory(ctx, order, 'undo', restoring, before);
      await follow.applyRest(restore);
    });
    return finish(ctx, 'undone', { status: 'undone', undoneAt: now(), error: null, warning });
  }

  return { run, leaseMs };
}
