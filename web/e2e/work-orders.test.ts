/**
 * Work orders, as a merchant runs one: connect the demo store and sync, then on
 * /work-orders/create pick a category, select what it shows, raise regular prices by 10%,
 * preview (old -> new), create, watch the order complete on /work-orders (auto-refresh) with the
 * store's prices following, and undo it, the store's prices back. Both screens pass axe scans,
 * and fit a 360 px phone.
 */
import AxeBuilder from '@axe-core/playwright';
import { applyPercent, formatCents, parseMoney } from '@catalog/contracts/money';
import type { ProductListResponse } from '@catalog/contracts/products';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/app-and-browser';
import { merchantWithCatalog } from './support/merchant';
import { chooseOption, isPath, violationSummary } from './support/page';
import { callApi, storeProduct } from './support/store-api';

// A known port for the demo store, so the test can read the prices the store has.
const { app, storeUrl, withPage } = useAppAndBrowser({ storeOnKnownPort: true });

/** A category that holds two of the trial's five products (in two of its subcategories). */
const CATEGORY = 'Pet Supplies';

/** Opens the create screen (a fresh load pulls the new catalog) and waits for the picker's rows. */
async function openCreateScreen(page: Page, expectedTotal: number): Promise<void> {
  await page.goto('/work-orders/create');
  await page.getByRole('heading', { level: 1, name: 'Create Work Order' }).waitFor();
  await page.getByText(`Showing ${expectedTotal} of ${expectedTotal} products`).waitFor({ timeout: 30_000 });
}

async function pickCategory(page: Page, category: string): Promise<void> {
  await chooseOption(page, page.getByRole('textbox', { name: 'Category' }), category, { type: true });
}

const card = (page: Page, title: string) => page.getByRole('article', { name: title });

async function expectNoAxeViolations(page: Page, scope?: string): Promise<void> {
  // Let transitions (modals, toasts) settle before colours are checked.
  await page.waitForTimeout(400);
  const builder = new AxeBuilder({ page });
  if (scope) builder.include(scope);
  const results = await builder.analyze();
  expect(violationSummary(results.violations)).toEqual([]);
}

describe('work orders', () => {
  it('creates an order with a 10% increase on a category, previews it, watches it complete and undoes it', async () => {
    await withPage(async (page) => {
      const { token } = await merchantWithCatalog(page, app());
      const { products, total } = await callApi<ProductListResponse>(
        app(),
        token,
        'GET',
        `/api/products?category=${encodeURIComponent(CATEGORY)}&limit=50`,
      );
      expect(products.length).toBeGreaterThanOrEqual(2);
      const expected = products.map((p) => ({
        id: p.id,
        name: p.name,
        old: p.regularPrice,
        next: formatCents(applyPercent(parseMoney(p.regularPrice), '10')),
      }));
      const all = await callApi<ProductListResponse>(app(), token, 'GET', '/api/products?limit=50');

      await openCreateScreen(page, all.total);
      const title = `Cats +10% ${Date.now()}`;
      await page.getByRole('textbox', { name: 'Title' }).fill(title);
      await pickCategory(page, CATEGORY);
      await page.getByText(`Showing ${total} of ${total} products`).waitFor();
      await page.getByRole('button', { name: 'Select All Visible' }).click();
      await page.getByText(`${total} products selected`).waitFor();

      // Regular price, percentage, increase are the defaults.
      await page.getByRole('textbox', { name: 'Percentage', exact: true }).fill('10');
      await page.getByRole('button', { name: 'Apply', exact: true }).click();
      await page.getByText(`Applied 10% increase to ${total} products`).waitFor();
      await expectNoAxeViolations(page);

      await page.getByRole('main').getByRole('button', { name: 'Create Work Order' }).click();
      const preview = page.getByRole('dialog', { name: 'Preview Work Order' });
      await preview.waitFor();
      for (const { name, old, next } of expected) {
        const row = preview.getByRole('row', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} Regular`) });
        await expect(row.innerText()).resolves.toMatch(new RegExp(`${old.replace('.', '\\.')}\\s+${next.replace('.', '\\.')}`));
      }
      await expect(preview.innerText()).resolves.toMatch(/Going up\s+\d+/);
      await expectNoAxeViolations(page, '[role="dialog"]');

      const created = page.waitForResponse((res) => res.url().endsWith('/api/work-orders') && res.request().method() === 'POST');
      await preview.getByRole('button', { name: 'Create Work Order' }).click();
      expect((await created).status()).toBe(201);
      await page.waitForURL(isPath('/work-orders'));
      await page.getByText('Work order created successfully').waitFor();

      // The list refreshes itself every 5 seconds: no reload, no click.
      const order = card(page, title);
      await order.getByText('Completed', { exact: true }).waitFor({ timeout: 30_000 });
      await expect(order.innerText()).resolves.toContain(`${total} products`);
      for (const { id, next } of expected) {
        expect((await storeProduct(storeUrl(), id)).price).toBe(Number(next));
      }
      await expectNoAxeViolations(page);

      // The completed order made the local catalog pull: the picker shows the new prices
      // without a reload (client-side navigation).
      await page.getByRole('main').getByRole('link', { name: 'Create Work Order' }).click();
      await page.getByRole('heading', { level: 1, name: 'Create Work Order' }).waitFor();
      await pickCategory(page, CATEGORY);
      for (const { name, next } of expected) {
        await page.getByRole('listitem').filter({ hasText: name }).getByText(next, { exact: true }).waitFor();
      }
      await page.getByRole('button', { name: 'Cancel' }).click();
      await page.waitForURL(isPath('/work-orders'));

      await order.getByRole('button', { name: 'Undo' }).click();
      const confirm = page.getByRole('dialog', { name: 'Undo work order' });
      // The safe undo's preview: the store still has every price the order set, so all go back.
      await confirm.getByText(/^\d+ will be restored$/).waitFor();
      await confirm.getByRole('button', { name: 'Undo' }).click();
      await page.getByText('Undoing work order').waitFor();
      await order.getByText('Undone', { exact: true }).waitFor({ timeout: 30_000 });
      await order.getByText(/^Undone: \d+ restored ·/).waitFor();
      for (const { id, old } of expected) {
        expect((await storeProduct(storeUrl(), id)).price).toBe(Number(old));
      }
      // Undone orders offer only Archive.
      await expect(order.getByRole('button').allInnerTexts()).resolves.toEqual(['Archive']);

      // An order created elsewhere shows up with the next refresh, and the sidebar counts it.
      const nav = page.getByRole('navigation', { name: 'App' });
      await expect(nav.getByText('pending').count()).resolves.toBe(0);
      await callApi(app(), token, 'POST', '/api/work-orders', {
        title: 'Next month',
        productUpdates: [{ productId: expected[0]!.id, productName: expected[0]!.name, newRegularPrice: '1.00' }],
        scheduledAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
        executeImmediately: false,
      });
      const scheduled = card(page, 'Next month');
      await scheduled.getByText('Pending', { exact: true }).waitFor({ timeout: 15_000 });
      await nav.getByRole('link', { name: /^Work Orders\s*1 pending$/ }).waitFor();
      await scheduled.getByRole('button', { name: 'Delete' }).click();
      const remove = page.getByRole('dialog', { name: 'Delete work order' });
      await remove.getByText('Are you sure you want to delete this work order?').waitFor();
      await remove.getByRole('button', { name: 'Delete' }).click();
      await scheduled.waitFor({ state: 'detached' });
      await nav.getByRole('link', { name: 'Work Orders', exact: true }).waitFor();
    });
  }, 180_000);

  it('fits a 360 px phone and passes axe in the dark scheme, with an order listed', async () => {
    await withPage(
      async (page) => {
        const { token } = await merchantWithCatalog(page, app());
        const { products } = await callApi<ProductListResponse>(app(), token, 'GET', '/api/products?limit=1');
        const product = products[0]!;
        // Scheduled orders far ahead stay pending, so their cards show Archive and Delete.
        const schedule = (title: string) =>
          callApi<{ id: string }>(app(), token, 'POST', '/api/work-orders', {
            title,
            productUpdates: [{ productId: product.id, productName: product.name, newRegularPrice: '99.00' }],
            scheduledAt: new Date(Date.now() + 365 * 86_400_000).toISOString(),
            executeImmediately: false,
          });
        await schedule('Next year');
        const old = await schedule('Shelved');
        await callApi(app(), token, 'PATCH', `/api/work-orders/${old.id}/archive`);

        await page.goto('/work-orders');
        await card(page, 'Next year').getByText('Pending', { exact: true }).waitFor();
        await expect(card(page, 'Next year').getByRole('button').allInnerTexts()).resolves.toEqual(['Set end', 'Archive', 'Delete']);
        await expect(card(page, 'Shelved').count()).resolves.toBe(0);
        await page.getByRole('button', { name: 'Show Archived' }).click();
        await card(page, 'Shelved').getByText('Archived', { exact: true }).waitFor();
        const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(await overflow()).toBeLessThanOrEqual(0);
        await expectNoAxeViolations(page);

        await openCreateScreen(page, 5);
        await page.getByRole('list', { name: 'Products' }).getByRole('checkbox').first().check();
        await page.getByText('1 product selected').waitFor();
        expect(await overflow()).toBeLessThanOrEqual(0);
        await expectNoAxeViolations(page);
      },
      { viewport: { width: 360, height: 800 }, colorScheme: 'dark' },
    );
  }, 120_000);

  it('shows the guardrail flags of the whole order in the preview, filters to the flagged rows and explains a row (issue 19)', async () => {
    await withPage(async (page) => {
      const { token } = await merchantWithCatalog(page, app());
      const { products, total } = await callApi<ProductListResponse>(app(), token, 'GET', `/api/products?category=${encodeURIComponent(CATEGORY)}&limit=50`);
      expect(products.length).toBeGreaterThanOrEqual(2);
      const all = await callApi<ProductListResponse>(app(), token, 'GET', '/api/products?limit=50');
      await openCreateScreen(page, all.total);
      await page.getByRole('textbox', { name: 'Title' }).fill(`Guardrails ${Date.now()}`);
      await pickCategory(page, CATEGORY);
      await page.getByText(`Showing ${total} of ${total} products`).waitFor();
      await page.getByRole('button', { name: 'Select All Visible' }).click();
      await page.getByText(`${total} products selected`).waitFor();

      // +10%, rounded up to .99: no flag. Then one price typed as 0.00: a zero price, a large change.
      await page.getByRole('textbox', { name: 'Percentage', exact: true }).fill('10');
      await page.getByRole('textbox', { name: 'Round to' }).click();
      await page.getByRole('option', { name: 'Ending .99' }).click();
      await page.locator('label').filter({ hasText: /^Up$/ }).click();
      await page.getByRole('button', { name: 'Apply', exact: true }).click();
      await page.getByText(`Applied 10% increase to ${total} products, rounded up to .99`).waitFor();
      const [zeroed, raised] = products;
      await page.getByRole('textbox', { name: `New regular price of ${zeroed!.name}`, exact: true }).fill('0.00');

      await page.getByRole('main').getByRole('button', { name: 'Create Work Order' }).click();
      const preview = page.getByRole('dialog', { name: 'Preview Work Order' });
      await preview.getByText('Guardrails: 1 item flagged').waitFor();
      const flags = preview.getByRole('list', { name: 'Guardrail flags' });
      await flags.getByText('Price of 0.00: 1 item').waitFor();
      await flags.getByText('Change over 50%: 1 item').waitFor();
      const rows = preview.locator('tbody tr');
      const before = await rows.count();
      expect(before).toBeGreaterThan(1);
      const flagged = rows.filter({ hasText: 'Price of 0.00' });
      await expect(flagged.count()).resolves.toBe(1);
      await expect(flagged.innerText()).resolves.toMatch(new RegExp(`^${zeroed!.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s`));
      await expectNoAxeViolations(page, '[role="dialog"]');

      await preview.getByRole('checkbox', { name: 'Only flagged' }).check();
      await expect(rows.count()).resolves.toBe(1);
      await expect(rows.first().innerText()).resolves.toContain(zeroed!.name);

      await preview.getByRole('checkbox', { name: 'Only flagged' }).uncheck();
      await preview.getByRole('button', { name: new RegExp(`^Why is the new regular price of ${raised!.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} `) }).click();
      const next = formatCents(applyPercent(parseMoney(raised!.regularPrice), '10'));
      await page.getByText(`Before rounding: ${next}`).waitFor();
      await page.getByText('Rounding: Rounded up to .99').waitFor();
      // Escape closes the explanation, not the preview.
      await page.keyboard.press('Escape');
      await page.getByText('Rounding: Rounded up to .99').waitFor({ state: 'hidden' });
      await preview.getByRole('button', { name: 'Back to Editing' }).click();
      await preview.waitFor({ state: 'hidden' });
    });
  });
});
