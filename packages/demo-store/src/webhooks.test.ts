/**
 * The demo store's Webhooks v3: hooks created, listed, updated and deleted per API account, and
 * catalog changes (admin routes included) delivered to matching active hooks, ids only, with
 * the hook's headers.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDemoStore } from './demo-store';
import { scopeMatches, type WebhookPayload } from './webhooks';

const demo = createDemoStore({ products: 20, seed: 'hooks' });
const auth = { 'X-Auth-Token': 'demo-token', Accept: 'application/json', 'Content-Type': 'application/json' };
const api = (path: string, init: RequestInit = {}) => demo.app.request(`/stores/demo/v3${path}`, { ...init, headers: auth });

/** A receiver that records every delivery (its headers and body) and answers 200. */
const received: Array<{ headers: IncomingMessage['headers']; body: WebhookPayload }> = [];
const receiver = createServer((req, res) => {
  let text = '';
  req.on('data', (chunk) => (text += chunk));
  req.on('end', () => {
    received.push({ headers: req.headers, body: JSON.parse(text) as WebhookPayload });
    res.end();
  });
});
let destination = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  destination = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
});
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

async function register(scope: string, headers: Record<string, string> | null = { 'X-Secret': 's3cret' }) {
  const res = await api('/hooks', { method: 'POST', body: JSON.stringify({ scope, destination, is_active: true, headers }) });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { id: number } }).data;
}

describe('the demo store webhooks', () => {
  beforeEach(() => {
    demo.store.reset();
    received.length = 0;
  });

  it('creates, lists, updates and deletes hooks in the {data, meta} shapes', async () => {
    const hook = await register('store/product/updated');
    const again = await api('/hooks', { method: 'POST', body: JSON.stringify({ scope: 'store/product/updated', destination }) });
    expect(again.status).toBe(422);
    const list = (await (await api('/hooks')).json()) as { data: Array<{ id: number; scope: string; client_id: string }> };
    expect(list.data.map((h) => [h.id, h.scope, h.client_id])).toEqual([[hook.id, 'store/product/updated', 'demo-client']]);
    const updated = await api(`/hooks/${hook.id}`, { method: 'PUT', body: JSON.stringify({ is_active: false }) });
    expect(((await updated.json()) as { data: { is_active: boolean } }).data.is_active).toBe(false);
    expect((await api(`/hooks/${hook.id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await api(`/hooks/${hook.id}`)).status).toBe(404);
    expect((await api('/hooks', { method: 'POST', body: JSON.stringify({ scope: 'store/product/updated' }) })).status).toBe(422);
  });

  it('delivers a price change made through the admin route, ids only, with the hook headers', async () => {
    await register('store/product/updated');
    const res = await demo.app.request('/__admin/stores/demo/products/101', { method: 'PATCH', body: JSON.stringify({ price: 12.5 }) });
    expect(res.status).toBe(200);
    await demo.store.webhooksSettled();
    expect(received).toHaveLength(1);
    expect(received[0]!.headers['x-secret']).toBe('s3cret');
    expect(received[0]!.body).toMatchObject({ scope: 'store/product/updated', producer: 'stores/demo', data: { type: 'product', id: 101 } });
    expect(received[0]!.body.hash).toMatch(/^[0-9a-f]{40}$/);
    expect(demo.store.stats.webhooks).toEqual({ delivered: 1, failed: 0 });
  });

  it('sends variant changes as store/sku/updated and deletions as store/product/deleted, only to matching active hooks', async () => {
    await register('store/sku/updated');
    await register('store/product/deleted');
    const inactive = await register('store/product/updated');
    await api(`/hooks/${inactive.id}`, { method: 'PUT', body: JSON.stringify({ is_active: false }) });
    const variant = demo.store.catalog().variantsOf(102)[0]!;
    demo.store.updateVariant(variant.id, { price: 9.99 });
    demo.store.deleteProduct(103);
    await demo.store.webhooksSettled();
    expect(received.map((r) => r.body.scope).sort()).toEqual(['store/product/deleted', 'store/sku/updated']);
    const sku = received.find((r) => r.body.scope === 'store/sku/updated')!.body.data;
    expect(sku).toEqual({ type: 'sku', id: variant.id, sku: { product_id: 102, variant_id: variant.id } });
  });

  it('matches wildcard scopes', () => {
    expect(scopeMatches('store/category/*', 'store/category/updated')).toBe(true);
    expect(scopeMatches('store/category/*', 'store/product/updated')).toBe(false);
    expect(scopeMatches('store/product/updated', 'store/product/updated')).toBe(true);
  });
});
