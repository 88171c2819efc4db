/**
 * /calendar online: the month's orders from the device's copy (filled from the stubbed list), the
 * overlaps the server names, and moves: a drag of a bar or its end edge, the keys with a
 * confirmation, and the order's panel, each sent as the PATCH body contracts plan, with the
 * server's answer in a toast and a refusal putting the order back.
 */
import { MOVE_MESSAGES } from '@catalog/contracts/work-order-moves';
import type { WorkOrderSummary } from '@catalog/contracts/work-orders';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { calendarOrder, localAt } from '../utils/calendar-fixtures';
import { dayKey, shiftByDays } from '../utils/calendar-range';
import {
  bar, bodyText, buttonNamed, click, dragBetween, json, layOutDays, nextMonth, press, renderCalendar, setUp, tearDown, waitFor, type Api,
} from './calendar-test-harness';

let api: Api;
let month: Date;
let spring: WorkOrderSummary;
let summer: WorkOrderSummary;
let later: WorkOrderSummary;

const dayOf = (iso: string) => dayKey(new Date(iso));
const plusDays = (iso: string, days: number) => new Date(shiftByDays(Date.parse(iso), days)).toISOString();

beforeEach(async () => {
  api = await setUp();
  month = nextMonth();
  spring = calendarOrder({ title: 'Spring sale', scheduledAt: localAt(month, 1), revertAt: localAt(month, 5) });
  summer = calendarOrder({ title: 'Summer sale', scheduledAt: localAt(month, 3), revertAt: localAt(month, 8) });
  later = calendarOrder({ title: 'Price rise', scheduledAt: localAt(month, 20) });
  api.orders = [spring, summer, later];
  api.pairs = [{ a: spring.id < summer.id ? spring.id : summer.id, b: spring.id < summer.id ? summer.id : spring.id, shared: 3 }];
});
afterEach(tearDown);

async function openMonth() {
  await renderCalendar(month);
  await waitFor(() => bar('Spring sale') !== undefined && bodyText().includes('share 3 products or variants'));
  layOutDays();
}

describe('CalendarScreen', () => {
  it('shows the month\u2019s orders and marks the two that change the same items at the same time', async () => {
    await openMonth();
    expect(bar('Spring sale')!.getAttribute('aria-label')).toMatch(/Pending, Catalog, .* to .*, overlaps 1 other order$/);
    expect(bar('Price rise')!.getAttribute('aria-label')).not.toMatch(/overlaps/);
    expect(bodyText()).toMatch(/Spring sale\s*and\s*Summer sale\s*share 3 products or variants from/);
  });

  it('moves a whole sale by dragging its bar, and says the server put it back to approval', async () => {
    api.patch = (order, body) => json({ ...order, productUpdates: [], ...body, status: 'awaiting_approval' });
    await openMonth();
    await dragBetween(bar('Summer sale')!, dayOf(summer.scheduledAt!), dayOf(plusDays(summer.scheduledAt!, 3)));
    await waitFor(() => api.patches.length === 1);
    expect(api.patches[0]).toEqual({ id: summer.id, body: { scheduledAt: plusDays(summer.scheduledAt!, 3), revertAt: plusDays(summer.revertAt!, 3) } });
    await waitFor(() => bodyText().includes('Work order moved'));
    expect(bodyText()).toContain('It waits for approval again.');
  });

  it('moves only the end when its edge is dragged', async () => {
    await openMonth();
    const handle = document.querySelector(`[data-event="${summer.id}"] [title="Drag to move the end"]`)!;
    await dragBetween(handle, dayOf(summer.revertAt!), dayOf(plusDays(summer.revertAt!, -2)));
    await waitFor(() => api.patches.length === 1);
    expect(api.patches[0]!.body).toEqual({ revertAt: plusDays(summer.revertAt!, -2) });
  });

  it('shows the server\u2019s refusal and puts the order back where it was', async () => {
    api.patch = () => json({ error: { code: 'CONFLICT', message: 'The items and the start can be changed only before the order runs (this one is completed)' } }, 409);
    await openMonth();
    const before = bar('Price rise')!.getAttribute('aria-label');
    await dragBetween(bar('Price rise')!, dayOf(later.scheduledAt!), dayOf(plusDays(later.scheduledAt!, 1)));
    await waitFor(() => bodyText().includes('(this one is completed)'));
    expect(bar('Price rise')!.getAttribute('aria-label')).toBe(before);
  });

  it('moves an order by a day from the keyboard after a confirmation, and refuses to move an end it does not have', async () => {
    await openMonth();
    await press(bar('Price rise')!, 'ArrowRight', { altKey: true, shiftKey: true });
    await waitFor(() => bodyText().includes(MOVE_MESSAGES.endFixed));
    await press(bar('Price rise')!, 'ArrowRight', { altKey: true });
    await waitFor(() => document.querySelector('[role="dialog"]')?.textContent?.includes('Move Price rise?') === true);
    expect(api.patches).toEqual([]);
    await click([...document.querySelectorAll<HTMLButtonElement>('[role="dialog"] button')].find((b) => b.textContent === 'Move'));
    await waitFor(() => api.patches.length === 1);
    expect(api.patches[0]!.body).toEqual({ scheduledAt: plusDays(later.scheduledAt!, 1) });
  });

  it('opens an order on a click, and moves its end to a moment typed in its panel', async () => {
    await openMonth();
    await click(bar('Spring sale'));
    await waitFor(() => buttonNamed('Move end…') !== undefined);
    expect(bodyText()).toContain('Overlaps with');
    await click(buttonNamed('Move end…'));
    const input = document.querySelector<HTMLInputElement>('input[type="datetime-local"]')!;
    const end = new Date(month.getFullYear(), month.getMonth(), 4, 18, 30);
    await act(async () => {
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      setValue.call(input, `${dayKey(end)}T18:30`);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await click(buttonNamed('Move end'));
    await waitFor(() => api.patches.length === 1);
    expect(api.patches[0]!.body).toEqual({ revertAt: end.toISOString() });
  });

  it('lists a crowded day’s orders beyond the month’s lanes in a dialog, each opening its order', async () => {
    api.orders = Array.from({ length: 5 }, (_, i) => calendarOrder({ title: `Flash ${i + 1}`, scheduledAt: localAt(month, 10, 8 + i) }));
    api.pairs = [];
    await renderCalendar(month);
    await waitFor(() => bar('Flash 1') !== undefined);
    expect(bar('Flash 4')).toBeUndefined();
    await click([...document.querySelectorAll('button')].find((b) => b.textContent === '+2 more'));
    await waitFor(() => document.querySelector('[role="dialog"]')?.textContent?.includes('Flash 5') === true);
    await click(bar('Flash 5'));
    await waitFor(() => document.querySelector('.mantine-Drawer-title')?.textContent === 'Flash 5');
  });

  it('steps to the next month and switches to the week', async () => {
    await openMonth();
    const title = () => document.querySelector('h2[aria-live]')?.textContent;
    const shown = title();
    await click(buttonNamed('Next month'));
    await waitFor(() => title() !== shown && bar('Spring sale') === undefined);
    await click(buttonNamed('Previous month'));
    await waitFor(() => title() === shown);
    await click(document.querySelector<HTMLInputElement>('input[type="radio"][value="week"]')!);
    await waitFor(() => document.querySelectorAll('[data-day]').length === 7);
  });
});
