/**
 * The set-up every browser test file shares: one app (as `npm start` runs it) and one Chromium,
 * started together before the file's tests and closed after them, and `withPage` bound to both.
 * After each test, it fails the test if a page logged an error in its console (console-errors.ts).
 * Call `useAppAndBrowser()` once at the top of a test file; its accessors work inside tests and
 * hooks, once the file's `beforeAll` has run.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { freePort } from '@catalog/listen/free-port';
import { type RunningApp, startApp } from './app';
import { launchBrowser } from './browser';
import { takeConsoleErrors } from './console-errors';
import { type PageOptions, withPage as withPageIn } from './page';

export interface AppAndBrowserOptions {
  /** More environment for the app, over startApp's defaults. */
  env?: Record<string, string>;
  /**
   * Runs the demo store on a free port chosen here (DEMO_STORE_PORT), for files that read or
   * change what the store has. Without it the app lets the store take any port.
   */
  storeOnKnownPort?: boolean;
}

export interface AppAndBrowser {
  app: () => RunningApp;
  browser: () => Browser;
  /** The demo store's base URL: the port chosen here, or else the one its process announced. */
  storeUrl: () => string;
  /** A fresh browser profile on the app for `fn` (support/page.ts), closed after. */
  withPage: <T>(fn: (page: Page, context: BrowserContext) => Promise<T>, options?: PageOptions) => Promise<T>;
}

export function useAppAndBrowser({ env = {}, storeOnKnownPort = false }: AppAndBrowserOptions = {}): AppAndBrowser {
  let app: RunningApp | undefined;
  let browser: Browser | undefined;
  let knownStoreUrl: string | undefined;

  beforeAll(async () => {
    const appEnv = { ...env };
    if (storeOnKnownPort) {
      const storePort = await freePort();
      knownStoreUrl = `http://127.0.0.1:${storePort}`;
      appEnv.DEMO_STORE_PORT = String(storePort);
    }
    [app, browser] = await Promise.all([startApp(appEnv), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });
  // A clean console (console-errors.ts): no test passes with an error logged by one of its pages.
  afterEach(() => {
    expect(takeConsoleErrors(), 'errors in the browser console').toEqual([]);
  });

  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is not started yet: use it inside a test or a hook`);
    return value;
  };
  const appNow = () => started(app, 'the app');
  const browserNow = () => started(browser, 'the browser');

  return {
    app: appNow,
    browser: browserNow,
    storeUrl: () => knownStoreUrl ?? announcedStoreUrl(appNow()),
    withPage: (fn, options) => withPageIn(browserNow(), appNow(), fn, options),
  };
}

/** The demo store's base URL as its process announced it in the app's output. */
function announcedStoreUrl(app: RunningApp): string {
  const url = /BigCommerce stand-in at (http:\/\/[^\s]+)/.exec(app.output())?.[1];
  if (!url) throw new Error(`the demo store's address is not in the app's output:\n${app.output()}`);
  return url;
}
