/** A series' runs still to be made, as the calendar plans and draws them (planned-runs.ts), stated as the tests' names. */
import { describe, expect, it } from 'vitest';
import type { WorkOrderSummary } from '@catalog/contracts/work-orders';
import { ALL_TARGETS, eventLabel, toCalendarEvents } from './calendar-events';
import { calendarOrder } from './calendar-fixtures';
import { isPlannedId, orderName, overlapQuestion, plannedId, plannedRunOrders, withPlannedPairs } from './planned-runs';

const SERIES = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const now = new Date('2031-03-20T00:00:00.000Z');
const ms = (iso: string) => Date.parse(iso);
const window = (from: string, to: string) => ({ start: ms(from), end: ms(to) });
const ALL = { start: -Infinity, end: Infinity };

/** Run `run` of a weekly sale from Tuesday 1 April 2031 at 09:00 for two days, until 29 April (5 runs). */
function weeklyRun(run: number, over: Partial<WorkOrderSummary> = {}): WorkOrderSummary {
  const start = new Date(ms('2031-04-01T09:00:00.000Z') + (run - 1) * 7 * 86_400_000);
  return calendarOrder({
    title: 'Weekly sale',
    scheduledAt: start.toISOString(),
    revertAt: new Date(start.getTime() + 2 * 86_400_000).toISOString(),
    repeat: { every: 'week', until: '2031-04-29T09:00:00.000Z' },
    series: { id: SERIES, run, endedReason: null, firstStart: '2031-04-01T09:00:00.000Z', firstEnd: '2031-04-03T09:00:00.000Z' },
    ...over,
  });
}

const planned = (orders: WorkOrderSummary[], w = ALL, at = now) =>
  plannedRunOrders(orders, w, at).map((p) => [p.run, p.order.scheduledAt, p.order.revertAt]);

describe('plannedRunOrders', () => {
  it('plans a weekly series\u2019 runs after its latest run until its end, each as long as the first', () => {
    const run1 = weeklyRun(1, { status: 'completed', executedAt: '2031-04-01T09:00:01.000Z' });
    const run2 = weeklyRun(2);
    expect(planned([run2, run1], ALL, new Date('2031-04-02T00:00:00.000Z'))).toEqual([
      [3, '2031-04-15T09:00:00.000Z', '2031-04-17T09:00:00.000Z'],
      [4, '2031-04-22T09:00:00.000Z', '2031-04-24T09:00:00.000Z'],
      [5, '2031-04-29T09:00:00.000Z', '2031-05-01T09:00:00.000Z'],
    ]);
    const [third] = plannedRunOrders([run2, run1], ALL, now);
    expect(third!.latest).toBe(run2);
    expect(third!.order).toMatchObject({ id: plannedId(SERIES, 3), title: 'Weekly sale', status: 'pending', target: null, series: { id: SERIES, run: 3 } });
    expect(isPlannedId(third!.order.id)).toBe(true);
    expect(isPlannedId(run2.id)).toBe(false);
  });

  it('never plans past the visible range, nor before it', () => {
    expect(planned([weeklyRun(1)], window('2031-04-09T00:00:00.000Z', '2031-04-16T00:00:00.000Z'))).toEqual([
      [2, '2031-04-08T09:00:00.000Z', '2031-04-10T09:00:00.000Z'],
      [3, '2031-04-15T09:00:00.000Z', '2031-04-17T09:00:00.000Z'],
    ]);
    expect(planned([weeklyRun(1)], window('2031-05-02T00:00:00.000Z', '2031-06-01T00:00:00.000Z'))).toEqual([]);
  });

  it('plans monthly runs on the first run\u2019s day (not the latest run\u2019s, which a short month moved), and points for a series without an end', () => {
    const monthly = calendarOrder({
      title: 'Month end', scheduledAt: '2031-02-28T08:00:00.000Z', repeat: { every: 'month', until: '2031-05-31T08:00:00.000Z' },
      series: { id: SERIES, run: 2, endedReason: null, firstStart: '2031-01-31T08:00:00.000Z', firstEnd: null },
    });
    expect(planned([monthly], ALL, new Date('2031-02-01T00:00:00.000Z'))).toEqual([
      [3, '2031-03-31T08:00:00.000Z', null], [4, '2031-04-30T08:00:00.000Z', null], [5, '2031-05-31T08:00:00.000Z', null],
    ]);
  });

  it('plans the chosen dates still to come', () => {
    const dated = calendarOrder({
      title: 'Holidays', scheduledAt: '2031-04-01T10:00:00.000Z', revertAt: '2031-04-01T22:00:00.000Z',
      repeat: { dates: ['2031-05-01T10:00:00.000Z', '2031-12-24T10:00:00.000Z'] },
      series: { id: SERIES, run: 1, endedReason: null, firstStart: '2031-04-01T10:00:00.000Z', firstEnd: '2031-04-01T22:00:00.000Z' },
    });
    expect(planned([dated])).toEqual([[2, '2031-05-01T10:00:00.000Z', '2031-05-01T22:00:00.000Z'], [3, '2031-12-24T10:00:00.000Z', '2031-12-24T22:00:00.000Z']]);
  });

  it('plans nothing for a series that ended, whose next run was refused, or whose latest run failed, was rejected or archived', () => {
    const ended = (reason: string) => ({ id: SERIES, run: 2, endedReason: reason, firstStart: '2031-04-01T09:00:00.000Z', firstEnd: '2031-04-03T09:00:00.000Z' });
    expect(planned([weeklyRun(1, { series: ended('run 2 was deleted before it ran') })])).toEqual([]);
    const refused = weeklyRun(2, { status: 'failed', error: 'Not run: checked when the run before it started.', series: ended('run 2 was refused: too large a change') });
    expect(planned([weeklyRun(1, { status: 'completed' }), refused])).toEqual([]);
    expect(planned([weeklyRun(1), weeklyRun(2, { status: 'failed' })])).toEqual([]);
    expect(planned([weeklyRun(1, { status: 'rejected' })])).toEqual([]);
    expect(planned([weeklyRun(1, { archived: true })])).toEqual([]);
    expect(planned([weeklyRun(5)])).toEqual([]);
  });

  it('plans nothing from a copy kept before the server sent the first run\u2019s times, nor for an order that does not repeat', () => {
    expect(planned([weeklyRun(1, { series: { id: SERIES, run: 1, endedReason: null, firstStart: null, firstEnd: null } })])).toEqual([]);
    expect(planned([calendarOrder({ scheduledAt: '2031-04-01T09:00:00.000Z' })])).toEqual([]);
  });
});

describe('planned runs among the events', () => {
  it('draws them as events of their own, named as planned runs of the series, filtered by prices as their series', () => {
    const run1 = weeklyRun(1);
    const runs = plannedRunOrders([run1], window('2031-04-01T00:00:00.000Z', '2031-04-12T00:00:00.000Z'), now);
    const events = toCalendarEvents([run1], { showArchived: false, target: ALL_TARGETS, planned: runs });
    expect(events.map((e) => [e.order.title, e.status, e.planned?.run ?? null])).toEqual([['Weekly sale', 'Pending', null], ['Weekly sale', 'Planned run 2', 2]]);
    expect(eventLabel(events[1]!, null, 1)).toMatch(
      /^Planned run 2 of the series 'Weekly sale': Catalog, .+ to .+, overlaps 1 other order\. Not created yet: it will be created when run 1 starts and passes its checks\.$/,
    );
    expect(toCalendarEvents([run1], { showArchived: false, target: 'l7:USD:', planned: runs })).toEqual([]);
    expect(orderName(events[1]!.order)).toBe('Weekly sale (planned run 2)');
    expect(orderName(run1)).toBe('Weekly sale');
  });
});

describe('overlaps of planned runs', () => {
  const run1 = weeklyRun(1);
  // A sale in the third week only: it meets planned run 3, not run 1.
  const other = calendarOrder({ title: 'Spring sale', scheduledAt: '2031-04-16T00:00:00.000Z', revertAt: '2031-04-18T00:00:00.000Z' });
  const ahead = plannedRunOrders([run1, other], ALL, now);

  it('asks the server about the latest run where one of its planned runs meets another order', () => {
    expect(overlapQuestion([run1, other], [])).toEqual([]);
    expect(overlapQuestion([run1, other], ahead)).toEqual([run1.id, other.id].sort());
  });

  it('lets the latest run\u2019s pairs stand for its planned runs, with the other order\u2019s planned runs too', () => {
    const pair = { a: run1.id, b: other.id, shared: 2 };
    const p3 = plannedId(SERIES, 3);
    expect(withPlannedPairs([pair], new Map())).toEqual([pair]);
    expect(withPlannedPairs([pair], new Map([[run1.id, [plannedId(SERIES, 2), p3]]]))).toEqual([
      pair, { a: plannedId(SERIES, 2), b: other.id, shared: 2 }, { a: p3, b: other.id, shared: 2 },
    ]);
    const otherPlanned = 'planned-other-2';
    expect(withPlannedPairs([pair], new Map([[run1.id, [p3]], [other.id, [otherPlanned]]]))).toEqual([
      pair, { a: run1.id, b: otherPlanned, shared: 2 }, { a: p3, b: other.id, shared: 2 }, { a: p3, b: otherPlanned, shared: 2 },
    ]);
  });
});
