/** The calendar's days and where its events go (calendar-range.ts, calendar-layout.ts), stated as the tests' names. */
import { describe, expect, it } from 'vitest';
import { calendarRange, dayIndexAt, dayKey, parseDayKey, shiftByDays, stepAnchor } from './calendar-range';
import { layoutWeeks } from './calendar-layout';
import type { CalendarEvent } from './calendar-events';
import { calendarOrder } from './calendar-fixtures';

const now = new Date(2030, 2, 14, 9);
const march = calendarRange('month', new Date(2030, 2, 14), now);
const at = (month: number, day: number, hour = 0) => new Date(2030, month, day, hour).getTime();

function event(start: number, end: number | null): CalendarEvent {
  const order = calendarOrder({ scheduledAt: new Date(start).toISOString(), revertAt: end === null ? null : new Date(end).toISOString() });
  return { id: order.id, order, start, end, status: 'Pending', targetKey: '', planned: null };
}

describe('calendarRange', () => {
  it('shows a month as whole weeks from Sunday, marking the days outside it and today', () => {
    expect(march.title).toBe('March 2030');
    expect(march.weeks).toHaveLength(6);
    expect(march.days[0]!.key).toBe('2030-02-24');
    expect(march.days.at(-1)!.key).toBe('2030-04-06');
    expect(march.days.filter((d) => d.inMonth)).toHaveLength(31);
    expect(march.days.filter((d) => d.today).map((d) => d.key)).toEqual(['2030-03-14']);
  });

  it('shows a week from its Sunday, and a month\u2019s days alone as a list', () => {
    const week = calendarRange('week', new Date(2030, 2, 14), now);
    expect(week.title).toBe('Mar 10 – 16, 2030');
    expect(week.weeks).toEqual([week.days]);
    expect(calendarRange('week', new Date(2030, 2, 31), now).title).toBe('Mar 31 – Apr 6, 2030');
    const list = calendarRange('list', new Date(2030, 1, 3), now);
    expect(list.days.map((d) => d.key)).toEqual(Array.from({ length: 28 }, (_, i) => `2030-02-${String(i + 1).padStart(2, '0')}`));
  });

  it('steps a month from the 31st to the last day of a shorter month, and a week by 7 days', () => {
    expect(dayKey(stepAnchor('month', new Date(2030, 0, 31), 1))).toBe('2030-02-28');
    expect(dayKey(stepAnchor('month', new Date(2030, 0, 31), -1))).toBe('2029-12-31');
    expect(dayKey(stepAnchor('week', new Date(2030, 2, 28), 1))).toBe('2030-04-04');
  });

  it('reads only real dates from the address', () => {
    expect(parseDayKey('2030-02-30')).toBeNull();
    expect(parseDayKey('junk')).toBeNull();
    expect(dayKey(parseDayKey('2030-02-28')!)).toBe('2030-02-28');
  });

  it('finds the day that holds a moment, and says when it is before or after the days', () => {
    expect(march.days[dayIndexAt(march.days, at(2, 5, 13))]!.key).toBe('2030-03-05');
    expect(dayIndexAt(march.days, at(0, 1))).toBe(-1);
    expect(dayIndexAt(march.days, at(5, 1))).toBe(march.days.length);
  });

  it('moves by calendar days, keeping the time of day', () => {
    expect(new Date(shiftByDays(at(2, 30, 15), 3)).getHours()).toBe(15);
    expect(dayKey(new Date(shiftByDays(at(2, 30, 15), 3)))).toBe('2030-04-02');
  });
});

describe('layoutWeeks', () => {
  it('draws a span as a bar per week it touches, with its edges only where it starts and ends', () => {
    const sale = event(at(2, 7, 10), at(2, 12, 10));
    const weeks = layoutWeeks(march.weeks, [sale], 3);
    const bars = weeks.flatMap((w, i) => w.segments.map((s) => ({ week: i, from: s.startCol, to: s.endCol, startsHere: s.startsHere, endsHere: s.endsHere })));
    expect(bars).toEqual([
      { week: 1, from: 4, to: 6, startsHere: true, endsHere: false },
      { week: 2, from: 0, to: 2, startsHere: false, endsHere: true },
    ]);
  });

  it('ends a span that ends at midnight on the day before, and draws a point on its day', () => {
    const [week] = layoutWeeks([march.weeks[2]!], [event(at(2, 10, 9), at(2, 12)), event(at(2, 14, 9), null)], 3).map((w) => w.segments);
    expect(week!.map((s) => [s.startCol, s.endCol])).toEqual([[0, 1], [4, 4]]);
  });

  it('clips spans that begin before the grid or end after it, without their edges', () => {
    const long = event(at(0, 20), at(4, 20));
    const weeks = layoutWeeks(march.weeks, [long], 3);
    expect(weeks[0]!.segments[0]).toMatchObject({ startCol: 0, endCol: 6, startsHere: false });
    expect(weeks[5]!.segments[0]).toMatchObject({ startCol: 0, endCol: 6, endsHere: false });
  });

  it('puts overlapping bars in separate lanes, reuses a lane once free, and counts what the lanes cannot show', () => {
    const a = event(at(2, 10, 9), at(2, 13, 9));
    const b = event(at(2, 11, 9), at(2, 12, 9));
    const c = event(at(2, 14, 9), null);
    const d = event(at(2, 11, 12), null);
    const [week] = layoutWeeks([march.weeks[2]!], [a, b, c, d], 2);
    expect(week!.segments.map((s) => [s.event.id, s.lane])).toEqual([[a.id, 0], [b.id, 1], [c.id, 0]]);
    expect(week!.lanes).toBe(2);
    expect(week!.hidden).toEqual([0, 1, 0, 0, 0, 0, 0]);
    expect(week!.byDay[1]!.map((e) => e.id)).toEqual([a.id, b.id, d.id]);
  });

  it('shows every lane when asked to (the week view)', () => {
    const many = Array.from({ length: 12 }, (_, i) => event(at(2, 12, i), at(2, 13, i)));
    const [week] = layoutWeeks([march.weeks[2]!], many, Infinity);
    expect(week!.segments).toHaveLength(12);
    expect(week!.hidden.every((n) => n === 0)).toBe(true);
  });
});
