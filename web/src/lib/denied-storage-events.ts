/**
 * A frame the browser denies storage (BigCommerce's control panel in a browser that blocks
 * third-party cookies, issue 34) still receives the `storage` events of the app's other pages on
 * its origin (Chromium delivers them when "Open in its own window" signs in, say). Mantine's
 * listeners (useLocalStorage, the colour scheme's manager) compare the event's storage area with
 * `window.localStorage`, whose reading throws there: an uncaught error for each listener and
 * event. Such a page has no localStorage to follow, so its `storage` events stop before them.
 */
let muted = false;

/** Whether this page may read localStorage (the getter throws SecurityError where it is denied). */
function localStorageReadable(target: Window): boolean {
  try {
    return target.localStorage !== null;
  } catch {
    return false;
  }
}

/**
 * Where `target` may not read localStorage, stops its `storage` events before any other listener
 * (a capturing listener on the window runs first). Once per page; nothing where it may read it.
 */
export function muteStorageEventsWhereDenied(target: Window = window): void {
  if (muted || localStorageReadable(target)) return;
  muted = true;
  target.addEventListener('storage', (event) => event.stopImmediatePropagation(), { capture: true });
}
