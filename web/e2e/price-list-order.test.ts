/**
 * A price list work order, as a merchant runs one (issue 35): the demo store synced (its
 * "Wholesale" list in USD, for the Wholesale customer group), on /work-orders/create "Prices:
 * Wholesale (USD)", two products without options at the list's prices (one with a record, one
 * without: it pays the catalog's price), new prices and an end a few seconds ahead ("Revert at").
 * The order runs, the store's records follow; at its end the record it changed goes back and the
 * one it created is deleted.
 */
import type { ProductListResponse } from '@catalog/contracts/products';
import { describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/app-and-browser';
import { merchantWithCatalog } from './support/merchant';
import { chooseOption, isPath } from './support/page';
import { callApi, DEMO_STORE, syncCatalog } from './support/store-api';

const { app, storeUrl, withPage } = useAppAndBrowser({ storeOnKnownPort: true });

/** The demo store's Wholesale list (packages/demo-store generate-price-lists.ts). */
const WHOLESALE = 1;

/** The demo store's REST API (BigCommerce's v3 paths). */
async function store(method: string, path: string): Promise<Response> {
  return fetch(`${storeUrl()}/stores/${DEMO_STORE.storeHash}/v3${path}`, {
    method,
    headers: { 'X-Auth-Token': DEMO_STORE.accessToken, Accept: 'application/json' },
  });
}

/** The Wholesale list's USD record of a variant; null when it has none. */
async function wholesaleRecord(variantId: number): Promise<{ price: number } | null> {
  const res = await store('GET', `/pricelists/${WHOLESALE}/records/${variantId}/USD`);
  if (res.status === 404) return null;
  if (!res.ok) throw new Error(`record ${variantId}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { price: number } }).data;
}

async function baseVariantOf(productId: number): Promise<number> {
  const res = await store('GET', `/catalog/products/${productId}`);
  const id = ((await res.json()) as { data: { base_variant_id: number | null } }).data.base_variant_id;
  if (id === null) throw new Error(`product ${productId} has options`);
  return id;
}

describe('price list work orders', () => {
  it('changes a list\u2019s records from the form, and at its end puts them back, deleting the one it created', async () => {
    await withPage(async (page) => {
      const { token } = await merchantWithCatalog(page, app());
      const { products, total } = await callApi<ProductListResponse>(app(), token, 'GET', '/api/products?limit=50');
      // Two products without options (each its base variant in the list).
      const simple = products.filter((p) => p.variants.length === 0);
      const chosen = [];
      for (const p of simple) {
        const variantId = await baseVariantOf(p.id);
        const record = await wholesaleRecord(variantId);
        if (record) chosen.push({ ...p, variantId, record });
        if (chosen.length === 2) break;
      }
      expect(chosen).toHaveLength(2);
      const [kept, made] = chosen as [(typeof chosen)[number], (typeof chosen)[number]];
      // The second loses its record, so the order makes one: the catalog's price applies till then.
      expect((await store('DELETE', `/pricelists/${WHOLESALE}/records/${made.variantId}/USD`)).status).toBe(204);
      await syncCatalog(app(), token);
      const newKept = (kept.record.price + 1).toFixed(2);
      const newMade = (Number(made.regularPrice) + 2).toFixed(2);

      await page.goto('/work-orders/create');
      await page.getByRole('heading', { level: 1, name: 'Create Work Order' }).waitFor();
      await page.getByText(`Showing ${total} of ${total} products`).waitFor({ timeout: 30_000 });
      const prices = page.getByRole('textbox', { name: 'Prices:' });
      await expect.poll(() => prices.isEnabled(), { timeout: 30_000 }).toBe(true);
      await chooseOption(page, prices, 'Wholesale (USD)');

      // The picker shows what the list's customers pay: the record's price, else the catalog's.
      const row = (name: string) => page.getByRole('listitem').filter({ has: page.getByRole('checkbox', { name, exact: true }) });
      await row(kept.name).getByText(kept.record.price.toFixed(2), { exact: true }).waitFor();
      await row(made.name).getByText(Number(made.regularPrice).toFixed(2), { exact: true }).waitFor();

      const title = `Wholesale ${Date.now()}`;
      await page.getByRole('textbox', { name: 'Title' }).fill(title);
      await page.getByRole('checkbox', { name: kept.name, exact: true }).check();
      await page.getByRole('checkbox', { name: made.name, exact: true }).check();
      await page.getByRole('textbox', { name: `New regular price of ${kept.name}`, exact: true }).fill(newKept);
      await page.getByRole('textbox', { name: `New regular price of ${made.name}`, exact: true }).fill(newMade);

      // The end: the first whole minute at least 40 seconds from now, in the browser's local time
      // (the form reads hours and minutes: 40 seconds from 12:00:50 would be read as 12:01, ten
      // seconds ahead, and past by the time Create is clicked on a loaded machine).
      await page.getByRole('checkbox', { name: 'End the sale automatically' }).check();
      const [date, time] = await page.evaluate(() => {
        const at = new Date(Math.ceil((Date.now() + 40_000) / 60_000) * 60_000);
        const two = (n: number) => String(n).padStart(2, '0');
        return [`${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}`, `${two(at.getHours())}:${two(at.getMinutes())}:${two(at.getSeconds())}`];
      });
      await page.getByLabel('Revert at (date)').fill(date!);
      await page.getByLabel('Revert at (time)').fill(time!);

      await page.getByRole('main').getByRole('button', { name: 'Create Work Order' }).click();
      const preview = page.getByRole('dialog', { name: 'Preview Work Order: Wholesale (USD) prices' });
      // The preview, or what the page said instead (a validation toast names its reason).
      await expect
        .poll(async () => (await preview.isVisible()) || `no preview; the page says: ${(await page.getByRole('alert').allInnerTexts()).join(' | ')}; dialogs: ${(await page.getByRole('dialog').allInnerTexts()).join(' | ').slice(0, 600)}; main: ${(await page.getByRole('main').innerText()).slice(0, 1500)}`, { timeout: 30_000 })
        .toBe(true);
      await expect(preview.innerText()).resolves.toContain(kept.record.price.toFixed(2));
      const created = page.waitForResponse((res) => res.url().endsWith('/api/work-orders') && res.request().method() === 'POST');
      await preview.getByRole('button', { name: 'Create Work Order' }).click();
      const response = await created;
      expect(response.status()).toBe(201);
      expect(response.request().postDataJSON()).toMatchObject({
        target: { priceListId: WHOLESALE, currency: 'USD' },
        productUpdates: expect.arrayContaining([
          expect.objectContaining({ productId: kept.id, variantId: kept.variantId, newRegularPrice: newKept }),
          expect.objectContaining({ productId: made.id, variantId: made.variantId, newRegularPrice: newMade }),
        ]),
      });
      await page.waitForURL(isPath('/work-orders'));

      const order = page.getByRole('article', { name: title });
      await order.getByText('Prices: Wholesale (USD)').waitFor();
      await order.getByText('Completed', { exact: true }).waitFor({ timeout: 30_000 });
      expect((await wholesaleRecord(kept.variantId))?.price).toBe(Number(newKept));
      expect((await wholesaleRecord(made.variantId))?.price).toBe(Number(newMade));

      // The end passes: the list's prices go back by themselves.
      await order.getByText('Reverted at end').waitFor({ timeout: 120_000 });
      expect((await wholesaleRecord(kept.variantId))?.price).toBe(kept.record.price);
      expect(await wholesaleRecord(made.variantId)).toBeNull();
    });
    // The end is up to 100 s after it is set (a whole minute), on top of the journey to it.
  }, 240_000);
});
