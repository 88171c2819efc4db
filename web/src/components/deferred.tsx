/**
 * A control whose Mantine machinery (a popover, a tooltip, a dropdown, a drawer) the app's first
 * screen does not need to draw (decision 044). Each of them mounts a portal and a floating-ui
 * reference that set state while React commits: one of them is enough for React to re-render at
 * once and run every effect of the screen in the same task, the longest task of a phone's start.
 *
 * `<Deferred plain={...}>full</Deferred>` shows `plain` (the control as it looks, without the
 * machinery) in the first screen of the app's life, and `full` from the first idle moment after
 * that screen is painted: all of them in one transition, rendered in slices. A screen opened
 * later shows `full` at once. `plain` gets `activate` for a press that comes before: it shows
 * `full` at once (the press's handler then opens it). A control that has the focus keeps it.
 */
import { startTransition, useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { afterNextPaint, onIdle } from '../lib/idle';
import classes from './deferred.module.css';

/** The longest a deferred part waits for an idle moment after the first paint. */
export const DEFERRED_IDLE_TIMEOUT_MS = 1_000;

let late = false;
let scheduled = false;
const waiting = new Set<() => void>();

function whenLate(fn: () => void): () => void {
  waiting.add(fn);
  if (!scheduled) {
    scheduled = true;
    afterNextPaint(() =>
      onIdle(() => {
        late = true;
        const due = [...waiting];
        waiting.clear();
        startTransition(() => due.forEach((run) => run()));
      }, DEFERRED_IDLE_TIMEOUT_MS),
    );
  }
  return () => waiting.delete(fn);
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
}

/**
 * True once deferred parts may show (at once for a screen opened after the first); `activate`
 * shows them now (a press, or `force`). `beforeShow` runs just before they show.
 */
export function useDeferred(beforeShow?: () => void): [shown: boolean, activate: () => void] {
  const [shown, setShown] = useState(late);
  const before = useRef(beforeShow);
  before.current = beforeShow;
  const show = useCallback(() => {
    before.current?.();
    setShown(true);
  }, []);
  useEffect(() => (shown ? undefined : whenLate(show)), [shown, show]);
  return [shown, show];
}

export interface DeferredProps {
  /** The control as the first screen shows it; `activate` shows the full one at once. */
  plain: (activate: () => void) => ReactNode;
  /** The control with its machinery. */
  children: ReactNode;
  /** Show the full control now (e.g. a drawer asked to open). */
  force?: boolean;
}

export function Deferred({ plain, children, force = false }: DeferredProps) {
  const box = useRef<HTMLDivElement>(null);
  const focused = useRef(false);
  // The swap replaces the control's element: the focus, if it was there, moves to the new one.
  const [later, activate] = useDeferred(() => {
    focused.current = box.current?.contains(document.activeElement) ?? false;
  });
  const shown = later || force;
  useLayoutEffect(() => {
    if (!shown || !focused.current) return;
    focused.current = false;
    box.current?.querySelector<HTMLElement>('button, input, [tabindex]')?.focus();
  }, [shown]);
  // The same box in both states, so only what is inside it changes.
  return (
    <div ref={box} className={classes.box}>
      {shown ? children : plain(activate)}
    </div>
  );
}
