/**
 * The days a calendar view shows, in the reader's time zone: a month as whole weeks (Sunday to
 * Saturday, as en-US calendars are), one week, or a month's days for the list (phones). Days are
 * the reader's calendar days (local midnight to midnight), not 24-hour steps: a day of a clock
 * change is 23 or 25 hours long, and a move "by a day" keeps the time of day (shiftByDays).
 */

/** Month and week are grids; list is the month's days with their orders, one under the other (phones). */
export type CalendarView = 'month' | 'week' | 'list';

export const CALENDAR_VIEWS: readonly CalendarView[] = ['month', 'week', 'list'];

export interface CalendarDay {
  /** 'YYYY-MM-DD' in the reader's calendar. */
  key: string;
  /** Local midnight that starts it, and the one that ends it (epoch ms). */
  start: number;
  end: number;
  /** Day of the month (1-31). */
  date: number;
  /** In the month shown (a month grid shows the end of the month before and the start of the next). */
  inMonth: boolean;
  today: boolean;
}

export interface CalendarRange {
  view: CalendarView;
  /** The day the view was asked for (local midnight). */
  anchor: Date;
  days: CalendarDay[];
  /** `days` by rows of 7 (one row for a week; none for the list, which has no rows). */
  weeks: CalendarDay[][];
  /** What the view is called: 'March 2030', 'Mar 1 – 7, 2030'. */
  title: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

export function dayKey(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The local midnight of a 'YYYY-MM-DD' key, or null when it is not a date. */
export function parseDayKey(key: string | null | undefined): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(key ?? '');
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return dayKey(date) === key ? date : null;
}

export function startOfDay(at: Date | number): Date {
  const d = new Date(at);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate());
}

/** The same time of day `days` calendar days later (earlier when negative). */
export function shiftByDays(at: number, days: number): number {
  const d = new Date(at);
  d.setDate(d.getDate() + days);
  return d.getTime();
}

function addDays(date: Date, days: number): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
}

const monthTitle = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' });
const shortDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });

function weekTitle(first: Date, last: Date): string {
  const year = last.getFullYear();
  if (first.getMonth() === last.getMonth()) return `${shortDay.format(first)} – ${last.getDate()}, ${year}`;
  const firstPart = first.getFullYear() === year ? shortDay.format(first) : `${shortDay.format(first)}, ${first.getFullYear()}`;
  return `${firstPart} – ${shortDay.format(last)}, ${year}`;
}

function daysFrom(first: Date, count: number, month: number | null, now: Date): CalendarDay[] {
  const today = dayKey(now);
  return Array.from({ length: count }, (_, i) => {
    const date = addDays(first, i);
    const key = dayKey(date);
    return { key, start: date.getTime(), end: addDays(date, 1).getTime(), date: date.getDate(), inMonth: month === null || date.getMonth() === month, today: key === today };
  });
}

export function calendarRange(view: CalendarView, at: Date, now: Date): CalendarRange {
  const anchor = startOfDay(at);
  if (view === 'week') {
    const first = addDays(anchor, -anchor.getDay());
    const days = daysFrom(first, 7, null, now);
    return { view, anchor, days, weeks: [days], title: weekTitle(first, addDays(first, 6)) };
  }
  const monthStart = new Date(anchor.getFullYear(), anchor.getMonth(), 1);
  const monthDays = new Date(anchor.getFullYear(), anchor.getMonth() + 1, 0).getDate();
  const title = monthTitle.format(monthStart);
  if (view === 'list') return { view, anchor, days: daysFrom(monthStart, monthDays, null, now), weeks: [], title };
  const first = addDays(monthStart, -monthStart.getDay());
  const rows = Math.ceil((monthStart.getDay() + monthDays) / 7);
  const days = daysFrom(first, rows * 7, monthStart.getMonth(), now);
  return { view, anchor, days, weeks: Array.from({ length: rows }, (_, w) => days.slice(w * 7, w * 7 + 7)), title };
}

/** The anchor of the view before (-1) or after (1): a week, or a month (the 31st steps to the 30th, not into the month after). */
export function stepAnchor(view: CalendarView, anchor: Date, direction: -1 | 1): Date {
  if (view === 'week') return addDays(anchor, 7 * direction);
  const month = new Date(anchor.getFullYear(), anchor.getMonth() + direction, 1);
  const lastDay = new Date(month.getFullYear(), month.getMonth() + 1, 0).getDate();
  return new Date(month.getFullYear(), month.getMonth(), Math.min(anchor.getDate(), lastDay));
}

/** The index of the day of `days` that holds `at`: -1 before the first, days.length after the last. */
export function dayIndexAt(days: readonly CalendarDay[], at: number): number {
  if (days.length === 0 || at < days[0]!.start) return -1;
  if (at >= days.at(-1)!.end) return days.length;
  let lo = 0;
  let hi = days.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (days[mid]!.start <= at) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
