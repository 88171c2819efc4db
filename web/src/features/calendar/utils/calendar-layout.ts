/**
 * Where each event goes in a grid of weeks: a bar per week it touches, from its first day in
 * that week to its last (an end at midnight ends the day before: the sale is over by then), in
 * the first lane free along those days, longer bars first so they stay on top. A month shows a
 * few lanes and, per day, how many more events that day has; a week shows every lane.
 */
import { dayIndexAt, type CalendarDay } from './calendar-range';
import type { CalendarEvent } from './calendar-events';

export interface EventSegment {
  event: CalendarEvent;
  /** The bar's first and last column in its week (0-6). */
  startCol: number;
  endCol: number;
  lane: number;
  /** The event starts (ends) in this week: the bar shows its start (end) edge. */
  startsHere: boolean;
  endsHere: boolean;
}

export interface WeekLayout {
  days: CalendarDay[];
  /** The bars shown (lane < maxLanes). */
  segments: EventSegment[];
  /** How many lanes are shown. */
  lanes: number;
  /** Per column: the events that day has beyond the lanes shown. */
  hidden: number[];
  /** Per column: every event of the day (for the day's "+N more" list). */
  byDay: CalendarEvent[][];
}

/** The first and last day of `days` an event covers (clipped to them), or null when it is outside. */
export function eventDays(days: readonly CalendarDay[], event: Pick<CalendarEvent, 'start' | 'end'>): { first: number; last: number; clippedStart: boolean; clippedEnd: boolean } | null {
  const first = dayIndexAt(days, event.start);
  const last = event.end === null ? first : dayIndexAt(days, event.end - 1);
  if (last < 0 || first >= days.length) return null;
  return { first: Math.max(first, 0), last: Math.min(last, days.length - 1), clippedStart: first < 0, clippedEnd: last >= days.length };
}

export function layoutWeeks(weeks: readonly CalendarDay[][], events: readonly CalendarEvent[], maxLanes: number): WeekLayout[] {
  const days = weeks.flat();
  const placed = events.flatMap((event) => {
    const span = eventDays(days, event);
    return span ? [{ event, ...span }] : [];
  });
  return weeks.map((week, w) => {
    const from = w * 7;
    const to = from + week.length - 1;
    const inWeek = placed
      .filter((p) => p.first <= to && p.last >= from)
      .map((p) => ({
        event: p.event,
        startCol: Math.max(p.first, from) - from,
        endCol: Math.min(p.last, to) - from,
        startsHere: p.first >= from && !p.clippedStart,
        endsHere: p.last <= to && !p.clippedEnd,
      }))
      .sort((a, b) => a.startCol - b.startCol || b.endCol - a.endCol || a.event.start - b.event.start);
    const laneEnds: number[] = [];
    const hidden = week.map(() => 0);
    const byDay: CalendarEvent[][] = week.map(() => []);
    const segments: EventSegment[] = [];
    for (const s of inWeek) {
      let lane = laneEnds.findIndex((end) => end < s.startCol);
      if (lane < 0) lane = laneEnds.length;
      laneEnds[lane] = s.endCol;
      for (let col = s.startCol; col <= s.endCol; col++) {
        byDay[col]!.push(s.event);
        if (lane >= maxLanes) hidden[col]! += 1;
      }
      if (lane < maxLanes) segments.push({ ...s, lane });
    }
    return { days: week, segments, lanes: Math.min(laneEnds.length, maxLanes), hidden, byDay };
  });
}
