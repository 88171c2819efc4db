/**
 * Whether the app can reach its server: the browser must say it has a network
 * (`navigator.onLine`) and the server must be answering. `navigator.onLine` alone says only
 * that the device has a network interface up: it stays true on a Wi-Fi with no internet,
 * behind a captive portal, while the server is down, and (Chromium's network emulation) in a
 * page reloaded while offline. So a request that gets no answer at all marks the server
 * unreachable (`reportNoAnswer`), and any answer marks it reachable again (`reportAnswer`).
 * While unreachable and the browser says it has a network, `/api/health` is probed after 2 s,
 * backing off to every 10 s (a probe without a network fails at once and costs nothing), and at
 * once when the browser fires `online` or the page becomes visible.
 *
 * `isOnline()` / `subscribeConnectivity()` are what the app reads (use-online.ts wraps them for
 * React); `onReconnect()` listeners run each time the app goes from offline to online (send the
 * outbox, pull the catalog, load what failed).
 */

const FIRST_PROBE_MS = 2_000;
const MAX_PROBE_MS = 10_000;
export const HEALTH_PATH = '/api/health';

let reachable = true;
let probeDelay = FIRST_PROBE_MS;
let probeTimer: ReturnType<typeof setTimeout> | undefined;
let probing = false;
let lastOnline: boolean | undefined;
const listeners = new Set<() => void>();
const reconnectListeners = new Set<() => void>();

/** The browser says the device has a network (it may still not reach the server). */
export function hasNetwork(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

/** The device has a network and the server answered the last request that was sent. */
export function isOnline(): boolean {
  return hasNetwork() && reachable;
}

export function isOffline(): boolean {
  return !isOnline();
}

function reconnected(): void {
  for (const listener of [...reconnectListeners]) listener();
}

/** Tells listeners when `isOnline()` changed; runs the reconnect listeners on offline -> online. */
function changed(): void {
  const online = isOnline();
  if (online === lastOnline) return;
  const wasOffline = lastOnline === false;
  lastOnline = online;
  for (const listener of [...listeners]) listener();
  if (online && wasOffline) reconnected();
}

function onBrowserOnline(): void {
  if (!reachable) {
    // Back once the server answers the probe.
    void probe();
    changed();
    return;
  }
  const wasOnline = lastOnline === true;
  changed();
  // The browser says its network came back though the app never saw it go: still worth the
  // reconnect work (a pull, the outbox), which is cheap when nothing changed.
  if (wasOnline) reconnected();
}

function onVisible(): void {
  if (document.visibilityState === 'visible' && !reachable && hasNetwork()) void probe();
}

let windowListening = false;
function listenToWindow(): void {
  if (windowListening || typeof window === 'undefined') return;
  windowListening = true;
  lastOnline = isOnline();
  window.addEventListener('online', onBrowserOnline);
  window.addEventListener('offline', changed);
  document.addEventListener('visibilitychange', onVisible);
}

/** Calls `listener` whenever `isOnline()` may have changed. */
export function subscribeConnectivity(listener: () => void): () => void {
  listenToWindow();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Calls `listener` each time the app comes back online (the browser's network, or the server). */
export function onReconnect(listener: () => void): () => void {
  listenToWindow();
  reconnectListeners.add(listener);
  return () => reconnectListeners.delete(listener);
}

/** A request got a response (whatever its status): the server is reachable. */
export function reportAnswer(): void {
  // Every request reports: while reachable there is nothing pending to clear.
  if (reachable) return;
  probeDelay = FIRST_PROBE_MS;
  clearTimeout(probeTimer);
  probeTimer = undefined;
  reachable = true;
  changed();
}

/** A request got no answer at all (network error, not an abort): the server is unreachable. */
export function reportNoAnswer(): void {
  listenToWindow();
  if (reachable) {
    reachable = false;
    probeDelay = FIRST_PROBE_MS;
    changed();
  }
  scheduleProbe();
}

function scheduleProbe(): void {
  if (probeTimer !== undefined || typeof window === 'undefined') return;
  probeTimer = setTimeout(() => {
    probeTimer = undefined;
    // Without a network the browser's `online` event starts the next probe.
    if (hasNetwork()) void probe();
  }, probeDelay);
  probeDelay = Math.min(MAX_PROBE_MS, probeDelay * 2);
}

/**
 * Something waits for the server (a change the user just made is queued): while the server
 * counts as unreachable and the browser has a network, ask it now rather than at the next probe.
 */
export function checkConnectionNow(): void {
  if (!reachable && hasNetwork()) void probe();
}

/** One request to /api/health; its answer (or none) moves the state. */
async function probe(): Promise<void> {
  if (probing || reachable) return;
  probing = true;
  try {
    await window.fetch(HEALTH_PATH, { cache: 'no-store', headers: { Accept: 'application/json' } });
    reportAnswer();
  } catch {
    if (!reachable) scheduleProbe();
  } finally {
    probing = false;
  }
}

/** Tests: back to reachable with no probe pending and no listeners of the window. */
export function resetConnectivity(): void {
  clearTimeout(probeTimer);
  probeTimer = undefined;
  reachable = true;
  probing = false;
  probeDelay = FIRST_PROBE_MS;
  lastOnline = undefined;
  listeners.clear();
  reconnectListeners.clear();
  if (windowListening && typeof window !== 'undefined') {
    window.removeEventListener('online', onBrowserOnline);
    window.removeEventListener('offline', changed);
    document.removeEventListener('visibilitychange', onVisible);
  }
  windowListening = false;
}
