/**
 * /api/work-orders: create (idempotent on the client's id), list, delete, archive, set the end
 * (PATCH revertAt), preview an undo and undo (the safe undo of issue 18: the executor restores
 * only items still at the order's prices unless the request forces it).
 * Every query is scoped by the caller's company; another company's order is a 404. State
 * changes are compare-and-set in the database, guarded by contracts' WORK_ORDER_ACTION_GUARDS
 * (the spec's section 4 rules, which the list screen reads through workOrderActions), so the
 * API refuses exactly what the screen does not offer, and a request racing the scheduler gets a
 * 409 that says why, never a half-applied change.
 *
 * Roles: each route's guard comes from the route table and the permission table
 * (packages/contracts/src/permissions.ts, workOrders.*; decision 019 gives the matrix and why).
 *
 * Execution is not done here: a created order that is due, or an order marked for undo, wakes
 * the scheduler of this process (services/work-orders), which claims it; the screens follow
 * its status by polling the list.
 *
 * Approvals and blocking guardrails (issue 19): with the company's "Work orders by members need
 * approval" on (a plan with approvals), a member's order is created `awaiting_approval`, which
 * nothing claims; POST /{id}/approve (owners, admins) makes it pending (it runs now when
 * immediate or its time has passed, else at its time), POST /{id}/reject with a reason makes it
 * rejected (final). Both record who and when, and tell the creator (email with SMTP). An order
 * breaking a rule the company made blocking is refused with 422 GUARDRAIL on create, and again
 * on approve against the prices of then.
 *
 * Caps (issue 14): a company may have WORK_ORDER_CAPS waiting (immediate pending or executing,
 * scheduled pending); one more answers 429 TOO_MANY_ORDERS, counted in the insert's transaction.
 * Each order records the store it was made for; undo of an order made for another store is a 409.
 */
import { ApiError, ErrorCode } from '@catalog/contracts/errors';
import {
  allowsWorkOrderAction, mayDeleteWorkOrder, tooManyOrdersMessage, undoOtherStoreMessage, WITHDRAW_FORBIDDEN_MESSAGE, WORK_ORDER_ACTION_GUARDS, WORK_ORDER_CAPS,
} from '@catalog/contracts/work-order-rules';
import { APPROVE_AFTER_END_MESSAGE, memberMayMoveEnd, MEMBER_END_CHANGE_MESSAGE } from '@catalog/contracts/price-gate';
import { isBigCommerceError } from '@catalog/commerce';
import type { RevertReport, WorkOrder as WireWorkOrder } from '@catalog/contracts/work-orders';
import type { Company, Database, WorkOrder } from '../../db/repositories';
import type { Logger } from '../../lib/logger';
import type { Mailer } from '../../lib/mailer';
import type { SecretBox } from '../../lib/secrets';
import type { CommerceFactory } from '../../services/store-connection';
import { WorkOrderCapError } from '../../db/repositories.work-orders';
import { StoreUnavailableError, storeClients } from '../../services/work-orders/executor';
import { targetsOf } from '../../services/work-orders/price-plan';
import { planRevert } from '../../services/work-orders/revert-plan';
import { notifyWorkOrdersDue } from '../../services/work-orders/scheduler';
import { failureReason } from '../../services/work-orders/store-writer';
import { companySettingsOf, tellCreator } from '../../services/work-orders/approvals';
import { passGate } from '../../services/price-gate';
import { recordChange } from '../../services/work-orders/change-log';
import { defineRoutes } from '../define-routes';
import { peopleOf, resolveItems, toWireOrder } from './work-order-items';
import { allowsChange, changeConflict, checkRevertAt, checkTarget, conflict, refuseCatalogItems } from './work-order-refusals';

const NOT_FOUND = 'Work order not found';

export function workOrderRoutes(deps: {
  db: Database; commerce: CommerceFactory; secrets: SecretBox; logger: Logger;
  /** How the creator of an approved or rejected order hears of it by email (SMTP, PUBLIC_URL). */
  invitations?: { mailer?: Mailer | null; publicUrl?: string };
}) {
  const { db } = deps;
  const mail = { db, mailer: deps.invitations?.mailer ?? null, publicUrl: deps.invitations?.publicUrl ?? null, logger: deps.logger };

  async function companyOf(companyId: string): Promise<Company> {
    const company = await db.companies.get(companyId);
    if (!company) throw new ApiError(ErrorCode.NOT_FOUND, 'Your company was not found');
    return company;
  }

  /** The order as the wire has it, naming the people it records. */
  async function wire(order: WorkOrder): Promise<WireWorkOrder> {
    return toWireOrder(order, await peopleOf(db, order.companyId));
  }
  const storeClient = storeClients(deps);

  /** An order made for another store than the one connected now cannot be undone (409). */
  function refuseOtherStore(order: WorkOrder, settings: { storeHash: string } | null) {
    if (order.storeHash !== null && settings && settings.storeHash !== order.storeHash) {
      throw new ApiError(ErrorCode.CONFLICT, undoOtherStoreMessage(order.storeHash));
    }
  }

  /** The order, or 404 for an id that is absent or another company's (a malformed one: the route table's 404). */
  async function load(companyId: string, id: string): Promise<WorkOrder> {
    const order = await db.workOrders.get(companyId, id);
    if (!order) throw new ApiError(ErrorCode.NOT_FOUND, NOT_FOUND);
    return order;
  }

  // The reads (the list's pages, one order, the overlaps): work-orders-read.routes.ts.
  return defineRoutes({
    'POST /api/work-orders': async (c, { body }) => {
      const user = c.get('user');
      const target = body.target ? await checkTarget(db, user.companyId, body.target) : null;
      const productUpdates = await resolveItems(db, user.companyId, body.productUpdates, target !== null);
      const scheduledAt = body.executeImmediately || !body.scheduledAt ? null : new Date(body.scheduledAt);
      const revertAt = body.revertAt ? new Date(body.revertAt) : null;
      if (revertAt) checkRevertAt(revertAt, { executeImmediately: body.executeImmediately, scheduledAt, status: 'pending' }, new Date());
      // A replay of an order already created answers it as it is now (the rules were checked then).
      const replayed = body.id ? await db.workOrders.getByIdempotencyKey(user.companyId, body.id) : null;
      if (replayed) return c.json(await wire(replayed) satisfies WireWorkOrder, 200);
      const company = await companyOf(user.companyId);
      // The gate (issue 31): refused (422) when a blocking guardrail breaks, else runs or waits for approval.
      const outcome = await passGate(db, { path: 'order', companyId: user.companyId, role: user.role, items: productUpdates, company, target });
      // The store the order is for: a later store change cancels it, or refuses its undo.
      const settings = await db.settings.get(user.companyId);
      const { order, created } = await db.workOrders.create(user.companyId, {
        title: body.title,
        productUpdates,
        scheduledAt,
        executeImmediately: body.executeImmediately,
        createdBy: user.id,
        // The device's id for this submission: a replay (lost response, outbox retry) finds the first order.
        idempotencyKey: body.id ?? null,
        storeHash: settings?.storeHash ?? null,
        revertAt,
        target,
        awaitingApproval: outcome === 'approval',
        caps: WORK_ORDER_CAPS,
      }).catch((err: unknown) => {
        if (err instanceof WorkOrderCapError) throw new ApiError(ErrorCode.TOO_MANY_ORDERS, tooManyOrdersMessage(err.cap));
        throw err;
      });
      if (created && order.status === 'pending' && (scheduledAt === null || scheduledAt.getTime() <= Date.now())) notifyWorkOrdersDue();
      return c.json(await wire(order) satisfies WireWorkOrder, created ? 201 : 200);
    },

    // An owner or admin lets a member's order run (issue 19): pending, so the scheduler claims
    // it now when it is immediate or its time has passed, else at its time.
    'POST /api/work-orders/:id/approve': async (c, { params }) => {
      const user = c.get('user');
      const order = await load(user.companyId, params.id);
      if (order.status !== 'awaiting_approval' || order.archived) throw conflict('approve', order);
      const now = new Date();
      // Approved now, it would run and undo itself at once (issue 31): the store would show, for a
      // moment, prices nobody wants.
      if (order.revertAt !== null && order.revertAt.getTime() <= now.getTime()) throw new ApiError(ErrorCode.CONFLICT, APPROVE_AFTER_END_MESSAGE);
      // Prices may have moved while it waited: the gate checks the blocking rules against today's.
      await passGate(db, { path: 'approve', companyId: user.companyId, role: user.role, items: order.productUpdates, target: order.target });
      const approved = await db.workOrders.update(
        user.companyId, order.id, { status: 'pending', approvedBy: user.id, approvedAt: now }, WORK_ORDER_ACTION_GUARDS.approve, now,
      );
      if (!approved) throw conflict('approve', (await db.workOrders.get(user.companyId, order.id)) ?? order);
      if (approved.scheduledAt === null || approved.scheduledAt.getTime() <= now.getTime()) notifyWorkOrdersDue();
      await tellCreator(mail, approved, user, null);
      return c.json(await wire(approved) satisfies WireWorkOrder);
    },

    'POST /api/work-orders/:id/reject': async (c, { params, body: { reason } }) => {
      const user = c.get('user');
      const order = await load(user.companyId, params.id);
      const now = new Date();
      const rejected = await db.workOrders.update(
        user.companyId, order.id, { status: 'rejected', rejectedBy: user.id, rejectedAt: now, rejectionReason: reason }, WORK_ORDER_ACTION_GUARDS.reject, now,
      );
      if (!rejected) throw conflict('reject', (await db.workOrders.get(user.companyId, order.id)) ?? order);
      await tellCreator(mail, rejected, user, reason);
      return c.json(await wire(rejected) satisfies WireWorkOrder);
    },

    'DELETE /api/work-orders/:id': async (c, { params }) => {
      const user = c.get('user');
      const { companyId } = user;
      const order = await load(companyId, params.id);
      // An order waiting for approval is withdrawn by whoever made it, or by an owner or admin.
      if (!mayDeleteWorkOrder(order, user)) throw new ApiError(ErrorCode.FORBIDDEN, WITHDRAW_FORBIDDEN_MESSAGE);
      if (!(await db.workOrders.delete(companyId, order.id, WORK_ORDER_ACTION_GUARDS.delete))) {
        throw conflict('delete', (await db.workOrders.get(companyId, order.id)) ?? order);
      }
      return c.json({ message: 'Work order deleted' });
    },

    'PATCH /api/work-orders/:id/archive': async (c, { params }) => {
      const { companyId } = c.get('user');
      const order = await load(companyId, params.id);
      const archived = await db.workOrders.update(companyId, order.id, { archived: true }, WORK_ORDER_ACTION_GUARDS.archive);
      if (!archived) throw conflict('archive', (await db.workOrders.get(companyId, order.id)) ?? order);
      return c.json(await wire(archived) satisfies WireWorkOrder);
    },

    // A change after creation (issue 31): the end of any order not yet undone; before it runs,
    // also its items and its start. Through the gate: items are checked against the blocking
    // guardrails; a member's change, while the company requires approval, puts the order back to
    // awaiting approval (an approval is of what was approved). Every change is recorded on the order.
    'PATCH /api/work-orders/:id': async (c, { params, body }) => {
      const user = c.get('user');
      const { companyId } = user;
      const order = await load(companyId, params.id);
      const now = new Date();
      const changesRun = body.productUpdates !== undefined || body.scheduledAt !== undefined || body.executeImmediately !== undefined;
      if (changesRun && !allowsChange(order)) throw changeConflict(order);
      if (!changesRun && !allowsWorkOrderAction('editEnd', order)) throw conflict('editEnd', order);
      if (order.target && body.productUpdates) refuseCatalogItems(body.productUpdates);
      const productUpdates = body.productUpdates ? await resolveItems(db, companyId, body.productUpdates, order.target !== null) : undefined;
      const executeImmediately = body.executeImmediately ?? (body.scheduledAt !== undefined ? false : order.executeImmediately);
      const scheduledAt = executeImmediately ? null : body.scheduledAt !== undefined ? new Date(body.scheduledAt) : order.scheduledAt;
      const revertAt = body.revertAt === undefined ? order.revertAt : body.revertAt === null ? null : new Date(body.revertAt);
      const startMoved = executeImmediately !== order.executeImmediately || (scheduledAt?.getTime() ?? null) !== (order.scheduledAt?.getTime() ?? null);
      if (revertAt && (body.revertAt !== undefined || startMoved)) checkRevertAt(revertAt, { executeImmediately, scheduledAt, status: order.status }, now);

      const company = await companyOf(companyId);
      const approvalsOn = companySettingsOf(company).ordersNeedApproval;
      let status = order.status;
      let approvalCleared = false;
      if (changesRun || order.status === 'pending' || order.status === 'awaiting_approval') {
        // Items are checked when they change; the approval rule whatever changes before the run.
        const outcome = await passGate(db, { path: 'change', companyId, role: user.role, items: productUpdates ?? [], company, target: order.target });
        if (outcome === 'approval') {
          approvalCleared = order.status === 'pending' || order.approvedBy !== null;
          status = 'awaiting_approval';
        }
      } else if (user.role === 'member' && approvalsOn && !memberMayMoveEnd(order.revertAt, revertAt)) {
        // It ran already: its approval cannot be asked again, so a member may only bring its end nearer.
        throw new ApiError(ErrorCode.FORBIDDEN, MEMBER_END_CHANGE_MESSAGE);
      }
      const change = recordChange(order, {
        at: now, by: user.id, role: user.role, approvalCleared,
        productUpdates, scheduledAt: startMoved ? scheduledAt : undefined, executeImmediately: startMoved ? executeImmediately : undefined,
        revertAt: body.revertAt === undefined ? undefined : revertAt,
      });
      const updated = await db.workOrders.update(companyId, order.id, {
        ...(productUpdates ? { productUpdates } : {}),
        ...(startMoved ? { scheduledAt, executeImmediately } : {}),
        revertAt,
        status,
        ...(status === 'awaiting_approval' ? { approvedBy: null, approvedAt: null } : {}),
        changeLog: change,
      }, { status: order.status, archived: false }, now);
      if (!updated) {
        const current = (await db.workOrders.get(companyId, order.id)) ?? order;
        throw changesRun ? changeConflict(current) : conflict('editEnd', current);
      }
      if (updated.status === 'pending' && (updated.scheduledAt === null || updated.scheduledAt.getTime() <= now.getTime())) notifyWorkOrdersDue();
      return c.json(await wire(updated) satisfies WireWorkOrder);
    },

    // Someone opened the order: the dashboard stops showing it (needsAttention, issue 18).
    'POST /api/work-orders/:id/seen': async (c, { params }) => {
      const { companyId } = c.get('user');
      const order = await load(companyId, params.id);
      const seen = order.needsAttention ? await db.workOrders.update(companyId, order.id, { needsAttention: false }) : order;
      return c.json(await wire(seen ?? order) satisfies WireWorkOrder);
    },

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
