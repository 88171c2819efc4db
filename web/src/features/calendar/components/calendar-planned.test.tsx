/**
 * /calendar with a weekly sale (issue 36, recurring sales): only its next run exists, and the
 * calendar shows the runs its rule still makes as planned runs in the month, the week and the
 * list, named as such and in the legend, marked where they overlap another order (from the
 * server's answer for the series' latest run), never moved, each opening the series' latest run;
 * offline too, from the device's copy.
 */
import type { WorkOrderSummary } from '@catalog/contracts/work-orders';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deviceCatalog } from '../../../local/device-catalog';
import { saveWorkOrders } from '../../../local/work-orders-cache';
import { META_OVERLAP_PAIRS } from '../api/overlap-pairs';
import { calendarOrder, localAt } from '../utils/calendar-fixtures';
import { dayKey } from '../utils/calendar-range';
import { bar, bodyText, click, dragBetween, layOutDays, nextMonth, press, renderCalendar, setUp, tearDown, waitFor, type Api } from './calendar-test-harness';

const SERIES = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

let api: Api;
let month: Date;
let weekly: WorkOrderSummary;
let flash: WorkOrderSummary;

/** The planned runs' buttons, by their names ("Planned run N of the series 'Weekly sale': ..."). */
const plannedBars = () => [...document.querySelectorAll<HTMLButtonElement>('button[aria-label^="Planned run "]')];
const plannedBar = (run: number) => plannedBars().find((b) => b.getAttribute('aria-label')!.startsWith(`Planned run ${run} of the series 'Weekly sale': `));
const labelOf = (el: Element | undefined) => el?.getAttribute('aria-label') ?? '';

beforeEach(async () => {
  api = await setUp();
  month = nextMonth();
  // Run 1 of a two-day sale every week from the 2nd until the 23rd: runs 2, 3 and 4 are still to be made.
  weekly = calendarOrder({
    title: 'Weekly sale', scheduledAt: localAt(month, 1), revertAt: localAt(month, 3),
    repeat: { every: 'week', until: localAt(month, 22) },
    series: { id: SERIES, run: 1, endedReason: null, firstStart: localAt(month, 1), firstEnd: localAt(month, 3) },
  });
  // A sale in the third week, on products the weekly sale changes too: it meets run 3 only.
  flash = calendarOrder({ title: 'Flash sale', scheduledAt: localAt(month, 15, 12), revertAt: localAt(month, 16, 12) });
  api.orders = [weekly, flash];
  const [a, b] = [weekly.id, flash.id].sort();
  api.pairs = [{ a: a!, b: b!, shared: 2 }];
});
afterEach(tearDown);

describe('CalendarScreen with a recurring sale', () => {
  it('shows the series\u2019 planned runs in the month apart from real orders, with a legend entry and when each will be created', async () => {
    await renderCalendar(month);
    await waitFor(() => plannedBars().length === 3);
    expect(plannedBars().map((b) => labelOf(b).slice(0, 'Planned run 2'.length))).toEqual(['Planned run 2', 'Planned run 3', 'Planned run 4']);
    expect(labelOf(plannedBar(2))).toMatch(/^Planned run 2 of the series 'Weekly sale': Catalog, .+ to .+\. Not created yet: it will be created when run 1 starts and passes its checks\.$/);
    expect(plannedBar(3)!.title).toBe('Not created yet: it will be created when run 2 starts and passes its checks.');
    expect(plannedBar(3)!.closest('[data-event]')!.className).toMatch(/planned/);
    expect(bar('Weekly sale')!.closest('[data-event]')!.className).not.toMatch(/planned/);
    expect([...document.querySelectorAll('[aria-label="Statuses"] [role="listitem"]')].map((li) => li.textContent)).toContain('Planned run');
  });

  it('marks a planned run that overlaps another order, from the server\u2019s answer for the series\u2019 latest run', async () => {
    await renderCalendar(month);
    await waitFor(() => bodyText().includes('share 2 products or variants'));
    expect(api.asked.at(-1)).toEqual([weekly.id, flash.id].sort());
    expect(labelOf(plannedBar(3))).toMatch(/, overlaps 1 other order\. Not created yet/);
    expect(labelOf(plannedBar(2))).not.toMatch(/overlaps/);
    expect(labelOf(bar('Weekly sale'))).not.toMatch(/overlaps/);
    expect(labelOf(bar('Flash sale'))).toMatch(/overlaps 1 other order$/);
    expect(bodyText()).toMatch(/Weekly sale \(planned run 3\)\s*and\s*Flash sale\s*share 2 products or variants from/);
  });

  it('never moves a planned run, and opens the series\u2019 latest run on a click', async () => {
    await renderCalendar(month);
    await waitFor(() => plannedBar(2) !== undefined);
    layOutDays();
    const run2 = plannedBar(2)!;
    expect(run2.closest('[data-event]')!.querySelector('[title^="Drag to move"]')).toBeNull();
    expect(run2.classList.toString()).not.toMatch(/draggable/);
    const from = dayKey(new Date(localAt(month, 8)));
    await dragBetween(run2, from, dayKey(new Date(localAt(month, 10))));
    await press(run2, 'ArrowRight', { altKey: true });
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    expect(api.patches).toEqual([]);
    expect(run2.getAttribute('aria-describedby')).not.toBe(bar('Weekly sale')!.getAttribute('aria-describedby'));

    await click(run2);
    await waitFor(() => document.querySelector('.mantine-Drawer-title')?.textContent === 'Weekly sale');
    expect(bodyText()).toContain('Move start…');
  });

  it('shows the planned runs in the week and in the list', async () => {
    await renderCalendar(new Date(localAt(month, 8)), 'week');
    await waitFor(() => plannedBar(2) !== undefined);
    expect(plannedBars()).toHaveLength(1);
    tearDown();

    api = await setUp();
    api.orders = [weekly, flash];
    await renderCalendar(month, 'list');
    await waitFor(() => plannedBars().length === 6);
    expect(bodyText()).toMatch(/Starts: Weekly sale · Planned run 2/);
    expect(bodyText()).toMatch(/Ends: Weekly sale · Planned run 4/);
  });

  it('shows the planned runs and their overlap offline, from the device\u2019s copy', async () => {
    await saveWorkOrders(true, { orders: [weekly, flash], nextCursor: null }, { first: true });
    const ids = [weekly.id, flash.id].sort();
    await deviceCatalog.db()!.meta.put({ key: META_OVERLAP_PAIRS, value: JSON.stringify({ ids, pairs: api.pairs, complete: true, at: Date.now() }) });
    api.online = false;
    await renderCalendar(month);
    await waitFor(() => plannedBars().length === 3 && bodyText().includes('share 2 products or variants'));
    expect(bodyText()).toContain('You are offline');
    expect(labelOf(plannedBar(3))).toMatch(/overlaps 1 other order/);
  });
});
