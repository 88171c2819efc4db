/**
 * The month or week as a grid: the weekdays, then each week as a row of day cells (each a drop
 * target: `data-day`) with the events' bars over them (calendar-layout.ts). A month shows the
 * first lanes and, on a day with more events, a "+N more" button that lists that day's events in
 * a dialog (one for the grid: a month has dozens of such days); the week shows every lane and the
 * start times. Weeks and days are keyed by their place, so a step to the next month updates the
 * grid's elements rather than making new ones.
 */
import { Stack, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { Dialog } from '../../../components/dialog';
import type { CalendarEvent } from '../utils/calendar-events';
import type { WeekLayout } from '../utils/calendar-layout';
import { EventBar, toneClass, type EventActions } from './event-bar';
import classes from './calendar.module.css';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const fullDay = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
const shortDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });

export interface CalendarGridProps {
  weeks: WeekLayout[];
  /** The week view: taller rows, every lane, start times on the bars. */
  week: boolean;
  labelOf: (event: CalendarEvent) => string;
  overlapCount: (id: string) => number;
  edgesOf: (event: CalendarEvent) => { start: boolean; end: boolean };
  actions: EventActions;
}

export function CalendarGrid({ weeks, week, labelOf, overlapCount, edgesOf, actions }: CalendarGridProps) {
  const over = actions.drag.drag?.over ?? null;
  const [more, setMore] = useState<{ day: number; events: CalendarEvent[] } | null>(null);
  return (
    <div>
      <Dialog opened={more !== null} onClose={() => setMore(null)} title={more ? `Work orders on ${fullDay.format(more.day)}` : ''}>
        <Stack gap={4}>
          {more?.events.map((event) => (
            <UnstyledButton
              key={event.id}
              className={`${classes.legend} ${toneClass(event)}`}
              style={{ minHeight: 32 }}
              aria-label={labelOf(event)}
              onClick={() => {
                setMore(null);
                actions.onOpen(event);
              }}
            >
              {event.order.title}
            </UnstyledButton>
          ))}
        </Stack>
      </Dialog>
      <div className={classes.weekdays} aria-hidden="true">
        {WEEKDAYS.map((d) => (
          <div key={d}>{d}</div>
        ))}
      </div>
      {weeks.map((layout, w) => {
        const first = layout.days[0]!;
        const moreRow = layout.lanes + 2;
        return (
          <div
            key={w}
            role="group"
            aria-label={`Week of ${shortDay.format(first.start)}`}
            className={`${classes.week} ${week ? classes.tall : ''}`}
            // Explicit rows, so a day cell spans them all (1 / -1): its number, the lanes, "+N more".
            style={{ gridTemplateRows: `minmax(1.4rem, auto) repeat(${layout.lanes}, auto) 1fr` }}
          >
            {layout.days.map((day, col) => (
              <div
                key={col}
                data-day={day.key}
                style={{ gridColumn: col + 1 }}
                className={[classes.day, day.inMonth ? '' : classes.outside, day.today ? classes.today : '', over === day.key ? classes.dropTarget : ''].filter(Boolean).join(' ')}
              >
                <span className={classes.dayNumber} aria-hidden="true">
                  {day.date}
                </span>
                <span className={classes.srOnly}>{`${fullDay.format(day.start)}${day.today ? ', today' : ''}: ${layout.byDay[col]!.length} work orders`}</span>
              </div>
            ))}
            {layout.segments.map((segment) => (
              <EventBar
                key={`${segment.event.id}`}
                segment={segment}
                label={labelOf(segment.event)}
                overlapCount={overlapCount(segment.event.id)}
                edges={edgesOf(segment.event)}
                showTime={week}
                actions={actions}
              />
            ))}
            {layout.hidden.map((count, col) =>
              count > 0 ? (
                <div key={`more-${col}`} style={{ gridColumn: col + 1, gridRow: moreRow, zIndex: 1 }}>
                  <button
                    type="button"
                    className={classes.more}
                    aria-label={`${count} more on ${fullDay.format(layout.days[col]!.start)}`}
                    onClick={() => setMore({ day: layout.days[col]!.start, events: layout.byDay[col]! })}
                  >
                    +{count} more
                  </button>
                </div>
              ) : null,
            )}
          </div>
        );
      })}
    </div>
  );
}
