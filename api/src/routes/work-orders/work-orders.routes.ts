/**
 * /api/work-orders: create (idempotent on the client's id), delete, archive, approve, reject,
 * change (PATCH), seen; the undo and its preview are in work-order-undo.routes.ts, the reads in
 * work-orders-read.routes.ts. A repeating order (issue 36) is created as the first run of its
 * series; deleting, rejecting or archiving a run before it ran ends the series (the scheduler
 * makes each next run: services/work-orders/series.ts).
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
 * A series' run counts as any order while it waits (only its next run waits at a time).
 * Each order records the store it was made for; undo of an order made for another store is a 409.
 */
import { ApiError, ErrorCode } from '@catalog/contracts/errors';
import {
  allowsWorkOrderAction, mayDeleteWorkOrder, tooManyOrdersMessage, WITHDRAW_FORBIDDEN_MESSAGE, WORK_ORDER_ACTION_GUARDS, WORK_ORDER_CAPS,
} from '@catalog/contracts/work-order-rules';
import { APPROVE_AFTER_END_MESSAGE, memberMayMoveEnd, MEMBER_END_CHANGE_MESSAGE } from '@catalog/contracts/price-gate';
import { SERIES_END_REASONS, type WorkOrder as WireWorkOrder } from '@catalog/contracts/work-orders';
import type { Company, Database, WorkOrder } from '../../db/repositories';
import type { Logger } from '../../lib/logger';
import type { Mailer } from '../../lib/mailer';
import type { SecretBox } from '../../lib/secrets';
import type { CommerceFactory } from '../../services/store-connection';
import { WorkOrderCapError } from '../../db/repositories.work-orders';
import { storeClients } from '../../services/work-orders/executor';
import { notifyWorkOrdersDue } from '../../services/work-orders/scheduler';
import { stopSeries } from '../../services/work-orders/series';
import { companySettingsOf, tellCreator } from '../../services/work-orders/approvals';
import { passGate } from '../../services/price-gate';
import { recordChange } from '../../services/work-orders/change-log';
import { defineRoutes } from '../define-routes';
import { peopleOf, resolveItems, seriesOfOrders, toWireOrder } from './work-order-items';
import { workOrderUndoRoutes } from './work-order-undo.routes';
import { allowsChange, changeConflict, checkRevertAt, checkTarget, conflict, refuseItemsOf } from './work-order-refusals';

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

  /** The order as the wire has it, naming the people it records, and its series if it is a run of one. */
  async function wire(order: WorkOrder): Promise<WireWorkOrder> {
    const [people, series] = await Promise.all([peopleOf(db, order.companyId), seriesOfOrders(db, order.companyId, [order])]);
    return toWireOrder(order, people, series);
  }

  /** The order, or 404 for an id that is absent or another company's (a malformed one: the route table's 404). */
  async function load(companyId: string, id: string): Promise<WorkOrder> {
    const order = await db.workOrders.get(companyId, id);
    if (!order) throw new ApiError(ErrorCode.NOT_FOUND, NOT_FOUND);
    return order;
  }

  // The reads (the list's pages, one order, the overlaps): work-orders-read.routes.ts.
  return defineRoutes({
    ...workOrderUndoRoutes({ db, storeClient: storeClients(deps), load, wire }),
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
      const outcome = await passGate(db, { path: 'order', companyId: user.companyId, role: user.role, items: productUpdates, company, target, startsAt: scheduledAt });
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
        // A repeating order is its series' first run; the run before each next one makes it.
        series: body.repeat ? { id: crypto.randomUUID(), run: 1, start: { rule: body.repeat } } : undefined,
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
      await passGate(db, { path: 'approve', companyId: user.companyId, role: user.role, items: order.productUpdates, target: order.target, startsAt: order.scheduledAt });
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
      await stopSeries(db, rejected, SERIES_END_REASONS.rejected, now);
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
      // Its next run would have been made when it started: the series ends here.
      await stopSeries(db, order, SERIES_END_REASONS.deleted);
      return c.json({ message: 'Work order deleted' });
    },

    'PATCH /api/work-orders/:id/archive': async (c, { params }) => {
      const { companyId } = c.get('user');
      const order = await load(companyId, params.id);
      const archived = await db.workOrders.update(companyId, order.id, { archived: true }, WORK_ORDER_ACTION_GUARDS.archive);
      if (!archived) throw conflict('archive', (await db.workOrders.get(companyId, order.id)) ?? order);
      // An archived run never starts (nor makes its next).
      if (order.status === 'pending') await stopSeries(db, order, SERIES_END_REASONS.archived);
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
      if (body.productUpdates) refuseItemsOf(order.target, body.productUpdates);
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
        const outcome = await passGate(db, { path: 'change', companyId, role: user.role, items: productUpdates ?? [], company, target: order.target, startsAt: scheduledAt });
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
  });
}
