/**
 * The month or week as a grid: the weekdays, then each week as a row of day cells (each a drop
 * target: `data-day`) with the events' bars over them (calendar-layout.ts). A month shows the
 * first lanes and, on a day with more events, a "+N more" button listing that day's events; the
 * week shows every lane and the start times.
 */
import { Popover, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import type { CalendarEvent } from '../utils/calendar-events';
import type { WeekLayout } from '../utils/calendar-layout';
import { EventBar, type EventActions } from './event-bar';
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

function MoreButton({ count, date, events, labelOf, onOpen }: { count: number; date: number; events: CalendarEvent[]; labelOf: CalendarGridProps['labelOf']; onOpen: (e: CalendarEvent) => void }) {
  const [opened, setOpened] = useState(false);
  const day = fullDay.format(date);
  return (
    <Popover opened={opened} onChange={setOpened} withArrow shadow="md" position="bottom" trapFocus returnFocus>
      <Popover.Target>
        <button type="button" className={classes.more} aria-label={`${count} more on ${day}`} onClick={() => setOpened((o) => !o)}>
          +{count} more
        </button>
      </Popover.Target>
      <Popover.Dropdown aria-label={`Work orders on ${day}`} role="dialog">
        <Text size="sm" fw={600} mb={4}>
          {day}
        </Text>
        <Stack gap={4} mah={280} style={{ overflowY: 'auto' }}>
          {events.map((event) => (
            <UnstyledButton
              key={event.id}
              className={`${classes.legend} ${classes[event.order.status]}`}
              aria-label={labelOf(event)}
              onClick={() => {
                setOpened(false);
                onOpen(event);
              }}
            >
              {event.order.title}
            </UnstyledButton>
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

export function CalendarGrid({ weeks, week, labelOf, overlapCount, edgesOf, actions }: CalendarGridProps) {
  const over = actions.drag.drag?.over ?? null;
  return (
    <div>
      <div className={classes.weekdays} aria-hidden="true">
        {WEEKDAYS.map((d) => (
          <div key={d}>{d}</div>
        ))}
      </div>
      {weeks.map((layout) => {
        const first = layout.days[0]!;
        const moreRow = layout.lanes + 2;
        return (
          <div
            key={first.key}
            role="group"
            aria-label={`Week of ${shortDay.format(first.start)}`}
            className={`${classes.week} ${week ? classes.tall : ''}`}
            // Explicit rows, so a day cell spans them all (1 / -1): its number, the lanes, "+N more".
            style={{ gridTemplateRows: `minmax(1.4rem, auto) repeat(${layout.lanes}, auto) 1fr` }}
          >
            {layout.days.map((day, col) => (
              <div
                key={day.key}
                data-day={day.key}
                style={{ gridColumn: col + 1 }}
                className={[classes.day, day.inMonth ? '' : classes.outside, day.today ? classes.today : '', over === day.key ? classes.dropTarget : ''].filter(Boolean).join(' ')}
              >
                <span className={classes.dayNumber} aria-hidden="true">
                  {day.date}
                </span>
                <VisuallyHidden>{`${fullDay.format(day.start)}${day.today ? ', today' : ''}: ${layout.byDay[col]!.length} work orders`}</VisuallyHidden>
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
                  <MoreButton count={count} date={layout.days[col]!.start} events={layout.byDay[col]!} labelOf={labelOf} onOpen={actions.onOpen} />
                </div>
              ) : null,
            )}
          </div>
        );
      })}
    </div>
  );
}
