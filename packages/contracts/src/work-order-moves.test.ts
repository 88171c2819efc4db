/** Moving an order's start or end (work-order-moves.ts), stated as the tests' names. */
import { describe, expect, it } from 'vitest';
import { MEMBER_END_CHANGE_MESSAGE } from './price-gate';
import { movableEdges, MOVE_MESSAGES, planMove, shiftMove, type MovableOrder } from './work-order-moves';
import { WORK_ORDER_MESSAGES, WORK_ORDER_STATUSES } from './work-orders';

const now = new Date('2030-03-01T12:00:00.000Z');
const DAY = 86_400_000;
const at = (days: number) => new Date(now.getTime() + days * DAY).toISOString();
const order = (overrides: Partial<MovableOrder> = {}): MovableOrder => ({
  status: 'pending', archived: false, executeImmediately: false, scheduledAt: at(2), revertAt: at(5), ...overrides,
});

describe('movableEdges', () => {
  it('moves the start of a scheduled order not run yet, pending or awaiting approval, while its time is to come', () => {
    for (const status of WORK_ORDER_STATUSES) {
      expect(movableEdges(order({ status }), now).start, status).toBe(status === 'pending' || status === 'awaiting_approval');
    }
    expect(movableEdges(order({ archived: true }), now).start).toBe(false);
    expect(movableEdges(order({ executeImmediately: true, scheduledAt: null }), now).start).toBe(false);
    expect(movableEdges(order({ scheduledAt: at(-1) }), now).start).toBe(false);
  });

  it('moves an end still to come where the end may change (editEnd)', () => {
    for (const status of WORK_ORDER_STATUSES) {
      expect(movableEdges(order({ status }), now).end, status).toBe(['pending', 'awaiting_approval', 'completed'].includes(status));
    }
    expect(movableEdges(order({ revertAt: null }), now).end).toBe(false);
    expect(movableEdges(order({ status: 'completed', revertAt: at(-1) }), now).end).toBe(false);
    expect(movableEdges(order({ status: 'completed', archived: true }), now).end).toBe(false);
  });
});

describe('planMove', () => {
  it('sends only what moved', () => {
    expect(planMove(order(), { start: Date.parse(at(3)) }, now)).toEqual({ ok: true, body: { scheduledAt: at(3) } });
    expect(planMove(order(), { end: Date.parse(at(6)) }, now)).toEqual({ ok: true, body: { revertAt: at(6) } });
    expect(planMove(order(), { start: Date.parse(at(2)), end: Date.parse(at(5)) }, now)).toEqual({ ok: false, message: MOVE_MESSAGES.unchanged });
  });

  it('never moves a start into the past, where the order would run at once', () => {
    expect(planMove(order(), { start: Date.parse(at(-1)) }, now)).toEqual({ ok: false, message: MOVE_MESSAGES.startPassed });
  });

  it('keeps the end after the start, moved or kept', () => {
    expect(planMove(order(), { start: Date.parse(at(6)) }, now)).toEqual({ ok: false, message: WORK_ORDER_MESSAGES.revertAfterStart });
    expect(planMove(order(), { end: Date.parse(at(1)) }, now)).toEqual({ ok: false, message: WORK_ORDER_MESSAGES.revertAfterStart });
    expect(planMove(order({ status: 'completed' }), { end: Date.parse(at(1)) }, now).ok).toBe(true);
  });

  it('refuses what the API refuses: a fixed edge, a time more than 366 days ahead', () => {
    expect(planMove(order({ status: 'completed' }), { start: Date.parse(at(3)) }, now)).toEqual({ ok: false, message: MOVE_MESSAGES.startFixed });
    expect(planMove(order({ revertAt: null }), { end: Date.parse(at(3)) }, now)).toEqual({ ok: false, message: MOVE_MESSAGES.endFixed });
    expect(planMove(order({ revertAt: null }), { start: Date.parse(at(400)) }, now)).toEqual({ ok: false, message: WORK_ORDER_MESSAGES.scheduleTooFar });
    expect(planMove(order(), { end: Date.parse(at(400)) }, now)).toEqual({ ok: false, message: WORK_ORDER_MESSAGES.revertTooFar });
  });

  it('lets a member whose company requires approval only bring a run order\u2019s end nearer', () => {
    const ran = order({ status: 'completed' });
    expect(planMove(ran, { end: Date.parse(at(6)) }, now, { onlyNearer: true })).toEqual({ ok: false, message: MEMBER_END_CHANGE_MESSAGE });
    expect(planMove(ran, { end: Date.parse(at(4)) }, now, { onlyNearer: true }).ok).toBe(true);
    // Before it runs, the change goes back to approval instead.
    expect(planMove(order(), { end: Date.parse(at(6)) }, now, { onlyNearer: true }).ok).toBe(true);
  });
});

describe('shiftMove', () => {
  const by = (ms: number) => (t: number) => t + ms;

  it('moves the start, the end, or both by the same shift', () => {
    expect(shiftMove(order(), 'start', by(DAY), now)).toEqual({ ok: true, body: { scheduledAt: at(3) } });
    expect(shiftMove(order(), 'end', by(-DAY), now)).toEqual({ ok: true, body: { revertAt: at(4) } });
    expect(shiftMove(order(), 'whole', by(3 * DAY), now)).toEqual({ ok: true, body: { scheduledAt: at(5), revertAt: at(8) } });
    expect(shiftMove(order({ revertAt: null }), 'whole', by(DAY), now)).toEqual({ ok: true, body: { scheduledAt: at(3) } });
  });

  it('does not move the whole of an order whose start is fixed', () => {
    expect(shiftMove(order({ status: 'completed' }), 'whole', by(DAY), now)).toEqual({ ok: false, message: MOVE_MESSAGES.startFixed });
    expect(shiftMove(order({ executeImmediately: true, scheduledAt: null }), 'start', by(DAY), now)).toEqual({ ok: false, message: MOVE_MESSAGES.startFixed });
  });
});
