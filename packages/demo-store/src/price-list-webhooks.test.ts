/**
 * The price list webhooks (store/priceList/*) as webhook-events.mdx names them, delivered
 * through the store's hooks: a list created, updated, deactivated and deleted (one, or several:
 * store/priceLists/deleted), a record created, updated and deleted singly, the batch events
 * (store/priceList/records/*) with one entry per record, and assignment changes.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDemoStore } from './demo-store';
import type { WebhookPayload } from './webhooks';

const demo = createDemoStore({ products: 20, seed: 'price-hooks' });
const auth = { 'X-Auth-Token': 'demo-token', Accept: 'application/json', 'Content-Type': 'application/json' };
const api = (method: string, path: string, body?: unknown) =>
  demo.app.request(`/stores/demo/v3${path}`, { method, headers: auth, body: body === undefined ? undefined : JSON.stringify(body) });

const received: WebhookPayload[] = [];
const receiver = createServer((req, res) => {
  let text = '';
  req.on('data', (chunk) => (text += chunk));
  req.on('end', () => {
    received.push(JSON.parse(text) as WebhookPayload);
    res.end();
  });
});
let destination = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  destination = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
});
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

async function events(): Promise<Array<[string, unknown]>> {
  await demo.store.webhooksSettled();
  return received.map((p) => [p.scope, p.data]);
}

describe('the price list webhooks', () => {
  beforeEach(async () => {
    demo.store.reset();
    received.length = 0;
    const res = await api('POST', '/hooks', { scope: 'store/priceList/*', destination });
    expect(res.status).toBe(200);
  });

  it('sends store/priceList/created, updated, deactivated and deleted, and store/priceLists/deleted for several', async () => {
    await api('POST', '/pricelists', { name: 'VIP' });
    await api('PUT', '/pricelists/3', { active: false });
    await api('DELETE', '/pricelists/3');
    const hooks = await api('POST', '/hooks', { scope: 'store/priceLists/deleted', destination });
    expect(hooks.status).toBe(200);
    await api('DELETE', '/pricelists?id:in=1,2');
    expect(await events()).toEqual([
      ['store/priceList/created', { price_list_id: 3 }],
      ['store/priceList/updated', { price_list_id: 3 }],
      ['store/priceList/deactivated', { price_list_id: 3 }],
      ['store/priceList/deleted', { price_list_id: 3 }],
      ['store/priceLists/deleted', { price_list_ids: [1, 2] }],
    ]);
    expect(received[0]).toMatchObject({ store_id: expect.any(String), producer: 'stores/demo', hash: expect.any(String), created_at: expect.any(Number) });
  });

  it('sends record events for single writes and records events for batches, one entry per record', async () => {
    const [a, b] = demo.store.catalog().variants();
    const existing = demo.store.account('demo')?.pricing.record(1, a?.id ?? 0, 'USD') !== undefined;
    await api('PUT', `/pricelists/1/records/${a?.id}/USD`, { price: 5 });
    await api('DELETE', `/pricelists/1/records/${a?.id}/USD`);
    await api('PUT', '/pricelists/2/records', [{ variant_id: a?.id, currency: 'EUR', price: 1 }, { variant_id: 999_999, currency: 'EUR', price: 1 }]);
    await api('PUT', '/pricelists/2/records', [{ variant_id: a?.id, currency: 'EUR', price: 2 }]);
    const present = [a, b].filter((v) => demo.store.account('demo')?.pricing.record(2, v?.id ?? 0, 'EUR') !== undefined);
    await api('DELETE', `/pricelists/2/records?variant_id:in=${a?.id},${b?.id}`);
    const got = await events();
    expect(got.slice(0, 4)).toEqual([
      [existing ? 'store/priceList/record/updated' : 'store/priceList/record/created', { price_list_id: 1, variant_id: a?.id, currency: 'USD' }],
      ['store/priceList/record/deleted', { price_list_id: 1, variant_id: a?.id, currency: 'USD' }],
      [expect.stringMatching(/^store\/priceList\/records\/(created|updated)$/), [{ price_list_id: 2, variant_id: a?.id, currency: 'EUR' }]],
      ['store/priceList/records/updated', [{ price_list_id: 2, variant_id: a?.id, currency: 'EUR' }]],
    ]);
    expect(got[4]).toEqual(['store/priceList/records/deleted', present.map((v) => ({ price_list_id: 2, variant_id: v?.id, currency: 'EUR' }))]);
    expect(got).toHaveLength(5);
  });

  it('sends store/priceList/assignment/updated and deleted', async () => {
    await api('PUT', '/pricelists/1/assignments', { customer_group_id: 1, channel_id: 1 });
    await api('DELETE', '/pricelists/assignments?customer_group_id=1');
    expect(await events()).toEqual([
      ['store/priceList/assignment/updated', { price_list_id: 1, channel_id: 1, customer_group_id: 1 }],
      ['store/priceList/assignment/deleted', { price_list_id: 1, channel_id: 1, customer_group_id: 1 }],
    ]);
  });

  it('sends a record event when the admin surface changes a record', async () => {
    const [a] = demo.store.catalog().variants();
    await demo.app.request(`/__admin/stores/demo/pricelists/2/records/${a?.id}/EUR`, { method: 'PUT', body: JSON.stringify({ price: 4 }) });
    expect((await events()).map(([scope]) => scope)).toEqual([expect.stringMatching(/^store\/priceList\/record\/(created|updated)$/)]);
  });
});
