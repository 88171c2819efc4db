/**
 * The signed-out marketing area in a real Chromium against the app as `npm start` runs it:
 * landing copy, navigation on desktop and phone, pricing from the plans table, unknown paths,
 * offline after one visit, and an axe scan.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PLAN_LIST } from '@catalog/contracts/plans';
import { useAppAndBrowser } from './support/app-and-browser';
import { PHONE } from './support/browser';
import { takeConsoleErrors } from './support/console-errors';
import { goOffline } from './support/network';
import { violationSummary } from './support/page';

const { withPage } = useAppAndBrowser();

const heading = (page: Page, name: string | RegExp, level = 1) => page.getByRole('heading', { level, name });

describe('landing page', () => {
  it('shows the headline and the four features', async () => {
    await withPage(async (page) => {
      await page.goto('/');
      await heading(page, 'Navigate your catalog with confidence').waitFor();
      const features = page.locator('#features');
      for (const name of ['API sync', 'Work Orders', 'Price History', 'Teams & Roles']) {
        await expect(features.getByRole('heading', { name, exact: true }).count()).resolves.toBe(1);
      }
      await expect(page.getByRole('link', { name: 'Get Started' }).first().getAttribute('href')).resolves.toBe('/login');
      await expect(page.getByRole('link', { name: 'Start for Free' }).first().getAttribute('href')).resolves.toBe('/login');
    });
  });

  it('shows the landing page at an unknown path when signed out', async () => {
    await withPage(async (page) => {
      await page.goto('/no/such/page');
      await heading(page, 'Navigate your catalog with confidence').waitFor();
    });
  });
});

describe('the console check every browser test gets (support/console-errors.ts)', () => {
  it('sees an error logged, a request the server refused and an uncaught exception', async () => {
    const seen: string[] = [];
    await withPage(async (page) => {
      await page.goto('/');
      await heading(page, 'Navigate your catalog with confidence').waitFor();
      await page.evaluate(() => console.error('logged on purpose'));
      await page.evaluate(() => fetch('/api/auth/user').then(() => undefined));
      await page.evaluate(() => void setTimeout(() => { throw new Error('thrown on purpose'); }));
      // Taken here, so this test's own afterEach check finds none left.
      await expect.poll(() => seen.push(...takeConsoleErrors()), { timeout: 5_000 }).toBe(3);
    });
    expect(seen).toEqual(expect.arrayContaining([
      expect.stringContaining('logged on purpose'),
      expect.stringMatching(/^Failed to load resource: the server responded with a status of 401/),
      expect.stringContaining('Uncaught: thrown on purpose'),
    ]));
  });
});

describe('navigation', () => {
  it('moves between pages from the desktop navigation bar and highlights the current one', async () => {
    await withPage(async (page) => {
      await page.goto('/');
      const nav = page.getByRole('navigation', { name: 'Main' });
      await nav.getByRole('link', { name: 'Pricing' }).click();
      await page.waitForURL('**/pricing');
      await expect.poll(() => nav.getByRole('link', { name: 'Pricing' }).getAttribute('aria-current')).toBe('page');
      await nav.getByRole('link', { name: 'Contact' }).click();
      await page.waitForURL('**/feedback');
      await page.getByRole('link', { name: 'Sign In' }).first().click();
      await page.waitForURL('**/login');
    });
  });

  it('opens the collapsible menu on a phone and navigates from it', async () => {
    await withPage(
      async (page) => {
        await page.goto('/');
        const desktopNav = page.getByRole('navigation', { name: 'Main' }).first();
        await expect(desktopNav.isVisible()).resolves.toBe(false);
        // The menu itself, once the app has hydrated the landing page (a pointer over the page
        // loads it). A tap before that is held and replayed: landing-until-intent.test.ts.
        const burger = page.getByRole('button', { name: 'Open menu' });
        await burger.hover();
        await expect
          .poll(() => burger.evaluate((el) => Object.keys(el).some((key) => key.startsWith('__reactFiber'))), { timeout: 30_000 })
          .toBe(true);
        await burger.click();
        const menuNav = page.getByRole('navigation', { name: 'Main' }).filter({ visible: true });
        await menuNav.getByRole('link', { name: 'Pricing' }).click();
        await page.waitForURL('**/pricing');
        await heading(page, /pricing|plan/i).first().waitFor();
      },
      { viewport: PHONE },
    );
  });
});

describe('pricing page', () => {
  it('shows the three plans from the plans table', async () => {
    await withPage(async (page) => {
      await page.goto('/pricing');
      for (const plan of PLAN_LIST) {
        await page.getByRole('heading', { name: plan.name, exact: true }).waitFor();
      }
      const text = await page.locator('main').innerText();
      expect(text).toContain('$5');
      expect(text).toContain('$10');
      expect(text).toMatch(/1,000 products/);
      expect(await page.getByRole('link', { name: /starter/i }).first().getAttribute('href')).toBe('/subscription?upgrade=starter');
    });
  });
});

describe('offline', () => {
  it('still renders the landing page after one online visit when the network is gone', async () => {
    await withPage(async (page, context) => {
      await page.goto('/');
      await heading(page, 'Navigate your catalog with confidence').waitFor();
      // An active service worker has finished precaching the shell (install precedes activation).
      const state = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state);
      expect(state).toMatch(/activat/);
      await goOffline(context);
      await page.reload();
      await heading(page, 'Navigate your catalog with confidence').waitFor();
      await page.goto('/pricing');
      await page.getByRole('heading', { name: 'Premium', exact: true }).waitFor();
    });
  });
});

describe('accessibility', () => {
  for (const path of ['/', '/pricing']) {
    it(`finds no axe violations on ${path}`, async () => {
      await withPage(async (page) => {
        await page.goto(path);
        await page.locator('main h1').first().waitFor();
        const results = await new AxeBuilder({ page }).analyze();
        expect(violationSummary(results.violations)).toEqual([]);
      });
    });
  }
});
