/**
 * Which view and which days the calendar shows, kept in the address (`?view=week&date=2030-03-05`)
 * so Back and a reload return to them: month (the default), week, or the list (the default on a
 * phone, where seven columns do not fit). Previous, Next and Today move by the view's step.
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useScreenQuery } from '../../../lib/media-query';
import { CALENDAR_VIEWS, calendarRange, dayKey, parseDayKey, startOfDay, stepAnchor, type CalendarRange, type CalendarView } from '../utils/calendar-range';

/** Narrower than this, the calendar opens as a list. */
export const PHONE_QUERY = '(max-width: 40em)';

export interface CalendarViewState {
  range: CalendarRange;
  setView: (view: CalendarView) => void;
  step: (direction: -1 | 1) => void;
  today: () => void;
}

export function useCalendarView(now: Date): CalendarViewState {
  const [params, setParams] = useSearchParams();
  const phone = useScreenQuery(PHONE_QUERY);
  const asked = params.get('view') as CalendarView | null;
  const view: CalendarView = asked && CALENDAR_VIEWS.includes(asked) ? asked : phone ? 'list' : 'month';
  const dateKey = params.get('date');
  const todayKey = dayKey(now);
  const anchor = useMemo(() => parseDayKey(dateKey) ?? parseDayKey(todayKey)!, [dateKey, todayKey]);
  // The days only change with the view, the anchor or the day it is (not with every minute of `now`).
  const range = useMemo(() => calendarRange(view, anchor, startOfDay(parseDayKey(todayKey)!)), [view, anchor, todayKey]);

  const go = useCallback((next: { view?: CalendarView; anchor?: Date }) => {
    setParams((p) => {
      const out = new URLSearchParams(p);
      if (next.view) out.set('view', next.view);
      if (next.anchor) out.set('date', dayKey(next.anchor));
      return out;
    });
  }, [setParams]);

  return {
    range,
    setView: (v) => go({ view: v }),
    step: (direction) => go({ anchor: stepAnchor(view, anchor, direction) }),
    today: () => go({ anchor: startOfDay(now) }),
  };
}
