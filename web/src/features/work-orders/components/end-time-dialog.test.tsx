/** The end-time dialog's check, as the server checks an end (issue 31). */
import { MEMBER_END_CHANGE_MESSAGE } from '@catalog/contracts/price-gate';
import { WORK_ORDER_MESSAGES } from '@catalog/contracts/work-orders';
import { describe, expect, it } from 'vitest';
import { toDateTimeInputs } from '../utils/schedule-inputs';
import { checkEnd } from './end-time-dialog';

const now = new Date(2027, 2, 1, 12, 0);
const inputs = (days: number) => toDateTimeInputs(new Date(now.getTime() + days * 86_400_000));
const ran = { status: 'completed' as const, executeImmediately: true, scheduledAt: null, revertAt: new Date(now.getTime() + 10 * 86_400_000).toISOString() };

describe('checkEnd', () => {
  it('refuses an end more than 366 days ahead with the server\u2019s message', () => {
    expect(checkEnd(ran, ...inputs(367), now).error).toBe(WORK_ORDER_MESSAGES.revertTooFar);
    expect(checkEnd(ran, ...inputs(30), now).error).toBeNull();
  });

  it('wants the end of an order awaiting approval after its scheduled start, as the server does (it answered 400)', () => {
    const start = new Date(now.getTime() + 5 * 86_400_000).toISOString();
    for (const status of ['pending', 'awaiting_approval'] as const) {
      const waiting = { status, executeImmediately: false, scheduledAt: start, revertAt: null };
      expect(checkEnd(waiting, ...inputs(2), now).error).toBe(WORK_ORDER_MESSAGES.revertAfterStart);
      expect(checkEnd(waiting, ...inputs(6), now).error).toBeNull();
    }
  });

  it('lets a member, while approvals are on, only bring nearer the end of an order that ran', () => {
    expect(checkEnd(ran, ...inputs(20), now, true).error).toBe(MEMBER_END_CHANGE_MESSAGE);
    expect(checkEnd(ran, ...inputs(5), now, true)).toMatchObject({ error: null });
    expect(checkEnd(ran, ...inputs(20), now, false).error).toBeNull();
  });
});
