/**
 * A control whose Mantine machinery (a popover, a tooltip, a dropdown, a drawer) the app's first
 * screen does not need to draw (decision 044). Each of them mounts a portal and a floating-ui
 * reference that set state while React commits: one of them is enough for React to re-render at
 * once and run every effect of the screen in the same task, the longest task of a phone's start.
 *
 * `<Deferred plain={...}>full</Deferred>` shows `plain` (the control as it looks, without the
 * machinery) in the first screen of the app's life, and `full` from the first idle moment after
 * that screen is painted: one part after the other, each in a transition of its own (rendered in
 * slices, and committed in a short task). A screen opened later shows `full` at once. `plain`
 * gets `activate` for a press that comes before: it shows `full` at once (the press's handler
 * then opens it). A control that has the focus keeps it.
 *
 * `until="press"` (decision 046): the first screen's part shows in full only when `activate` or
 * `force` asks, never at idle, for a control whose plain form handles its own press (a popover's
 * button, a field that opens its list) or needs nothing until `force` (a closed drawer, a
 * tooltip with nothing to say). What `force` showed stays shown.
 */
import { startTransition, useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { afterNextPaint, onIdle } from '../lib/idle';
import classes from './deferred.module.css';

/** The longest a deferred part waits for an idle moment after the first paint. */
export const DEFERRED_IDLE_TIMEOUT_MS = 1_000;
/** The longest the next part waits for the one before to commit (it may have unmounted). */
const PART_TIMEOUT_MS = 100;

let late = false;
let scheduled = false;
/** The parts waiting, in the order they mounted. */
const waiting = new Set<() => void>();
let turn: ReturnType<typeof setTimeout> | undefined;

/**
 * Shows the next waiting part in a transition of its own. Its commit starts the next one, in the
 * task after (partCommitted): one part's commit at a time, each a short task, rather than all of
 * them in one long one.
 */
function showNext(): void {
  clearTimeout(turn);
  const next = waiting.values().next();
  if (next.done) return;
  waiting.delete(next.value);
  startTransition(next.value);
  turn = setTimeout(showNext, PART_TIMEOUT_MS);
}

function partCommitted(): void {
  clearTimeout(turn);
  turn = setTimeout(showNext, 0);
}

function whenLate(fn: (() => void) | null): () => void {
  if (fn) waiting.add(fn);
  if (!scheduled) {
    scheduled = true;
    afterNextPaint(() =>
      onIdle(() => {
        late = true;
        showNext();
      }, DEFERRED_IDLE_TIMEOUT_MS),
    );
  }
  return () => {
    if (fn) waiting.delete(fn);
  };
}

/** Whether the app's first screen has been painted and the deferred parts shown (tests). */
export function deferredPartsShown(): boolean {
  return late;
}

/** Back to the app's first screen (tests): the next Deferred shows its plain control. */
export function resetDeferredParts(): void {
  late = false;
  scheduled = false;
  waiting.clear();
  clearTimeout(turn);
}

/**
 * True once deferred parts may show (at once for a screen opened after the first); `activate`
 * shows them now (a press, or `force`). With `untilIdle` false, a part of the first screen waits
 * for `activate` only, not for the first idle moment.
 */
export function useDeferred(untilIdle = true): [shown: boolean, activate: () => void] {
  const [shown, setShown] = useState(late);
  const show = useCallback(() => setShown(true), []);
  const inTurn = useRef(false);
  useEffect(() => {
    if (shown) return;
    if (!untilIdle) {
      // Still marks when later screens may show their parts at once.
      return whenLate(null);
    }
    return whenLate(() => {
      inTurn.current = true;
      show();
    });
  }, [shown, show, untilIdle]);
  useEffect(() => {
    if (!shown || !inTurn.current) return;
    inTurn.current = false;
    partCommitted();
  }, [shown]);
  return [shown, show];
}

export interface DeferredProps {
  /** The control as the first screen shows it; `activate` shows the full one at once. */
  plain: (activate: () => void) => ReactNode;
  /** The control with its machinery. */
  children: ReactNode;
  /** Show the full control now (e.g. a drawer asked to open). */
  force?: boolean;
  /**
   * 'idle' (the default): the first screen's part shows in full from its first idle moment.
   * 'press': only when `activate` or `force` asks, for a control whose plain form handles its own
   * press (a popover's button, a field that opens a list) or that needs nothing until `force`
   * (a closed drawer): a first screen whose parts are never used never mounts their machinery.
   */
  until?: 'idle' | 'press';
}

export function Deferred({ plain, children, force = false, until = 'idle' }: DeferredProps) {
  const box = useRef<HTMLDivElement>(null);
  const [later, activate] = useDeferred(until === 'idle');
  const shown = later || force;
  // The swap replaces the control's element: the focus, if it was there, moves to the new one.
  // Read while rendering the swap, before its commit removes the plain control (a press and
  // `force` alike); rendering it again reads the same.
  const showing = useRef(shown);
  const focused = useRef(false);
  if (shown && !showing.current && box.current?.contains(document.activeElement)) focused.current = true;
  useLayoutEffect(() => {
    showing.current = shown;
    if (!shown || !focused.current) return;
    focused.current = false;
    box.current?.querySelector<HTMLElement>('button, input, [tabindex]')?.focus();
  }, [shown]);
  // What `force` showed stays (a drawer closing keeps its machinery, and its transition).
  useLayoutEffect(() => {
    if (force && !later) activate();
  }, [force, later, activate]);
  // The same box in both states, so only what is inside it changes.
  return (
    <div ref={box} className={classes.box}>
      {shown ? children : plain(activate)}
    </div>
  );
}
