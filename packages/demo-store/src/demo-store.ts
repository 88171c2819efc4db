/**
 * `createDemoStore(options)`: the demo store as one object — the Hono app (for `app.request`
 * in tests), its state and admin methods, and `listen(port, host)` to serve it over HTTP
 * (port 0 picks a free port; `close()` ends open keep-alive connections too).
 */
import { listen as serveApp, type Listening } from '@catalog/listen';
import { createApp } from './app';
import type { DemoStoreApp } from './app';
import { checkAppRegistration } from './app-registration';
import type { AppRegistration } from './app-registration';
import type { FaultRates } from './faults';
import { describeFieldErrors } from './settings';
import { DEMO_STORE, DemoStoreState } from './store-state';
import type { StoreSpec } from './store-state';

export interface DemoStoreOptions {
  /** Seed of the generated catalog of the default store. Default 'demo'. */
  seed?: string | number;
  /** Number of products of the default store. Default 1,200. */
  products?: number;
  /**
   * The stores served; default one store: hash `demo`, token `demo-token`, client id `demo-client`.
   * A store's `settings` override the global ones below for it alone (`{ quota: 1 }`).
   */
  stores?: StoreSpec[];
  /** Delay added to every store API request, in ms. Default 0. The global settings start here. */
  latencyMs?: number;
  /** Requests per store per window. Default 150. */
  quota?: number;
  /** Rate-limit window in ms. Default 30,000 (tests use a few hundred). */
  windowMs?: number;
  /** Share of requests that fail, by kind. Default none. */
  faults?: Partial<FaultRates>;
  /** Seed of the fault draws. */
  faultSeed?: string | number;
  /** Clock for rate windows, date_modified, code expiry and signed payloads (tests). */
  now?: () => number;
  /**
   * The app registered for single-click install (its client id and secret, its origin, the
   * scopes it asks for): the control panel at /manage installs it, /oauth2/token issues its
   * tokens. Without it those answer 503. Throws when a field is not valid.
   */
  app?: AppRegistration;
}

/** `url` (e.g. http://127.0.0.1:8788) is a client's `baseUrl`. */
export type RunningDemoStore = Listening;

export interface DemoStore {
  app: DemoStoreApp;
  store: DemoStoreState;
  listen(port?: number, host?: string): Promise<RunningDemoStore>;
}

export function createDemoStore(options: DemoStoreOptions = {}): DemoStore {
  const registration = options.app ? checkAppRegistration(options.app) : undefined;
  if (registration && 'errors' in registration) throw new Error(`The demo store's app is not valid: ${describeFieldErrors(registration.errors)}`);
  const store = new DemoStoreState({
    app: registration?.app,
    settings: { latencyMs: options.latencyMs, quota: options.quota, windowMs: options.windowMs, faults: options.faults },
    faultSeed: options.faultSeed,
    now: options.now,
  });
  const specs = options.stores ?? [{ ...DEMO_STORE, seed: options.seed, products: options.products }];
  for (const spec of specs) store.addStore(spec);
  const app = createApp(store);

  // overrideGlobalObjects stays off: the client under test in the same process uses the global Request/Response.
  const listen = (port = 0, host = '127.0.0.1'): Promise<RunningDemoStore> => serveApp(app, { port, host });

  return { app, store, listen };
}
