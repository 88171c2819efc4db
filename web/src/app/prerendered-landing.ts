/**
 * The landing page is pre-rendered into index.html's #root at build time
 * (scripts/prerender-landing.ts), so a first-time visitor sees it before any script has loaded,
 * and the entry then hydrates it. That markup is the signed-out landing page at "/" only: on any
 * other path, with an #anchor (the header marks "Features" as current), or for a returning user
 * (who gets a loader while the session is restored, lib/session.ts) it must neither show nor be
 * hydrated. index.html's inline script hides it before the first paint on the same conditions
 * (html[data-prerender="off"], prerendered-landing.css); keep the two in step.
 */
import { readSignedInHint } from '../lib/signed-in-hint';

/** The attribute on #root that marks the pre-rendered markup. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/**
 * True when `container` holds the pre-rendered landing page and it is what this visit renders
 * first, so hydrating it matches. Otherwise the caller clears it with discardPrerendered().
 */
export function canHydrateLanding(container: HTMLElement): boolean {
  return (
    container.hasAttribute(PRERENDERED_ATTRIBUTE) &&
    window.location.pathname === '/' &&
    window.location.hash === '' &&
    !readSignedInHint()
  );
}

/** Empties #root of the pre-rendered markup (hidden until now) for a fresh client render. */
export function discardPrerendered(container: HTMLElement): void {
  if (!container.hasAttribute(PRERENDERED_ATTRIBUTE)) return;
  container.replaceChildren();
  container.removeAttribute(PRERENDERED_ATTRIBUTE);
}
