/**
 * The work-order conditions, status lists and rows both dialects' repositories use
 * (sqlite/work-orders.ts, pg/work-orders.ts): what a guard, a claimable order, a live lease and
 * a waiting order are, written once against a table of either schema. The dialect files keep how
 * they run them (the claim's transaction, PostgreSQL's advisory locks, the due query's ranking).
 */
import { itemKeyIn, WORK_ORDER_STATUSES, type PriceListTarget, type RevertReportSummary, type WorkOrderStatus } from '@catalog/contracts/work-orders';
import { and, eq, gt, gte, inArray, isNull, lt, lte, ne, or, sql, type Column, type SQL } from 'drizzle-orm';
import type {
  NewWorkOrder, UndoRequest, WorkOrderCaps, WorkOrderCounts, WorkOrderGuard, WorkOrderItem, WorkOrderPatch, WorkOrderSummary,
} from './repositories';
import type { Twin } from './repository-shared';

type WorkOrders = Twin<'workOrders'>;

/**
 * The statuses an order waits in, per cap (issue 14): an immediate order from its approval (or
 * creation) until it finishes, a scheduled one until it starts. Waiting for approval does not
 * count (issue 31): a member's proposals have a cap of their own, per member.
 */
export const WAITING_STATUSES: Record<'immediate' | 'scheduled', readonly WorkOrderStatus[]> = {
  immediate: ['pending', 'executing'],
  scheduled: ['pending'],
};

/** The cap a new order counts against: its creator's proposals when it awaits approval, else the company's queue. */
export function capOf(input: Pick<NewWorkOrder, 'awaitingApproval' | 'executeImmediately'>): keyof WorkOrderCaps {
  if (input.awaitingApproval) return 'awaitingApproval';
  return input.executeImmediately ? 'immediate' : 'scheduled';
}

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
 * (revertAt passed, no failed undo). The rule is decided here; contracts' isWorkOrderDue and
 * isRevertDue are its twins, held to it by work-order-due.contract.test.ts (same cases, both
 * dialects): a change here changes them too. The end of a sale comes also for an
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

/** The company's orders counted against `cap` (awaiting approval: those of `createdBy`). */
export function waitingWhere(wo: WorkOrders, companyId: string, cap: keyof WorkOrderCaps, createdBy?: string | null): SQL | undefined {
  if (cap === 'awaitingApproval') {
    return and(eq(wo.companyId, companyId), eq(wo.status, 'awaiting_approval'), createdBy ? eq(wo.createdBy, createdBy) : isNull(wo.createdBy));
  }
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

/**
 * The counts a card shows, of stored items: contracts' countWorkOrderUpdates (which counts the
 * wire's items) in the stored shape. The migration that added the columns (work_order_summary)
 * backfilled them with the same rule in SQL.
 */
export function itemCounts(items: readonly WorkOrderItem[]): WorkOrderCounts {
  const products = new Set<string>();
  const counts = { itemCount: items.length, productCount: 0, regularPriceUpdates: 0, salePriceUpdates: 0, retailPriceUpdates: 0 };
  for (const item of items) {
    products.add(item.productId);
    // null: a variant's regular price inherits its product's again (the wire's inheritRegularPrice).
    if (item.newRegularPriceCents !== undefined || item.removeRecord) counts.regularPriceUpdates += 1;
    if (item.newSalePriceCents !== undefined) counts.salePriceUpdates += 1;
    if (item.newRetailPriceCents !== undefined) counts.retailPriceUpdates += 1;
  }
  counts.productCount = products.size;
  return counts;
}

/**
 * The targets index rows of an order's items (one per distinct target), named as contracts'
 * itemKeyIn names them on the wire: 'p123', 'v456', or a price list order's 'l7:USD:v456'.
 */
export function targetRows(companyId: string, workOrderId: string, items: readonly WorkOrderItem[], orderTarget: PriceListTarget | null | undefined) {
  const key = itemKeyIn(orderTarget);
  const keys = items.map((item) => key({ productId: item.externalProductId ?? 0, variantId: item.externalVariantId ?? null }));
  return [...new Set(keys)].map((target) => ({ workOrderId, companyId, target }));
}

/**
 * The most (order, target) matches the overlaps' query reads: beyond them (many live orders
 * sharing many of the items) the answer is what was found, flagged incomplete, so one request
 * costs a bounded amount of database work.
 */
export const OVERLAP_PAIRS = 20_000;

/**
 * An order that may still meet a new one's prices: contracts' isOverlapCandidate in SQL
 * (pending or awaiting approval and not archived, or completed with its end to come and no
 * failed undo).
 */
export function overlapCandidateWhere(wo: WorkOrders, now: Date): SQL | undefined {
  return or(
    and(inArray(wo.status, ['pending', 'awaiting_approval']), eq(wo.archived, false)),
    and(eq(wo.status, 'completed'), gt(wo.revertAt, now), isNull(wo.error)),
  );
}

/**
 * The columns a summary reads (WorkOrderSummary): small ones only, never the items, the price
 * snapshots, the undo request or the revert report (their summaries have columns of their own).
 * On SQLite an index holds every one of them (drizzle/sqlite/0016_work_order_summary_cover.sql):
 * a column added here goes there too (sqlite/work-orders-list-index.test.ts checks it).
 */
export const SUMMARY_COLUMNS = [
  'id', 'companyId', 'createdBy', 'title', 'scheduledAt', 'executeImmediately', 'status', 'archived', 'createdAt', 'executedAt',
  'undoneAt', 'error', 'idempotencyKey', 'revertAt', 'warning', 'needsAttention', 'approvedBy', 'approvedAt', 'rejectedBy',
  'rejectedAt', 'rejectionReason', 'itemCount', 'productCount', 'regularPriceUpdates', 'salePriceUpdates', 'retailPriceUpdates',
  'undoTrigger', 'revertCounts', 'target', 'seriesId', 'seriesRun',
] as const satisfies readonly (keyof WorkOrders)[];

/** Of the targets index's rows, which of `ids` (0-based) each row's order is: where a target is listed first. */
export function rankIn(workOrderId: Column, ids: readonly string[]): SQL<number> {
  return sql<number>`case ${workOrderId} ${sql.join(ids.map((id, i) => sql`when ${id} then ${i}`), sql` `)} end`;
}

/**
 * The overlaps of the listed orders (`ids`, in the order they are listed), from what a dialect
 * read: how many targets each shares, and each shared target once, under the first listed order
 * that has it (so an answer names at most as many targets as were asked about).
 */
export function sharedByOrder(
  ids: readonly string[], counts: ReadonlyArray<{ id: string; n: number }>, firsts: ReadonlyArray<{ target: string; first: number }>,
): Map<string, { shared: number; targets: string[] }> {
  const out = new Map<string, { shared: number; targets: string[] }>();
  for (const { id, n } of counts) out.set(id, { shared: Number(n), targets: [] });
  for (const { target, first } of firsts) out.get(ids[Number(first)]!)?.targets.push(target);
  for (const entry of out.values()) entry.targets.sort();
  return out;
}

/** A dialect's table's summary columns. */
export function summaryColumns<T extends WorkOrders>(wo: T): Pick<T, (typeof SUMMARY_COLUMNS)[number]> {
  return Object.fromEntries(SUMMARY_COLUMNS.map((key) => [key, wo[key]])) as Pick<T, (typeof SUMMARY_COLUMNS)[number]>;
}

/** A JSON value a dialect's expression returned: parsed text (SQLite), or the value (PostgreSQL's jsonb). */
export function jsonValue<T>(value: unknown): T | null {
  if (value === null || value === undefined) return null;
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/** A summary row as read: the revert report's counts are the summary's revert report. */
export function toSummary<R extends Omit<WorkOrderSummary, 'revertReport'>>({ revertCounts, ...row }: R & { revertCounts: RevertReportSummary | null }): WorkOrderSummary {
  return { ...row, revertReport: revertCounts };
}

/**
 * What a write also writes, so the summaries never disagree with what they sum up: new items'
 * counts (their targets index is written beside), an undo request's trigger, a revert report's
 * counts.
 */
export function withSummaryColumns<P extends WorkOrderPatch>(patch: P): P & Partial<WorkOrderCounts> & {
  undoTrigger?: UndoRequest['trigger'] | null; revertCounts?: RevertReportSummary | null;
} {
  const written: P & Partial<WorkOrderCounts> & { undoTrigger?: UndoRequest['trigger'] | null; revertCounts?: RevertReportSummary | null } = { ...patch };
  if (patch.productUpdates) Object.assign(written, itemCounts(patch.productUpdates));
  if (patch.undoRequest !== undefined) written.undoTrigger = patch.undoRequest?.trigger ?? null;
  if (patch.revertReport !== undefined) {
    const report = patch.revertReport;
    written.revertCounts = report ? { restored: report.restored, kept: report.kept, unchanged: report.unchanged, forced: report.forced } : null;
  }
  return written;
}

/**
 * The row a new order is inserted as (pending or awaiting approval, unarchived; a series' run
 * refused as it was made: failed, needing attention).
 */
export function newWorkOrderRow(companyId: string, input: NewWorkOrder, now: Date) {
  return {
    ...itemCounts(input.productUpdates),
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
    target: input.target ?? null,
    status: input.failed !== undefined ? 'failed' as const : input.awaitingApproval ? 'awaiting_approval' as const : 'pending' as const,
    error: input.failed ?? null,
    needsAttention: input.failed !== undefined,
    approvedBy: input.approvedBy ?? null,
    approvedAt: input.approvedAt ?? null,
    seriesId: input.series?.id ?? null,
    seriesRun: input.series?.run ?? null,
    createdAt: now,
    updatedAt: now,
  };
}
