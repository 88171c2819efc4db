/**
 * The app itself (providers and router), rendered into #root: loaded by the entry (main.tsx) at
 * once, or on a first visit to the landing page only when the visitor shows intent
 * (landing-until-intent.ts).
 */
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { muteStorageEventsWhereDenied } from '../lib/denied-storage-events';
import { AppProvider } from './provider';
import { AppRouter, prepareRouter } from './router';

/** User Timing mark of the app's code having loaded (benchmarks and DevTools read it). */
performance.mark('app-loaded');

// A frame denied storage (issue 34): other pages' `storage` events would throw in Mantine's listeners.
muteStorageEventsWhereDenied();

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
 * Renders the app from nothing, after making its router (each in a task of its own). A
 * transition too: React renders the first screen in slices of a few milliseconds (a default
 * update would be one long task). A screen still loading shows its boundary's loader
 * (root-layout.tsx): a transition keeps only content already shown, and there is none yet.
 */
export function renderApp(container: HTMLElement): void {
  // Each step in a task of its own: this is called as the app's code finishes evaluating (one
  // long task already), and the router's set-up is a long step of its own.
  setTimeout(() => {
    prepareRouter();
    setTimeout(() => {
      const root = createRoot(container);
      startTransition(() => {
        root.render(app);
      });
    }, 0);
  }, 0);
}
