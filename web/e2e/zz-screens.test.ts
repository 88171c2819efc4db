import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, it } from 'vitest';
import { type RunningApp, startApp } from './support/app';
import { dismissTour, newCredentials, signUp } from './support/auth';
import { launchBrowser } from './support/browser';
import { withPage } from './support/page';

let app: RunningApp;
let browser: Browser;
beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

it('screens', async () => {
  for (const [name, viewport, colorScheme] of [['desktop-light', { width: 1280, height: 900 }, 'light'], ['phone-dark', { width: 360, height: 800 }, 'dark']] as const) {
    await withPage(browser, app, async (page) => {
      const account = newCredentials();
      await signUp(page, account);
      await dismissTour(page);
      const res = await fetch(`http://${app.authEmulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=x`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ ...account, returnSecureToken: true }) });
      const { idToken } = (await res.json()) as { idToken: string };
      const h = { Authorization: `Bearer ${idToken}`, 'Content-Type': 'application/json' };
      await fetch(`${app.url}/api/settings`, { method: 'POST', headers: h, body: JSON.stringify({ storeHash: 'demo', accessToken: 'demo-token', clientId: 'demo-client', showStockStatus: true, showInvisibleProducts: true }) });
      await (await fetch(`${app.url}/api/sync`, { method: 'POST', headers: h, body: '{}' })).text();
      await page.goto('/products');
      await page.getByText(/products? found/).filter({ hasNotText: 'Loading' }).waitFor();
      await page.waitForTimeout(800);
      await page.screenshot({ path: `/tmp/shot-${name}-grid.png`, fullPage: true });
      await page.getByRole('button', { name: /^Category:/ }).click();
      await page.waitForTimeout(400);
      await page.screenshot({ path: `/tmp/shot-${name}-picker.png` });
      await page.keyboard.press('Escape');
      await page.getByText('List', { exact: true }).click();
      await page.waitForTimeout(300);
      await page.screenshot({ path: `/tmp/shot-${name}-list.png`, fullPage: true });
      await page.getByRole('table').getByRole('button').first().click();
      await page.getByText('Product Information').waitFor();
      await page.waitForTimeout(800);
      await page.screenshot({ path: `/tmp/shot-${name}-panel.png` });
      await page.keyboard.press('Escape');
      await page.goto('/category-demo');
      await page.getByText('Recommended').waitFor();
      await page.screenshot({ path: `/tmp/shot-${name}-demo.png`, fullPage: true });
    }, { viewport, colorScheme });
  }
}, 180_000);
