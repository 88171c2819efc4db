/**
 * Connecting a store and syncing its catalog: a new owner connects the local demo store on
 * /settings (after the form refuses blank fields), sees the token masked after a reload, syncs
 * from /products and watches the progress bar fill, sees the trial's 5 products with the
 * 'Plan Limit Reached' warning, then deletes the app's copy from /settings. Plus axe scans of
 * /settings in both colour schemes.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/app-and-browser';
import { dismissTour, newCredentials, signUp } from './support/auth';
import { PHONE } from './support/browser';
import { isPath, toast, violationSummary, whenSettled } from './support/page';

const { withPage } = useAppAndBrowser();

const nav = (page: Page) => page.getByRole('navigation', { name: 'App' });
const card = (page: Page, name: string) => page.getByRole('article', { name });

async function goTo(page: Page, section: 'Dashboard' | 'Products' | 'Settings', path: string) {
  await nav(page).getByRole('link', { name: section, exact: true }).click();
  await page.waitForURL(isPath(path));
}

function connectionForm(page: Page) {
  const form = page.getByRole('form', { name: 'API connection' });
  return {
    form,
    storeHash: form.getByRole('textbox', { name: /^Store hash/ }),
    // Playwright gives password inputs the textbox role too; the eye button is 'Show access token'.
    accessToken: form.getByRole('textbox', { name: /^Access token/ }),
    clientId: form.getByRole('textbox', { name: /^Client ID/ }),
    save: form.getByRole('button', { name: 'Save settings' }),
  };
}

/** Records every value the sync progress bar shows, from before it appears until it goes. */
async function recordSyncProgress(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __syncProgress: string[] }).__syncProgress = seen;
    const record = () => {
      const bar = document.querySelector('[role="progressbar"][aria-label="Sync progress"]');
      const value = bar?.getAttribute('aria-valuenow');
      if (value && seen[seen.length - 1] !== value) seen.push(value);
    };
    new MutationObserver(record).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['aria-valuenow'],
    });
  });
  return () => page.evaluate(() => (window as unknown as { __syncProgress: string[] }).__syncProgress);
}

describe('store connection', () => {
  it('connects the demo store on /settings, syncs from /products with a progress bar, and deletes the copy', async () => {
    await withPage(async (page) => {
      await signUp(page, newCredentials());
      await dismissTour(page);
      await nav(page).getByText('Not Connected').waitFor();

      // The form refuses blank credentials before calling the API.
      await goTo(page, 'Settings', '/settings');
      await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
      const settings = connectionForm(page);
      await settings.storeHash.waitFor();
      await settings.save.click();
      await toast(page, 'Validation Error').getByText('Please fill in all required fields').waitFor();
      await expect(settings.storeHash.getAttribute('aria-invalid')).resolves.toBe('true');

      // Local mode: the setup instructions name the demo store's credentials.
      const setup = page.getByRole('region', { name: 'Setup instructions' });
      await setup.getByText('Local demo store').waitFor();
      await expect(setup.innerText()).resolves.toContain('demo-token');
      await setup.getByRole('button', { name: 'Use demo store' }).waitFor();

      await settings.storeHash.fill('demo');
      await settings.accessToken.fill('demo-token');
      await settings.clientId.fill('demo-client');
      await settings.save.click();
      await toast(page, 'Settings saved').waitFor();
      await nav(page).getByText('Connected Store').waitFor();

      // After a reload the token comes back masked, never whole.
      await page.reload();
      const reloaded = connectionForm(page);
      await expect.poll(() => reloaded.accessToken.inputValue()).toMatch(/^•+$/);
      await expect(reloaded.storeHash.inputValue()).resolves.toBe('demo');
      await expect(reloaded.accessToken.getAttribute('type')).resolves.toBe('password');
      await expect(page.getByRole('region', { name: 'API Connection' }).innerText()).resolves.toContain('Last sync: Never');

      // Sync from /products: the bar appears, fills to 100%, and resets a second later.
      await goTo(page, 'Products', '/products');
      await page.getByRole('heading', { level: 1, name: 'Products' }).waitFor();
      await page.getByText('Manage your store products and inventory').waitFor();
      await page.getByText('No products found').waitFor();
      const progressValues = await recordSyncProgress(page);
      await page.getByRole('button', { name: 'Sync Products' }).click();
      const bar = page.getByRole('progressbar', { name: 'Sync progress' });
      await bar.waitFor({ state: 'attached' });
      // The catalog, then the store's price lists (issue 35): more than a second on a loaded machine.
      await expect.poll(progressValues, { timeout: 30_000 }).toContain('100');
      await bar.waitFor({ state: 'detached' });
      const values = (await progressValues()).map(Number);
      expect(values[0]).toBe(0);
      expect(values.at(-1)).toBe(100);
      expect(values).toEqual([...values].sort((a, b) => a - b));
      await toast(page, 'Sync Complete').waitFor();

      // The trial keeps 5 of the store's products, and says so 1 second after success.
      await page.getByText('5 products found').waitFor();
      await expect(page.getByText('No products found').count()).resolves.toBe(0);
      await toast(page, 'Plan Limit Reached').waitFor();
      await expect(toast(page, 'Plan Limit Reached').innerText()).resolves.toMatch(/Trial plan allows 5 products/);
      await expect(page.getByRole('button', { name: 'Sync Products' }).isEnabled()).resolves.toBe(true);
      await nav(page).getByText('Connected Store').waitFor();

      await goTo(page, 'Dashboard', '/');
      await expect.poll(() => card(page, 'Total Products').innerText()).toMatch(/\b5\b/);
      await expect(card(page, 'Last Sync').innerText()).resolves.toMatch(/Just now|\dm/);

      // Data Management: delete the app's copy, after the confirmation.
      await goTo(page, 'Settings', '/settings');
      await page.getByRole('region', { name: 'Data Management' }).getByRole('button', { name: 'Delete all products' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete all products?' });
      await dialog.getByText('Are you sure you want to delete ALL products? This action cannot be undone.').waitFor();
      await dialog.getByText(/not the products in your BigCommerce store/).waitFor();
      await dialog.getByRole('button', { name: 'Delete all products' }).click();
      await toast(page, 'Deleted 5 products').waitFor();
      await dialog.waitFor({ state: 'hidden' });

      await goTo(page, 'Dashboard', '/');
      await expect.poll(() => card(page, 'Total Products').innerText()).toMatch(/\b0\b/);
    });
  }, 120_000);

  it('fits a 360px phone without sideways scrolling, confirmation dialog included', async () => {
    await withPage(
      async (page) => {
        await signUp(page, newCredentials());
        await dismissTour(page);
        await page.goto('/settings');
        await connectionForm(page).storeHash.waitFor();
        const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        await expect(overflow()).resolves.toBeLessThanOrEqual(0);
        await page.getByRole('region', { name: 'Data Management' }).getByRole('button', { name: 'Delete all products' }).click();
        const dialog = page.getByRole('dialog', { name: 'Delete all products?' });
        await dialog.waitFor();
        // The safe choice has the focus; Escape closes without deleting.
        await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
        const box = await dialog.boundingBox();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(360);
        await whenSettled(page, dialog);
        const results = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
        expect(violationSummary(results.violations)).toEqual([]);
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'hidden' });
      },
      { viewport: { width: 360, height: PHONE.height } },
    );
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`finds no axe violations on /settings (${colorScheme})`, async () => {
      await withPage(
        async (page) => {
          await signUp(page, newCredentials());
          await dismissTour(page);
          await goTo(page, 'Settings', '/settings');
          const settings = connectionForm(page);
          await settings.storeHash.waitFor();
          await page.getByRole('region', { name: 'Account' }).getByText('Owner').waitFor();
          // With the field errors showing: their red must read too.
          await settings.save.click();
          await settings.form.getByText('Store hash is required').waitFor();
          const results = await new AxeBuilder({ page }).analyze();
          expect(violationSummary(results.violations)).toEqual([]);
        },
        { colorScheme },
      );
    });
  }
});
