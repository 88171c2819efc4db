/**
 * A work order on the wire: the order, its summary as a page of the list lists it (issue 31),
 * the list's page, its recorded changes and one order's detail. Part of @catalog/contracts/work-orders.
 */
import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { IsoDateTime, Uuid } from './common';
import { page } from './paging';
import { WorkOrderItem } from './work-order-item';
import { RepeatRule } from './work-order-repeat';
import { RevertReport, RevertReportSummary } from './work-order-revert-report';
import { WorkOrderStatus } from './work-order-status';
import { PriceListTarget } from './work-order-target';

/**
 * The series a repeating order's run belongs to (issue 36): its id (shared by every run), which
 * run this is (1: the first), why the series stopped before its rule ran out, if it did
 * ("run 3 was deleted before it ran"; SERIES_END_REASONS), and its first run's start and end as
 * the series stored them, from which every later run's start and length follow (seriesStarts,
 * runEnd): the calendar plans the runs not yet made from them (plannedRuns), offline too.
 */
export const WorkOrderSeriesRef = lazySchema(() =>
  z.object({
    id: Uuid,
    run: z.number().int().positive(),
    endedReason: z.string().nullable().default(null),
    /** The first run's start; null only in a copy a device kept before the server sent it. */
    firstStart: IsoDateTime.nullable().default(null),
    /** The first run's end; null: its runs have no end (or, without firstStart, not known). */
    firstEnd: IsoDateTime.nullable().default(null),
  }),
);
export type WorkOrderSeriesRef = z.infer<typeof WorkOrderSeriesRef>;

export const WorkOrder = lazySchema(() =>
  z.object({
    id: Uuid,
    /** The `id` the client submitted it with (its idempotency key), when it sent one. */
    clientId: Uuid.nullable().optional(),
    title: z.string(),
    /** A missing status reads as pending (spec section 4). */
    status: WorkOrderStatus.default('pending'),
    archived: z.boolean(),
    productUpdates: z.array(WorkOrderItem),
    executeImmediately: z.boolean(),
    scheduledAt: IsoDateTime.nullable(),
    createdAt: IsoDateTime,
    executedAt: IsoDateTime.nullable(),
    undoneAt: IsoDateTime.nullable(),
    /** What failed, for a failed order (or an undo that could not complete). */
    error: z.string().nullable(),
    /** Distinct products the order touches. */
    productCount: z.number().int().nonnegative(),
    /** Items that set a new regular price. */
    regularPriceUpdates: z.number().int().nonnegative(),
    /** Items that set or clear a sale price. */
    salePriceUpdates: z.number().int().nonnegative(),
    /** Items that set or clear a retail price (MSRP, issue 19); lists saved before it read 0. */
    retailPriceUpdates: z.number().int().nonnegative().default(0),
    // Issue 18's fields default, so lists saved on a device by an earlier version still read.
    /** When its prices go back by themselves (the end of a sale), or null. */
    revertAt: IsoDateTime.nullable().default(null),
    /** The price list and currency whose records it changes (issue 35); null: the catalog's prices. */
    target: PriceListTarget.nullable().default(null),
    /** Who undid it: the merchant ('manual') or its end time ('end'); null while not undone. */
    undoTrigger: z.enum(['manual', 'end']).nullable().default(null),
    /** What its undo did with each item (restored, kept because changed since, unchanged). */
    revertReport: RevertReport.nullable().default(null),
    /**
     * Something to look at although the order completed: prices the store did not keep after
     * the write was read back (issue 18), named by item.
     */
    warning: z.string().nullable().default(null),
    /** A scheduled run or an end-time revert failed or ended with a warning and nobody opened the order since. */
    needsAttention: z.boolean().default(false),
    // Issue 19's approvals (defaults, as above, for lists saved by an earlier version).
    /** Who made the order (their name or email), null when they left the company or it is not known. */
    createdByName: z.string().nullable().default(null),
    /** The user id of who made it: the screen tells a member which orders are their own. */
    createdById: z.string().nullable().default(null),
    /** Who approved it (name or email) and when; null unless it was approved. */
    approvedBy: z.string().nullable().default(null),
    approvedAt: IsoDateTime.nullable().default(null),
    /** Who rejected it (name or email), when and why; null unless it was rejected. */
    rejectedBy: z.string().nullable().default(null),
    rejectedAt: IsoDateTime.nullable().default(null),
    rejectionReason: z.string().nullable().default(null),
    // Issue 36's recurring sales (defaults, as above).
    /** How its series repeats (the rule, the same on every run); null: it does not repeat. */
    repeat: RepeatRule.nullable().default(null),
    /** Its series and run; null: not a run of a series. */
    series: WorkOrderSeriesRef.nullable().default(null),
  }),
);
export type WorkOrder = z.infer<typeof WorkOrder>;

/**
 * A work order as a page of GET /api/work-orders lists it (issue 31): everything its card shows
 * (status, dates, counts, approvals, error, warning, end, undo trigger) without its items
 * (GET /api/work-orders/{id} pages them) nor its revert report's items, so a page of large
 * orders stays small. The counts are the server's, stored when the items are written.
 */
export const WorkOrderSummary = lazySchema(() =>
  WorkOrder.omit({ productUpdates: true, revertReport: true }).extend({
    /** How many items (products and variants) it changes; a summary kept on a device by an earlier version reads 0. */
    itemCount: z.number().int().nonnegative().default(0),
    revertReport: RevertReportSummary.nullable().default(null),
  }),
);
export type WorkOrderSummary = z.infer<typeof WorkOrderSummary>;

/**
 * GET /api/work-orders: a page of summaries, newest first (createdAt, then id); `nextCursor`
 * asks for the next one, null on the last. An order created meanwhile never moves one already
 * read onto the next page.
 */
export const WorkOrderListResponse = lazySchema(() => page('orders', WorkOrderSummary));
export type WorkOrderListResponse = z.infer<typeof WorkOrderListResponse>;

/**
 * One change made to an order after it was created (issue 31): who (name or email, null when
 * they left), in which role, when, what it touched (the start and end before and after, the
 * number of items), and whether it cleared an approval.
 */
export const WorkOrderChangeEntry = lazySchema(() =>
  z.object({
    at: IsoDateTime,
    by: z.string().nullable(),
    role: z.enum(['owner', 'admin', 'member']),
    fields: z.array(z.enum(['productUpdates', 'scheduledAt', 'executeImmediately', 'revertAt', 'title'])),
    scheduledAt: z.object({ from: IsoDateTime.nullable(), to: IsoDateTime.nullable() }).optional(),
    revertAt: z.object({ from: IsoDateTime.nullable(), to: IsoDateTime.nullable() }).optional(),
    items: z.object({ from: z.number().int().nonnegative(), to: z.number().int().nonnegative() }).optional(),
    approvalCleared: z.boolean(),
  }),
);
export type WorkOrderChangeEntry = z.infer<typeof WorkOrderChangeEntry>;

/**
 * GET /api/work-orders/{id}: the summary, one page of its items in their order
 * (`productUpdates`; `itemsNextCursor` asks for the next, null on the last) and its whole
 * revert report (with the items the undo listed).
 */
export const WorkOrderDetail = lazySchema(() =>
  WorkOrderSummary.extend({
    productUpdates: z.array(WorkOrderItem),
    itemsNextCursor: z.string().nullable(),
    revertReport: RevertReport.nullable().default(null),
    /** The changes made after it was created (issue 31), oldest first; at most the newest 50. */
    changes: z.array(WorkOrderChangeEntry).default([]),
  }),
);
export type WorkOrderDetail = z.infer<typeof WorkOrderDetail>;
