/**
 * The admin and test surface, outside /stores so no client mistakes it for BigCommerce:
 * read and change the global settings (latency, quota, window, fault rates), queue faults,
 * reset everything, read counters, list the stores, list a store's webhooks and the registered
 * app's install in it (installed, scopes, who lost access), and change or delete a product "in
 * the store" as a merchant would. A store's price records are in admin-pricing.ts; one store's
 * own settings, faults and counters, and adding a store, are in admin-stores.ts.
 */
import { Hono } from 'hono';
import { FAULT_KINDS, readFaultQueue } from '../faults';
import { readJson } from '../responses';
import { readSettingsPatch } from '../settings';
import type { DemoStoreState } from '../store-state';
import { pricingAdminRoutes } from './admin-pricing';
import { invalid, storeAdminRoutes } from './admin-stores';

export function adminRoutes(state: DemoStoreState) {
  const outcomeStatus = (outcome: { ok: boolean; status?: number }) => (outcome.ok ? 200 : (outcome.status ?? 422)) as 200 | 404 | 409 | 422;

  return new Hono()
    .get('/settings', (c) => c.json(state.settings))
    .patch('/settings', async (c) => {
      const read = readSettingsPatch(await readJson(c));
      if ('errors' in read) return invalid(c, 'settings', read.errors);
      return c.json(state.configure(read.patch));
    })
    .post('/faults', async (c) => {
      const next = readFaultQueue(await readJson(c));
      if (!next) return c.json({ error: `Send {"next": [...]} with kinds among ${FAULT_KINDS.join(', ')}` }, 400);
      state.failNext(...next);
      return c.json({ queued: next.length });
    })
    .post('/reset', (c) => {
      state.reset();
      return c.json({ ok: true });
    })
    .post('/rate-limits/reset', (c) => {
      state.resetRateLimits();
      return c.json({ ok: true });
    })
    .get('/stats', (c) => c.json(state.stats))
    .get('/stores', (c) =>
      c.json(state.accountList().map((a) => ({ hash: a.hash, clientId: a.clientId, products: a.catalog.data.products.size, overrides: a.overrides }))),
    )
    .route('/', storeAdminRoutes(state))
    .route('/', pricingAdminRoutes(state))
    .patch('/stores/:hash/products/:id{[0-9]+}', async (c) => {
      if (!state.account(c.req.param('hash'))) return c.json({ error: 'Unknown store' }, 404);
      const outcome = state.updateProduct(Number(c.req.param('id')), ((await readJson(c)) ?? {}) as Record<string, unknown>, c.req.param('hash'));
      return c.json(outcome.ok ? outcome.record : outcome, outcomeStatus(outcome));
    })
    .patch('/stores/:hash/variants/:id{[0-9]+}', async (c) => {
      if (!state.account(c.req.param('hash'))) return c.json({ error: 'Unknown store' }, 404);
      const outcome = state.updateVariant(Number(c.req.param('id')), ((await readJson(c)) ?? {}) as Record<string, unknown>, c.req.param('hash'));
      return c.json(outcome.ok ? outcome.record : outcome, outcomeStatus(outcome));
    })
    .get('/stores/:hash/hooks', (c) => {
      const account = state.account(c.req.param('hash'));
      return account ? c.json(account.hooks.list()) : c.json({ error: 'Unknown store' }, 404);
    })
    // The registered app's install in the store: installed, scopes granted, who lost access (no token).
    .get('/stores/:hash/app', (c) => {
      const account = state.account(c.req.param('hash'));
      return account ? c.json(account.install.describe()) : c.json({ error: 'Unknown store' }, 404);
    })
    .delete('/stores/:hash/products/:id{[0-9]+}', (c) => {
      if (!state.account(c.req.param('hash'))) return c.json({ error: 'Unknown store' }, 404);
      const deleted = state.deleteProduct(Number(c.req.param('id')), c.req.param('hash'));
      return deleted ? c.body(null, 204) : c.json({ error: 'Unknown product' }, 404);
    });
}
