/**
 * The signed-out marketing area in a real Chromium against the app as `npm start` runs it:
 * landing copy, navigation on desktop and phone, pricing from the plans table, unknown paths,
 * offline after one visit, and an axe scan.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_LIST } from '@catalog/contracts/plans';
import { DESKTOP, launchBrowser, PHONE } from './support/browser';
import { type RunningApp, startApp } from './support/app';

let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

async function open(path: string, viewport: { width: number; height: number } = DESKTOP) {
  const context = await browser.newContext({ viewport, baseURL: app.url });
  const page = await context.newPage();
  await page.goto(path);
  return { context, page };
}

async function closing<T>(ctx: BrowserContext, fn: () => Promise<T>) {
  try {
    return await fn();
  } finally {
    await ctx.close();
  }
}

const heading = (page: Page, name: string | RegExp, level = 1) => page.getByRole('heading', { level, name });

describe('landing page', () => {
  it('shows the headline and the four features', async () => {
    const { context, page } = await open('/');
    await closing(context, async () => {
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
    const { context, page } = await open('/no/such/page');
    await closing(context, async () => {
      await heading(page, 'Navigate your catalog with confidence').waitFor();
    });
  });
});

describe('navigation', () => {
  it('moves between pages from the desktop navigation bar and highlights the current one', async () => {
    const { context, page } = await open('/');
    await closing(context, async () => {
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
    const { context, page } = await open('/', PHONE);
    await closing(context, async () => {
      const desktopNav = page.getByRole('navigation', { name: 'Main' }).first();
      await expect(desktopNav.isVisible()).resolves.toBe(false);
      await page.getByRole('button', { name: 'Open menu' }).click();
      const menuNav = page.getByRole('navigation', { name: 'Main' }).filter({ visible: true });
      await menuNav.getByRole('link', { name: 'Pricing' }).click();
      await page.waitForURL('**/pricing');
      await heading(page, /pricing|plan/i).first().waitFor();
    });
  });
});

describe('pricing page', () => {
  it('shows the three plans from the plans table', async () => {
    const { context, page } = await open('/pricing');
    await closing(context, async () => {
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
    const { context, page } = await open('/');
    await closing(context, async () => {
      await heading(page, 'Navigate your catalog with confidence').waitFor();
      // An active service worker has finished precaching the shell (install precedes activation).
      const state = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state);
      expect(state).toMatch(/activat/);
      await context.setOffline(true);
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
      const { context, page } = await open(path);
      await closing(context, async () => {
        await page.locator('main h1').first().waitFor();
        const results = await new AxeBuilder({ page }).analyze();
        const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
        expect(summary).toEqual([]);
      });
    });
  }
});
