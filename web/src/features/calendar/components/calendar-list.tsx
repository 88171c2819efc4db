/**
 * The month as a list (phones, and anyone who prefers it): the sales already running when it
 * begins, then each day that has something, with the orders that start, run (a point) or end
 * that day. Each entry is a button that opens the order, with the same keys to move it as the grid
 * (a series' planned run opens the series' latest run and does not move).
 */
import { Group, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconStack2 } from '@tabler/icons-react';
import type { KeyboardEvent } from 'react';
import { formatClockTime, formatDateTime } from '../../../lib/format-date-time';
import { dayIndexAt, type CalendarDay } from '../utils/calendar-range';
import { plannedNote, type CalendarEvent } from '../utils/calendar-events';
import { orderName } from '../utils/planned-runs';
import { moveKeyOf, toneClass, type EventActions } from './event-bar';
import classes from './calendar.module.css';

const dayTitle = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric' });

type Moment = 'Starts' | 'Ends' | 'At';

export interface ListEntry {
  event: CalendarEvent;
  moment: Moment;
  at: number;
}

/** The entries of each day of `days` (by index), and the events running before the first day. */
export function listEntries(days: readonly CalendarDay[], events: readonly CalendarEvent[]): { running: CalendarEvent[]; byDay: ListEntry[][] } {
  const byDay: ListEntry[][] = days.map(() => []);
  const running: CalendarEvent[] = [];
  const put = (event: CalendarEvent, moment: Moment, at: number) => {
    const i = dayIndexAt(days, at);
    if (i >= 0 && i < days.length) byDay[i]!.push({ event, moment, at });
  };
  for (const event of events) {
    if (event.end === null) put(event, 'At', event.start);
    else {
      put(event, 'Starts', event.start);
      put(event, 'Ends', event.end);
      if (days.length > 0 && event.start < days[0]!.start && event.end > days[0]!.start) running.push(event);
    }
  }
  for (const list of byDay) list.sort((a, b) => a.at - b.at);
  return { running, byDay };
}

export interface CalendarListProps {
  days: CalendarDay[];
  events: CalendarEvent[];
  labelOf: (event: CalendarEvent) => string;
  overlapCount: (id: string) => number;
  edgesOf: (event: CalendarEvent) => { start: boolean; end: boolean };
  actions: EventActions;
}

function Entry({ event, text, props }: { event: CalendarEvent; text: string; props: CalendarListProps }) {
  const { labelOf, overlapCount, edgesOf, actions } = props;
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (event.planned) return;
    const move = moveKeyOf(e, edgesOf(event));
    if (!move) return;
    e.preventDefault();
    actions.onKeyMove(event, move.edge, move.days);
  };
  return (
    <UnstyledButton
      className={`${classes.legend} ${toneClass(event)}`}
      style={{ display: 'flex', gap: 6, padding: '6px 8px', minHeight: 44 }}
      aria-label={labelOf(event)}
      aria-describedby={event.planned ? actions.plannedHintId : actions.hintId}
      title={event.planned ? plannedNote(event.planned.run) : undefined}
      onClick={() => actions.onOpen(event)}
      onKeyDown={onKeyDown}
    >
      {overlapCount(event.id) > 0 && <IconStack2 size={14} className={classes.overlapMark} aria-hidden="true" />}
      <Text size="sm" span>
        {text}
      </Text>
    </UnstyledButton>
  );
}

export function CalendarList(props: CalendarListProps) {
  const { days, events } = props;
  const { running, byDay } = listEntries(days, events);
  return (
    <Stack gap="md">
      {running.length > 0 && (
        <section aria-label="Already running">
          <Title order={3} size="h5" mb={4}>
            Already running
          </Title>
          <Stack gap={4}>
            {running.map((event) => (
              <Entry key={event.id} event={event} props={props} text={`${orderName(event.order)} · until ${formatDateTime(new Date(event.end!))}`} />
            ))}
          </Stack>
        </section>
      )}
      {days.map((day, i) =>
        byDay[i]!.length === 0 ? null : (
          <section key={day.key} aria-label={dayTitle.format(day.start)}>
            <Group gap="xs" mb={4}>
              <Title order={3} size="h5">
                {dayTitle.format(day.start)}
              </Title>
              {day.today && (
                <Text size="xs" fw={700} c="blue.9">
                  Today
                </Text>
              )}
            </Group>
            <Stack gap={4}>
              {byDay[i]!.map(({ event, moment, at }) => (
                <Entry key={`${event.id}-${moment}`} event={event} props={props} text={`${formatClockTime(at)} · ${moment === 'At' ? '' : `${moment}: `}${event.order.title} · ${event.status}`} />
              ))}
            </Stack>
          </section>
        ),
      )}
    </Stack>
  );
}
