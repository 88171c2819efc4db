/**
 * The signed-in home and shell: a new account's dashboard (stats, quick actions), the sidebar
 * with the store status and the account, the slide-in menu on a phone, and axe scans of the
 * dashboard in both colour schemes.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/app-and-browser';
import { dismissTour, newCredentials, signUp } from './support/auth';
import { PHONE } from './support/browser';
import { isPath, violationSummary } from './support/page';

const { withPage } = useAppAndBrowser();

const card = (page: Page, name: string) => page.getByRole('article', { name });

describe('dashboard', () => {
  it("shows a new account's stats, the quick actions and the sidebar", async () => {
    await withPage(async (page) => {
      const account = newCredentials();
      await signUp(page, account);
      await dismissTour(page);
      // A new account has no products, no work orders, and has never synced.
      await expect(card(page, 'Total Products').innerText()).resolves.toMatch(/\b0\b/);
      await expect(card(page, 'Pending Orders').innerText()).resolves.toMatch(/\b0\b/);
      await expect(card(page, 'Completed Orders').innerText()).resolves.toMatch(/\b0\b/);
      await expect(card(page, 'Last Sync').innerText()).resolves.toContain('Never');

      const main = page.getByRole('main');
      const actions = [
        ['Products', '/products'],
        ['Work Orders', '/work-orders'],
        ['Team', '/team'],
        ['Settings', '/settings'],
      ] as const;
      for (const [name, href] of actions) {
        await expect(main.getByRole('link', { name: new RegExp(`^${name}`) }).getAttribute('href')).resolves.toBe(href);
      }

      const nav = page.getByRole('navigation', { name: 'App' });
      for (const name of ['Products', 'Work Orders', 'Backups', 'Team', 'Subscription', 'Feedback', 'Settings']) {
        await nav.getByRole('link', { name, exact: true }).waitFor();
      }
      // No store yet: GET /api/settings answers null (or is not there yet); either way.
      await nav.getByText('Not Connected').waitFor();
      await nav.getByText(account.email).waitFor();

      await main.getByRole('link', { name: /^Work Orders/ }).click();
      await page.waitForURL(isPath('/work-orders'));
      await expect
        .poll(() => nav.getByRole('link', { name: 'Work Orders', exact: true }).getAttribute('aria-current'))
        .toBe('page');
    });
  });

  it('opens the sidebar as a slide-in menu on a phone, without sideways scrolling', async () => {
    await withPage(
      async (page) => {
        const account = newCredentials();
        await signUp(page, account);
        await dismissTour(page);
        const nav = page.getByRole('navigation', { name: 'App' });
        // Closed: slid off screen and out of the tab order.
        const offScreen = () => nav.evaluate((el) => el.getBoundingClientRect().right <= 0 && (el as HTMLElement).inert);
        await expect.poll(offScreen).toBe(true);
        await page.getByRole('button', { name: 'Open navigation' }).click();
        await expect.poll(() => nav.evaluate((el) => el.getBoundingClientRect().left >= 0 && !(el as HTMLElement).inert)).toBe(true);
        await nav.getByText(account.email).waitFor();
        await nav.getByRole('link', { name: 'Products' }).click();
        await page.waitForURL(isPath('/products'));
        await expect.poll(offScreen).toBe(true);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
      },
      { viewport: { width: 360, height: PHONE.height } },
    );
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`finds no axe violations on the dashboard (${colorScheme})`, async () => {
      await withPage(
        async (page) => {
          await signUp(page, newCredentials());
          await dismissTour(page);
          await card(page, 'Last Sync').waitFor();
          const results = await new AxeBuilder({ page }).analyze();
          expect(violationSummary(results.violations)).toEqual([]);
        },
        { colorScheme },
      );
    });
  }
});
