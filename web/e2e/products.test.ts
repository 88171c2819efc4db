/**
 * The catalog on the device: a merchant connects the demo store and syncs, then /products
 * renders from IndexedDB; search and the category picker filter on the device; a sale price
 * edited in the detail panel reaches the demo store and the price history; offline, a reload
 * still shows the catalog and search still works. Plus axe scans and a 360px phone.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Product } from '@catalog/contracts/products';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { allowOfflineRequests } from './support/console-errors';
import { useAppAndBrowser } from './support/app-and-browser';
import { PHONE } from './support/browser';
import { syncedAccount } from './support/merchant';
import { toast, violationSummary, whenSettled, widenText } from './support/page';
import { storeProduct } from './support/store-api';

const { app, storeUrl, withPage } = useAppAndBrowser();

const found = (page: Page) => page.getByTestId('products-found');
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search products' });
const countText = (n: number) => `${n} ${n === 1 ? 'product' : 'products'} found`;

/** How many products the device's IndexedDB holds, read straight from the database. */
function localProductCount(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const info = (await indexedDB.databases()).find((d) => d.name?.startsWith('catalog-'));
    if (!info?.name) return -1;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open(info.name!);
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    // Products are stored in chunks of consecutive ids (decision 058): count the ids they hold.
    const count = await new Promise<number>((resolve) => {
      const req = db.transaction('chunks').objectStore('chunks').getAll();
      req.onsuccess = () => resolve((req.result as Array<{ ids: number[] }>).reduce((n, c) => n + c.ids.length, 0));
    });
    db.close();
    return count;
  });
}

/** A word of the product's name that few other names share, to search for. */
function distinctiveWord(target: Product, products: Product[]): string {
  const words = target.name.split(/\s+/).filter((w) => w.length >= 4);
  const matches = (w: string) => products.filter((p) => p.name.toLowerCase().includes(w.toLowerCase()) || p.sku?.toLowerCase().includes(w.toLowerCase())).length;
  return words.sort((a, b) => matches(a) - matches(b))[0] ?? target.name;
}

describe('products', () => {
  it('browses the synced catalog from IndexedDB, edits a sale price that reaches the store, and works offline', async () => {
    await withPage(async (page, context) => {
      const products = await syncedAccount(page, app());
      await page.goto('/products');
      await page.getByRole('heading', { level: 1, name: 'Products' }).waitFor();
      await found(page).filter({ hasText: countText(products.length) }).waitFor();
      // The screen reads the device's copy: IndexedDB holds every product.
      await expect.poll(() => localProductCount(page)).toBe(products.length);

      // Search runs on the device.
      const target = products.find((p) => p.variants.length <= 1 && p.category) ?? products.find((p) => p.variants.length <= 1)!;
      const word = distinctiveWord(target, products);
      const expected = products.filter((p) => p.name.toLowerCase().includes(word.toLowerCase()) || p.sku?.toLowerCase().includes(word.toLowerCase()));
      await searchBox(page).fill(word);
      await found(page).filter({ hasText: countText(expected.length) }).waitFor();
      await page.getByRole('article', { name: target.name }).waitFor();
      await page.getByRole('button', { name: 'Clear Filters' }).click();
      await found(page).filter({ hasText: countText(products.length) }).waitFor();
      await expect(searchBox(page).inputValue()).resolves.toBe('');

      // The category picker: the target's top-level category, its subcategories included.
      if (target.category) {
        const top = target.category.split(' > ')[0]!;
        const inTop = products.filter((p) => p.category === top || p.category?.startsWith(`${top} > `));
        await page.getByRole('button', { name: /^Category: / }).click();
        await page.getByRole('dialog').getByRole('button', { name: new RegExp(`^${top.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) }).click();
        await page.keyboard.press('Escape');
        await found(page).filter({ hasText: countText(inTop.length) }).waitFor();
        await page.getByRole('article', { name: target.name }).waitFor();
        await expect(page.getByRole('button', { name: /^Category: / }).getAttribute('aria-label')).resolves.toBe(`Category: ${top}`);
      }

      // The list view: the table with its columns (stock is on in these settings).
      await page.getByText('List', { exact: true }).click();
      const table = page.getByRole('table', { name: 'Products' });
      for (const column of ['Product', 'SKU', 'Regular Price', 'Sale Price', 'Stock', 'Status']) {
        await table.getByRole('columnheader', { name: column }).waitFor();
      }

      // The detail panel: change the sale price.
      await table.getByRole('button', { name: target.name, exact: true }).click();
      const panel = page.getByRole('dialog', { name: target.name });
      await panel.getByText('Product Information').waitFor();
      const newSale = (Math.max(1, Math.floor(Number(target.regularPrice) * 0.5)) + 0.25).toFixed(2);
      const sale = panel.getByRole('textbox', { name: 'Sale price' });
      await sale.fill(newSale);
      await panel.getByRole('button', { name: 'Update Price' }).click();
      await toast(page, 'Success').getByText('Product updated successfully').waitFor();
      await panel.waitFor({ state: 'hidden' });

      // The store has the new price.
      expect((await storeProduct(storeUrl(), target.id)).sale_price).toBe(Number(newSale));

      // The device pulled the change, and the history shows it.
      await table.getByRole('row').filter({ hasText: target.name }).getByText(`$${newSale}`).waitFor();
      await table.getByRole('button', { name: target.name, exact: true }).click();
      const history = panel.getByRole('list', { name: 'Price changes' });
      await history.getByRole('listitem').first().getByText('Manual').waitFor();
      await expect(history.getByRole('listitem').first().innerText()).resolves.toContain(`$${newSale}`);
      await expect(history.getByRole('listitem').first().innerText()).resolves.toMatch(/[A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d{2} (AM|PM)/);
      // Nothing changed now: no call, and the toast says so.
      await panel.getByRole('button', { name: 'Update Price' }).click();
      await toast(page, 'No Changes').getByText('No changes detected to update').waitFor();
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'hidden' });

      // Offline: a reload still shows the catalog from IndexedDB, and search still works.
      await page.evaluate(() => navigator.serviceWorker.ready);
      await context.setOffline(true);
      allowOfflineRequests();
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Products' }).waitFor();
      await found(page).filter({ hasText: countText(products.length) }).waitFor();
      await searchBox(page).fill(word);
      await found(page).filter({ hasText: countText(expected.length) }).waitFor();
      await page.getByRole('row').filter({ hasText: target.name }).waitFor();
      await context.setOffline(false);
    });
  }, 180_000);

  it('fits a 360px phone: cards, filters and the detail panel, also in wide text', async () => {
    await withPage(
      async (page) => {
        const products = await syncedAccount(page, app());
        await page.goto('/products');
        await found(page).filter({ hasText: countText(products.length) }).waitFor();
        const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        await expect(overflow()).resolves.toBeLessThanOrEqual(0);
        // A long category line is cut with an ellipsis, not widening the cards past the screen.
        await widenText(page);
        await expect(overflow()).resolves.toBeLessThanOrEqual(0);
        await page.getByRole('article').first().getByRole('button').click();
        const panel = page.getByRole('dialog');
        await panel.getByText('Product Information').waitFor();
        // Once it has slid in, the panel takes the phone's width and no more.
        await expect
          .poll(async () => {
            const box = await panel.boundingBox();
            return box && box.x >= 0 && box.x + box.width <= 360;
          })
          .toBe(true);
        await expect(overflow()).resolves.toBeLessThanOrEqual(0);
      },
      { viewport: { width: 360, height: PHONE.height } },
    );
  }, 120_000);

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`finds no axe violations on /products, the detail panel and /category-demo (${colorScheme})`, async () => {
      await withPage(
        async (page) => {
          const products = await syncedAccount(page, app());
          await page.goto('/products');
          await found(page).filter({ hasText: countText(products.length) }).waitFor();
          expect(violationSummary((await new AxeBuilder({ page }).analyze()).violations)).toEqual([]);

          await page.getByText('List', { exact: true }).click();
          await page.getByRole('table', { name: 'Products' }).waitFor();
          expect(violationSummary((await new AxeBuilder({ page }).analyze()).violations)).toEqual([]);

          await page.getByRole('table', { name: 'Products' }).getByRole('button').first().click();
          const panel = page.getByRole('dialog');
          await panel.getByText('Product Information').waitFor();
          await panel.getByText(/Price History/).waitFor();
          await whenSettled(page, panel);
          expect(violationSummary((await new AxeBuilder({ page }).include('[role="dialog"]').analyze()).violations)).toEqual([]);
          await page.keyboard.press('Escape');
          await panel.waitFor({ state: 'hidden' });

          await page.getByRole('link', { name: 'Compare Category Selectors' }).click();
          await page.getByRole('heading', { level: 1, name: 'Compare Category Selectors' }).waitFor();
          await page.getByText('Recommended').waitFor();
          expect(violationSummary((await new AxeBuilder({ page }).analyze()).violations)).toEqual([]);
        },
        { colorScheme },
      );
    }, 120_000);
  }
});
