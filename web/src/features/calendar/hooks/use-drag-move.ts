/**
 * Dragging an event's bar to another day: the body moves the whole span (start, and end when it
 * has one), an edge's handle moves that edge. The day under the pointer is the grid's day cell
 * there (its `data-day`), so a drag works in the month and the week alike; a drag moves by whole
 * days of the reader's calendar, keeping the time of day. While it moves the screen shows the
 * event where it would land (`drag`); on release `onDrop` gets the move (nothing when it lands on
 * its own day; Escape cancels). A press that does not move 4 px is a click: it opens the order.
 */
import type { MoveEdge } from '@catalog/contracts/work-order-moves';
import { useCallback, useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { parseDayKey } from '../utils/calendar-range';
import type { CalendarEvent } from '../utils/calendar-events';

export interface DragState {
  id: string;
  edge: MoveEdge;
  /** Days from where it was picked up (negative: earlier). */
  days: number;
  /** The day under the pointer. */
  over: string | null;
}

/** How far a press must move to be a drag rather than a click. */
const DRAG_THRESHOLD_PX = 4;

/** The day cell (`data-day`) at a point of the viewport, or null. */
export function dayAt(x: number, y: number): string | null {
  for (const el of document.elementsFromPoint(x, y)) {
    const key = el instanceof HTMLElement ? el.dataset.day : undefined;
    if (key) return key;
  }
  return null;
}

/** Calendar days from `from` to `to` (keys 'YYYY-MM-DD'). */
export function daysBetween(from: string, to: string): number {
  const a = parseDayKey(from);
  const b = parseDayKey(to);
  return a && b ? Math.round((b.getTime() - a.getTime()) / 86_400_000) : 0;
}

interface Pressed {
  event: CalendarEvent;
  edge: MoveEdge;
  origin: string;
  x: number;
  y: number;
  dragging: boolean;
  days: number;
}

export interface DragMove {
  drag: DragState | null;
  /** The pointerdown handler of a bar's part (`edge`: what that part moves). */
  start: (event: CalendarEvent, edge: MoveEdge) => (e: ReactPointerEvent<HTMLElement>) => void;
  /** Whether the click that follows a press was the end of a drag (and must not open the order). */
  consumeClick: () => boolean;
}

export function useDragMove({ enabled, onDrop }: { enabled: boolean; onDrop: (event: CalendarEvent, edge: MoveEdge, days: number) => void }): DragMove {
  const [drag, setDrag] = useState<DragState | null>(null);
  const pressed = useRef<Pressed | null>(null);
  const dragged = useRef(false);
  const detach = useRef<() => void>(() => {});
  const dropRef = useRef(onDrop);
  dropRef.current = onDrop;

  useEffect(() => () => detach.current(), []);

  const start = useCallback((event: CalendarEvent, edge: MoveEdge) => (e: ReactPointerEvent<HTMLElement>) => {
    if (!enabled || e.button !== 0) return;
    const origin = dayAt(e.clientX, e.clientY);
    if (!origin) return;
    dragged.current = false;
    pressed.current = { event, edge, origin, x: e.clientX, y: e.clientY, dragging: false, days: 0 };
    const move = (m: PointerEvent) => {
      const p = pressed.current;
      if (!p) return;
      if (!p.dragging && Math.hypot(m.clientX - p.x, m.clientY - p.y) < DRAG_THRESHOLD_PX) return;
      p.dragging = true;
      const over = dayAt(m.clientX, m.clientY);
      if (over) p.days = daysBetween(p.origin, over);
      setDrag({ id: p.event.id, edge: p.edge, days: p.days, over });
    };
    const finish = (drop: boolean) => {
      const p = pressed.current;
      pressed.current = null;
      detach.current();
      setDrag(null);
      if (!p?.dragging) return;
      // The click that follows this release (if any) is the drag's, not a click: dispatched
      // before timers run, so the flag is gone after it either way.
      dragged.current = true;
      setTimeout(() => {
        dragged.current = false;
      }, 0);
      if (drop && p.days !== 0) dropRef.current(p.event, p.edge, p.days);
    };
    const up = () => finish(true);
    const cancel = () => finish(false);
    const key = (k: KeyboardEvent) => {
      if (k.key === 'Escape') cancel();
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
    window.addEventListener('pointercancel', cancel);
    window.addEventListener('keydown', key);
    detach.current = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      window.removeEventListener('pointercancel', cancel);
      window.removeEventListener('keydown', key);
      detach.current = () => {};
    };
  }, [enabled]);

  const consumeClick = useCallback(() => {
    const was = dragged.current;
    dragged.current = false;
    return was;
  }, []);

  return { drag, start, consumeClick };
}
