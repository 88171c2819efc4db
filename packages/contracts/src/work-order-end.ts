/**
 * "The end comes after the start": when an order's end (revertAt, the moment its prices go back
 * by themselves) may be. The one statement of the rule: the create body's schema
 * (work-order-bodies.ts), the order form (web build-work-order.ts), the end-time dialog (web
 * end-time-dialog.tsx) and the API (routes/work-orders, 400 with WORK_ORDER_MESSAGES
 * .revertAfterStart) all ask endComesAfterStart. It imports nothing, so the schemas can use it.
 */

/** What the rule reads of an order: whether it has run yet, and when it is to start. */
export interface OrderStart {
  status: string;
  executeImmediately: boolean;
  /** An ISO time on the wire, a Date on the server; null or absent: none. */
  scheduledAt: Date | string | null | undefined;
}

/** The statuses of an order that has not run yet: until it runs, its start is its schedule. */
const NOT_RUN: ReadonlySet<string> = new Set(['pending', 'awaiting_approval']);

const timeOf = (at: Date | string): number => (typeof at === 'string' ? Date.parse(at) : at.getTime());

/**
 * The moment the order's end must come after: its scheduled time while it has not run (pending,
 * or awaiting approval: an approval does not move its start) and is not immediate, and `now` (an
 * end already past would undo the order at once). `now` null reads the schedule alone: the create
 * body's schema, which cannot know when the API will receive it (an outbox may send it later).
 */
export function endMustFollow(order: OrderStart, now: Date | null): number {
  const start = NOT_RUN.has(order.status) && !order.executeImmediately && order.scheduledAt ? timeOf(order.scheduledAt) : -Infinity;
  return Math.max(start, now ? now.getTime() : -Infinity);
}

/** Whether `revertAt` may be the order's end: strictly after endMustFollow. */
export function endComesAfterStart(revertAt: Date | string, order: OrderStart, now: Date | null): boolean {
  return timeOf(revertAt) > endMustFollow(order, now);
}
