/**
 * What a safe undo did, or would do, with an order's items (issue 18): the report kept on the
 * order, its items, and its summary without them. Part of @catalog/contracts/work-orders.
 */
import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { IntId, IsoDateTime, Uuid } from './common';
import { NullableMoneyString } from './money';

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

/**
 * A revert report without its items (issue 31): the counts a card of the list says. The items
 * (every kept one and the others up to a limit) come with GET /api/work-orders/{id}.
 */
export const RevertReportSummary = lazySchema(() => RevertReport.omit({ items: true }));
export type RevertReportSummary = z.infer<typeof RevertReportSummary>;
