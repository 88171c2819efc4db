/** "The end comes after the start", as the form, the end-time dialog and the API ask it. */
import { describe, expect, it } from 'vitest';
import { endComesAfterStart, endMustFollow } from './work-order-end';
import { WORK_ORDER_STATUSES } from './work-orders';

const now = new Date('2030-01-01T10:00:00.000Z');
const at = (hours: number) => new Date(now.getTime() + hours * 3_600_000);
const scheduled = (status: string, hours = 48) => ({ status, executeImmediately: false, scheduledAt: at(hours).toISOString() });

describe('endComesAfterStart', () => {
  it('wants the end of an order not run yet after its schedule, awaiting approval as pending', () => {
    for (const status of ['pending', 'awaiting_approval']) {
      expect(endComesAfterStart(at(24), scheduled(status), now)).toBe(false);
      expect(endComesAfterStart(at(48), scheduled(status), now)).toBe(false);
      expect(endComesAfterStart(at(49), scheduled(status), now)).toBe(true);
    }
  });

  it('wants any end after now: an end already past would undo the order at once', () => {
    for (const status of WORK_ORDER_STATUSES) {
      expect(endComesAfterStart(now, { status, executeImmediately: true, scheduledAt: null }, now)).toBe(false);
      expect(endComesAfterStart(at(1), { status, executeImmediately: true, scheduledAt: null }, now)).toBe(true);
    }
    // A schedule already past does not let an end be past too.
    expect(endComesAfterStart(at(-1), scheduled('pending', -2), now)).toBe(false);
  });

  it('forgets the schedule once the order ran, or when it runs now', () => {
    for (const status of ['executing', 'completed', 'failed', 'undone', 'rejected']) expect(endComesAfterStart(at(24), scheduled(status), now)).toBe(true);
    expect(endComesAfterStart(at(24), { ...scheduled('pending'), executeImmediately: true }, now)).toBe(true);
  });

  it('reads a Date or an ISO time alike', () => {
    expect(endComesAfterStart(at(49).toISOString(), { status: 'pending', executeImmediately: false, scheduledAt: at(48) }, now)).toBe(true);
    expect(endMustFollow({ status: 'pending', executeImmediately: false, scheduledAt: at(48) }, now)).toBe(at(48).getTime());
  });

  it('without a clock (the create body\u2019s schema) reads the schedule alone', () => {
    expect(endComesAfterStart(at(-5), { status: 'pending', executeImmediately: true, scheduledAt: null }, null)).toBe(true);
    expect(endComesAfterStart(at(47), scheduled('pending'), null)).toBe(false);
  });
});
