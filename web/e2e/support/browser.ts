/**
 * Launches Debian's Chromium through playwright-core, headless, with the flags a machine without
 * outside network needs (CHROMIUM_ARGS: no sandbox, GPU or QUIC, none of Chromium's own
 * background traffic), plus the two viewports the journeys use.
 */
import { type Browser, chromium } from 'playwright-core';
import { existsSync } from 'node:fs';
import { watchConsole } from './console-errors';
import { trackRequests } from './network';

export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 390, height: 844 } as const;

export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  const found = candidates.find((p): p is string => !!p && existsSync(p));
  if (!found) throw new Error('Chromium not found: apt-get install -y chromium, or set CHROMIUM_PATH');
  return found;
}

/** Chromium's flags for this machine; also for a persistent profile (chromium.launchPersistentContext). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/**
 * Chromium, each context it opens (newContext, newPage) watched for console errors
 * (console-errors.ts): useAppAndBrowser fails a test that logged one; and its requests counted,
 * so a test can go offline once none is in flight (network.ts).
 */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    watchConsole(context);
    trackRequests(context);
    return context;
  };
  return browser;
}
