/**
 * The work-order conditions, status lists and rows both dialects' repositories use
 * (sqlite/work-orders.ts, pg/work-orders.ts): what a guard, a claimable order, a live lease and
 * a waiting order are, written once against a table of either schema. The dialect files keep how
 * they run them (the claim's transaction, PostgreSQL's advisory locks, the due query's ranking).
 */
import { WORK_ORDER_STATUSES, type WorkOrderStatus } from '@catalog/contracts/work-orders';
import { and, eq, gte, inArray, isNull, lt, lte, ne, or, type Column, type SQL } from 'drizzle-orm';
import type { NewWorkOrder, WorkOrderCaps, WorkOrderGuard, WorkOrderPatch } from './repositories';
import type { Twin } from './repository-shared';

type WorkOrders = Twin<'workOrders'>;

/**
 * The statuses an order waits in, per cap (issue 14): an immediate order from its creation until
 * it finishes, a scheduled one until it starts (waiting for approval counts: issue 19).
 */
export const WAITING_STATUSES: Record<keyof WorkOrderCaps, readonly WorkOrderStatus[]> = {
  immediate: ['awaiting_approval', 'pending', 'executing'],
  scheduled: ['awaiting_approval', 'pending'],
};

/** Zero for every status (the contracts' list, in its order): countByStatus fills in the statuses the company has. */
export function emptyStatusCounts(): Record<WorkOrderStatus, number> {
  return Object.fromEntries(WORK_ORDER_STATUSES.map((s) => [s, 0])) as Record<WorkOrderStatus, number>;
}

/** The order `id`, only in `companyId`. */
export function orderInCompany(wo: WorkOrders, companyId: string, id: string): SQL | undefined {
  return and(eq(wo.companyId, companyId), eq(wo.id, id));
}

/** The company's order created with this idempotency key. */
export function orderByIdempotencyKey(wo: WorkOrders, companyId: string, key: string): SQL | undefined {
  return and(eq(wo.companyId, companyId), eq(wo.idempotencyKey, key));
}

/** Status is one of `statuses` (`=` for one, as the statements were written before the list). */
function statusIn(wo: WorkOrders, statuses: readonly WorkOrderStatus[]): SQL | undefined {
  return statuses.length === 1 ? eq(wo.status, statuses[0]!) : inArray(wo.status, [...statuses]);
}

/** A guard's conditions (compare-and-set), checked in the write's own statement. */
export function guardWhere(wo: WorkOrders, guard: WorkOrderGuard = {}): SQL | undefined {
  const statuses = guard.status === undefined ? [] : ([] as WorkOrderStatus[]).concat(guard.status);
  return and(
    statuses.length ? statusIn(wo, statuses) : undefined,
    guard.leaseOwner !== undefined ? eq(wo.leaseOwner, guard.leaseOwner) : undefined,
    guard.archived !== undefined ? eq(wo.archived, guard.archived) : undefined,
  );
}

/**
 * Only these statuses are ever claimed; an order awaiting approval (issue 19) is not among them,
 * so it never runs before an owner or admin approves it.
 *
 * Pending and due (unarchived: archiving a pending order keeps it from running), executing with
 * a lapsed lease (its process died, or an undo was marked), or completed with its end come
 * (contracts' isRevertDue: revertAt passed, no failed undo). The end of a sale comes also for an
 * archived order (archiving hides an order, it does not keep a sale running), so an archived
 * order can be executing, and resumes as any other. Four branches, each a range of one index
 * ((status, scheduled_at), (status, lease_expires_at) or (status, revert_at)), so only due rows
 * are read, however many orders are finished or scheduled later.
 */
export function claimableWhere(wo: WorkOrders, now: Date): SQL | undefined {
  return or(
    and(eq(wo.status, 'pending'), isNull(wo.scheduledAt), eq(wo.archived, false)),
    and(eq(wo.status, 'pending'), lte(wo.scheduledAt, now), eq(wo.archived, false)),
    and(eq(wo.status, 'executing'), lt(wo.leaseExpiresAt, now)),
    and(eq(wo.status, 'completed'), lte(wo.revertAt, now), isNull(wo.error)),
  );
}

/**
 * Executing under a lease still live at `now` (the company is busy: no other order of it is
 * claimed). Takes the columns of an alias of the table too (the busy-companies subquery's).
 */
export function liveLeaseWhere(wo: { status: Column; leaseExpiresAt: Column }, now: Date): SQL | undefined {
  return and(eq(wo.status, 'executing'), gte(wo.leaseExpiresAt, now));
}

/** The order `id` while `leaseOwner` still holds it (a renewal extends only its own lease). */
export function heldLeaseWhere(wo: WorkOrders, id: string, leaseOwner: string): SQL | undefined {
  return and(eq(wo.id, id), eq(wo.status, 'executing'), eq(wo.leaseOwner, leaseOwner));
}

/** What a claim writes: executing, leased to `leaseOwner` for `leaseMs`. */
export function claimPatch(leaseOwner: string, leaseMs: number, now: Date) {
  return { status: 'executing', leaseOwner, leaseExpiresAt: new Date(now.getTime() + leaseMs), updatedAt: now } as const;
}

/** The company's orders counted against `cap`. */
export function waitingWhere(wo: WorkOrders, companyId: string, cap: keyof WorkOrderCaps): SQL | undefined {
  return and(eq(wo.companyId, companyId), statusIn(wo, WAITING_STATUSES[cap]), eq(wo.executeImmediately, cap === 'immediate'));
}

/** The company's pending (or awaiting) orders made for another store than `storeHash`, or before stores were recorded. */
export function pendingOfOtherStoresWhere(wo: WorkOrders, companyId: string, storeHash: string): SQL | undefined {
  return and(eq(wo.companyId, companyId), statusIn(wo, ['pending', 'awaiting_approval']), or(isNull(wo.storeHash), ne(wo.storeHash, storeHash)));
}

/** What cancelling a pending order writes: failed with `error`, no lease. */
export function cancelledPatch(error: string, now: Date) {
  return { status: 'failed', error, leaseOwner: null, leaseExpiresAt: null, updatedAt: now } as const satisfies WorkOrderPatch & { updatedAt: Date };
}

/** The row a new order is inserted as (pending or awaiting approval, unarchived). */
export function newWorkOrderRow(companyId: string, input: NewWorkOrder, now: Date) {
  return {
    id: input.id ?? crypto.randomUUID(),
    companyId,
    createdBy: input.createdBy ?? null,
    title: input.title,
    productUpdates: input.productUpdates,
    scheduledAt: input.scheduledAt ?? null,
    executeImmediately: input.executeImmediately ?? false,
    idempotencyKey: input.idempotencyKey ?? null,
    storeHash: input.storeHash ?? null,
    revertAt: input.revertAt ?? null,
    status: input.awaitingApproval ? 'awaiting_approval' as const : 'pending' as const,
    createdAt: now,
    updatedAt: now,
  };
}
