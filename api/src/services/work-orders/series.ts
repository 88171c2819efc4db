/**
 * Repeating orders (issue 36) on the server: each run is an order of its own, and the next one is
 * made when the run before it starts. All of it is in the database, never in a process's memory,
 * since any process may claim any run.
 *
 * The executor calls continueSeries once the run it claimed has passed its gate at run, before its
 * first write. Whichever process that is, the next run is made once: its series and run number
 * are a unique key (work_orders_series_run_uq), so a run resumed after a crash (its lease lapsed,
 * any process) or claimed again after an approval finds it made and makes no other; and as it is
 * made before anything is written, a crash never loses it (the resumed run makes it).
 *
 * The next run starts at the rule's first start after the run before's (after now, when that has
 * passed: missed starts are skipped), ends as long after it as the first run did, and carries the
 * run before's items, title, price list and creator. It goes through the gate as any new order
 * (passGate 'order', at the store's prices the run just read and, for the EU prior price, the
 * lowest prices before its own start): refused by a blocking guardrail, it is recorded failed with
 * why (needing attention) and the series ends; a member's run needs an approval unless the run
 * before was approved (an approval given to a series carries to its later runs; an edit of a run's
 * items before it ran sent it back to approval, as any order's). It counts against the caps as
 * any order; over one, it is not made and the series ends, saying why.
 *
 * A run that fails before it writes (refused at its own gate, its end passed, the store gone),
 * is deleted, rejected or archived before it ran ends its series too (stopSeries): the series'
 * record says why, and every run's card shows it.
 */
import { tooManyOrdersMessage, WORK_ORDER_CAPS } from '@catalog/contracts/work-order-rules';
import { nextRunStart, runEnd, SERIES_END_REASONS } from '@catalog/contracts/work-orders';
import type { Database, NewWorkOrder, PriceSnapshot, WorkOrder } from '../../db/repositories';
import { WorkOrderCapError } from '../../db/repositories.work-orders';
import { GateRefusal, passGate, proposerRole, type GateOutcome } from '../price-gate';
import type { RunContext, RunOutcome } from './run-context';

/** Ends the series `order` is a run of (nothing for an order that does not repeat); `reason` names the run. */
export async function stopSeries(
  db: Database, order: Pick<WorkOrder, 'companyId' | 'seriesId' | 'seriesRun'>, reason: (run: number) => string, now = new Date(),
): Promise<void> {
  if (order.seriesId === null || order.seriesRun === null) return;
  await db.workOrders.endSeries(order.companyId, order.seriesId, reason(order.seriesRun), now);
}

/** The error of a run the gate refused as it was made: it never ran. */
export function refusedWhenMadeError(refusal: string): string {
  return `Not run: checked when the run before it started. ${refusal} Nothing was changed, and the series ended.`;
}

/**
 * Makes the run after the one `ctx` runs (none when the order does not repeat, or its series
 * ended or ran its last), through the gate at `storePrices` (the store's prices the run read).
 */
export async function continueSeries(ctx: RunContext, storePrices: readonly PriceSnapshot[]): Promise<void> {
  const { db, order } = ctx;
  ctx.seriesContinued = true;
  if (order.seriesId === null || order.seriesRun === null) return;
  const series = (await db.workOrders.series(order.companyId, [order.seriesId])).get(order.seriesId);
  if (!series || series.endedAt) return;
  const now = ctx.now();
  const start = nextRunStart(series.firstStart, series.rule, order.scheduledAt && order.scheduledAt > now ? order.scheduledAt : now);
  if (!start) {
    await stopSeries(db, order, SERIES_END_REASONS.last, now);
    return;
  }
  const run = order.seriesRun + 1;
  const next: NewWorkOrder = {
    title: order.title,
    productUpdates: order.productUpdates,
    scheduledAt: start,
    executeImmediately: false,
    createdBy: order.createdBy,
    storeHash: order.storeHash,
    revertAt: runEnd(start, series.firstEnd ? series.firstEnd.getTime() - series.firstStart.getTime() : null),
    target: order.target,
    series: { id: series.id, run },
  };
  let outcome: GateOutcome;
  try {
    outcome = await passGate(db, {
      path: 'order', companyId: order.companyId, role: await proposerRole(db, order), approved: order.approvedBy !== null,
      items: order.productUpdates, storePrices, target: order.target, startsAt: start,
    });
  } catch (err) {
    if (!(err instanceof GateRefusal)) throw err;
    ctx.log.info('the next run of a series was refused by the gate; the series ends', { run });
    await db.workOrders.create(order.companyId, { ...next, failed: refusedWhenMadeError(err.message) });
    await stopSeries(db, order, () => SERIES_END_REASONS.refused(run, err.message), now);
    return;
  }
  const approved = outcome === 'run' && order.approvedBy !== null;
  try {
    await db.workOrders.create(order.companyId, {
      ...next,
      awaitingApproval: outcome === 'approval',
      approvedBy: approved ? order.approvedBy : null,
      approvedAt: approved ? order.approvedAt : null,
      caps: WORK_ORDER_CAPS,
    });
  } catch (err) {
    if (!(err instanceof WorkOrderCapError)) throw err;
    await stopSeries(db, order, () => SERIES_END_REASONS.notMade(run, tooManyOrdersMessage(err.cap)), now);
  }
}

/** After a run (not an undo): one that failed before it could make its next run ends its series. */
export async function afterRun(ctx: RunContext, outcome: RunOutcome): Promise<void> {
  if (outcome !== 'failed' || ctx.seriesContinued || ctx.order.originalPrices) return;
  await stopSeries(ctx.db, ctx.order, SERIES_END_REASONS.notRun, ctx.now());
}
