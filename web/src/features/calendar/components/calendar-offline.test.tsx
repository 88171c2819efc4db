/**
 * /calendar without the server: the orders and their overlaps as the device last received them,
 * said so, and nothing moves (the outbox cannot queue a change to an order): no drag starts, the
 * keys say why. With no orders at all, the empty state.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deviceCatalog } from '../../../local/device-catalog';
import { saveWorkOrders } from '../../../local/work-orders-cache';
import { META_OVERLAP_PAIRS } from '../api/overlap-pairs';
import { OFFLINE_MOVE_MESSAGE } from '../hooks/use-calendar-moves';
import { calendarOrder, localAt } from '../utils/calendar-fixtures';
import { dayKey } from '../utils/calendar-range';
import { bar, bodyText, click, dragBetween, layOutDays, nextMonth, press, renderCalendar, setUp, tearDown, waitFor, type Api } from './calendar-test-harness';

let api: Api;
beforeEach(async () => {
  api = await setUp();
});
afterEach(tearDown);

describe('CalendarScreen offline', () => {
  it('shows the orders and overlaps last received, and moves nothing', async () => {
    const month = nextMonth();
    const spring = calendarOrder({ title: 'Spring sale', scheduledAt: localAt(month, 1), revertAt: localAt(month, 5) });
    const summer = calendarOrder({ title: 'Summer sale', scheduledAt: localAt(month, 3), revertAt: localAt(month, 8) });
    await saveWorkOrders(true, { orders: [spring, summer], nextCursor: null }, { first: true });
    const [a, b] = [spring.id, summer.id].sort();
    await deviceCatalog.db()!.meta.put({ key: META_OVERLAP_PAIRS, value: JSON.stringify({ ids: [a, b], pairs: [{ a, b, shared: 2 }], complete: true, at: Date.now() }) });
    api.online = false;

    await renderCalendar(month);
    await waitFor(() => bar('Summer sale') !== undefined && bodyText().includes('share 2 products or variants'));
    expect(bodyText()).toContain('You are offline');
    expect(bodyText()).toContain('the overlaps are as last checked');
    expect(document.querySelector('[title="Drag to move the end"]')).toBeNull();

    layOutDays();
    const label = bar('Summer sale')!.getAttribute('aria-label');
    await dragBetween(bar('Summer sale')!, dayKey(new Date(summer.scheduledAt!)), dayKey(new Date(summer.revertAt!)));
    expect(bar('Summer sale')!.getAttribute('aria-label')).toBe(label);
    await press(bar('Summer sale')!, 'ArrowRight', { altKey: true });
    await waitFor(() => bodyText().includes(OFFLINE_MOVE_MESSAGE) && document.querySelector('.mantine-Notification-root') !== null);
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    expect(api.patches).toEqual([]);
  });

  it('says there are no work orders when neither the server nor the device has any', async () => {
    await renderCalendar(nextMonth());
    await waitFor(() => bodyText().includes('No work orders'));
  });

  it('lists the month on a phone: what starts, ends or happens each day, each opening its order', async () => {
    const month = nextMonth();
    const sale = calendarOrder({ title: 'Spring sale', scheduledAt: localAt(month, 1), revertAt: localAt(month, 5) });
    api.orders = [sale];
    await renderCalendar(month, 'list');
    await waitFor(() => document.querySelectorAll('button[aria-label^="Spring sale: "]').length === 2);
    expect(bodyText()).toMatch(/Starts: Spring sale/);
    expect(bodyText()).toMatch(/Ends: Spring sale/);
    await click(bar('Spring sale'));
    await waitFor(() => bodyText().includes('Move start…') && bodyText().includes('Open Work Orders'));
  });
});
