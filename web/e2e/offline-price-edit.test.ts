/**
 * Price edits through the outbox: made offline, an edit shows at once on the device marked
 * Pending and reaches the store exactly once when the connection returns; when the server's
 * answer to an edit is lost, the replay (same Idempotency-Key) does not apply it twice.
 */
import type { PriceHistoryEntry, PriceHistoryResponse, ProductListResponse } from '@catalog/contracts/products';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { allowConsoleErrors } from './support/console-errors';
import { goOffline } from './support/network';
import { useAppAndBrowser } from './support/app-and-browser';
import { merchantWithCatalog } from './support/merchant';
import { toast } from './support/page';
import { callApi, storeProduct } from './support/store-api';

const { app, storeUrl, withPage } = useAppAndBrowser({ storeOnKnownPort: true });

type ApiProduct = ProductListResponse['products'][number];

/** A new merchant with the demo store synced, on /products; returns a single-variant product. */
async function merchantOnProducts(page: Page): Promise<{ token: string; target: ApiProduct }> {
  const { token } = await merchantWithCatalog(page, app());
  const { products } = await callApi<ProductListResponse>(app(), token, 'GET', '/api/products?limit=50');
  const target = products.find((p) => p.variants.length <= 1)!;
  await page.goto('/products');
  await page.getByRole('heading', { level: 1, name: 'Products' }).waitFor();
  await page.getByRole('article', { name: target.name }).waitFor({ timeout: 30_000 });
  return { token, target };
}

/** Opens the product's panel and saves a new sale price. */
async function editSalePrice(page: Page, target: ApiProduct, price: string): Promise<void> {
  await page.getByRole('article', { name: target.name }).getByRole('button', { name: target.name }).click();
  const panel = page.getByRole('dialog', { name: target.name });
  await panel.getByText('Product Information').waitFor();
  await panel.getByRole('textbox', { name: 'Sale price' }).fill(price);
  await panel.getByRole('button', { name: 'Update Price' }).click();
}

/** The product's manual changes: a fresh product's whole history is one page (issue 31: `{ entries, nextCursor }`). */
async function manualHistory(token: string, productId: number): Promise<PriceHistoryEntry[]> {
  const history = await callApi<PriceHistoryResponse>(app(), token, 'GET', `/api/products/${productId}/price-history?limit=100`);
  expect(history.nextCursor).toBeNull();
  return history.entries.filter((h) => h.changeType === 'manual');
}

/** A sale price the product does not have (the tests share one demo store: each its own cents). */
const newSaleFor = (target: ApiProduct, cents: number) => (Math.max(1, Math.floor(Number(target.regularPrice) * 0.5)) + cents / 100).toFixed(2);

describe('price edits offline', () => {
  it('an edit made offline shows as Pending, then reaches the store once when the connection returns', async () => {
    await withPage(async (page, context) => {
      const { token, target } = await merchantOnProducts(page);
      const before = await storeProduct(storeUrl(), target.id);
      const newSale = newSaleFor(target, 35);

      // The shell's first requests (and the price lists' pull after the catalog's) answered: on a
      // slow machine they may still be on their way here, and going offline would cut them.
      await goOffline(context);
      await editSalePrice(page, target, newSale);
      await toast(page, 'Saved on this device').waitFor();
      const card = page.getByRole('article', { name: target.name });
      await card.getByText('Pending').waitFor();
      await card.getByText(`$${newSale}`).waitFor();
      // Nothing reached the server or the store.
      expect((await storeProduct(storeUrl(), target.id)).sale_price).toBe(before.sale_price);
      expect(await manualHistory(token, target.id)).toEqual([]);

      await context.setOffline(false);
      await expect.poll(async () => (await storeProduct(storeUrl(), target.id)).sale_price, { timeout: 20_000 }).toBe(Number(newSale));
      await card.getByText('Pending').waitFor({ state: 'detached', timeout: 20_000 });
      await card.getByText(`$${newSale}`).waitFor();
      const history = await manualHistory(token, target.id);
      expect(history).toHaveLength(1);
      expect(history[0]).toMatchObject({ newSalePrice: newSale });
    });
  }, 180_000);

  it('when the answer is lost, the replay with the same key is not applied twice', async () => {
    // Blocked service workers: every request goes through page.route.
    await withPage(
      async (page) => {
        const { token, target } = await merchantOnProducts(page);
        const newSale = newSaleFor(target, 45);
        const keys: string[] = [];
        await page.route(`**/api/products/${target.id}`, async (route) => {
          const request = route.request();
          if (request.method() !== 'PUT') return route.continue();
          keys.push(request.headers()['idempotency-key'] ?? '');
          if (keys.length === 1) {
            // The server applies it, but the device never hears back.
            await route.fetch();
            // The lost answer, as Chromium logs it: this test's doing.
            allowConsoleErrors(new RegExp(`^Failed to load resource: net::ERR_CONNECTION_RESET \\[\\S+/api/products/${target.id}:0\\]`));
            return route.abort('connectionreset');
          }
          return route.continue();
        });

        await editSalePrice(page, target, newSale);
        await toast(page, 'Saved on this device').waitFor();
        // The outbox retries on its own (backoff) and settles.
        await page.getByRole('article', { name: target.name }).getByText('Pending').waitFor({ state: 'detached', timeout: 20_000 });
        expect(keys).toHaveLength(2);
        expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
        expect(keys[1]).toBe(keys[0]);
        expect((await storeProduct(storeUrl(), target.id)).sale_price).toBe(Number(newSale));
        const history = await manualHistory(token, target.id);
        expect(history).toHaveLength(1);
        expect(history[0]).toMatchObject({ newSalePrice: newSale });
      },
      { serviceWorkers: 'block' },
    );
  }, 180_000);
});
