/**
 * A tablet, both ways round (768 x 1024 and 1024 x 768, a touch screen): the sidebar is an icon
 * rail, with each section's name as its accessible name and as a tooltip, and it expands on
 * demand. On every main screen and the order editor, nothing scrolls sideways, every control is
 * a touch target of at least 44 x 44 px, and axe finds nothing. In landscape, the order editor
 * shows the product list and the price panel side by side.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/app-and-browser';
import { dismissTour, newCredentials, signUp } from './support/auth';
import { merchantWithCatalog } from './support/merchant';
import { isPath, violationSummary, whenSettled } from './support/page';

const { app, withPage } = useAppAndBrowser();

const PORTRAIT = { width: 768, height: 1024 } as const;
const LANDSCAPE = { width: 1024, height: 768 } as const;
/** The rail's width (signed-in-layout.tsx RAIL_WIDTH) and the full sidebar's. */
const RAIL_WIDTH = 72;
const SIDEBAR_WIDTH = 248;
/** WCAG 2.5.5's target size, which the app keeps on touch screens (app/touch-targets.css). */
const TARGET = 44;

/** The sidebar's sections: the link's name, the screen's path, and a heading (and its level) that says it has shown. */
const SCREENS = [
  ['Dashboard', '/', /^Welcome back/, 1],
  ['Products', '/products', 'Products', 1],
  ['Work Orders', '/work-orders', 'Work Orders', 1],
  ['Backups', '/backups', 'Backups', 1],
  // (the team screen's first heading is the company's name)
  ['Team', '/team', 'Team Members', 2],
  ['Subscription', '/subscription', 'Choose Your Plan', 1],
  ['Feedback', '/feedback', 'Share your feedback', 1],
  ['Settings', '/settings', 'Settings', 1],
] as const;

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'App' });
const width = (locator: Locator) => locator.evaluate((el) => Math.round(el.getBoundingClientRect().width));

/** How far the page scrolls sideways (0 when it does not). */
const sidewaysOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/**
 * The controls smaller than 44 x 44 px, as 'name (width x height)'. A checkbox or radio counts
 * with its label, which a press on also toggles, and a control stretched over its card with the
 * card; links inside a sentence are exempt, as WCAG exempts them.
 */
function smallTargets(page: Page, target: number): Promise<string[]> {
  return page.evaluate((min) => {
    const controls = document.querySelectorAll<HTMLElement>(
      'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [role="checkbox"], [role="radio"], [role="switch"], [role="tab"]',
    );
    const small: string[] = [];
    for (const el of controls) {
      if (el.closest('[inert], [aria-hidden="true"]')) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden') continue;
      const own = el.getBoundingClientRect();
      if (own.bottom < 0) continue; // the skip link, off screen until focused
      if (el instanceof HTMLAnchorElement && style.display === 'inline') continue;
      // (A segmented control's radio is 0 x 0: its label is what a finger presses.)
      const labels = el instanceof HTMLInputElement && el.labels ? [...el.labels] : [];
      const rects = [own, ...labels.map((label) => label.getBoundingClientRect())];
      if (rects.every((r) => r.width === 0 && r.height === 0)) continue;
      // A control stretched over its card by an absolutely placed ::after (a product card's name).
      const after = getComputedStyle(el, '::after');
      if (after.content !== 'none' && after.position === 'absolute' && el.offsetParent) rects.push(el.offsetParent.getBoundingClientRect());
      const w = Math.max(...rects.map((r) => r.width));
      const h = Math.max(...rects.map((r) => r.height));
      if (w + 0.5 < min || h + 0.5 < min) {
        const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? '';
        small.push(`${el.tagName.toLowerCase()}${el.getAttribute('type') ? `[${el.getAttribute('type')}]` : ''} "${name || el.className}" (${Math.round(w)} x ${Math.round(h)})`);
      }
    }
    return small;
  }, target);
}

async function expectScreenFits(page: Page): Promise<void> {
  await expect.poll(() => sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  expect(await smallTargets(page, TARGET)).toEqual([]);
  await page.waitForTimeout(300);
  const results = await new AxeBuilder({ page }).analyze();
  expect(violationSummary(results.violations)).toEqual([]);
}

/** Eight screens, each scanned by axe, on a machine the rest of the suite shares. */
const SCREENS_TIMEOUT_MS = 240_000;

describe('a tablet', () => {
  for (const [orientation, viewport] of [['portrait', PORTRAIT], ['landscape', LANDSCAPE]] as const) {
    const size = `${viewport.width} x ${viewport.height}`;

    it(`folds the sidebar to an icon rail, named for screen readers and by tooltips, expanded on demand (${size})`, async () => {
      await withPage(
        async (page) => {
          await signUp(page, newCredentials());
          await dismissTour(page);
          const nav = sidebar(page);

          // Icons only, each link still named by its section (in its text, hidden from the
          // screen but not from screen readers).
          await expect.poll(() => width(nav)).toBe(RAIL_WIDTH);
          for (const [name] of SCREENS) await nav.getByRole('link', { name, exact: true }).waitFor();
          await expect(width(nav.getByText('Products', { exact: true }))).resolves.toBeLessThanOrEqual(1);
          await nav.getByRole('link', { name: 'Products', exact: true }).hover();
          await page.getByRole('tooltip', { name: 'Products' }).waitFor();

          // Expanded on demand, over the screen (which keeps its width); Escape folds it back.
          const main = page.getByRole('main');
          const mainWidth = await width(main);
          await page.getByRole('button', { name: 'Expand navigation' }).click();
          await expect.poll(() => width(nav)).toBe(SIDEBAR_WIDTH);
          await expect.poll(() => width(nav.getByText('Products', { exact: true }))).toBeGreaterThan(40);
          await expect(page.getByRole('button', { name: 'Collapse navigation' }).getAttribute('aria-expanded')).resolves.toBe('true');
          await expect(width(main)).resolves.toBe(mainWidth);
          await page.keyboard.press('Escape');
          await expect.poll(() => width(nav)).toBe(RAIL_WIDTH);
          // Following a link from the expanded rail folds it too.
          await page.getByRole('button', { name: 'Expand navigation' }).click();
          await nav.getByRole('link', { name: 'Team', exact: true }).click();
          await page.waitForURL(isPath('/team'));
          await expect.poll(() => width(nav)).toBe(RAIL_WIDTH);
        },
        { viewport, hasTouch: true },
      );
    });

    it(
      `fits every main screen: no sideways scrolling, 44 px touch targets, no axe violations (${size})`,
      async () => {
        await withPage(
          async (page) => {
            await merchantWithCatalog(page, app());
            const nav = sidebar(page);
            for (const [link, path, heading, level] of SCREENS) {
              await nav.getByRole('link', { name: link, exact: true }).click();
              await page.waitForURL(isPath(path));
              await page.getByRole('main').getByRole('heading', { name: heading, level, exact: typeof heading === 'string' }).waitFor();
              await expectScreenFits(page);
            }
          },
          { viewport, hasTouch: true },
        );
      },
      SCREENS_TIMEOUT_MS,
    );

    it(`shows the order editor's product list and price panel ${orientation === 'landscape' ? 'side by side' : 'one above the other'} (${size})`, async () => {
      await withPage(
        async (page) => {
          await merchantWithCatalog(page, app());
          await page.goto('/work-orders/create');
          await page.getByRole('heading', { level: 1, name: 'Create Work Order' }).waitFor();
          const picker = page.getByRole('region', { name: 'Select Products' });
          const prices = page.getByRole('region', { name: 'Price Changes' });
          await picker.getByRole('list', { name: 'Products' }).getByRole('checkbox').first().check();
          await prices.getByRole('list', { name: 'New prices' }).waitFor();
          await whenSettled(page, prices);
          await expectScreenFits(page);

          await picker.getByRole('heading', { name: 'Select Products' }).scrollIntoViewIfNeeded();
          const [list, panel] = [await picker.boundingBox(), await prices.boundingBox()];
          if (!list || !panel) throw new Error('the order editor has no product list or price panel');
          if (orientation === 'landscape') {
            // Side by side, both on the screen at once: the same top, the panel right of the list.
            expect(Math.abs(list.y - panel.y)).toBeLessThanOrEqual(1);
            expect(panel.x).toBeGreaterThanOrEqual(list.x + list.width);
            expect(panel.x + panel.width).toBeLessThanOrEqual(viewport.width);
            for (const box of [list, panel]) expect(box.y >= 0 && box.y < viewport.height).toBe(true);
          } else {
            // In portrait the column is too narrow for two: the panel comes after the list.
            expect(panel.y).toBeGreaterThanOrEqual(list.y + list.height);
          }
        },
        { viewport, hasTouch: true },
      );
    });
  }
});
