/**
 * Work orders with the connection coming and going, as a merchant on a tablet lives it: the last
 * known orders after an offline reload; an order drafted offline that survives a closed page, is
 * submitted offline (queued, "Waiting for connection") and is created exactly once, and runs,
 * when the connection returns; a response lost on the way, whose replay finds the first order;
 * and a queued order the server refuses for good, shown with its message and editable again.
 */
import AxeBuilder from '@axe-core/playwright';
import type { ProductListResponse, Product } from '@catalog/contracts/products';
import type { WorkOrderListResponse } from '@catalog/contracts/work-orders';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/app-and-browser';
import { DESKTOP } from './support/browser';
import { allowConsoleErrors, allowOfflineRequests } from './support/console-errors';
import { goOffline } from './support/network';
import { merchantWithCatalog } from './support/merchant';
import { isPath, violationSummary } from './support/page';
import { callApi, DEMO_STORE, storeProduct, syncCatalog } from './support/store-api';

// A known port for the demo store, so the test can read (and change) what the store has.
const { app, storeUrl, withPage } = useAppAndBrowser({ storeOnKnownPort: true });

/** A new merchant with the demo store connected and synced; returns their token and products. */
async function merchantWithProducts(page: Page): Promise<{ token: string; products: Product[] }> {
  const { token } = await merchantWithCatalog(page, app());
  const { products } = await callApi<ProductListResponse>(app(), token, 'GET', '/api/products?limit=50');
  expect(products.length).toBeGreaterThan(1);
  return { token, products };
}

/** The orders the server has, archived ones included. */
/** The company's orders (a test makes a few: one page holds them). */
const serverOrders = async (token: string) => (await callApi<WorkOrderListResponse>(app(), token, 'GET', '/api/work-orders?includeArchived=true&limit=100')).orders;

/** A regular price the product does not have yet. */
const newPrice = (product: Product) => (Number(product.regularPrice) + 1.11).toFixed(2);

const card = (page: Page, title: string) => page.getByRole('article', { name: title });
const draftsSection = (page: Page) => page.getByRole('region', { name: 'Drafts' });

/** Waits for the create form's picker to list the catalog. */
async function waitForPicker(page: Page, total: number): Promise<void> {
  await page.getByRole('heading', { level: 1, name: 'Create Work Order' }).waitFor();
  await page.getByText(`Showing ${total} of ${total} products`).waitFor({ timeout: 30_000 });
}

/** Fills the form: a title, one product and its new regular price. */
async function draftOrder(page: Page, title: string, product: Product, price: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Title' }).fill(title);
  await page.getByRole('list', { name: 'Products' }).getByRole('checkbox', { name: product.name, exact: true }).check();
  await page.getByText('1 product selected').waitFor();
  await page.getByRole('textbox', { name: `New regular price of ${product.name}`, exact: true }).fill(price);
}

/** Create Work Order, then the preview's confirmation. */
async function submitOrder(page: Page): Promise<void> {
  await page.getByRole('main').getByRole('button', { name: 'Create Work Order' }).click();
  const preview = page.getByRole('dialog', { name: 'Preview Work Order' });
  await preview.waitFor();
  await preview.getByRole('button', { name: 'Create Work Order' }).click();
  await page.waitForURL(isPath('/work-orders'));
}

/** A store of the page's local database, read straight from IndexedDB: its rows, or how many. */
async function readLocal<T>(page: Page, store: string, op: 'getAll' | 'count', empty: T): Promise<T> {
  return (await page.evaluate(
    async ({ store, op, empty }) => {
      const info = (await indexedDB.databases()).find((d) => d.name?.startsWith('catalog-'));
      if (!info?.name) return empty;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const req = indexedDB.open(info.name!);
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
      try {
        if (!db.objectStoreNames.contains(store)) return empty;
        return await new Promise<T>((resolve) => {
          const req = db.transaction(store).objectStore(store)[op]();
          req.onsuccess = () => resolve(req.result as T);
        });
      } finally {
        db.close();
      }
    },
    { store, op, empty },
  )) as T;
}

/** The drafts in the page's local database. */
const storedDrafts = (page: Page) => readLocal<Array<{ id: string; title: string; productCount: number; state: unknown }>>(page, 'drafts', 'getAll', []);

/**
 * Waits until the page's device holds `count` products: the screens show before the session is
 * restored (decision 041), so a page may be on screen before its first pull has even asked.
 */
async function pulledToDevice(page: Page, count: number): Promise<void> {
  // Products are stored in chunks of consecutive ids (decision 058): count the ids they hold.
  const held = async () => (await readLocal<Array<{ ids: number[] }>>(page, 'chunks', 'getAll', [])).reduce((n, c) => n + c.ids.length, 0);
  await expect.poll(held, { timeout: 30_000 }).toBe(count);
}

async function expectNoAxeViolations(page: Page): Promise<void> {
  // Let transitions (modals, toasts) settle before colours are checked.
  await page.waitForTimeout(400);
  const results = await new AxeBuilder({ page }).analyze();
  expect(violationSummary(results.violations)).toEqual([]);
}

/** The service worker controls the page (a reload after it is ready), so the app shell and its screens load offline. */
async function underServiceWorker(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

describe('offline work orders', () => {
  it('shows the last known orders after an offline reload, with their actions waiting for the connection', async () => {
    await withPage(async (page, context) => {
      const { token, products } = await merchantWithProducts(page);
      const product = products[0]!;
      await callApi(app(), token, 'POST', '/api/work-orders', {
        title: 'Next year',
        productUpdates: [{ productId: product.id, productName: product.name, newRegularPrice: '99.00' }],
        scheduledAt: new Date(Date.now() + 365 * 86_400_000).toISOString(),
        executeImmediately: false,
      });

      await page.goto('/work-orders');
      await card(page, 'Next year').getByText('Pending', { exact: true }).waitFor();
      await underServiceWorker(page);
      await card(page, 'Next year').waitFor();

      await context.setOffline(true);
      allowOfflineRequests();
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Work Orders' }).waitFor();
      await card(page, 'Next year').getByText('Pending', { exact: true }).waitFor();
      // Chromium's offline emulation does not reach a page loaded while offline (its
      // navigator.onLine says true there): the app then learns it from requests that get no
      // answer, and says the server cannot be reached.
      await page.getByText(/^(You are offline|The server cannot be reached)\. Showing the orders as last seen at \d{1,2}:\d{2} (AM|PM)\.$/).waitFor();
      await expect(page.getByText('Could not load your work orders').count()).resolves.toBe(0);
      const remove = card(page, 'Next year').getByRole('button', { name: 'Delete' });
      await expect(remove.getAttribute('aria-disabled')).resolves.toBe('true');
      await expectNoAxeViolations(page);
      await remove.hover();
      await page.getByRole('tooltip').getByText('You are offline. This needs a connection to the server.').waitFor();

      await context.setOffline(false);
      // The browser's online event, or the app's next probe of the server (at most 10 s apart).
      await expect.poll(() => page.getByText(/Showing the orders as last seen/).count(), { timeout: 20_000 }).toBe(0);
      await expect(remove.getAttribute('aria-disabled')).resolves.toBe(null);
    });
  }, 180_000);

  it('drafts offline, keeps the draft across a closed page, queues it, and creates it exactly once when back online', async () => {
    await withPage(async (page, context) => {
      const { token, products } = await merchantWithProducts(page);
      const product = products[0]!;
      const price = newPrice(product);
      const title = `Offline draft ${Date.now()}`;

      await page.goto('/work-orders');
      await page.getByRole('heading', { level: 1, name: 'Work Orders' }).waitFor();
      await underServiceWorker(page);
      await pulledToDevice(page, products.length);

      await goOffline(context);
      // The header's button (the empty list offers one too).
      await page.getByRole('main').getByRole('link', { name: 'Create Work Order' }).first().click();
      await waitForPicker(page, products.length);
      await draftOrder(page, title, product, price);
      // Saved on the device: the address names the draft, and it holds the price.
      await page.waitForURL((url) => url.pathname === '/work-orders/create' && url.searchParams.has('draft'));
      const draftId = new URL(page.url()).searchParams.get('draft')!;
      await expect
        .poll(async () => (await storedDrafts(page)).find((d) => d.id === draftId && d.productCount === 1 && JSON.stringify(d.state).includes(price))?.title)
        .toBe(title);
      await page.close();

      // A new page, still offline: the draft is listed and opens with what was typed.
      allowOfflineRequests();
      const next = await context.newPage();
      await next.goto('/work-orders');
      const drafts = draftsSection(next);
      await drafts.getByText(title).waitFor({ timeout: 30_000 });
      await drafts.getByText(/1 product · Last edited/).waitFor();
      await drafts.getByRole('link', { name: `Open draft ${title}` }).click();
      await next.waitForURL((url) => url.searchParams.get('draft') === draftId);
      await expect(next.getByRole('textbox', { name: 'Title' }).inputValue()).resolves.toBe(title);
      await expect(next.getByRole('textbox', { name: `New regular price of ${product.name}`, exact: true }).inputValue()).resolves.toBe(price);

      await submitOrder(next);
      const queued = card(next, title);
      await queued.getByText('Waiting for connection').waitFor();
      await next.getByText('Work order queued').waitFor();
      await expect(draftsSection(next).count()).resolves.toBe(0);
      await expectNoAxeViolations(next);
      expect((await serverOrders(token)).filter((o) => o.title === title)).toHaveLength(0);

      await context.setOffline(false);
      await queued.getByText('Completed', { exact: true }).waitFor({ timeout: 45_000 });
      // The draft's id is the order's idempotency key (the server gives the order its own id, and
      // does not list the key): exactly one order with this title.
      const created = await serverOrders(token);
      expect(created.filter((o) => o.title === title)).toHaveLength(1);
      expect((await storeProduct(storeUrl(), product.id)).price).toBe(Number(price));
      await expect(next.getByText('Waiting for connection').count()).resolves.toBe(0);
    });
  }, 240_000);

  it('replays a submission whose response was lost without creating a second order', async () => {
    await withPage(
      async (page) => {
        const { token, products } = await merchantWithProducts(page);
        const product = products[1]!;
        const price = newPrice(product);
        const title = `Lost answer ${Date.now()}`;
        const posts: number[] = [];
        // The first POST reaches the server (which creates the order), but its answer never arrives.
        await page.route('**/api/work-orders', async (route) => {
          if (route.request().method() !== 'POST') return route.continue();
          posts.push(Date.now());
          if (posts.length === 1) {
            const response = await route.fetch();
            expect(response.status()).toBe(201);
            // The lost answer, as Chromium logs it: this test's doing.
            allowConsoleErrors(/^Failed to load resource: net::ERR_FAILED \[\S+\/api\/work-orders:0\]/);
            return route.abort('failed');
          }
          return route.continue();
        });

        await page.goto('/work-orders/create');
        await waitForPicker(page, products.length);
        await draftOrder(page, title, product, price);
        await submitOrder(page);
        // The outbox sends it again (same id, same Idempotency-Key) after its backoff.
        await expect.poll(() => posts.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
        await card(page, title).getByText('Completed', { exact: true }).waitFor({ timeout: 45_000 });
        await expect(page.getByText('Waiting for connection').count()).resolves.toBe(0);

        const orders = (await serverOrders(token)).filter((o) => o.title === title);
        expect(orders).toHaveLength(1);
        await expect(card(page, title).count()).resolves.toBe(1);
        expect((await storeProduct(storeUrl(), product.id)).price).toBe(Number(price));
      },
      { serviceWorkers: 'block' },
    );
  }, 180_000);

  it("keeps a queued order the server refuses for good, with the server's message, and edits it again", async () => {
    await withPage(
      async (page, context) => {
        const { token, products } = await merchantWithProducts(page);
        const product = products[2] ?? products[0]!;
        const price = newPrice(product);
        const title = `Refused ${Date.now()}`;

        await page.goto('/work-orders/create');
        await underServiceWorker(page);
        await waitForPicker(page, products.length);
        // The shell's first requests (user, settings, dashboard, the catalog's pull) answered: on a
        // slow machine they may still be on their way here, and going offline would cut them.
        await goOffline(context);
        await draftOrder(page, title, product, price);
        await submitOrder(page);
        await card(page, title).getByText('Waiting for connection').waitFor();

        // Meanwhile the product leaves the store, and the server's catalog with it.
        const removed = await fetch(`${storeUrl()}/stores/${DEMO_STORE.storeHash}/v3/catalog/products/${product.id}`, {
          method: 'DELETE',
          headers: { 'X-Auth-Token': DEMO_STORE.accessToken, Accept: 'application/json' },
        });
        expect(removed.status).toBe(204);
        await syncCatalog(app(), token);

        // The server refuses the queued order for good (its product is gone: 404), which only
        // sending it could find out; Chromium logs the answer.
        allowConsoleErrors(/^Failed to load resource: the server responded with a status of 404 \(Not Found\) \[\S+\/api\/work-orders:0\]/);
        await context.setOffline(false);
        const refused = card(page, title);
        await refused.getByText('The server did not accept this work order').waitFor({ timeout: 30_000 });
        await refused.getByText(`Product ${product.id} was not found in your catalog`, { exact: false }).waitFor();
        expect((await serverOrders(token)).filter((o) => o.title === title)).toHaveLength(0);
        await expectNoAxeViolations(page);
        // The refused card fits a 360 px phone.
        await page.setViewportSize({ width: 360, height: 800 });
        await expect
          .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
          .toBeLessThanOrEqual(0);
        await page.setViewportSize(DESKTOP);

        // Still there after a reload: kept until the merchant fixes or discards it.
        await page.reload();
        await refused.getByText('Not created', { exact: true }).waitFor();

        await refused.getByRole('button', { name: 'Edit' }).click();
        await page.waitForURL((url) => url.pathname === '/work-orders/create' && url.searchParams.has('draft'));
        await expect(page.getByRole('textbox', { name: 'Title' }).inputValue()).resolves.toBe(title);
        await expect(page.getByRole('textbox', { name: `New regular price of ${product.name}`, exact: true }).inputValue()).resolves.toBe(price);

        // Back on the list it is a draft again, no longer a refused order.
        await page.getByRole('button', { name: 'Cancel' }).click();
        await page.waitForURL(isPath('/work-orders'));
        await draftsSection(page).getByText(title).waitFor();
        await expect(card(page, title).count()).resolves.toBe(0);
        await expectNoAxeViolations(page);
        await page.setViewportSize({ width: 360, height: 800 });
        await expect
          .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
          .toBeLessThanOrEqual(0);
      },
    );
  }, 180_000);
});
