/**
 * Installed from BigCommerce (issue 34), in the demo store's control panel as a merchant would:
 * install (consent, then the app signed in inside the panel's iframe, its products synced),
 * load as the staff user (a member), remove that user, uninstall (a pending order stopped with
 * the reason, the token gone), install again (the data back), and open the app in a window of
 * its own, signed in by a one-time code. `npm start` registers the local app with both sides.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FrameLocator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { UNINSTALLED_REASON } from '@catalog/contracts/bigcommerce-app';
import type { ProductListResponse } from '@catalog/contracts/products';
import type { WorkOrderDetail } from '@catalog/contracts/work-orders';
import { useAppAndBrowser } from './support/app-and-browser';
import { callApi } from './support/store-api';

const { app, withPage, storeUrl } = useAppAndBrowser({ storeOnKnownPort: true });

const CLIENT_ID = 'catalog-pilot-local';
const OWNER = { id: 1001, email: 'owner@demo.demo-store.test' };

/** The control panel's page for the owner (or the staff user). */
const panel = (page: Page, as: 'owner' | 'staff' = 'owner', action = '') => page.goto(`${storeUrl()}/manage${action}?store=demo&as=${as}`);

/** The app in the control panel's iframe, signed in: its products screen, with the tour skipped. */
async function productsIn(frame: FrameLocator): Promise<void> {
  const tour = frame.getByRole('dialog').filter({ hasText: 'Skip tour' });
  await tour.getByRole('button', { name: 'Skip tour' }).click({ timeout: 60_000 });
  await tour.waitFor({ state: 'hidden' });
  await frame.getByRole('link', { name: 'Products' }).first().click();
  await frame.getByRole('heading', { level: 1, name: 'Products' }).waitFor();
}

/** An ID token for the store owner, as the control panel would sign them in (a load's payload, the code, the custom token). */
async function ownerToken(): Promise<string> {
  const secret = readFileSync(path.join(app().dataDir, 'bigcommerce-app-secret'), 'utf8').trim();
  const now = Math.floor(Date.now() / 1000);
  const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const body = `${b64({ typ: 'JWT', alg: 'HS256' })}.${b64({
    aud: CLIENT_ID, iss: 'bc', iat: now, nbf: now, exp: now + 3600, jti: randomUUID(), sub: 'stores/demo',
    user: { ...OWNER, locale: 'en-US' }, owner: OWNER, url: '/', channel_id: null,
  })}`;
  const jwt = `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
  const load = await fetch(`${app().url}/bigcommerce/load?signed_payload_jwt=${jwt}`, { redirect: 'manual' });
  const code = (load.headers.get('location') ?? '').split('#code=')[1];
  const signIn = await fetch(`${app().url}/api/bigcommerce/sign-in`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ code }) });
  const { customToken } = (await signIn.json()) as { customToken: string };
  const res = await fetch(`http://${app().authEmulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken?key=demo-api-key`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ token: customToken, returnSecureToken: true }),
  });
  return ((await res.json()) as { idToken: string }).idToken;
}

describe('installed from BigCommerce', () => {
  it('installs, loads as staff, removes them, uninstalls, installs again and opens in a window of its own', async () => {
    await withPage(async (page, context) => {
      // Install: the consent page, then the app signed in inside the iframe with its catalog synced.
      await panel(page);
      await page.getByRole('link', { name: 'Install' }).click();
      await page.getByRole('heading', { level: 1, name: /Install app/ }).waitFor();
      const consented = Date.now();
      await page.getByRole('button', { name: 'Confirm' }).click();
      const frame = page.frameLocator('iframe[title="App install"]');
      await productsIn(frame);
      await frame.getByText('5 products found').waitFor({ timeout: 30_000 });
      console.info(`consent to the first synced page: ${Date.now() - consented} ms`);

      // A pending order, to be stopped by the uninstall.
      const token = await ownerToken();
      const { products } = await callApi<ProductListResponse>(app(), token, 'GET', '/api/products?limit=1');
      const order = await callApi<{ id: string }>(app(), token, 'POST', '/api/work-orders', {
        title: 'Next month',
        productUpdates: [{ productId: products[0]!.id, productName: products[0]!.name, newRegularPrice: '42.00' }],
        scheduledAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
        executeImmediately: false,
      });

      // The staff user opens the app: a member of the store's company.
      await panel(page, 'staff');
      await page.getByRole('link', { name: 'Open' }).click();
      const staffFrame = page.frameLocator('iframe[title^="App"]');
      await productsIn(staffFrame);
      await staffFrame.getByText('5 products found').waitFor();

      // The owner removes the staff user's access, then uninstalls.
      await panel(page);
      await page.getByRole('row').filter({ hasText: 'Staff user' }).getByRole('button', { name: 'Remove access' }).click();
      await page.getByText(/remove_user/).first().waitFor();
      await panel(page);
      await page.getByRole('button', { name: 'Uninstall' }).click();
      await page.getByRole('link', { name: 'Install' }).waitFor();
      const stopped = await callApi<WorkOrderDetail>(app(), token, 'GET', `/api/work-orders/${order.id}?itemsLimit=1`);
      expect(stopped).toMatchObject({ status: 'failed', error: UNINSTALLED_REASON });
      await expect(callApi(app(), token, 'GET', '/api/settings')).resolves.toBeNull();

      // Installed again: the same company, its products still there.
      await page.getByRole('link', { name: 'Install' }).click();
      await page.getByRole('button', { name: 'Confirm' }).click();
      const again = page.frameLocator('iframe[title="App install"]');
      await again.getByRole('link', { name: 'Products' }).first().click();
      await again.getByText('5 products found').waitFor({ timeout: 30_000 });
      await expect(callApi(app(), token, 'GET', `/api/work-orders/${order.id}?itemsLimit=1`)).resolves.toMatchObject({ id: order.id });

      // "Open in its own window": the installable app, signed in by a one-time code.
      const opened = context.waitForEvent('page');
      await again.getByRole('button', { name: 'Open in its own window' }).click();
      const own = await opened;
      await own.waitForURL((url) => url.origin === app().url && !url.hash.includes('code='), { timeout: 30_000 });
      await own.getByRole('link', { name: 'Products' }).first().click();
      await own.getByRole('heading', { level: 1, name: 'Products' }).waitFor();
      await own.getByText('5 products found').waitFor();
    });
  });
});
