/**
 * Issue 19 in a real Chromium, two people in two browser profiles: the owner turns on "Work
 * orders by members need approval" on /settings, a member creates an order (it waits, "Awaiting
 * approval"), the owner sees it first with a count on the sidebar, approves it, and the member
 * sees it complete, the store's price following. And a blocking guardrail: the owner makes
 * "Price of 0.00" blocking and previews an order setting a price to 0.00: the preview names the
 * rule and will not create it; the server refuses the same order (422 GUARDRAIL) sent directly.
 */
import AxeBuilder from '@axe-core/playwright';
import type { ProductListResponse } from '@catalog/contracts/products';
import type { WorkOrder, WorkOrderListResponse } from '@catalog/contracts/work-orders';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/app-and-browser';
import { dismissTour, newCredentials, signUp } from './support/auth';
import { DESKTOP } from './support/browser';
import { joinCompany, setCompanyPlan } from './support/database';
import { merchantWithCatalog } from './support/merchant';
import { isPath, violationSummary } from './support/page';
import { callApi, idTokenFor, storeProduct } from './support/store-api';

const { app, browser, storeUrl } = useAppAndBrowser({ storeOnKnownPort: true });
const contexts: BrowserContext[] = [];

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => {});
});

/** A browser profile of its own (one per person). */
async function person(): Promise<Page> {
  const context = await browser().newContext({ baseURL: app().url, viewport: DESKTOP, colorScheme: 'light' });
  contexts.push(context);
  return context.newPage();
}

const card = (page: Page, title: string) => page.getByRole('article', { name: title });
const workOrderSettings = (page: Page) => page.getByRole('region', { name: 'Work orders' });

async function expectNoAxeViolations(page: Page): Promise<void> {
  await page.waitForTimeout(400);
  const results = await new AxeBuilder({ page }).analyze();
  expect(violationSummary(results.violations)).toEqual([]);
}

describe('approvals and blocking guardrails', () => {
  it('a member\u2019s order waits until the owner approves it, then runs; the member sees it complete', async () => {
    const owner = await person();
    const { account: ownerAccount, token: ownerToken } = await merchantWithCatalog(owner, app());
    setCompanyPlan(app(), ownerAccount.email, 'premium');

    const member = await person();
    const memberAccount = newCredentials();
    await signUp(member, memberAccount);
    await dismissTour(member);
    joinCompany(app(), memberAccount.email, ownerAccount.email, 'member');

    // The owner turns approvals on.
    await owner.goto('/settings');
    const settings = workOrderSettings(owner);
    const approval = settings.getByRole('switch', { name: 'Work orders by members need approval' });
    await expect.poll(() => approval.isEnabled(), { timeout: 15_000 }).toBe(true);
    await approval.check({ force: true });
    await settings.getByRole('button', { name: 'Save work order settings' }).click();
    await owner.getByText('Work order settings saved').waitFor();
    await expectNoAxeViolations(owner);

    // The member makes an order: it waits.
    const { products } = await callApi<ProductListResponse>(app(), ownerToken, 'GET', '/api/products?limit=1');
    const product = products[0]!;
    const next = (Number(product.regularPrice) + 1).toFixed(2);
    const memberToken = await idTokenFor(app(), memberAccount);
    const title = `Member raise ${Date.now()}`;
    const created = await callApi<WorkOrder>(app(), memberToken, 'POST', '/api/work-orders', {
      title, productUpdates: [{ productId: product.id, productName: product.name, newRegularPrice: next }], executeImmediately: true,
    });
    expect(created.status).toBe('awaiting_approval');
    await member.goto('/work-orders');
    await card(member, title).getByText('Awaiting approval', { exact: true }).waitFor({ timeout: 15_000 });
    await expect(card(member, title).getByRole('button', { name: 'Approve' }).count()).resolves.toBe(0);
    expect((await storeProduct(storeUrl(), product.id)).price).toBe(Number(product.regularPrice));

    // The owner sees it first, counted on the sidebar, and approves it.
    await owner.goto('/work-orders');
    const nav = owner.getByRole('navigation', { name: 'App' });
    await nav.getByRole('link', { name: /Work Orders.*1 awaiting approval/ }).waitFor({ timeout: 15_000 });
    await expect(owner.getByRole('article').first().getAttribute('aria-labelledby')).resolves.toBeTruthy();
    await expect(owner.getByRole('article').first().getByRole('heading').innerText()).resolves.toBe(title);
    await expectNoAxeViolations(owner);
    await card(owner, title).getByRole('button', { name: 'Approve' }).click();
    const confirm = owner.getByRole('dialog', { name: 'Approve work order' });
    await confirm.getByRole('button', { name: 'Approve' }).click();
    await owner.getByText('Work order approved').waitFor();

    // The member's list refreshes itself: they are told (a toast), then it completes, approved
    // by the owner; the store follows.
    await member.getByText(new RegExp(`^“${title}” was approved by`)).waitFor({ timeout: 30_000 });
    const mine = card(member, title);
    await mine.getByText('Completed', { exact: true }).waitFor({ timeout: 30_000 });
    await mine.getByText(/^Approved by /).waitFor();
    expect((await storeProduct(storeUrl(), product.id)).price).toBe(Number(next));
    await expectNoAxeViolations(member);
  }, 240_000);

  it('refuses an order that breaks a blocking guardrail, naming the rule', async () => {
    const owner = await person();
    const { token } = await merchantWithCatalog(owner, app());
    await owner.goto('/settings');
    const settings = workOrderSettings(owner);
    const zero = settings.getByRole('checkbox', { name: 'Price of 0.00' });
    await expect.poll(() => zero.isEnabled(), { timeout: 15_000 }).toBe(true);
    await zero.check();
    await settings.getByRole('button', { name: 'Save work order settings' }).click();
    await owner.getByText('Work order settings saved').waitFor();

    const { products, total } = await callApi<ProductListResponse>(app(), token, 'GET', '/api/products?limit=1');
    const product = products[0]!;
    await owner.goto('/work-orders/create');
    await owner.getByText(`Showing ${total} of ${total} products`).waitFor({ timeout: 30_000 });
    const title = `Free ${Date.now()}`;
    await owner.getByRole('textbox', { name: 'Title' }).fill(title);
    await owner.getByRole('list', { name: 'Products' }).getByRole('checkbox', { name: product.name, exact: true }).check();
    await owner.getByRole('textbox', { name: `New regular price of ${product.name}`, exact: true }).fill('0.00');
    await owner.getByRole('main').getByRole('button', { name: 'Create Work Order' }).click();
    const preview = owner.getByRole('dialog', { name: 'Preview Work Order' });
    await preview.waitFor();
    // The device checks the whole order before anything is sent: the preview names the rule and
    // its count, and will not create the order.
    await preview.getByText('This order breaks a blocking guardrail: Price of 0.00 (1 item).', { exact: false }).waitFor();
    await preview.getByText('Blocks: Price of 0.00').first().waitFor();
    expect(await preview.getByRole('button', { name: 'Create Work Order' }).isDisabled()).toBe(true);
    await preview.getByRole('button', { name: 'Back to Editing' }).click();
    expect(isPath('/work-orders/create')(new URL(owner.url()))).toBe(true);
    // The server refuses it too (a client that skips the check): 422 GUARDRAIL naming the item and rule.
    const refused = callApi(app(), token, 'POST', '/api/work-orders', {
      id: crypto.randomUUID(), title, executeImmediately: true,
      productUpdates: [{ productId: product.id, productName: product.name, newRegularPrice: '0.00' }],
    });
    await expect(refused).rejects.toThrow(/: 422 .*"code":"GUARDRAIL".*Price of 0\.00 \(1 item\)\..*"productUpdates\.0":"Price of 0\.00"/);
    const { orders: listed } = await callApi<WorkOrderListResponse>(app(), token, 'GET', '/api/work-orders?limit=100');
    expect(listed.filter((o) => o.title === title)).toHaveLength(0);
    expect((await storeProduct(storeUrl(), product.id)).price).toBe(Number(product.regularPrice));
  }, 180_000);
});
