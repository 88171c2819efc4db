/** Entry point: global styles, providers and the router. */
// Only the styles of what the first paint shows; the rest comes with the lazy parts (lazy-named.ts).
import './app/mantine-first-paint.css';
import './app/prerendered-landing.css';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { canHydrateLanding, discardPrerendered } from './app/prerendered-landing';
import { AppProvider } from './app/provider';
import { AppRouter } from './app/router';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The same tree as the build-time render of the landing page (src/prerender.tsx).
const app = (
  <StrictMode>
    <AppProvider>
      <AppRouter />
    </AppProvider>
  </StrictMode>
);

if (canHydrateLanding(container)) {
  // As a transition, React hydrates in slices of a few milliseconds instead of one long task,
  // so the page answers input sooner; a click before hydration is done is replayed once it is.
  startTransition(() => {
    hydrateRoot(container, app);
  });
} else {
  // A transition too: React renders the first screen in slices of a few milliseconds (a default
  // update would be one long task). A screen still loading shows its boundary's loader
  // (root-layout.tsx): a transition keeps only content already shown, and there is none yet.
  discardPrerendered(container);
  const root = createRoot(container);
  startTransition(() => {
    root.render(app);
  });
}
