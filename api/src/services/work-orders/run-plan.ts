/**
 * A run's plan, decided at the store's prices of now. An order: the price gate once more
 * (issue 31, decision 048), which may stop it or send it back for approval. An undo (the safe
 * undo, issue 18): which items to restore, saved before the first write so a resumed run
 * restores the same items (re-reading would count the ones already restored as unchanged).
 */
import { isBigCommerceError, type BigCommerceClient } from '@catalog/commerce';
import { refusedAtRunError } from '@catalog/contracts/price-gate';
import type { PriceSnapshot, UndoRequest } from '../../db/repositories';
import { GateRefusal, passGate, proposerRole } from '../price-gate';
import { failed, finish, sentence, undoFailed, type RunContext, type RunOutcome } from './run-context';
import type { PriceTarget } from './price-plan';
import { planRevert } from './revert-plan';
import { restoreWrites } from './safe-undo';
import { failureReason } from './store-writer';

/**
 * The gate when the order runs: null to go on, else how the run ended. Refused by a blocking
 * guardrail at the store's prices of now: failed, nothing written (whoever set it up hears of
 * it, as of any unattended failure). Needing an approval it does not have: back to awaiting
 * approval, for an owner or admin to decide again.
 */
export async function gateAtRun(ctx: RunContext, storePrices: PriceSnapshot[]): Promise<RunOutcome | null> {
  const { order } = ctx;
  try {
    const role = await proposerRole(ctx.db, order);
    const outcome = await passGate(ctx.db, {
      path: 'run', companyId: order.companyId, role, approved: order.approvedBy !== null, items: order.productUpdates, storePrices, target: order.target,
    });
    if (outcome === 'run') return null;
    ctx.log.info('work order needs approval at its run; back to awaiting approval');
    return finish(ctx, 'awaiting_approval', { status: 'awaiting_approval', approvedBy: null, approvedAt: null });
  } catch (err) {
    if (!(err instanceof GateRefusal)) throw err;
    return failed(ctx, refusedAtRunError(err.message));
  }
}

/**
 * The items an undo restores: those still at what the order set (all of them when the request
 * forces it), the ones changed since kept and reported; or how the undo ended when the store
 * could not be read. A resumed undo finds its plan saved and goes on with it.
 */
export async function planUndo(ctx: RunContext, client: BigCommerceClient, targets: PriceTarget[]): Promise<PriceTarget[] | RunOutcome> {
  const { order } = ctx;
  // An undo nobody asked for through the route is the end-time revert the scheduler claimed.
  let request: UndoRequest = order.undoRequest ?? { trigger: 'end', force: false, by: null };
  // The end passes the gate too (decision 048): it puts back the order's own prices, so no rule stops it.
  if (request.trigger === 'end') await passGate(ctx.db, { path: 'end', companyId: order.companyId, role: 'owner', items: [] });
  if (request.restoreKeys && order.revertReport) {
    const keys = new Set(request.restoreKeys);
    return targets.filter((t) => keys.has(t.key));
  }
  let plan;
  try {
    plan = await planRevert(ctx.db, client, order, targets, request.force, ctx.signal);
  } catch (err) {
    if (ctx.signal.aborted || !isBigCommerceError(err)) throw err;
    return undoFailed(ctx, `Could not undo: could not read the current prices from the store: ${sentence(failureReason(err))} Nothing was changed.`);
  }
  const keys = new Set(restoreWrites(plan.items).map((t) => t.key));
  request = { ...request, restoreKeys: [...keys] };
  const saved = await ctx.db.workOrders.update(order.companyId, order.id, { undoRequest: request, revertReport: plan.report },
    { status: 'executing', leaseOwner: ctx.owner }, ctx.now());
  if (!saved) return 'lost';
  ctx.order = saved;
  return targets.filter((t) => keys.has(t.key));
}
