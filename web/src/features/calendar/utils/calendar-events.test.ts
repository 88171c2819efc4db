/** What the calendar draws of each order (calendar-events.ts), stated as the tests' names. */
import { describe, expect, it } from 'vitest';
import { ALL_TARGETS, eventLabel, targetOptions, toCalendarEvents } from './calendar-events';
import { calendarOrder } from './calendar-fixtures';

const wholesale = { priceListId: 7, currency: 'USD' };
const scheduled = calendarOrder({ title: 'Spring sale', scheduledAt: '2030-03-05T10:00:00.000Z', revertAt: '2030-03-09T10:00:00.000Z' });
const ran = calendarOrder({ title: 'Ran', status: 'completed', scheduledAt: '2030-03-01T10:00:00.000Z', executedAt: '2030-03-01T10:00:05.000Z', revertAt: '2030-03-20T00:00:00.000Z' });
const list = calendarOrder({ title: 'Wholesale', scheduledAt: '2030-03-06T10:00:00.000Z', target: wholesale });
const archived = calendarOrder({ title: 'Old', archived: true, status: 'undone', scheduledAt: '2030-02-01T00:00:00.000Z', executedAt: '2030-02-01T00:00:00.000Z', undoneAt: '2030-02-03T00:00:00.000Z' });
const orders = [archived, list, ran, scheduled];

describe('toCalendarEvents', () => {
  it('spans a scheduled order to its end, a sale that ran from its run, and makes an order without an end a point', () => {
    const events = toCalendarEvents(orders, { showArchived: false, target: ALL_TARGETS });
    expect(events.map((e) => [e.order.title, e.start, e.end, e.status])).toEqual([
      ['Ran', Date.parse(ran.executedAt!), Date.parse(ran.revertAt!), 'Completed'],
      ['Spring sale', Date.parse(scheduled.scheduledAt!), Date.parse(scheduled.revertAt!), 'Pending'],
      ['Wholesale', Date.parse(list.scheduledAt!), null, 'Pending'],
    ]);
  });

  it('shows archived orders only when asked, and one target\u2019s orders when filtered', () => {
    expect(toCalendarEvents(orders, { showArchived: true, target: ALL_TARGETS }).map((e) => e.order.title)).toContain('Old');
    expect(toCalendarEvents(orders, { showArchived: false, target: 'l7:USD:' }).map((e) => e.order.title)).toEqual(['Wholesale']);
    expect(toCalendarEvents(orders, { showArchived: false, target: '' }).map((e) => e.order.title)).toEqual(['Ran', 'Spring sale']);
  });

  it('shows a move on its way where it goes', () => {
    const moved = new Map([[scheduled.id, { scheduledAt: '2030-03-07T10:00:00.000Z' }]]);
    const [event] = toCalendarEvents([scheduled], { showArchived: false, target: ALL_TARGETS, moved });
    expect(event!.start).toBe(Date.parse('2030-03-07T10:00:00.000Z'));
    expect(event!.end).toBe(Date.parse(scheduled.revertAt!));
  });
});

describe('targetOptions', () => {
  it('offers every price, the catalog, and each list and currency the orders have, by name', () => {
    const eur = calendarOrder({ scheduledAt: '2030-03-06T10:00:00.000Z', target: { priceListId: 3, currency: 'EUR' } });
    expect(targetOptions([...orders, eur], new Map([[7, 'Wholesale']]))).toEqual([
      { value: ALL_TARGETS, label: 'All prices' },
      { value: '', label: 'Catalog' },
      { value: 'l3:EUR:', label: 'Price list 3 (EUR)' },
      { value: 'l7:USD:', label: 'Wholesale (USD)' },
    ]);
  });
});

describe('eventLabel', () => {
  it('names the order, its status, prices, times and how many orders it overlaps', () => {
    const [event] = toCalendarEvents([list], { showArchived: false, target: ALL_TARGETS });
    const label = eventLabel(event!, 'Wholesale', 2);
    expect(label).toMatch(/^Wholesale: Pending, Wholesale \(USD\), Mar 6, 2030 at .+, overlaps 2 other orders$/);
  });
});
