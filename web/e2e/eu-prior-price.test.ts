/**
 * Issue 36 item 2 in a real Chromium: the owner turns the EU prior price mode on in /settings and
 * makes its rule blocking, raises a product's price, then drafts a sale of it. The preview shows
 * the sale's "was" price beside its lowest price of the last 30 days ("Shown as before: ...;
 * lowest in the last 30 days: ...") and will not create it; the server refuses the same order
 * (422 GUARDRAIL). "The 30-day low" adjustment then sets the regular price to the low, and the
 * preview lets the order through (the store was followed only since its first sync, so the
 * preview says the low is known only where it was followed).
 */
import type { Product, ProductListResponse } from '@catalog/contracts/products';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/app-and-browser';
import { dismissTour, newCredentials, signUp } from './support/auth';
import { DESKTOP } from './support/browser';
import { setCompanyPlan } from './support/database';
import { callApi, connectDemoStore, idTokenFor, syncCatalog } from './support/store-api';

// A store the plan's product limit takes whole: only a sync that read every product starts the
// span the prices are followed from (decision 063); a capped one leaves every low unknown.
const { app, browser } = useAppAndBrowser({ env: { DEMO_STORE_PRODUCTS: '60' } });
const contexts: BrowserContext[] = [];

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => {});
});

async function person(): Promise<Page> {
  const context = await browser().newContext({ baseURL: app().url, viewport: DESKTOP, colorScheme: 'light' });
  contexts.push(context);
  return context.newPage();
}

describe('the EU prior price', () => {
  it('flags and refuses a sale whose "was" price is above its 30-day low, and the 30-day low adjustment makes it lawful', async () => {
    const owner = await person();
    const account = newCredentials();
    await signUp(owner, account);
    await dismissTour(owner);
    const token = await idTokenFor(app(), account);
    setCompanyPlan(app(), account.email, 'premium');
    await connectDemoStore(app(), token);
    await syncCatalog(app(), token);

    // The owner turns the mode on (30 days) and makes its rule blocking.
    await owner.goto('/settings');
    const settings = owner.getByRole('region', { name: 'Work orders' });
    const mode = settings.getByRole('switch', { name: 'Check sales against the lowest prior price' });
    await expect.poll(() => mode.isEnabled(), { timeout: 15_000 }).toBe(true);
    await mode.check({ force: true });
    await expect.poll(() => settings.getByRole('textbox', { name: 'Days before a sale' }).inputValue()).toBe('30');
    await settings.getByRole('checkbox', { name: 'EU prior price', exact: true }).check();
    await settings.getByRole('button', { name: 'Save work order settings' }).click();
    await owner.getByText('Work order settings saved').waitFor();

    // A product without options, not on sale, whose price rises by 1.00 now (a manual edit, recorded in its history).
    const { products } = await callApi<ProductListResponse>(app(), token, 'GET', '/api/products?limit=200');
    const product = products.find((p: Product) => p.variants.length === 0 && p.salePrice === null && Number(p.regularPrice) >= 5)!;
    expect(product).toBeDefined();
    const before = Number(product.regularPrice).toFixed(2);
    const raised = (Number(before) + 1).toFixed(2);
    const sale = (Number(before) - 0.5).toFixed(2);
    await callApi(app(), token, 'PUT', `/api/products/${product.id}`, { regularPrice: raised });

    // A sale of it: its "was" price is the raised one, its lowest of the last 30 days the one before.
    await owner.goto('/work-orders/create');
    const title = `EU sale ${Date.now()}`;
    await owner.getByRole('textbox', { name: 'Title' }).fill(title);
    await owner.getByRole('list', { name: 'Products' }).getByRole('checkbox', { name: product.name, exact: true }).check({ timeout: 30_000 });
    const regular = owner.getByRole('textbox', { name: `New regular price of ${product.name}`, exact: true });
    await expect.poll(() => regular.getAttribute('placeholder'), { timeout: 60_000 }).toBe(raised);
    await owner.getByRole('textbox', { name: `New sale price of ${product.name}`, exact: true }).fill(sale);
    await owner.getByRole('main').getByRole('button', { name: 'Create Work Order' }).click();
    const preview = owner.getByRole('dialog', { name: 'Preview Work Order' });
    await preview.getByText(`Shown as before: ${raised}; lowest in the last 30 days: ${before}`).first().waitFor({ timeout: 30_000 });
    await preview.getByText('Blocks: EU prior price').first().waitFor();
    await preview.getByText('This order breaks a blocking guardrail: EU prior price (1 item).', { exact: false }).waitFor();
    expect(await preview.getByRole('button', { name: 'Create Work Order' }).isDisabled()).toBe(true);
    await preview.getByRole('button', { name: 'Back to Editing' }).click();

    // The server refuses the same order sent directly.
    const refused = callApi(app(), token, 'POST', '/api/work-orders', {
      id: crypto.randomUUID(), title, executeImmediately: true,
      productUpdates: [{ productId: product.id, productName: product.name, newSalePrice: sale }],
    });
    await expect(refused).rejects.toThrow(/: 422 .*"code":"GUARDRAIL".*EU prior price \(1 item\)/);

    // "The 30-day low" sets the regular price to the low: the preview lets it through.
    const bulk = owner.getByRole('region', { name: 'Bulk Adjustment' });
    await bulk.getByLabel('Adjust by').click();
    await owner.getByRole('option', { name: 'The 30-day low (EU prior price)' }).click();
    await bulk.getByRole('button', { name: 'Apply' }).click();
    await owner.getByText('Set the regular price to the 30-day low for 1 product').waitFor({ timeout: 30_000 });
    await expect.poll(() => regular.inputValue()).toBe(before);
    await owner.getByRole('main').getByRole('button', { name: 'Create Work Order' }).click();
    // Once the lows are read: the "was" price is the low where the store was followed (since its first sync), not above it.
    await preview.getByText(`Lowest in the last 30 days unknown: not followed for part of the window (lowest where followed: ${before})`).first()
      .waitFor({ timeout: 30_000 });
    expect(await preview.getByText('Blocks: EU prior price').count()).toBe(0);
    expect(await preview.getByRole('button', { name: 'Create Work Order' }).isDisabled()).toBe(false);
  }, 240_000);
});
