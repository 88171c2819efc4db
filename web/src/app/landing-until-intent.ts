/**
 * The pre-rendered landing page (prerendered-landing.ts) is a whole page before any script runs:
 * its text, its layout and its links (plain `<a href>`) work as they are. So a visitor's device
 * does not load and hydrate the app (React, Mantine, the router: most of a phone's start-up work)
 * until the visitor shows intent: a touch, a click, a key, a pointer moving or a scroll wheel over
 * the page, or focus moving into it. See decision 040.
 *
 * The browser's install offer is not intent: Chromium makes it on its own once the service
 * worker is registered. install-prompt.ts holds it, and the Install app button shows when the
 * app has loaded.
 *
 * A click on a button before the app has hydrated (the phone menu's burger, a tap that came with
 * its own touchstart) is held and clicked again once the app has hydrated; a link is left to the
 * browser, which follows it as a page load. Nothing here imports React or the app.
 */
import { isFramed } from '../lib/framed';

/** What counts as intent. `pointermove` covers a desktop visitor's mouse reaching the page. */
const INTENT_EVENTS = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'wheel', 'focusin'] as const;

/** Elements whose click needs the app; a link (`a[href]`) works without it. */
const NEEDS_APP = 'button, [role="button"], summary, label, input, select, textarea';

/**
 * Calls `start` once, at the visitor's first sign of intent. Returns the function that stops
 * waiting without starting.
 */
export function startOnIntent(start: () => void, target: Window = window): () => void {
  let started = false;
  const options: AddEventListenerOptions = { capture: true, passive: true };
  const stop = () => {
    for (const type of INTENT_EVENTS) target.removeEventListener(type, onIntent, options);
  };
  function onIntent() {
    if (started) return;
    started = true;
    stop();
    start();
  }
  for (const type of INTENT_EVENTS) target.addEventListener(type, onIntent, options);
  return stop;
}

let onHydrated: (() => void) | null = null;

/** Runs `fn` once the landing page's header has hydrated (see landingHydrated). */
export function whenLandingHydrated(fn: () => void): void {
  onHydrated = fn;
}

/**
 * Called by the marketing header's first effect: the landing page's buttons are live. (Not the
 * root's first commit: the page sits in a Suspense boundary, hydrated after the root commits,
 * and React drops a click on a part it cannot hydrate on the spot.)
 */
export function landingHydrated(): void {
  const fn = onHydrated;
  onHydrated = null;
  fn?.();
}

export interface HeldClicks {
  /** Stops holding clicks (call it just before hydrating: React sees every click after that). */
  release: () => void;
  /** Clicks again the last held element, if it is still on the page. */
  replay: () => void;
}

/**
 * Holds clicks on the pre-rendered page's buttons until the app can handle them: a capture
 * listener on the document stops the click before anything sees it and keeps its element.
 */
export function holdClicks(doc: Document = document): HeldClicks {
  let held: HTMLElement | null = null;
  const onClick = (event: MouseEvent) => {
    const element = event.target instanceof Element ? event.target.closest<HTMLElement>(NEEDS_APP) : null;
    if (!element || element.closest('a[href]')) return;
    event.preventDefault();
    event.stopPropagation();
    held = element;
  };
  doc.addEventListener('click', onClick, true);
  return {
    release: () => doc.removeEventListener('click', onClick, true),
    replay: () => {
      const element = held;
      held = null;
      if (element?.isConnected) element.click();
    },
  };
}

/**
 * The landing page's start: at the visitor's first intent, loads the app and hydrates the page.
 * Clicks on its buttons stay held until the header has hydrated (landingHydrated), then the last
 * one is clicked again: while React hydrates, a click on a part it cannot hydrate on the spot
 * would be dropped. If the app fails to load or to start hydrating, the page stays as it is,
 * its links working, and its buttons are no longer held.
 */
export function hydrateLandingOnIntent(
  loadApp: () => Promise<{ hydrateApp: (container: HTMLElement) => void }>,
  container: HTMLElement,
  failed: (error: unknown) => void,
): void {
  const clicks = holdClicks(container.ownerDocument);
  startOnIntent(() => {
    loadApp()
      .then(({ hydrateApp }) => {
        whenLandingHydrated(() => {
          clicks.release();
          clicks.replay();
        });
        hydrateApp(container);
      })
      .catch((error: unknown) => {
        whenLandingHydrated(() => undefined);
        clicks.release();
        failed(error);
      });
  }, container.ownerDocument.defaultView ?? window);
}

/**
 * Registers the service worker once the page has loaded, so a visitor who only reads the landing
 * page still gets the offline copy of the app (the app registers it again through
 * pwa-update-notice.tsx, which is harmless: the same script and scope). Production builds only:
 * the dev server has no worker. Not in a frame (BigCommerce's control panel, issue 34): a frame
 * is not installable, and its worker would be a third-party one, which a browser blocking
 * third-party storage refuses.
 */
export function registerServiceWorkerAfterLoad(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || isFramed()) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
      console.error('Service worker registration failed', error);
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
