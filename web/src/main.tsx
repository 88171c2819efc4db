/**
 * Entry point: the first paint's styles, the install offer, and the app, which it loads as a
 * chunk of its own (start-app.tsx). The pre-rendered landing page needs no script to show or to
 * follow its links, so a first-time visitor's device loads the app only when they show intent
 * (landing-until-intent.ts, decision 040); any other visit loads it at once, and a returning
 * user's screen with it (start-early.ts, decision 041).
 */
// Only the styles of what the first paint shows; the rest comes with the lazy parts (lazy-named.ts).
import './app/mantine-first-paint.css';
import './app/prerendered-landing.css';
// Holds the browser's install offer from the first moment (it may come before the app loads).
import './app/install-prompt';
import { hydrateLandingOnIntent, registerServiceWorkerAfterLoad } from './app/landing-until-intent';
import { canHydrateLanding, discardPrerendered } from './app/prerendered-landing';
import { startEarly } from './app/start-early';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const loadApp = () => import('./app/start-app');
/**
 * The longest the first render of a returning user's screen waits for its code (start-early.ts):
 * past that (a first visit on a slow network), the app renders its loader and the screen
 * follows. A phone-speed CPU takes over a second to load and run the app's code from the
 * service worker's cache; the loader would only show meanwhile, and cost a second commit.
 */
const EARLY_WAIT_MS = 3_000;
const failed = (error: unknown) => console.error('The app could not load', error);

if (canHydrateLanding(container)) {
  hydrateLandingOnIntent(loadApp, container, failed);
  registerServiceWorkerAfterLoad();
} else {
  discardPrerendered(container);
  // A returning user's shell, screen and catalog start now too, not one after the other later;
  // the first render waits for the shell and screen (at most EARLY_WAIT_MS), so it shows them.
  const app = loadApp();
  const early = startEarly(window.location.pathname);
  const waited = early && Promise.race([early, new Promise<void>((resolve) => setTimeout(resolve, EARLY_WAIT_MS))]);
  Promise.all([app, waited]).then(([{ renderApp }]) => renderApp(container), failed);
}
