/**
 * A fresh browser profile (no session, no service worker) for one step of a test, closed after,
 * and the locators and checks many journeys use.
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { RunningApp } from './app';
import { DESKTOP } from './browser';
import { allowConsoleErrors } from './console-errors';

export interface PageOptions {
  viewport?: { width: number; height: number };
  colorScheme?: 'light' | 'dark';
  /** 'block' keeps every request on the network, where routes can see and delay it. */
  serviceWorkers?: 'allow' | 'block';
  /** A touch screen: touch events, and CSS's `(pointer: coarse)` matches (tablet.test.ts). */
  hasTouch?: boolean;
}

export async function withPage<T>(
  browser: Browser,
  app: RunningApp,
  fn: (page: Page, context: BrowserContext) => Promise<T>,
  { viewport = DESKTOP, colorScheme = 'light', serviceWorkers = 'allow', hasTouch = false }: PageOptions = {},
): Promise<T> {
  const context = await browser.newContext({ baseURL: app.url, viewport, colorScheme, serviceWorkers, hasTouch });
  // Playwright blocks a worker by making navigator.serviceWorker.register resolve to nothing,
  // which the app's update notice (workbox-window) reads as a registration and logs as failed:
  // the test's doing, in no browser a person uses.
  if (serviceWorkers === 'block') allowConsoleErrors(/^Service worker registration failed TypeError: Cannot read properties of undefined \(reading 'waiting'\)/);
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

/**
 * The text spacing WCAG 1.4.12 says content must survive (letter 0.12em, word 0.16em, line
 * height 1.5, paragraphs 2em), in a wide font (DejaVu Sans, Linux's system-ui, if installed):
 * text as a reader who sets their own spacing, or a platform with a wider interface font, shows it.
 * Returns what puts the page's own text back.
 */
export async function widenText(page: Page): Promise<() => Promise<void>> {
  const style = await page.addStyleTag({
    content: `:root { --mantine-font-family: 'DejaVu Sans', Verdana, sans-serif; --mantine-font-family-headings: 'DejaVu Sans', Verdana, sans-serif; }
      * { letter-spacing: 0.12em !important; word-spacing: 0.16em !important; line-height: 1.5 !important; }
      p { margin-bottom: 2em !important; }`,
  });
  return () => style.evaluate((el) => (el as Element).remove());
}

/**
 * Chooses `option` in Mantine's searchable select `input`, typing `option` first when `type` is
 * set. Retries the whole choice: on a loaded machine the dropdown can flip above the input while
 * it opens, or close as the list re-renders, and the option's click then never lands (a
 * clean-clone CI run lost 30 s and the journey to it).
 */
export async function chooseOption(page: Page, input: Locator, option: string, { type = false } = {}): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await input.click();
      if (type) await input.fill(option);
      await page.getByRole('option', { name: option, exact: true }).click({ timeout: 5_000 });
      await expect.poll(() => input.inputValue(), { timeout: 2_000 }).toBe(option);
      return;
    } catch (error) {
      if (attempt === 3) throw error;
      await page.keyboard.press('Escape');
    }
  }
}
