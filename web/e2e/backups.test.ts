/**
 * Catalog pricing backups in a real Chromium (issue 17): a Premium merchant backs up on
 * /backups, runs a 10% work order, compares the backup with now (both prices, and the order
 * that changed them), restores everything through the work-order preview, and sees the order
 * complete on /work-orders with the store's prices back. A Trial merchant sees what backups do
 * and the upgrade button. Both screens pass axe.
 */
import AxeBuilder from '@axe-core/playwright';
import { applyPercent, formatCents, parseMoney } from '@catalog/contracts/money';
import type { ProductListResponse } from '@catalog/contracts/products';
import type { WorkOrder, WorkOrderDetail } from '@catalog/contracts/work-orders';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/app-and-browser';
import { setCompanyPlan } from './support/database';
import { merchantWithCatalog } from './support/merchant';
import { isPath, toast, violationSummary } from './support/page';
import { callApi, storeProduct } from './support/store-api';
import { dismissTour, newCredentials, signUp } from './support/auth';

// A known port for the demo store, so the test can read the prices the store has.
const { app, storeUrl, withPage } = useAppAndBrowser({ storeOnKnownPort: true });

async function expectNoAxeViolations(page: Page, scope?: string): Promise<void> {
  await page.waitForTimeout(400);
  const builder = new AxeBuilder({ page });
  if (scope) builder.include(scope);
  const results = await builder.analyze();
  expect(violationSummary(results.violations)).toEqual([]);
}

async function openBackups(page: Page) {
  await page.getByRole('navigation', { name: 'App' }).getByRole('link', { name: 'Backups', exact: true }).click();
  await page.waitForURL(isPath('/backups'));
  await page.getByRole('heading', { level: 1, name: 'Backups' }).waitFor();
}

describe('backups', () => {
  it('backs up, runs a 10% order, compares, restores, and the store has its prices back', async () => {
    await withPage(async (page) => {
      const { account, token } = await merchantWithCatalog(page, app());
      setCompanyPlan(app(), account.email, 'premium');
      const { products } = await callApi<ProductListResponse>(app(), token, 'GET', '/api/products?limit=50');
      expect(products.length).toBeGreaterThan(0);
      const before = await Promise.all(products.map((p) => storeProduct(storeUrl(), p.id)));

      await page.reload();
      await openBackups(page);
      await page.getByText('Catalog Pilot keeps the last 30 daily backups and every on-demand backup for a year', { exact: false }).waitFor();
      await page.getByRole('button', { name: 'Back up now' }).click();
      await toast(page, 'Backed up').waitFor();
      const list = page.getByRole('table', { name: 'Backups' });
      const manual = list.getByRole('row').filter({ hasText: 'On demand' });
      await manual.waitFor();
      await expect(manual.innerText()).resolves.toMatch(/\w{3} \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M/);
      await expectNoAxeViolations(page);

      // A 10% increase on every product, run by the server.
      const title = `Everything +10% ${Date.now()}`;
      const order = await callApi<WorkOrder>(app(), token, 'POST', '/api/work-orders', {
        title,
        productUpdates: products.map((p) => ({ productId: p.id, productName: p.name, newRegularPrice: formatCents(applyPercent(parseMoney(p.regularPrice), '10')) })),
        executeImmediately: true,
      });
      await expect.poll(async () => (await callApi<WorkOrderDetail>(app(), token, 'GET', `/api/work-orders/${order.id}?itemsLimit=1`)).status, { timeout: 30_000 })
        .toBe('completed');
      for (const [i, p] of products.entries()) {
        expect((await storeProduct(storeUrl(), p.id)).price).not.toBe(before[i]!.price);
      }

      // The list shows the order's own backup; the manual one compared with now shows every product and the order.
      await page.reload();
      await list.getByRole('row').filter({ hasText: `Before a work order: ${title}` }).waitFor();
      await manual.getByRole('button', { name: /^Compare with now\W+the backup of / }).click();
      const compare = page.getByRole('region', { name: /compared with now$/ });
      await compare.getByText(`${products.length} ${products.length === 1 ? 'item differs' : 'items differ'} from now`, { exact: false }).waitFor();
      const differing = compare.getByRole('table', { name: 'Prices that differ' });
      await expect(differing.getByText(`Work order "${title}"`, { exact: false }).count()).resolves.toBe(products.length);
      const first = products[0]!;
      await expect(differing.getByRole('row').filter({ hasText: first.name }).innerText()).resolves.toContain(first.regularPrice);
      await expectNoAxeViolations(page);

      // Restore all: the usual preview, then a work order that runs at once.
      await compare.getByRole('button', { name: 'Restore all' }).click();
      const preview = page.getByRole('dialog', { name: 'Preview the restore' });
      await preview.waitFor();
      await expect(preview.innerText()).resolves.toMatch(/Going down\s+\d+/);
      await expectNoAxeViolations(page, '[role="dialog"]');
      const created = page.waitForResponse((res) => /\/api\/backups\/[^/]+\/restore$/.test(res.url()) && res.request().method() === 'POST');
      await preview.getByRole('button', { name: 'Create Work Order' }).click();
      expect((await created).status()).toBe(201);
      await page.waitForURL(isPath('/work-orders'));
      await toast(page, 'Restore created').waitFor();
      const restore = page.getByRole('article', { name: /^Restore prices from \w{3} \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M$/ });
      await restore.getByText('Completed', { exact: true }).waitFor({ timeout: 30_000 });
      for (const [i, p] of products.entries()) {
        const now = await storeProduct(storeUrl(), p.id);
        expect({ price: now.price, sale: now.sale_price }).toEqual({ price: before[i]!.price, sale: before[i]!.sale_price });
      }
      // It can be undone like any other order.
      await expect(restore.getByRole('button', { name: 'Undo' }).isVisible()).resolves.toBe(true);
    });
  }, 180_000);

  it('shows a Trial merchant what backups do and the upgrade to Premium', async () => {
    await withPage(async (page) => {
      await signUp(page, newCredentials());
      await dismissTour(page);
      await openBackups(page);
      await page.getByText('Backups are part of the Premium plan; your company is on the Trial plan.').waitFor();
      const upgrade = page.getByRole('link', { name: 'Upgrade to Premium' });
      await expect(upgrade.getAttribute('href')).resolves.toBe('/subscription?upgrade=premium');
      await expectNoAxeViolations(page);
      await upgrade.click();
      await page.waitForURL((url) => url.pathname === '/subscription');
      await page.getByRole('dialog', { name: 'Upgrade to Premium?' }).waitFor();
    });
  }, 120_000);
});
