/**
 * This device's memory of whether someone was signed in (localStorage), read before any of the
 * app loads: by index.html's inline script, by the entry to decide whether the pre-rendered
 * landing page is what this visit shows (app/prerendered-landing.ts), and by the session
 * (lib/session.ts), which writes it. A leaf module, so the entry stays free of the app's code.
 */

/** localStorage key: '1' while someone is signed in on this device. */
export const SIGNED_IN_HINT_KEY = 'catalog-pilot:signed-in';

export function readSignedInHint(): boolean {
  try {
    return window.localStorage.getItem(SIGNED_IN_HINT_KEY) === '1';
  } catch {
    return false; // storage disabled: behave as for a first visit
  }
}

export function writeSignedInHint(signedIn: boolean): void {
  try {
    if (signedIn) window.localStorage.setItem(SIGNED_IN_HINT_KEY, '1');
    else window.localStorage.removeItem(SIGNED_IN_HINT_KEY);
  } catch {
    // storage disabled: the next visit starts with the signed-out pages
  }
}
