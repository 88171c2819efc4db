/**
 * Moving an order's start or end in time (the campaign calendar, issue 36): which of them may
 * move now, and the PATCH /api/work-orders/{id} body of a move, checked by the rules the API
 * applies (WORK_ORDER_CHANGE_GUARD for the start, the editEnd guard for the end,
 * endComesAfterStart, isTooFarAhead, and for a member whose company requires approval
 * memberMayMoveEnd), with one of its own: a start moves only to a time still to come (an order
 * whose start has passed runs at once, which a drag must not do by accident).
 */
import { MEMBER_END_CHANGE_MESSAGE, memberMayMoveEnd } from './price-gate';
import { endComesAfterStart } from './work-order-end';
import { allowsWorkOrderAction, WORK_ORDER_CHANGE_GUARD } from './work-order-rules';
import { isTooFarAhead, WORK_ORDER_MESSAGES, type WorkOrder } from './work-orders';

/** What a move takes: the start (scheduledAt), the end (revertAt), or the whole span (both, by the same time). */
export type MoveEdge = 'start' | 'end' | 'whole';

export type MovableOrder = Pick<WorkOrder, 'status' | 'archived' | 'executeImmediately' | 'scheduledAt' | 'revertAt'>;

export const MOVE_MESSAGES = {
  startFixed: 'Its start cannot move: the order ran already, runs now or is archived',
  endFixed: 'Its end cannot move: it has none, it has passed, or the order runs now, was undone or is archived',
  startPassed: 'A start can only move to a time still to come',
  unchanged: 'The order stays where it was',
} as const;

/**
 * Which edges may move now: the start of a scheduled order not run yet (pending or awaiting
 * approval, not archived) whose time is still to come; an end still to come of an order whose
 * end may change (editEnd: before it runs, or completed and not undone).
 */
export function movableEdges(order: MovableOrder, now: Date): { start: boolean; end: boolean } {
  const changeable = (WORK_ORDER_CHANGE_GUARD.status as readonly string[]).includes(order.status) && order.archived === WORK_ORDER_CHANGE_GUARD.archived;
  const start = changeable && !order.executeImmediately && order.scheduledAt !== null && Date.parse(order.scheduledAt) > now.getTime();
  const end = allowsWorkOrderAction('editEnd', order) && order.revertAt !== null && Date.parse(order.revertAt) > now.getTime();
  return { start, end };
}

export type MovePlan =
  | { ok: true; body: { scheduledAt?: string; revertAt?: string } }
  | { ok: false; message: string };

export interface MoveOptions {
  /**
   * The user may only bring the end nearer: a member, while the company requires approval, and
   * an order that ran (the API answers 403 MEMBER_END_CHANGE_MESSAGE otherwise).
   */
  onlyNearer?: boolean;
}

const refuse = (message: string): MovePlan => ({ ok: false, message });

/** A move to `to.start` and/or `to.end` (epoch ms): its PATCH body, or why the API would refuse it. */
export function planMove(order: MovableOrder, to: { start?: number; end?: number }, now: Date, { onlyNearer = false }: MoveOptions = {}): MovePlan {
  const edges = movableEdges(order, now);
  const body: { scheduledAt?: string; revertAt?: string } = {};
  if (to.start !== undefined && to.start !== Date.parse(order.scheduledAt ?? '')) {
    if (!edges.start) return refuse(MOVE_MESSAGES.startFixed);
    if (!Number.isFinite(to.start)) return refuse(WORK_ORDER_MESSAGES.schedule);
    if (to.start <= now.getTime()) return refuse(MOVE_MESSAGES.startPassed);
    body.scheduledAt = new Date(to.start).toISOString();
    if (isTooFarAhead(body.scheduledAt, now.getTime())) return refuse(WORK_ORDER_MESSAGES.scheduleTooFar);
  }
  if (to.end !== undefined && to.end !== Date.parse(order.revertAt ?? '')) {
    if (!edges.end) return refuse(MOVE_MESSAGES.endFixed);
    if (!Number.isFinite(to.end)) return refuse(WORK_ORDER_MESSAGES.revertDate);
    body.revertAt = new Date(to.end).toISOString();
    if (isTooFarAhead(body.revertAt, now.getTime())) return refuse(WORK_ORDER_MESSAGES.revertTooFar);
    if (onlyNearer && order.status === 'completed' && !memberMayMoveEnd(new Date(order.revertAt!), new Date(to.end))) return refuse(MEMBER_END_CHANGE_MESSAGE);
  }
  if (body.scheduledAt === undefined && body.revertAt === undefined) return refuse(MOVE_MESSAGES.unchanged);
  // The end, kept or moved, comes after the start as it will be (the API checks the same).
  const end = body.revertAt ?? order.revertAt;
  const start = { status: order.status, executeImmediately: order.executeImmediately, scheduledAt: body.scheduledAt ?? order.scheduledAt };
  if (end !== null && !endComesAfterStart(end, start, now)) return refuse(WORK_ORDER_MESSAGES.revertAfterStart);
  return { ok: true, body };
}

/**
 * A move of one edge, or of the whole span (its start, and its end when it has one), each time
 * put through `shift` (epoch ms to epoch ms: the calendar moves by days of the reader's calendar,
 * which are not all 24 hours long).
 */
export function shiftMove(order: MovableOrder, edge: MoveEdge, shift: (at: number) => number, now: Date, options: MoveOptions = {}): MovePlan {
  const start = order.scheduledAt === null ? undefined : shift(Date.parse(order.scheduledAt));
  const end = order.revertAt === null ? undefined : shift(Date.parse(order.revertAt));
  if (edge === 'start') return start === undefined ? refuse(MOVE_MESSAGES.startFixed) : planMove(order, { start }, now, options);
  if (edge === 'end') return end === undefined ? refuse(MOVE_MESSAGES.endFixed) : planMove(order, { end }, now, options);
  if (start === undefined) return refuse(MOVE_MESSAGES.startFixed);
  return planMove(order, end === undefined ? { start } : { start, end }, now, options);
}
