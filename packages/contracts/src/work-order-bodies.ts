/**
 * What a client sends to make or change a work order: the create (with its repeat rule, issue
 * 36), update, undo and reject bodies, validated with the form's own messages. Part of
 * @catalog/contracts/work-orders.
 */
import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { boundedText, IsoDateTime, singleLineText, Uuid } from './common';
import { endComesAfterStart } from './work-order-end';
import { itemTarget, WorkOrderItem } from './work-order-item';
import { repeatIssues, RepeatRule } from './work-order-repeat';
import { catalogItemIssues, PriceListTarget, priceListItemIssues } from './work-order-target';
import { isTooFarAhead, MAX_TITLE_LENGTH, MAX_WORK_ORDER_ITEMS, WORK_ORDER_MESSAGES } from './work-order-limits';

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
      /** A price list and currency whose records the order changes (issue 35); absent: the catalog. */
      target: PriceListTarget.nullish(),
      /**
       * A scheduled order may repeat (issue 36): each run is an order of its own, made when the
       * run before it starts (work-order-repeat.ts).
       */
      repeat: RepeatRule.nullish(),
    })
    .superRefine((order, ctx) => {
      for (const issue of order.target ? priceListItemIssues(order.productUpdates) : catalogItemIssues(order.productUpdates)) {
        ctx.addIssue({ code: 'custom', path: ['productUpdates', issue.index, issue.path], message: issue.message });
      }
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
      if (order.repeat) {
        for (const issue of repeatIssues(order.repeat, order)) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
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
