/**
 * useSyncExternalStore's contract (subscribe, getSnapshot) for stores that change in the
 * background: API results (api-query.ts) and the local catalog's status (catalog-query.ts).
 * useSyncExternalStore renders every change synchronously, in one task however large the
 * re-render; here a change re-renders as a transition, which React renders in slices of a few
 * milliseconds, so a phone stays responsive while results arrive. The snapshot is read during
 * render, so what renders is never older than the store. As with useSyncExternalStore,
 * getSnapshot must return the same value while nothing changed.
 */
import { startTransition, useEffect, useRef, useState } from 'react';

export function useBackgroundStore<T>(subscribe: (listener: () => void) => () => void, getSnapshot: () => T): T {
  const value = getSnapshot();
  const [, setRenders] = useState(0);
  // The value last rendered: a notification that leaves the snapshot unchanged renders nothing.
  const rendered = useRef(value);
  useEffect(() => {
    rendered.current = value;
  });
  useEffect(() => {
    const check = () => {
      if (!Object.is(getSnapshot(), rendered.current)) startTransition(() => setRenders((n) => n + 1));
    };
    const unsubscribe = subscribe(check);
    // A change between this render and the subscription.
    check();
    return unsubscribe;
  }, [subscribe, getSnapshot]);
  return value;
}
