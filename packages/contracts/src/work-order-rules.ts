/**
 * The rules of a work order's life that the list screen and the API both apply: which actions
 * an order offers (spec section 4), who may withdraw one, when an order is due (the twins of the
 * API's SQL), and its summary counts.
 */
import { can } from './permissions';
import type { Role } from './roles';
import { itemTarget, WORK_ORDER_STATUSES, type WorkOrderStatus, type WorkOrder, type WorkOrderItem } from './work-orders';

/**
 * What can be done to an order from the list (each is also a route: DELETE, PATCH archive,
 * POST undo, PATCH with `revertAt` for editEnd, POST approve and reject). Approve and reject
 * are also a matter of role (owners and admins: permissions.ts, workOrders.approve).
 */
export type WorkOrderAction = 'undo' | 'archive' | 'delete' | 'editEnd' | 'approve' | 'reject';

export type WorkOrderActions = Record<WorkOrderAction, boolean>;

/** When an action is allowed: the order's status is one of `status` and, when set, its archived flag is `archived`. */
export interface WorkOrderActionGuard {
  status: readonly WorkOrderStatus[];
  archived?: boolean;
}

/**
 * The one statement of when each action is allowed (spec section 4). The list screen reads it
 * through workOrderActions; the API passes it as it is to the repository as the compare-and-set
 * guard of the write (api/src/routes/work-orders), so the API refuses (409) exactly what the
 * screen does not offer, also when the order changed between the screen and the request.
 */
export const WORK_ORDER_ACTION_GUARDS = {
  /** Only a completed, unarchived order can be undone; undo reverts every price it set. */
  undo: { status: ['completed'], archived: false },
  /**
   * Any unarchived order that is not executing right now, nor waiting for approval (an order
   * waiting is approved, rejected or deleted: archiving would hide it from those who decide).
   */
  archive: { status: WORK_ORDER_STATUSES.filter((s) => s !== 'executing' && s !== 'awaiting_approval'), archived: false },
  /**
   * Only an order nothing has been written for: pending, archived or not, or waiting for
   * approval (cancelled by its creator or an owner or admin; the route checks who).
   */
  delete: { status: ['pending', 'awaiting_approval'] },
  /**
   * Setting, moving or removing the end (revertAt): before it runs (also while it waits for
   * approval), or after it completed and before anything undid it (issue 18). Not while it
   * runs, nor once archived.
   */
  editEnd: { status: ['awaiting_approval', 'pending', 'completed'], archived: false },
  /** An order waiting for approval becomes pending (issue 19); owners and admins only. */
  approve: { status: ['awaiting_approval'], archived: false },
  /** An order waiting for approval becomes rejected, which is final; owners and admins only. */
  reject: { status: ['awaiting_approval'], archived: false },
} as const satisfies Record<WorkOrderAction, WorkOrderActionGuard>;

/**
 * When an order's items and start may change (PATCH, issue 31): before it runs, while pending or
 * awaiting approval, not archived. Its end follows `editEnd`.
 */
export const WORK_ORDER_CHANGE_GUARD = { status: ['awaiting_approval', 'pending'], archived: false } as const satisfies WorkOrderActionGuard;

/** Whether `action` is allowed for the order as it is. */
export function allowsWorkOrderAction(action: WorkOrderAction, order: { status: WorkOrderStatus; archived: boolean }): boolean {
  const guard: WorkOrderActionGuard = WORK_ORDER_ACTION_GUARDS[action];
  return guard.status.includes(order.status) && (guard.archived === undefined || guard.archived === order.archived);
}

/** The actions the order offers now: the list shows exactly these. */
export function workOrderActions(order: { status: WorkOrderStatus; archived: boolean }): WorkOrderActions {
  return {
    undo: allowsWorkOrderAction('undo', order),
    archive: allowsWorkOrderAction('archive', order),
    delete: allowsWorkOrderAction('delete', order),
    editEnd: allowsWorkOrderAction('editEnd', order),
    approve: allowsWorkOrderAction('approve', order),
    reject: allowsWorkOrderAction('reject', order),
  };
}

/** What the API answers (403) when a member tries to withdraw another's order awaiting approval. */
export const WITHDRAW_FORBIDDEN_MESSAGE = 'Only the member who made it, or an owner or admin, can cancel an order awaiting approval';

/**
 * Whether `user` may delete the order, as far as who they are goes (which statuses can be
 * deleted at all is WORK_ORDER_ACTION_GUARDS.delete; which roles, the permission table's
 * workOrders.delete, the route's guard): an order awaiting approval is withdrawn only by whoever
 * made it, or by whoever may decide on it (workOrders.approve). `user` null: not known yet (a
 * screen before the signed-in user is read), who may withdraw one is not known either. The card
 * offers Delete by it; the API refuses the rest with 403 WITHDRAW_FORBIDDEN_MESSAGE.
 */
export function mayDeleteWorkOrder(order: { status: WorkOrderStatus; createdBy: string | null }, user: { id: string; role: Role } | null): boolean {
  if (order.status !== 'awaiting_approval') return true;
  return user !== null && (order.createdBy === user.id || can(user.role, 'workOrders.approve'));
}

/** Statuses after which nothing more happens to an order unless someone undoes it. */
export const FINAL_WORK_ORDER_STATUSES: readonly WorkOrderStatus[] = ['completed', 'failed', 'undone', 'rejected'];

/**
 * Whether a new order waits for an owner's or admin's approval: the company requires it
 * (company settings, on a plan with approvals) and the creator is a member.
 */
export function needsApproval(role: string, settings: { ordersNeedApproval: boolean }, planAllows: boolean): boolean {
  return settings.ordersNeedApproval && planAllows && role === 'member';
}

/**
 * A scheduled order approved after its time had come ran as soon as it was approved: what its
 * card says (issue 19). Null for any other order.
 */
export function approvalNote(order: Pick<WorkOrder, 'executeImmediately' | 'scheduledAt' | 'approvedAt'>): string | null {
  if (order.executeImmediately || order.scheduledAt === null || order.approvedAt === null) return null;
  return Date.parse(order.approvedAt) > Date.parse(order.scheduledAt) ? 'Approved after its scheduled time: ran on approval' : null;
}

/*
 * When the scheduler takes an order: the SQL decides (api/src/db/repository-shared.work-orders.ts,
 * claimableWhere, which the `due` query and the atomic claim read, in one statement per dialect
 * and over indexes). isWorkOrderDue and isRevertDue are its twins, for reading the rule where
 * there is no database; api/src/db/work-order-due.contract.test.ts runs the same cases through
 * the SQL and through them, on SQLite and PostgreSQL, and fails when they disagree. An
 * executing order whose lease lapsed is claimed too: the scheduler's own matter, with no twin.
 */

/**
 * A pending order the scheduler runs now: not archived (archiving a pending order keeps it from
 * running), with no scheduled time or one that has come. `executeImmediately` is not read: the
 * API stores an immediate order without a time, and a time is what the SQL reads.
 */
export function isWorkOrderDue(order: Pick<WorkOrder, 'status' | 'archived' | 'scheduledAt'>, now: Date): boolean {
  if (order.status !== 'pending' || order.archived) return false;
  return order.scheduledAt === null || Date.parse(order.scheduledAt) <= now.getTime();
}

/**
 * A completed order's end has come: the scheduler reverts it (safe undo), archived or not
 * (archiving hides an order, it does not keep a sale running). An order whose undo failed keeps
 * its error and is not retried by itself; Undo (which clears the error) tries again.
 */
export function isRevertDue(
  order: { status: WorkOrderStatus; revertAt: string | null; error: string | null },
  now: Date,
): boolean {
  return order.status === 'completed' && order.revertAt !== null && order.error === null && Date.parse(order.revertAt) <= now.getTime();
}

export interface WorkOrderCounts {
  productCount: number;
  regularPriceUpdates: number;
  salePriceUpdates: number;
  /** Items that set or clear a retail price (MSRP, issue 19). */
  retailPriceUpdates: number;
}

/** The counts a work order card shows: products touched, regular and sale price changes (a record removed changes its price). */
export function countWorkOrderUpdates(
  items: readonly (Pick<WorkOrderItem, 'productId' | 'newRegularPrice' | 'newSalePrice'>
    & Partial<Pick<WorkOrderItem, 'inheritRegularPrice' | 'newRetailPrice' | 'removeRecord'>>)[],
): WorkOrderCounts {
  const products = new Set<number>();
  let regularPriceUpdates = 0;
  let salePriceUpdates = 0;
  let retailPriceUpdates = 0;
  for (const item of items) {
    products.add(item.productId);
    if (typeof item.newRegularPrice === 'string' || item.inheritRegularPrice === true || item.removeRecord === true) regularPriceUpdates += 1;
    if (item.newSalePrice !== undefined) salePriceUpdates += 1;
    if (item.newRetailPrice !== undefined) retailPriceUpdates += 1;
  }
  return { productCount: products.size, regularPriceUpdates, salePriceUpdates, retailPriceUpdates };
}

/**
 * How many orders one company may have waiting (issue 14): immediate ones pending or executing,
 * and scheduled ones pending. Orders awaiting approval are not among them (issue 31: a member's
 * queue of proposals must not stop an owner's order); instead each member may have at most
 * `awaitingApproval` orders awaiting approval. Over a cap, creating one more answers 429
 * TOO_MANY_ORDERS with `tooManyOrdersMessage`; the device's outbox keeps such an order queued
 * and sends it later.
 */
export const WORK_ORDER_CAPS = { immediate: 20, scheduled: 500, awaitingApproval: 20 } as const;

export type WorkOrderCap = keyof typeof WORK_ORDER_CAPS;

/** What the API says when a company (or, awaiting approval, a member) is at a cap, and what the user can do about it. */
export function tooManyOrdersMessage(cap: WorkOrderCap): string {
  switch (cap) {
    case 'immediate':
      return `Your company already has ${WORK_ORDER_CAPS.immediate} work orders waiting to run. Wait for them to finish, or delete pending ones, then try again.`;
    case 'scheduled':
      return `Your company already has ${WORK_ORDER_CAPS.scheduled} scheduled work orders. Delete pending ones you no longer need, or wait for some to run, then try again.`;
    case 'awaitingApproval':
      return `You already have ${WORK_ORDER_CAPS.awaitingApproval} work orders awaiting approval. Wait for an owner or admin to decide on them, or cancel some, then try again.`;
  }
}

/** The error of an order cancelled because its company connected another store (it was made for the old one). */
export const STORE_CHANGED_ERROR = 'Cancelled: the store connection changed';

/** Why an order made for another store cannot be undone. */
export function undoOtherStoreMessage(storeHash: string): string {
  return `This work order changed prices in another store (${storeHash}); undo is not possible after the store connection changed`;
}

/** The fields of an order its overlap names (a summary of GET /api/work-orders has them). */
export type OverlapOrder = Pick<WorkOrder, 'id' | 'title' | 'status' | 'executeImmediately' | 'scheduledAt' | 'revertAt' | 'executedAt'>;

/** Another order that touches some of the same products or variants (issue 18, overlaps). */
export interface OrderOverlap<O extends OverlapOrder = OverlapOrder> {
  order: O;
  /** The shared targets (contracts' itemTarget: 'p123', 'v456'). */
  targets: string[];
  /**
   * How many targets it shares, when `targets` names only some of them (the API's answer names
   * each target once, under the first order that has it); absent: `targets` are all of them.
   */
  shared?: number;
}

/**
 * Whether an order may still meet a new one's prices: pending ones (they will write too), and
 * completed ones whose end is still to come (their revert will meet the new prices, and keep
 * them: the later change wins). The API's query states the same in SQL
 * (repository-shared.work-orders.ts, overlapCandidateWhere).
 */
export function isOverlapCandidate(
  o: { status: WorkOrderStatus; archived: boolean; revertAt: string | null; error: string | null },
  now: Date,
): boolean {
  return ((o.status === 'pending' || o.status === 'awaiting_approval') && !o.archived)
    || (o.status === 'completed' && o.revertAt !== null && o.error === null && Date.parse(o.revertAt) > now.getTime());
}

/** Oldest first, as orders would run: by their schedule, else when they ran. */
export function compareRunTime(a: OverlapOrder, b: OverlapOrder): number {
  return Date.parse(a.scheduledAt ?? a.executedAt ?? '') - Date.parse(b.scheduledAt ?? b.executedAt ?? '');
}

/**
 * The overlaps of a new order's items with other orders, each given with the targets it has (or
 * those of them the caller found among the items: POST /api/work-orders/overlaps reads them
 * from an index). Only candidates (isOverlapCandidate) that share a target; oldest first, as
 * they would run.
 */
export function overlapsOfTargets<O extends OverlapOrder & Parameters<typeof isOverlapCandidate>[0]>(
  items: readonly Pick<WorkOrderItem, 'productId' | 'variantId'>[],
  candidates: readonly { order: O; targets: Iterable<string> }[],
  now: Date,
): OrderOverlap<O>[] {
  const mine = new Set(items.map(itemTarget));
  return candidates
    .filter(({ order }) => isOverlapCandidate(order, now))
    .map(({ order, targets }) => ({ order, targets: [...new Set(targets)].filter((t) => mine.has(t)) }))
    .filter((o) => o.targets.length > 0)
    .sort((a, b) => compareRunTime(a.order, b.order));
}

/** The orders a new one overlaps, from whole orders (their items): overlapsOfTargets. */
export function overlappingOrders(
  items: readonly Pick<WorkOrderItem, 'productId' | 'variantId'>[],
  orders: readonly WorkOrder[],
  now: Date,
): OrderOverlap<WorkOrder>[] {
  return overlapsOfTargets(items, orders.map((order) => ({ order, targets: order.productUpdates.map(itemTarget) })), now);
}
