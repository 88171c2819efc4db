/**
 * The app itself (providers and router), rendered into #root: loaded by the entry (main.tsx) at
 * once, or on a first visit to the landing page only when the visitor shows intent
 * (landing-until-intent.ts).
 */
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProvider } from './provider';
import { AppRouter } from './router';

/** User Timing mark of the app's code having loaded (benchmarks and DevTools read it). */
performance.mark('app-loaded');

/** The same tree as the build-time render of the landing page (src/prerender.tsx). */
const app = (
  <StrictMode>
    <AppProvider>
      <AppRouter />
    </AppProvider>
  </StrictMode>
);

/**
 * Hydrates the pre-rendered landing page. As a transition, React hydrates in slices of a few
 * milliseconds instead of one long task, so the page answers input sooner; a click once
 * hydration has begun is React's to handle.
 */
export function hydrateApp(container: HTMLElement): void {
  startTransition(() => {
    hydrateRoot(container, app);
  });
}

/**
 * Renders the app from nothing. A transition too: React renders the first screen in slices of a
 * few milliseconds (a default update would be one long task). A screen still loading shows its
 * boundary's loader (root-layout.tsx): a transition keeps only content already shown, and there
 * is none yet.
 */
export function renderApp(container: HTMLElement): void {
  const root = createRoot(container);
  startTransition(() => {
    root.render(app);
  });
}
