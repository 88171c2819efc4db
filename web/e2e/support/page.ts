/**
 * A fresh browser profile (no session, no service worker) for one step of a test, closed after,
 * and the locators and checks many journeys use.
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { RunningApp } from './app';
import { DESKTOP } from './browser';

export interface PageOptions {
  viewport?: { width: number; height: number };
  colorScheme?: 'light' | 'dark';
  /** 'block' keeps every request on the network, where routes can see and delay it. */
  serviceWorkers?: 'allow' | 'block';
}

export async function withPage<T>(
  browser: Browser,
  app: RunningApp,
  fn: (page: Page, context: BrowserContext) => Promise<T>,
  { viewport = DESKTOP, colorScheme = 'light', serviceWorkers = 'allow' }: PageOptions = {},
): Promise<T> {
  const context = await browser.newContext({ baseURL: app.url, viewport, colorScheme, serviceWorkers });
  try {
    return await fn(await context.newPage(), context);
  } finally {
    await context.close();
  }
}

/** Mantine's notification (toast) that contains `text`, usually its title. */
export const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text });

/** A predicate for page.waitForURL: the path is exactly `path`. */
export const isPath = (path: string) => (url: URL) => url.pathname === path;

/**
 * Waits until nothing on the page is animating and `element` and its ancestors are fully
 * opaque: a dialog scanned by axe during its fade-in reads as low contrast.
 */
export async function whenSettled(page: Page, element: Locator): Promise<void> {
  const settled = async () => {
    if ((await page.evaluate(() => document.getAnimations().length)) > 0) return false;
    return element.evaluate((el) => {
      for (let node: Element | null = el; node; node = node.parentElement) if (getComputedStyle(node).opacity !== '1') return false;
      return true;
    });
  };
  await expect.poll(settled, { timeout: 5_000 }).toBe(true);
}

/** axe's violations as 'rule: selectors' lines, so a failure names what to fix. */
export function violationSummary(violations: Array<{ id: string; nodes: Array<{ target: unknown[] }> }>): string[] {
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
