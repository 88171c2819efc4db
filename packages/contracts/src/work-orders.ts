/**
 * Work orders on the wire: the create payload (validated with the form's own messages, so the
 * device and the API reject the same drafts), the order, its summary as a page of the list lists
 * it (issue 31), the list's and one order's paged queries, and the overlaps check.
 * Which actions an order offers and its summary counts live in work-order-rules.ts.
 */
import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { boundedText, IntId, IsoDateTime, queryFlag, queryInt, singleLineText, TEXT_LIMITS, Uuid } from './common';
import { NullableMoneyString } from './money';
import { CursorPageQuery, cursorParam, encodeCursor, page } from './paging';
import { endComesAfterStart } from './work-order-end';

/**
 * Every status a work order can be in. `awaiting_approval`: a member's order while the company
 * requires approval (issue 19); it becomes `pending` when an owner or admin approves it,
 * `rejected` (final) when one rejects it.
 */
export const WORK_ORDER_STATUSES = ['awaiting_approval', 'pending', 'executing', 'completed', 'failed', 'undone', 'rejected'] as const;
/** The statuses as a schema (their list is readable without building it: WORK_ORDER_STATUSES). */
export const WorkOrderStatus = lazySchema(() => z.enum(WORK_ORDER_STATUSES));
export type WorkOrderStatus = z.infer<typeof WorkOrderStatus>;

export const WORK_ORDER_MESSAGES = {
  title: 'Please enter a work order title',
  noProducts: 'Please select at least one product',
  noPrices: 'Please set prices for selected products',
  schedule: 'Please set both date and time for scheduled work order',
  tooMany: 'A work order can change at most 10,000 products and variants',
  duplicate: 'A product or variant appears twice in this work order',
  revertDate: 'Please set both date and time to revert at',
  revertAfterStart: 'The revert time must be after the order runs',
  inherit: "Only a variant's regular price can inherit its product's, and not while setting a new one",
  scheduleTooFar: 'A work order can be scheduled at most 366 days ahead',
  revertTooFar: 'The revert time can be at most 366 days ahead',
  noChange: 'Change at least one of the items, the start or the end',
} as const;

/** How far ahead a start or an end may be (issue 31): a year and a day, so "same day next year" fits. */
export const MAX_DAYS_AHEAD = 366;
const MAX_AHEAD_MS = MAX_DAYS_AHEAD * 24 * 60 * 60 * 1000;

/** Whether an ISO time lies beyond MAX_DAYS_AHEAD from `now` (the parser's clock). */
export function isTooFarAhead(iso: string | null | undefined, now: number = Date.now()): boolean {
  return iso != null && Date.parse(iso) > now + MAX_AHEAD_MS;
}

/** Items per order; a full premium catalog with its variants fits well within it. */
export const MAX_WORK_ORDER_ITEMS = 10_000;
export const MAX_TITLE_LENGTH = TEXT_LIMITS.title;

/**
 * One target of an order: a product (no variantId) or one of its variants. Prices are the
 * explicit targets. `newRegularPrice` absent or null leaves the regular price as it is;
 * `newSalePrice` absent leaves the sale price, null clears it (a variant's: it inherits its
 * product's again). `inheritRegularPrice` (variants only, without `newRegularPrice`) makes a
 * variant's regular price inherit its product's again: how a restore puts back a variant that
 * had no price of its own (issue 17).
 */
export const WorkOrderItem = lazySchema(() =>
  z
    .object({
      productId: IntId,
      productName: singleLineText(TEXT_LIMITS.name, { label: 'The product name', trim: true }).min(1),
      variantId: IntId.nullish(),
      variantSku: singleLineText(TEXT_LIMITS.name, { label: 'The SKU' }).nullish(),
      newRegularPrice: NullableMoneyString.optional(),
      newSalePrice: NullableMoneyString.optional(),
      newRetailPrice: NullableMoneyString.optional(),
      inheritRegularPrice: z.literal(true, { error: WORK_ORDER_MESSAGES.inherit }).optional(),
    })
    .refine((item) => typeof item.newRegularPrice === 'string' || item.newSalePrice !== undefined || item.newRetailPrice !== undefined || item.inheritRegularPrice === true, {
      error: WORK_ORDER_MESSAGES.noPrices,
    })
    .refine((item) => item.inheritRegularPrice !== true || (item.variantId != null && typeof item.newRegularPrice !== 'string'), {
      error: WORK_ORDER_MESSAGES.inherit,
      path: ['inheritRegularPrice'],
    }),
);
export type WorkOrderItem = z.infer<typeof WorkOrderItem>;

/** A product or variant an item targets; two items must never share one. */
export function itemTarget(item: Pick<WorkOrderItem, 'productId' | 'variantId'>): string {
  return item.variantId == null ? `p${item.productId}` : `v${item.variantId}`;
}

/** POST /api/work-orders. */
export const CreateWorkOrderBody = lazySchema(() =>
  z
    .object({
      /** Client-generated; the API treats it as an idempotency key, so a replay never duplicates. */
      id: Uuid.optional(),
      title: singleLineText(MAX_TITLE_LENGTH, {
        label: 'The title',
        error: WORK_ORDER_MESSAGES.title,
        tooLong: `A title has at most ${MAX_TITLE_LENGTH} characters`,
        trim: true,
      }).min(1, { error: WORK_ORDER_MESSAGES.title }),
      productUpdates: z
        .array(WorkOrderItem, { error: WORK_ORDER_MESSAGES.noProducts })
        .min(1, { error: WORK_ORDER_MESSAGES.noProducts })
        .max(MAX_WORK_ORDER_ITEMS, { error: WORK_ORDER_MESSAGES.tooMany }),
      /** Ignored when executeImmediately is true. */
      scheduledAt: IsoDateTime.nullish(),
      executeImmediately: z.boolean().default(false),
      /**
       * When the order's prices go back by themselves (the end of a sale), with the safe undo
       * (issue 18). Later than its start: `scheduledAt`, or the moment the API receives an
       * immediate order (checked there, against its clock).
       */
      revertAt: IsoDateTime.nullish(),
    })
    .superRefine((order, ctx) => {
      if (!order.executeImmediately && !order.scheduledAt) {
        ctx.addIssue({ code: 'custom', path: ['scheduledAt'], message: WORK_ORDER_MESSAGES.schedule });
      }
      if (!order.executeImmediately && isTooFarAhead(order.scheduledAt)) {
        ctx.addIssue({ code: 'custom', path: ['scheduledAt'], message: WORK_ORDER_MESSAGES.scheduleTooFar });
      }
      if (isTooFarAhead(order.revertAt)) {
        ctx.addIssue({ code: 'custom', path: ['revertAt'], message: WORK_ORDER_MESSAGES.revertTooFar });
      }
      // Against the schedule only: the API checks against its clock too (routes/work-orders).
      if (order.revertAt && !endComesAfterStart(order.revertAt, { status: 'pending', executeImmediately: order.executeImmediately, scheduledAt: order.scheduledAt }, null)) {
        ctx.addIssue({ code: 'custom', path: ['revertAt'], message: WORK_ORDER_MESSAGES.revertAfterStart });
      }
      const seen = new Set<string>();
      order.productUpdates.forEach((item, index) => {
        const target = itemTarget(item);
        if (seen.has(target)) {
          ctx.addIssue({ code: 'custom', path: ['productUpdates', index], message: WORK_ORDER_MESSAGES.duplicate });
        }
        seen.add(target);
      });
    }),
);
export type CreateWorkOrderBody = z.infer<typeof CreateWorkOrderBody>;
export type CreateWorkOrderInput = z.input<typeof CreateWorkOrderBody>;

/**
 * PATCH /api/work-orders/{id}: set, move or remove (null) an order's end; and, before it runs,
 * its items and its start (`executeImmediately`, or `scheduledAt`). At least one of them. A
 * member's change to an order awaiting approval or approved puts it back to awaiting approval
 * (issue 31); every change is recorded on the order.
 */
export const UpdateWorkOrderBody = lazySchema(() =>
  z.object({
    revertAt: IsoDateTime.nullable().optional(),
    scheduledAt: IsoDateTime.optional(),
    executeImmediately: z.literal(true).optional(),
    productUpdates: z
      .array(WorkOrderItem, { error: WORK_ORDER_MESSAGES.noProducts })
      .min(1, { error: WORK_ORDER_MESSAGES.noProducts })
      .max(MAX_WORK_ORDER_ITEMS, { error: WORK_ORDER_MESSAGES.tooMany })
      .optional(),
  }).strict().superRefine((body, ctx) => {
    if (body.revertAt === undefined && body.scheduledAt === undefined && body.executeImmediately === undefined && body.productUpdates === undefined) {
      ctx.addIssue({ code: 'custom', path: [], message: WORK_ORDER_MESSAGES.noChange });
    }
    if (body.scheduledAt !== undefined && body.executeImmediately !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['scheduledAt'], message: 'Choose a scheduled time or to run now, not both' });
    }
    if (isTooFarAhead(body.scheduledAt)) ctx.addIssue({ code: 'custom', path: ['scheduledAt'], message: WORK_ORDER_MESSAGES.scheduleTooFar });
    if (isTooFarAhead(body.revertAt)) ctx.addIssue({ code: 'custom', path: ['revertAt'], message: WORK_ORDER_MESSAGES.revertTooFar });
    const seen = new Set<string>();
    body.productUpdates?.forEach((item, index) => {
      const target = itemTarget(item);
      if (seen.has(target)) ctx.addIssue({ code: 'custom', path: ['productUpdates', index], message: WORK_ORDER_MESSAGES.duplicate });
      seen.add(target);
    });
  }),
);
export type UpdateWorkOrderBody = z.infer<typeof UpdateWorkOrderBody>;

/** POST /api/work-orders/{id}/undo; no body is `{ force: false }`. */
export const UndoWorkOrderBody = lazySchema(() =>
  z.object({
    /** Also restore the items changed since the order ran (their newer prices are overwritten). */
    force: z.boolean().default(false),
  }).strict(),
);
export type UndoWorkOrderBody = z.infer<typeof UndoWorkOrderBody>;

/** The longest reason a rejection may give. */
export const MAX_REJECTION_REASON_LENGTH = 500;

export const REJECTION_MESSAGES = {
  reason: 'Please say why the work order is rejected',
  tooLong: `A reason has at most ${MAX_REJECTION_REASON_LENGTH} characters`,
} as const;

/** POST /api/work-orders/{id}/reject: why (shown to the member who made the order). */
export const RejectWorkOrderBody = lazySchema(() =>
  z.object({
    reason: boundedText(MAX_REJECTION_REASON_LENGTH, { label: 'The reason', error: REJECTION_MESSAGES.reason, tooLong: REJECTION_MESSAGES.tooLong, trim: true })
      .min(1, { error: REJECTION_MESSAGES.reason }),
  }).strict(),
);
export type RejectWorkOrderBody = z.infer<typeof RejectWorkOrderBody>;

/** What a safe undo did, or would do, with one item (issue 18). */
export const RevertOutcome = lazySchema(() => z.enum(['restored', 'kept', 'unchanged']));
export type RevertOutcome = z.infer<typeof RevertOutcome>;

/** What changed an item since its order ran, as far as the price history knows. */
export const PriceChangeSource = lazySchema(() =>
  z.object({
    /** 'work_order': a later order; 'manual': an edit in the app; 'store': a change found in the store. */
    kind: z.enum(['work_order', 'manual', 'store']),
    workOrderId: Uuid.nullable(),
    workOrderTitle: z.string().nullable(),
    /** Who edited it in the app (name or email), for a manual edit. */
    by: z.string().nullable(),
    at: IsoDateTime.nullable(),
  }),
);
export type PriceChangeSource = z.infer<typeof PriceChangeSource>;

export const RevertItem = lazySchema(() =>
  z.object({
    productId: IntId,
    variantId: IntId.nullable(),
    productName: z.string(),
    variantSku: z.string().nullable(),
    outcome: RevertOutcome,
    /** The prices before the order, what it set, and what the store had when the undo looked. */
    original: z.object({ regularPrice: NullableMoneyString, salePrice: NullableMoneyString, retailPrice: NullableMoneyString.optional() }),
    applied: z.object({ regularPrice: NullableMoneyString.optional(), salePrice: NullableMoneyString.optional(), retailPrice: NullableMoneyString.optional() }),
    current: z.object({ regularPrice: NullableMoneyString, salePrice: NullableMoneyString, retailPrice: NullableMoneyString.optional() }).nullable(),
    /** For a kept (or forced) item changed since: what changed it. */
    changedBy: PriceChangeSource.nullable(),
  }),
);
export type RevertItem = z.infer<typeof RevertItem>;

/**
 * What an undo did per item (kept on the order), or what it would do (the undo preview).
 * `items` lists every kept item and the restored and unchanged ones up to a limit.
 */
export const RevertReport = lazySchema(() =>
  z.object({
    restored: z.number().int().nonnegative(),
    kept: z.number().int().nonnegative(),
    unchanged: z.number().int().nonnegative(),
    /** The undo restored the items changed since too (the merchant chose to). */
    forced: z.boolean(),
    items: z.array(RevertItem),
  }),
);
export type RevertReport = z.infer<typeof RevertReport>;

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
  }),
);
export type WorkOrder = z.infer<typeof WorkOrder>;

/**
 * A revert report without its items (issue 31): the counts a card of the list says. The items
 * (every kept one and the others up to a limit) come with GET /api/work-orders/{id}.
 */
export const RevertReportSummary = lazySchema(() => RevertReport.omit({ items: true }));
export type RevertReportSummary = z.infer<typeof RevertReportSummary>;

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

/** GET /api/work-orders?includeArchived=true&cursor=&limit=: newest first, in pages (paging.ts). */
export const WorkOrderListQuery = lazySchema(() =>
  CursorPageQuery.extend({
    includeArchived: queryFlag('includeArchived').default(false),
  }),
);
export type WorkOrderListQuery = z.infer<typeof WorkOrderListQuery>;

/**
 * GET /api/work-orders: a page of summaries, newest first (createdAt, then id); `nextCursor`
 * asks for the next one, null on the last. An order created meanwhile never moves one already
 * read onto the next page.
 */
export const WorkOrderListResponse = lazySchema(() => page('orders', WorkOrderSummary));
export type WorkOrderListResponse = z.infer<typeof WorkOrderListResponse>;

/** The most items one page of GET /api/work-orders/{id} holds, and how many when not asked. */
export const MAX_ITEMS_PAGE_LIMIT = 500;
export const DEFAULT_ITEMS_PAGE_LIMIT = 100;

/** An items cursor holds the position of the next item in the order. */
const ItemOffsetKey = lazySchema(() => z.tuple([z.number().int().min(0).max(MAX_WORK_ORDER_ITEMS)]).transform(([offset]) => offset));

/** The cursor of the items page that starts at item `offset` (0-based). */
export const workOrderItemsCursor = (offset: number): string => encodeCursor([offset]);

/** GET /api/work-orders/{id}?itemsCursor=&itemsLimit=: the order, with one page of its items. */
export const WorkOrderDetailQuery = lazySchema(() =>
  z.object({
    itemsCursor: cursorParam(ItemOffsetKey).optional(),
    itemsLimit: queryInt(1, MAX_ITEMS_PAGE_LIMIT, 'The items limit').default(DEFAULT_ITEMS_PAGE_LIMIT),
  }),
);
export type WorkOrderDetailQuery = z.infer<typeof WorkOrderDetailQuery>;
/** What a client sends: `itemsCursor` as the server gave it. */
export type WorkOrderDetailParams = { itemsCursor?: string; itemsLimit?: number };

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

/** The most overlapping orders POST /api/work-orders/overlaps lists (the oldest first); `more` counts the rest. */
export const MAX_OVERLAPS_LISTED = 20;

/** POST /api/work-orders/overlaps: the products and variants of an order being made. */
export const WorkOrderOverlapsBody = lazySchema(() =>
  z.object({
    items: z
      .array(z.object({ productId: IntId, variantId: IntId.nullish() }).strict(), { error: WORK_ORDER_MESSAGES.noProducts })
      .min(1, { error: WORK_ORDER_MESSAGES.noProducts })
      .max(MAX_WORK_ORDER_ITEMS, { error: WORK_ORDER_MESSAGES.tooMany }),
  }).strict(),
);
export type WorkOrderOverlapsBody = z.infer<typeof WorkOrderOverlapsBody>;

/**
 * The company's orders that share items with it (contracts' isOverlapCandidate: pending ones and
 * completed ones still to revert), oldest first (compareRunTime), with the shared targets (itemTarget).
 */
export const WorkOrderOverlapsResponse = lazySchema(() =>
  z.object({
    /**
     * `shared`: how many of the items the order has; `targets`: those of them no order listed
     * before it has (each item is named once, under the first order that has it).
     */
    overlaps: z.array(z.object({ order: WorkOrderSummary, targets: z.array(z.string()), shared: z.number().int().nonnegative() })),
    /** Overlapping orders after the first MAX_OVERLAPS_LISTED, not listed. */
    more: z.number().int().nonnegative(),
    /**
     * False when the company has so many orders sharing so many of the items that the server
     * stopped looking (its work is bounded): there may be more overlapping orders than named.
     */
    complete: z.boolean(),
  }),
);
export type WorkOrderOverlapsResponse = z.infer<typeof WorkOrderOverlapsResponse>;
