/**
 * The overlaps check (POST /api/work-orders/overlaps): the items of an order being made, and the
 * company's orders that share them. Part of @catalog/contracts/work-orders.
 */
import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { IntId } from './common';
import { MAX_WORK_ORDER_ITEMS, WORK_ORDER_MESSAGES } from './work-order-limits';
import { WorkOrderSummary } from './work-order-wire';
import { PriceListTarget } from './work-order-target';

/** The most overlapping orders POST /api/work-orders/overlaps lists (the oldest first); `more` counts the rest. */
export const MAX_OVERLAPS_LISTED = 20;

/** POST /api/work-orders/overlaps: the products and variants of an order being made. */
export const WorkOrderOverlapsBody = lazySchema(() =>
  z.object({
    items: z
      .array(z.object({ productId: IntId, variantId: IntId.nullish() }).strict(), { error: WORK_ORDER_MESSAGES.noProducts })
      .min(1, { error: WORK_ORDER_MESSAGES.noProducts })
      .max(MAX_WORK_ORDER_ITEMS, { error: WORK_ORDER_MESSAGES.tooMany }),
    /** The price list and currency of the order being made (issue 35); absent: the catalog. */
    target: PriceListTarget.nullish(),
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
