/**
 * Going offline without cutting a request: Playwright's `waitForLoadState('networkidle')`
 * resolves at once when the page was idle once before, so it cannot say that the requests the
 * app sent since (a catalog pull's next page, the shell's refetches) have answered. Each context
 * launchBrowser opens is watched here, and `goOffline` waits until none of its requests is in
 * flight for a moment before it takes the network away.
 */
import type { BrowserContext, Request } from 'playwright-core';
import { expect } from 'vitest';

const inFlight = new WeakMap<BrowserContext, Set<Request>>();

/** Counts `context`'s requests from when they are sent until they answer or fail. */
export function trackRequests(context: BrowserContext): void {
  const pending = new Set<Request>();
  inFlight.set(context, pending);
  context.on('request', (request) => pending.add(request));
  context.on('requestfinished', (request) => pending.delete(request));
  context.on('requestfailed', (request) => pending.delete(request));
}

/** The URLs `context` still waits on. */
export function requestsInFlight(context: BrowserContext): string[] {
  return [...(inFlight.get(context) ?? [])].map((request) => request.url());
}

/**
 * Waits until `context` has had no request in flight for `quietMs`, then takes it offline.
 * A context not opened by launchBrowser (untracked) fails loudly rather than wait for nothing.
 */
export async function goOffline(context: BrowserContext, { quietMs = 500, timeout = 30_000 } = {}): Promise<void> {
  if (!inFlight.has(context)) throw new Error('goOffline: this context was not opened by launchBrowser');
  let quietSince = Date.now();
  await expect
    .poll(
      () => {
        const urls = requestsInFlight(context);
        if (urls.length > 0) quietSince = Date.now();
        // Until quiet long enough, what is (or was just) in flight, so a timeout names it.
        return Date.now() - quietSince >= quietMs ? 'quiet' : { inFlight: urls };
      },
      { timeout, interval: 50 },
    )
    .toBe('quiet');
  await context.setOffline(true);
}
