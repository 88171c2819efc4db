/**
 * /api/work-orders/{id}/undo-preview and /undo (the safe undo of issue 18): what an undo would
 * do now, read from the store, and the undo itself, marked for the scheduler (the executor
 * restores only items still at the order's prices unless the request forces it). An order made
 * for another store than the one connected now cannot be undone (409). Part of the work-order
 * routes (work-orders.routes.ts spreads these in), which give it the order's loader and its wire.
 */
import { isBigCommerceError } from '@catalog/commerce';
import { ApiError, ErrorCode } from '@catalog/contracts/errors';
import { undoOtherStoreMessage, WORK_ORDER_ACTION_GUARDS } from '@catalog/contracts/work-order-rules';
import type { RevertReport, WorkOrder as WireWorkOrder } from '@catalog/contracts/work-orders';
import type { Database, WorkOrder } from '../../db/repositories';
import { passGate } from '../../services/price-gate';
import { StoreUnavailableError, type StoreClientFactory } from '../../services/work-orders/executor';
import { targetsOf } from '../../services/work-orders/price-plan';
import { planRevert } from '../../services/work-orders/revert-plan';
import { notifyWorkOrdersDue } from '../../services/work-orders/scheduler';
import { failureReason } from '../../services/work-orders/store-writer';
import { defineRoutes } from '../define-routes';
import { conflict } from './work-order-refusals';

/** An order made for another store than the one connected now cannot be undone (409). */
function refuseOtherStore(order: WorkOrder, settings: { storeHash: string } | null) {
  if (order.storeHash !== null && settings && settings.storeHash !== order.storeHash) {
    throw new ApiError(ErrorCode.CONFLICT, undoOtherStoreMessage(order.storeHash));
  }
}

export function workOrderUndoRoutes(deps: {
  db: Database;
  storeClient: StoreClientFactory;
  /** The order, or 404. */
  load: (companyId: string, id: string) => Promise<WorkOrder>;
  wire: (order: WorkOrder) => Promise<WireWorkOrder>;
}) {
  const { db, storeClient, load, wire } = deps;
  return defineRoutes({
    // What an undo would do now: the store's prices read, each item classified (issue 18).
    'GET /api/work-orders/:id/undo-preview': async (c, { params }) => {
      const { companyId } = c.get('user');
      const order = await load(companyId, params.id);
      if (order.status !== 'completed' || order.archived) throw conflict('undo', order);
      refuseOtherStore(order, await db.settings.get(companyId));
      if (!order.originalPrices) throw new ApiError(ErrorCode.CONFLICT, 'This order has no record of the prices it replaced');
      try {
        const client = await storeClient(companyId);
        const plan = await planRevert(db, client, order, targetsOf(order.productUpdates, order.target), false, c.req.raw.signal);
        return c.json(plan.report satisfies RevertReport);
      } catch (err) {
        if (err instanceof StoreUnavailableError) throw new ApiError(ErrorCode.CONFLICT, err.message);
        if (isBigCommerceError(err)) throw new ApiError(ErrorCode.UPSTREAM, `Could not read the current prices from the store: ${failureReason(err)}`);
        throw err;
      }
    },

    'POST /api/work-orders/:id/undo': async (c, { params, body: { force } }) => {
      const user = c.get('user');
      const { companyId } = user;
      const order = await load(companyId, params.id);
      // Through the gate (decision 048): an undo puts back the order's own prices; no guardrail
      // or approval stops it, so a wrong order can always be taken back.
      await passGate(db, { path: 'undo', companyId, role: user.role, items: [] });
      // Its prices were changed in another store, whose product ids mean nothing in this one.
      // (An order from before stores were recorded, storeHash null, counts as this store's; the
      // executor checks again, should the store change between here and the run.)
      refuseOtherStore(order, await db.settings.get(companyId));
      // Marked for the scheduler: executing with executedAt set means "undo", and a lease that
      // has already lapsed lets the first scheduler that looks (in any process) claim it.
      const marked = await db.workOrders.update(
        companyId, order.id,
        {
          status: 'executing', error: null, leaseOwner: null, leaseExpiresAt: new Date(Date.now() - 1),
          undoRequest: { trigger: 'manual', force, by: user.id }, revertReport: null,
        },
        WORK_ORDER_ACTION_GUARDS.undo,
      );
      if (!marked) throw conflict('undo', (await db.workOrders.get(companyId, order.id)) ?? order);
      notifyWorkOrdersDue();
      return c.json(await wire(marked) satisfies WireWorkOrder, 202);
    },
  });
}
