/**
 * A clean console (issue 33): every browser test fails when a page logged an error in its
 * console (a `console.error`, an uncaught exception, or Chromium's own "Failed to load
 * resource: ... 403" for a request the server refused), on every screen, signed out and in.
 *
 * launchBrowser (browser.ts) watches every context its browser opens, and useAppAndBrowser
 * (app-and-browser.ts) checks after each test that none was logged; a context opened otherwise
 * (chromium.launchPersistentContext) is watched with `watchConsole`. Nothing is allowed by
 * default: a test that provokes an error on purpose says so with `allowConsoleErrors`, and why.
 */
import type { BrowserContext, ConsoleMessage } from 'playwright-core';

/** What was logged since the last check, as lines naming the page. */
const logged: string[] = [];
/** What the current test provokes on purpose (cleared at each check). */
const allowed: RegExp[] = [];

function describe(message: ConsoleMessage): string {
  const { url, lineNumber } = message.location();
  const page = message.page()?.url() ?? '(no page)';
  return `${message.text()}${url ? ` [${url}:${lineNumber}]` : ''} on ${page}`;
}

/** Records the errors `context`'s pages log, and their uncaught exceptions. */
export function watchConsole(context: BrowserContext): void {
  context.on('console', (message) => {
    if (message.type() === 'error') logged.push(describe(message));
  });
  context.on('weberror', (error) => {
    // The first frame of its stack names the script (the app's, or another origin's frame).
    const where = /https?:\/\/\S+/.exec(error.error().stack ?? '')?.[0];
    logged.push(`Uncaught: ${error.error().message}${where ? ` [${where}]` : ''} on ${error.page()?.url() ?? '(no page)'}`);
  });
}

/**
 * Lets the current test's pages log errors that match `pattern`: only for an error the test
 * provokes on purpose, with a comment at the call saying why the app cannot avoid it.
 */
export function allowConsoleErrors(pattern: RegExp): void {
  allowed.push(pattern);
}

/** The errors logged since the last call that no allowance of the current test covers; clears both. */
export function takeConsoleErrors(): string[] {
  const unexpected = logged.splice(0).filter((line) => !allowed.some((pattern) => pattern.test(line)));
  allowed.length = 0;
  return unexpected;
}

/**
 * For a test that takes the browser offline on purpose (context.setOffline) and opens or reloads
 * a page meanwhile: Chromium tells such a page it has a network (navigator.onLine; see
 * web/src/lib/connectivity.ts), so the app finds out that it has none from its first requests,
 * and Firebase's SDK checks the saved session at start-up; Chromium logs each request that found
 * no network. Once the app knows, it reads nothing more until the server answers again
 * (web/src/lib/api-client.ts), and nothing at all while the browser says it is offline.
 */
export function allowOfflineRequests(): void {
  allowConsoleErrors(/^Failed to load resource: net::ERR_INTERNET_DISCONNECTED /);
}
