/**
 * Overlaps between work orders. The check of an order being made (POST /api/work-orders/overlaps):
 * its items, and the company's orders that share them. The campaign calendar's (issue 36): which
 * orders share items with which (POST /api/work-orders/overlap-pairs, from the server's targets
 * index: the device keeps orders without their items), each order's span in time (orderSpan),
 * and the pairs that share items while their spans meet (calendarOverlaps). Part of
 * @catalog/contracts/work-orders.
 */
import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { IntId, Uuid } from './common';
import { MAX_WORK_ORDER_ITEMS, WORK_ORDER_MESSAGES } from './work-order-limits';
import { WorkOrderSummary } from './work-order-wire';
import { PriceListTarget, targetPrefix } from './work-order-target';

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

/** The most orders one POST /api/work-orders/overlap-pairs compares (a device keeps at most 500). */
export const MAX_OVERLAP_PAIR_ORDERS = 500;

/** POST /api/work-orders/overlap-pairs: the orders to compare, by id (another company's are ignored). */
export const WorkOrderOverlapPairsBody = lazySchema(() =>
  z.object({
    ids: z
      .array(Uuid, { error: 'Name the work orders to compare' })
      .min(1, { error: 'Name the work orders to compare' })
      .max(MAX_OVERLAP_PAIR_ORDERS, { error: `At most ${MAX_OVERLAP_PAIR_ORDERS} work orders can be compared at once` }),
  }).strict(),
);
export type WorkOrderOverlapPairsBody = z.infer<typeof WorkOrderOverlapPairsBody>;

/**
 * Every pair of the named orders that share a product or variant of the same target (the catalog,
 * or one price list in one currency: targetPrefix), `a` < `b`, with how many they share. `complete`
 * false: the server stopped counting (its work is bounded), so some pairs may be missing or
 * undercounted.
 */
export const WorkOrderOverlapPairsResponse = lazySchema(() =>
  z.object({
    pairs: z.array(z.object({ a: Uuid, b: Uuid, shared: z.number().int().positive() })),
    complete: z.boolean(),
  }),
);
export type WorkOrderOverlapPairsResponse = z.infer<typeof WorkOrderOverlapPairsResponse>;
export type OverlapPair = WorkOrderOverlapPairsResponse['pairs'][number];

/** What an order's place in time is read from (a summary of GET /api/work-orders has it). */
export type SpanOrder = Pick<
  WorkOrderSummary,
  'status' | 'archived' | 'executeImmediately' | 'scheduledAt' | 'executedAt' | 'revertAt' | 'undoneAt' | 'createdAt'
>;

/**
 * When an order's prices hold (epoch ms): from its run (executedAt once it ran, its schedule
 * before, its creation for an immediate one) to its end (revertAt; undoneAt once it was undone,
 * whoever undid it). `end` null: a point, a change with no end, or one that never held (failed,
 * rejected). An end at or before the start (an order undone as it ran) is a point too.
 */
export interface OrderSpan {
  start: number;
  end: number | null;
}

export function orderSpan(order: SpanOrder): OrderSpan {
  const start = Date.parse(order.executedAt ?? order.scheduledAt ?? order.createdAt);
  const endAt = order.status === 'failed' || order.status === 'rejected' ? null : order.status === 'undone' ? (order.undoneAt ?? order.revertAt) : order.revertAt;
  const end = endAt === null ? null : Date.parse(endAt);
  return { start, end: end !== null && end > start ? end : null };
}

/**
 * Whether an order's prices reach the store in its span, so that it can overlap another: one that
 * will run (pending or awaiting approval, not archived: archiving keeps it from running), runs,
 * or ran (completed, undone). Failed and rejected ones never held their prices.
 */
export function changesPricesInSpan(order: Pick<SpanOrder, 'status' | 'archived'>): boolean {
  switch (order.status) {
    case 'pending':
    case 'awaiting_approval':
      return !order.archived;
    case 'executing':
    case 'completed':
    case 'undone':
      return true;
    default:
      return false;
  }
}

/**
 * Whether two spans are at the same time. A span holds from its start up to, not including, its
 * end (a sale that ends as the next begins does not meet it); a point meets a span it falls in,
 * and another point at the same moment.
 */
export function spansMeet(a: OrderSpan, b: OrderSpan): boolean {
  const aEnd = a.end ?? a.start;
  const bEnd = b.end ?? b.start;
  if (a.end === null && b.end === null) return a.start === b.start;
  if (a.end === null) return b.start <= a.start && a.start < bEnd;
  if (b.end === null) return a.start <= b.start && b.start < aEnd;
  return a.start < bEnd && b.start < aEnd;
}

type OverlapOrderShape = SpanOrder & { id: string; target: PriceListTarget | null };

/**
 * The orders worth asking the server about (POST /api/work-orders/overlap-pairs): those that
 * change prices in their span (changesPricesInSpan) and meet another such order of the same target
 * in time. Sorted by id, so the same orders ask the same question.
 */
export function overlapPairCandidates(orders: readonly OverlapOrderShape[]): string[] {
  const byTarget = new Map<string, { id: string; span: OrderSpan }[]>();
  for (const order of orders) {
    if (!changesPricesInSpan(order)) continue;
    const key = targetPrefix(order.target);
    const list = byTarget.get(key) ?? [];
    list.push({ id: order.id, span: orderSpan(order) });
    byTarget.set(key, list);
  }
  const wanted = new Set<string>();
  for (const list of byTarget.values()) {
    // A sweep by start: each span is compared with those still open when it starts.
    list.sort((x, y) => x.span.start - y.span.start);
    let open: { id: string; span: OrderSpan }[] = [];
    for (const item of list) {
      open = open.filter((o) => (o.span.end ?? o.span.start) > item.span.start || o.span.start === item.span.start);
      for (const o of open) {
        if (spansMeet(o.span, item.span)) {
          wanted.add(o.id);
          wanted.add(item.id);
        }
      }
      open.push(item);
    }
  }
  return [...wanted].sort();
}

/** Two orders that change some of the same items while their spans meet (the calendar marks both). */
export interface CalendarOverlap<O> {
  a: O;
  b: O;
  /** How many products or variants they share. */
  shared: number;
}

/**
 * The overlaps among `orders`: the pairs the server found sharing items (`pairs`), where both
 * change prices in their spans, of the same target, and the spans meet; the earlier-starting
 * order of each pair first, the pairs by when they begin to overlap. Pairs naming an order not
 * among `orders` are left out.
 */
export function calendarOverlaps<O extends OverlapOrderShape>(orders: readonly O[], pairs: readonly OverlapPair[]): CalendarOverlap<O>[] {
  const byId = new Map(orders.map((o) => [o.id, o]));
  const found: { overlap: CalendarOverlap<O>; start: number }[] = [];
  for (const { a: aId, b: bId, shared } of pairs) {
    const a = byId.get(aId);
    const b = byId.get(bId);
    if (!a || !b || !changesPricesInSpan(a) || !changesPricesInSpan(b) || targetPrefix(a.target) !== targetPrefix(b.target)) continue;
    const sa = orderSpan(a);
    const sb = orderSpan(b);
    if (!spansMeet(sa, sb)) continue;
    const [first, second] = sa.start <= sb.start ? [a, b] : [b, a];
    found.push({ overlap: { a: first, b: second, shared }, start: Math.max(sa.start, sb.start) });
  }
  return found.sort((x, y) => x.start - y.start).map((f) => f.overlap);
}
