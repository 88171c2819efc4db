/**
 * One event's bar in a week of the grid: a button (focusable, named with the whole event:
 * title, status, prices, times, overlaps) that opens the order, between the handles of its start
 * and end where they may move and this week shows them. Dragging the body moves the whole span,
 * a handle its edge (use-drag-move.ts); from the keyboard, Alt+Arrow keys move it by a day (Left,
 * Right) or a week (Up, Down), with Shift its end (moveKeyOf), after a confirmation. A planned
 * run of a series (not an order yet) is a dashed, striped bar that opens the series' latest run
 * and never moves: no handles, no drag, no keys; its tooltip says when it will be created.
 */
import type { MoveEdge } from '@catalog/contracts/work-order-moves';
import { IconRepeat, IconStack2 } from '@tabler/icons-react';
import type { CSSProperties, KeyboardEvent } from 'react';
import { formatClockTime } from '../../../lib/format-date-time';
import type { DragMove } from '../hooks/use-drag-move';
import { plannedNote, type CalendarEvent } from '../utils/calendar-events';
import type { EventSegment } from '../utils/calendar-layout';
import classes from './calendar.module.css';

/** What the keyboard hint says (each event's description). */
export const MOVE_KEYS_HINT = 'Enter opens the order. Alt+Left or Right moves it by a day, Alt+Up or Down by a week; with Shift, its end.';

/** What a planned run's description says instead (it has nothing to move). */
export const PLANNED_KEYS_HINT = 'Enter opens the series\u2019 latest run. A planned run is not an order yet, so it cannot be moved.';

/** The class of an event's tone: its status's, or the planned runs' own. */
export function toneClass(event: CalendarEvent): string | undefined {
  return event.planned ? classes.planned : classes[event.order.status];
}

const ARROW_DAYS: Readonly<Record<string, number>> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };

/**
 * The move an Alt+Arrow key asks for, or null for any other key: the whole span, or its end with
 * Shift (or when only its end may move: a sale that runs already).
 */
export function moveKeyOf(e: Pick<KeyboardEvent, 'key' | 'altKey' | 'shiftKey'>, edges: { start: boolean; end: boolean }): { edge: MoveEdge; days: number } | null {
  const days = ARROW_DAYS[e.key];
  if (!e.altKey || days === undefined) return null;
  return { edge: e.shiftKey || (!edges.start && edges.end) ? 'end' : 'whole', days };
}

export interface EventActions {
  drag: DragMove;
  /** Whether drags may start now (online). */
  canDrag: boolean;
  onOpen: (event: CalendarEvent) => void;
  onKeyMove: (event: CalendarEvent, edge: MoveEdge, days: number) => void;
  /** The ids of the elements holding MOVE_KEYS_HINT and PLANNED_KEYS_HINT. */
  hintId: string;
  plannedHintId: string;
}

export interface EventBarProps {
  segment: EventSegment;
  label: string;
  overlapCount: number;
  /** The edges that may move now (contracts movableEdges). */
  edges: { start: boolean; end: boolean };
  /** The week view shows the start's time on the bar. */
  showTime: boolean;
  actions: EventActions;
}

export function EventBar({ segment, label, overlapCount, edges, showTime, actions }: EventBarProps) {
  const { event, startCol, endCol, lane, startsHere, endsHere } = segment;
  const { drag, canDrag: online, onOpen, onKeyMove, hintId, plannedHintId } = actions;
  const canDrag = online && !event.planned;
  const dragging = drag.drag?.id === event.id;
  const style: CSSProperties = { gridColumn: `${startCol + 1} / ${endCol + 2}`, gridRow: lane + 2 };
  const tone = toneClass(event);
  const bodyMoves = canDrag && edges.start;
  const barClass = [classes.bar, tone, startsHere ? '' : classes.continuesBefore, endsHere ? '' : classes.continuesAfter, dragging ? classes.dragging : '']
    .filter(Boolean).join(' ');
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (event.planned) return;
    const move = moveKeyOf(e, edges);
    if (!move) return;
    e.preventDefault();
    onKeyMove(event, move.edge, move.days);
  };
  return (
    <div className={barClass} style={style} data-event={event.id}>
      {startsHere && canDrag && edges.start && (
        <span className={classes.handle} title="Drag to move the start" aria-hidden="true" onPointerDown={drag.start(event, 'start')} />
      )}
      <button
        type="button"
        className={`${classes.barButton} ${bodyMoves ? classes.draggable : ''}`}
        aria-label={label}
        aria-describedby={event.planned ? plannedHintId : hintId}
        title={event.planned ? plannedNote(event.planned.run) : undefined}
        onPointerDown={bodyMoves ? drag.start(event, 'whole') : undefined}
        onClick={() => {
          if (!drag.consumeClick()) onOpen(event);
        }}
        onKeyDown={onKeyDown}
      >
        {overlapCount > 0 && <IconStack2 size={12} className={classes.overlapMark} aria-hidden="true" />}
        {event.planned && <IconRepeat size={12} className={classes.plannedMark} aria-hidden="true" />}
        <span className={classes.barText}>
          {showTime && startsHere ? `${formatClockTime(event.start)} ` : ''}
          {event.order.title}
        </span>
      </button>
      {endsHere && canDrag && edges.end && (
        <span className={classes.handle} title="Drag to move the end" aria-hidden="true" onPointerDown={drag.start(event, 'end')} />
      )}
    </div>
  );
}
